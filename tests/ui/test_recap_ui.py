"""What just happened, on the play screen: after the computers' turns, and after a hot-seat hand-over
(Continue included), the other seats' summaries show over the board and their cells are ringed; they
fade after a few seconds, or stay until the first action with the setting."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest
from textfit import drawn_texts
from ui_driver import Driver

from harmonies.app.app import App
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.app.smoke import meta_for, played_game, resume
from harmonies.session import SaveSlot


def _texts(monkeypatch: pytest.MonkeyPatch, app: Any) -> list[str]:
    return drawn_texts(monkeypatch, lambda: app.step(1 / 60, events=[]))


def _until_human(d: Driver, sc: PlayScene) -> None:
    """Frames until a human is to play: the computers plan in the background, so the wait is by the clock
    (a loaded machine plans slower than frames go by)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if sc.at_screen(sc.game.current) and not sc.anims.busy:
            return
        d.frames(1, 0.05)
    raise AssertionError("the computers never handed the turn back")


def test_after_the_computers_turns_their_summaries_show_then_fade(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(3, 7, seed=31)            # seat 1 (a computer) to play, then seat 2, then seat 0
    d = Driver(app)
    sc = PlayScene(app, resume(game, 1), demo=True)
    app.scenes.push(sc)
    _until_human(d, sc)
    assert sc.game.current == 0
    assert [r.seat for r in sc.recent.recaps] == [1, 2]
    drawn = _texts(monkeypatch, app)
    words = {w for t in drawn for w in t.split()}
    assert all(set(line.split()) <= words for line in sc.recent.lines)      # each line, maybe over two
    assert sc.recent.lines[0].startswith("Bruno: ") and sc.recent.lines[1].startswith("Chiara: ")
    assert all(r.cells for r in sc.recent.recaps)             # each computer placed tokens: cells to ring
    d.frames(200, 0.05)                                       # ten seconds later they are gone
    assert not sc.recent.recaps


def test_with_the_setting_they_stay_until_the_first_action(app: Any) -> None:
    app.apply_settings(app.settings.with_(recap_keep=True))
    game = played_game(2, 5, seed=12)                         # seat 1 (a computer) to play
    d = Driver(app)
    sc = PlayScene(app, resume(game, 1), demo=True)
    app.scenes.push(sc)
    _until_human(d, sc)
    d.frames(200, 0.05)
    assert [r.seat for r in sc.recent.recaps] == [1]          # still on show
    space = next(i for i, s in enumerate(sc.game.central) if s)
    d.key(pygame.K_1 + space)                                 # the first action
    assert not sc.recent.recaps


def test_continuing_a_hot_seat_game_shows_the_hand_over_first(tmp_path: Any) -> None:
    game = played_game(2, 5, seed=12)                         # seat 1 to play, both seats human
    slot = SaveSlot(tmp_path)
    slot.autosave(game, meta_for(game, 2))
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720")), saves=slot)
    app.start(MenuScene(app))
    d = Driver(app)
    d.frames(2)
    d.key(pygame.K_RETURN)                                    # Continue, the menu's first choice
    d.frames(2)
    assert d.top.name == "handover"
    d.frames(10, 0.05)                                        # past the hand-over's grace period
    d.key(pygame.K_RETURN)
    d.settle()
    sc = d.top
    assert sc.name == "play" and [r.seat for r in sc.recent.recaps] == [0]
    pygame.display.quit()
