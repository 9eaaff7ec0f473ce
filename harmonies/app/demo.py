"""``harmonies demo``: computer players play a whole game in the window, ending on the scoresheet."""

from __future__ import annotations

import sys

import pygame

from harmonies.persist import Store
from harmonies.session import MatchConfig, SaveSlot, Seat

from .app import App, display_problem
from harmonies.catalogue import Catalogue
from .scenes.play import PlayScene
from .settings import MemorySettingsStore, Settings, StoreSettings


def _user_settings(data_dir: str | None = None) -> Settings:
    """The player's saved settings (for the speed) from ``data_dir`` (default: the user folders), read only."""
    try:
        return StoreSettings(Store(data_dir)).load()
    except Exception:  # no usable data folder: the demo runs with the default settings
        return Settings()


def run(players: int = 2, seed: int = 0, exit_when_done: bool = False, data_dir: str | None = None) -> int:
    """Open the window and watch ``players`` computer seats; returns the exit code."""
    problem = display_problem(Catalogue.load())
    if problem is not None:  # the demo is to be watched: not offscreen
        print(f"harmonies demo: {problem}", file=sys.stderr)
        return 1
    players = max(1, min(4, int(players)))
    # The demo never touches the player's autosave or settings files.
    app = App(settings_store=MemorySettingsStore(_user_settings(data_dir)), saves=SaveSlot(enabled=False))
    levels = ("medium", "easy", "hard", "random")
    seats = tuple(Seat(app.t("setup.default_name", n=i + 1), "computer", levels[i]) for i in range(players))
    config = MatchConfig(seats, "A", False, seed)
    app.start(PlayScene(app, config, demo=True, exit_when_done=exit_when_done))
    try:
        return app.run()
    finally:
        pygame.quit()
