"""The window's loop draws a frame only when something changed: counted over seconds of a clock the test
controls (App.run with a pacer of its own), so no figure here depends on the machine's speed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from harmonies.app.loop import MAX_SLEEP
from harmonies.app.scene import Scene
from harmonies.app.scenes.play import PlayScene
from harmonies.session import MatchConfig, Seat

FPS = 60


class SimClock:
    """A pacer on simulated time: waiting for events moves the clock by the wait (or to the next event
    posted by the test), holding to the frame rate moves it by one frame. Stops the app at ``end``."""

    def __init__(self, app: Any, seconds: float, posted: list[tuple[float, pygame.event.Event]] | None = None) -> None:
        self.app = app
        self.t = 0.0
        self.end = seconds
        self.posted = sorted(posted or [], key=lambda p: p[0])
        self.passes = 0
        self.updates = 0

    def now(self) -> float:
        return self.t

    def events(self, timeout: float | None) -> list[pygame.event.Event]:
        self.passes += 1
        wait = MAX_SLEEP if timeout is None else timeout
        if self.posted and self.posted[0][0] <= self.t + wait:
            self.t = max(self.t, self.posted[0][0])
        else:
            self.t += wait
        if self.t >= self.end:
            self.app.quit()
            return []
        out = [e for at, e in self.posted if at <= self.t]
        self.posted = [(at, e) for at, e in self.posted if at > self.t]
        return out

    def hold(self, fps: int) -> None:
        self.t += 1 / fps


def frames_over(app: Any, seconds: float, posted: list[tuple[float, pygame.event.Event]] | None = None) -> int:
    """Frames drawn by ``App.run`` over ``seconds`` of simulated time after the one it opens with."""
    app.running = True
    before = app.frames
    app.run(FPS, SimClock(app, seconds, posted))
    assert app.frames > before  # the window is drawn as the loop starts
    return int(app.frames - before - 1)


def settle(app: Any, seconds: float) -> None:
    """Let the banners and animations of the screen on show run out, frame by frame."""
    for _ in range(round(seconds * FPS)):
        app.step(1 / FPS, events=[])


@pytest.fixture
def blocked_computer(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Computer seats that think until the test lets them go (they then play the first legal turn)."""
    from harmonies.session import seats

    release = threading.Event()

    def slow_turn(seat: Any, view: Any) -> list[Any]:
        release.wait(30)
        return []

    monkeypatch.setattr(seats.ComputerSeat, "next_commands", slow_turn)
    yield release
    release.set()


def test_the_menu_left_alone_draws_no_frame(app: Any) -> None:
    assert app.scenes.top.name == "menu"
    assert frames_over(app, 1.0) == 0
    assert frames_over(app, 10.0) == 0


def test_input_draws_one_frame_each(app: Any) -> None:
    moves = [(0.1 * k, pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + k, 100), rel=(1, 0), buttons=(0, 0, 0)))
             for k in range(1, 6)]
    assert frames_over(app, 1.0, moves) == 5


def test_a_scene_that_says_nothing_keeps_every_frame(app: Any) -> None:
    app.scenes.push(Scene(app))
    app.step(0.0, events=[])
    assert frames_over(app, 1.0) >= FPS


def test_the_play_screen_animates_every_frame_then_rests(app: Any) -> None:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B")), seed=4)))
    app.step(0.0, events=[])
    play = app.scenes.top
    assert play.anims.banners  # the whose-turn banner is on show: every frame while it fades
    assert frames_over(app, 1.0) >= FPS
    settle(app, 2.0)
    assert not play.anims.banners and not play.anims.flyers
    assert frames_over(app, 2.0) == 0


def test_the_line_under_the_board_fades_and_goes(app: Any) -> None:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B")), seed=4)))
    app.step(0.0, events=[])
    settle(app, 2.0)
    play = app.scenes.top
    play.say("a line", 1.0)
    play.redraw()
    # shown once, then nothing until its fade (0.4 s, every frame), then one frame without it
    drawn = frames_over(app, 3.0)
    assert play.message_t <= 0
    assert 0.3 * FPS <= drawn <= 0.5 * FPS + 3


def test_a_computer_thinking_is_polled_without_a_frame_each_time(app: Any, blocked_computer: threading.Event) -> None:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("A", "computer"), Seat("B")), seed=4)))
    app.step(0.0, events=[])
    play = app.scenes.top
    settle(app, 2.0)
    assert play.thinking
    clock = SimClock(app, 3.0)
    app.running = True
    before = app.frames
    app.run(FPS, clock)
    drawn = app.frames - before - 1
    # the "thinking…" dots move three times a second; the job is looked at twenty times a second
    assert 8 <= drawn <= 10
    assert clock.passes >= 55
    blocked_computer.set()


def test_the_pause_menu_over_the_table_rests(app: Any) -> None:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B")), seed=4)))
    app.step(0.0, events=[])
    app.step(1 / FPS, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    app.step(1 / FPS, events=[])
    assert app.scenes.top.name == "pause"
    assert frames_over(app, 1.0) == 0


def test_every_scene_that_updates_says_when_it_needs_frames() -> None:
    """A scene whose ``update`` changes things says when it next needs a frame or a look (or keeps the
    base class's every frame, by saying nothing at all: then it has no update of its own either)."""
    import importlib
    import pkgutil

    import harmonies.app.scenes as scenes

    checked = []
    for info in pkgutil.iter_modules(scenes.__path__):
        module = importlib.import_module(f"{scenes.__name__}.{info.name}")
        for cls in vars(module).values():
            if isinstance(cls, type) and issubclass(cls, Scene) and cls.__module__ == module.__name__ \
                    and "update" in vars(cls):
                checked.append(cls.__name__)
                assert "next_frame" in vars(cls) or "wake_in" in vars(cls), cls.__name__
    assert {"PlayScene", "ReplayScene", "MenuScene", "FinishedScene", "StatsScene"} <= set(checked)
