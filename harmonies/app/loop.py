"""The window's loop paced by what changes: when a frame is drawn, and how long the loop sleeps.

A frame is drawn after input, after a change of the scene stack, when a scene asked with
``redraw()``, and once the time a visible scene gave with ``next_frame()`` has come; between
frames the loop sleeps in the event queue until the first of an event, a frame due, or a scene's
``wake_in()`` (a background job to poll). So an idle window costs next to nothing, while an
animation (``next_frame()`` 0.0) still gets every frame, held to the frame rate.

A frame that only a timer calls for (no input, no change of the stack, no ``redraw()``) may be drawn
in part: a scene that :class:`Splits` says what it shows apart from its timers (``still``) and the
window's rectangles its timers draw in (``moving``, the "thinking…" dots, the hint's pulse). While
every visible scene's ``still`` equals the one of the frame drawn before, only those rectangles are
drawn and shown (:meth:`Plan.partial`); anything else gets the whole window.

The clock and the event queue come through a :class:`Pacer`, so a test can run the loop on a
clock it controls.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import pygame

from .scene import Scene

#: The longest step of the scenes' clocks after a stall (a frame late because the machine was busy):
#: longer gaps are not played as one jump. A sleep the loop chose itself is passed on whole.
MAX_DT = 0.1
#: Seconds between two looks at the event queue while the window sleeps: the longest a key or a click
#: waits for the window to wake, about one frame.
WAIT_SLICE = 1 / 60
#: The longest sleep, whatever the scenes say: a scene that misjudged its next wake-up is late by a
#: second at most.
MAX_SLEEP = 1.0


class Pacer(Protocol):
    """The loop's clock and event queue."""

    def now(self) -> float:
        """Seconds on a clock that only goes forward."""
        ...

    def events(self, timeout: float | None) -> list[pygame.event.Event]:
        """The events waiting; when there are none, wait for the first up to ``timeout`` seconds
        (0: do not wait; None: until one comes)."""
        ...

    def hold(self, fps: int) -> None:
        """After a drawn frame: wait so that frames come at most ``fps`` times a second."""
        ...


class WindowPacer:
    """The real clock and SDL's event queue."""

    def __init__(self) -> None:
        self.clock = pygame.time.Clock()

    def now(self) -> float:
        return time.monotonic()

    def events(self, timeout: float | None) -> list[pygame.event.Event]:
        # The queue is looked at every WAIT_SLICE seconds: pygame's own wait with a timeout looks
        # every millisecond, which costs a few percent of a core in a window left alone.
        deadline = self.now() + (MAX_SLEEP if timeout is None else timeout)
        while True:
            waiting = pygame.event.get()
            left = deadline - self.now()
            if waiting or left <= 0:
                return waiting
            time.sleep(min(WAIT_SLICE, left))

    def hold(self, fps: int) -> None:
        self.clock.tick(fps)


@dataclass(frozen=True)
class Split:
    """A scene's look in two parts: ``still``, a value that compares equal from one moment to the next
    while nothing but the scene's timers changes it, and ``moving``, the window's rectangles (real
    pixels) that hold everything its timers change."""

    still: object
    moving: tuple[pygame.Rect, ...]


@runtime_checkable
class Splits(Protocol):
    """A scene whose timer-only frames may be drawn in part."""

    def split(self) -> Split | None:
        """The scene's look now in two parts (None: it cannot be split now; the window is drawn whole)."""
        ...


def split_of(scene: object) -> Split | None:
    """The scene's :class:`Split`, or None for a scene that does not split."""
    return scene.split() if isinstance(scene, Splits) else None


@dataclass
class Plan:
    """When the window is next to be drawn without input (None: not until something happens), and
    what the visible scenes showed at the last frame drawn."""

    due: float | None = 0.0
    #: The visible scenes' ``still`` parts at the last frame drawn (None: one of them did not split).
    stills: tuple[object, ...] | None = None

    def frame_due(self, now: float, scenes: Sequence[Scene]) -> bool:
        """Whether a frame is to be drawn now: its time came, or a scene asked."""
        return (self.due is not None and now >= self.due) or any(scene.dirty for scene in scenes)

    def after(self, now: float, drawn: bool, scenes: Sequence[Scene]) -> None:
        """Take the scenes' next frame times after a pass (drawn or not)."""
        wanted = soonest(scene.next_frame() for scene in scenes)
        due = None if wanted is None else now + wanted
        if drawn or self.due is None:
            self.due = due
        elif due is not None:
            self.due = min(self.due, due)

    def partial(self, splits: Sequence[Split | None]) -> list[pygame.Rect] | None:
        """The rectangles to draw for a frame only a timer called for: the visible scenes' moving parts,
        when each scene's still part is what the last frame drawn showed; None: the whole window."""
        if self.stills is None or any(split is None for split in splits):
            return None
        known = [split for split in splits if split is not None]
        if tuple(split.still for split in known) != self.stills:
            return None
        return [rect for split in known for rect in split.moving]

    def drawn(self, splits: Sequence[Split | None]) -> None:
        """Keep the still parts of the frame just drawn."""
        known = [split for split in splits if split is not None]
        self.stills = tuple(split.still for split in known) if len(known) == len(splits) else None

    def sleep(self, now: float, top: Scene | None) -> float:
        """Seconds to wait for input before the next pass: until the frame due or the top scene's wake-up."""
        wake = top.wake_in() if top is not None else None
        ahead = soonest([None if self.due is None else self.due - now, wake])
        return MAX_SLEEP if ahead is None else max(0.0, min(MAX_SLEEP, ahead))


def soonest(times: Iterable[float | None]) -> float | None:
    """The smallest of ``times`` that are not None (None if all are)."""
    known = [t for t in times if t is not None]
    return min(known) if known else None
