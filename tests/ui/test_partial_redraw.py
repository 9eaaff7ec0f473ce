"""Frames only a timer calls for are drawn in part: while a computer seat thinks, only the top bar with its
"thinking…" dots; while the hint is on show, only its pulsing outlines, and only when their widths change.
Every frame the loop draws, whole or in part, equals a whole redraw of that moment. Counted over a clock the
test controls (App.run with a pacer of its own), never timed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from test_idle_loop import FPS, SimClock, settle

from harmonies.app.loop import Plan, Split, split_of
from harmonies.app.play.hint import HintPlan
from harmonies.app.play.pulse import PULSE_FRAME, frame_width, next_change
from harmonies.app.scene import Scene
from harmonies.app.scenes.play import PlayScene
from harmonies.session import MatchConfig, Seat


class CheckedClock(SimClock):
    """A :class:`SimClock` that, after each frame the loop drew, redraws the whole window for that very
    moment and counts the frames whose pixels differ from it."""

    def __init__(self, app: Any, seconds: float, posted: list[tuple[float, pygame.event.Event]] | None = None) -> None:
        super().__init__(app, seconds, posted)
        self.checked = 0
        self.wrong = 0

    def hold(self, fps: int) -> None:
        drawn = pygame.image.tobytes(self.app.window, "RGB")
        self.app.draw()
        self.checked += 1
        self.wrong += drawn != pygame.image.tobytes(self.app.window, "RGB")
        super().hold(fps)


def run(app: Any, clock: CheckedClock) -> tuple[int, int]:
    """Frames drawn by ``App.run`` on ``clock`` after the one it opens with, and how many were partial."""
    app.running = True
    frames, partial = app.frames, app.partial_frames
    app.run(FPS, clock)
    assert clock.wrong == 0, f"{clock.wrong} of {clock.checked} frames differ from a whole redraw"
    return int(app.frames - frames - 1), int(app.partial_frames - partial)


@pytest.fixture
def thinking(app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[PlayScene]:
    """The play screen while its first seat, a computer, thinks until the test ends."""
    from harmonies.session import seats

    release = threading.Event()
    monkeypatch.setattr(seats.ComputerSeat, "next_commands", lambda seat, view: [] if release.wait(30) else [])
    app.scenes.push(PlayScene(app, MatchConfig((Seat("A", "computer"), Seat("B")), seed=4)))
    app.step(0.0, events=[])
    settle(app, 2.0)
    play = app.scenes.top
    assert play.thinking and not play.anims.banners
    yield play
    release.set()


@pytest.fixture
def hinted(app: Any) -> PlayScene:
    """The play screen of a human's turn with a hint on show: a central space and a face-up card outlined."""
    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B")), seed=4)))
    app.step(0.0, events=[])
    settle(app, 2.0)
    play: PlayScene = app.scenes.top
    play.hints.plan = HintPlan((), space=0, card=play.table.display[0])
    play.hints.line = "a hint"
    play.redraw()
    split = play.split()
    assert split is not None and len(split.moving) == 2
    return play


def test_the_thinking_dots_are_drawn_in_part(app: Any, thinking: PlayScene) -> None:
    clock = CheckedClock(app, 3.0)
    drawn, partial = run(app, clock)
    # the dots move three times a second; the frame the loop opens with is whole, every later one partial
    assert 8 <= drawn <= 10
    assert partial == drawn


def test_a_partial_frame_shows_what_changed(app: Any, thinking: PlayScene) -> None:
    """The dots' frame drawn in part differs from the frame before it, and equals the whole redraw."""
    plan = Plan()
    app.present()
    plan.drawn([split_of(thinking)])
    before = pygame.image.tobytes(app.window, "RGB")
    app.advance(1 / 3, events=[])
    rects = plan.partial([split_of(thinking)])
    assert rects == [app.vp.r(thinking.layout.top_bar)]
    app.present(rects)
    shown = pygame.image.tobytes(app.window, "RGB")
    assert shown != before
    app.present()
    assert shown == pygame.image.tobytes(app.window, "RGB")


def test_input_and_a_fading_line_get_whole_frames(app: Any, thinking: PlayScene) -> None:
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(1, 0), buttons=(0, 0, 0))
    thinking.say("a line", 1.0)
    thinking.redraw()
    drawn, partial = run(app, CheckedClock(app, 3.0, [(2.5, move)]))
    # the line's fade (0.4 s, every frame) and the mouse's move are whole frames; the dots' alone are partial
    assert drawn - partial >= 0.3 * FPS + 1
    assert 6 <= partial <= 9


def test_the_hint_pulse_draws_only_when_its_outline_changes(app: Any, hinted: PlayScene) -> None:
    clock = CheckedClock(app, 6.0)
    drawn, partial = run(app, clock)
    # a round of the pulse takes about 2.1 s, and its outline's width changes a few times in one
    assert 3 <= drawn < 6.0 / PULSE_FRAME / 4
    assert partial >= drawn - 1


def test_the_pulse_waits_for_its_next_width(app: Any) -> None:
    vp = app.vp
    for k in range(60):
        t = k * 0.037
        wait = next_change(vp, t)
        steps = round(wait / PULSE_FRAME)
        assert all(frame_width(vp, t + j * PULSE_FRAME) == frame_width(vp, t) for j in range(steps)) or \
            wait == PULSE_FRAME
        assert 0 < wait <= 2.2


def test_a_scene_that_does_not_split_is_drawn_whole(app: Any) -> None:
    plan = Plan()
    still = Split("still", (pygame.Rect(0, 0, 10, 10),))
    plan.drawn([still])
    assert plan.partial([still]) == [pygame.Rect(0, 0, 10, 10)]
    assert plan.partial([Split("moved", ())]) is None
    assert plan.partial([still, None]) is None
    assert split_of(Scene(app)) is None
    plan.drawn([still, None])
    assert plan.partial([still]) is None
