"""A computer player or hint that raises is logged and shown in one line; the game goes on."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies import ai
from harmonies.app.app import App
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.rules import Game
from harmonies.session import ComputerSeat, MatchConfig, SaveSlot, Seat
from harmonies.session.errlog import LOG_NAME


@pytest.fixture
def data_app(tmp_path: Path) -> Iterator[App]:
    a = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
            saves=SaveSlot(enabled=False), data_dir=tmp_path)
    a.start(MenuScene(a))
    a.step(0.0, events=[])
    yield a
    pygame.display.quit()


def _until(d: Driver, done: Any, seconds: float = 30) -> None:
    """Frames until ``done()``: the worker thread runs in real time, so wait by the clock."""
    deadline = time.perf_counter() + seconds
    while not done() and time.perf_counter() < deadline:
        d.frames(1)
        time.sleep(0.002)
    assert done()


def test_a_failing_computer_player_is_logged_shown_and_replaced_by_a_random_turn(
        data_app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(seat: ComputerSeat, view: Game) -> list[object]:
        raise RuntimeError("the planner fell over")

    monkeypatch.setattr(ComputerSeat, "next_commands", broken)
    sc = PlayScene(data_app, MatchConfig((Seat("Bo", "computer", "hard"), Seat("Ada")), seed=3))
    data_app.scenes.push(sc)
    d = Driver(data_app)
    _until(d, lambda: sc.game.current == 1)
    assert sc.game.history                        # the computer's seat played a legal turn
    assert "failed" in sc.message and "RuntimeError" in sc.message
    assert LOG_NAME in sc.message and sc.message_t > 0
    log = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert "Traceback" in log and "the planner fell over" in log


def test_a_failing_hint_is_logged_and_shown(data_app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Game) -> list[object]:
        raise ValueError("no idea")

    monkeypatch.setattr(ai, "hint", broken)
    sc = PlayScene(data_app, MatchConfig((Seat("Ada"), Seat("Bo")), seed=21))
    data_app.scenes.push(sc)
    d = Driver(data_app)
    d.frames(2)
    d.key(pygame.K_h)
    _until(d, lambda: sc.hints.plan is not None)
    assert sc.hints.plan is not None and sc.hints.plan.empty and sc.hints.line == data_app.t("hint.none")
    assert "ValueError" in sc.message
    assert "no idea" in (tmp_path / LOG_NAME).read_text(encoding="utf-8")
