"""Plays a daily try and a challenge to their last action in the real window, for the records tests."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pygame

from harmonies.ai import play_random_game
from harmonies.app.app import App
from harmonies.app.scenes.challenges import ChallengesScene
from harmonies.app.scenes.daily import DailyScene
from harmonies.app.scenes.daily_start import daily_service
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.rules import Game, GameSetup
from harmonies.session import SaveSlot
from harmonies.session.daily import deal_for

from ui_driver import Driver

TODAY = date(2026, 11, 26)
STORED = Path(__file__).resolve().parents[1] / "data" / "challenges"


def start(folder: Path) -> Driver:
    """The window opened on ``folder`` (a new start of the game), at the menu, on a clock set to TODAY."""
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
              saves=SaveSlot(folder))
    service = daily_service(app)
    service.clock = lambda: TODAY
    service.keeper.level = "random"  # a fast stand-in for the hard player's par game
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return Driver(app)


def daily_game(seed: int = 5) -> Game:
    """A finished game of TODAY's deal."""
    deal = deal_for(TODAY)
    return play_random_game(GameSetup(1, deal.side, deal.spirits, deal.seed), seed)


def stored(challenge_id: str) -> Game:
    """The stored game that meets ``challenge_id``."""
    return Game.from_json(json.loads((STORED / f"{challenge_id}.json").read_text())["game"])


def open_daily_and_play(d: Driver) -> None:
    d.press_widget("daily")
    d.frames(1)
    assert isinstance(d.top, DailyScene)
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert isinstance(d.top, PlayScene)


def open_challenge_and_play(d: Driver) -> None:
    d.press_widget("challenges")
    d.settle()
    assert isinstance(d.top, ChallengesScene)
    d.key(pygame.K_RETURN)          # the first challenge, chosen as the first open one not yet met
    d.settle()
    assert isinstance(d.top, PlayScene)


def play_to_last_action(d: Driver, game: Game) -> PlayScene:
    """On the play screen of a new game of ``game``'s deal: every command of ``game`` but the last played
    through the scene's own queue, then the last one (End turn) by the Enter key. Returns the scene."""
    play = d.top
    assert isinstance(play, PlayScene) and play.game.setup == game.setup and not play.game.history
    for cmd in game.history[:-1]:
        play.submit(cmd)
    d.settle()
    assert len(play.game.history) == len(game.history) - 1
    d.key(pygame.K_RETURN)
    assert play.game.over and play.game.history == game.history
    return play


def to_scoresheet(d: Driver) -> ScoringScene:
    for _ in range(60):
        d.settle()
        if isinstance(d.top, ScoringScene):
            return d.top
        d.frames(5, 0.1)
    raise AssertionError(f"no scoresheet: {d.top.name}")


def close_after(d: Driver, seconds: float) -> None:
    """Let ``seconds`` of frames pass, then the window's close button (a real QUIT event)."""
    d.frames(round(seconds * 60))
    d.post(pygame.QUIT)
    d.frames(1)
    assert not d.app.running, "the window asked before closing"
    pygame.display.quit()
