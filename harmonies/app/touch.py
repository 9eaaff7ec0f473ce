"""A touch screen works as the mouse does: the first finger down is the left button, its moves drag and
lifting it lets go (a tap is a click). Other fingers touching meanwhile do nothing.

The mouse events made carry ``finger`` (True). SDL also turns a touch into mouse events of its own, marked ``touch``; the app drops those (see
:func:`synthesized`), so one tap is one click, never two."""

from __future__ import annotations

from typing import Any

import pygame

FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)


def synthesized(event: pygame.event.Event) -> bool:
    """Whether ``event`` is SDL's mouse copy of a touch (pygame-ce sets ``touch`` on those)."""
    return bool(getattr(event, "touch", False))


class TouchPointer:
    """The finger that acts as the pointer, and the mouse events its finger events stand for."""

    def __init__(self) -> None:
        #: (touch device, finger) of the finger down, or None.
        self.finger: tuple[int, int] | None = None
        #: Where a finger last touched, in real pixels (the pointer's place until the mouse moves).
        self.at: tuple[int, int] | None = None

    def as_mouse(self, event: pygame.event.Event, size: tuple[int, int]) -> list[pygame.event.Event]:
        """The mouse events a finger event stands for (none for a second finger, or an unknown lift)."""
        finger = (int(getattr(event, "touch_id", 0)), int(getattr(event, "finger_id", 0)))
        x = min(size[0] - 1, max(0, round(float(event.x) * size[0])))
        y = min(size[1] - 1, max(0, round(float(event.y) * size[1])))
        pos = (x, y)
        if event.type == pygame.FINGERDOWN:
            if self.finger is not None:
                return []
            self.finger, self.at = finger, pos
            # a move first, so what reacts to where the pointer is (hover, a drag's target) sees the place
            return [_mouse(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0)),
                    _mouse(pygame.MOUSEBUTTONDOWN, pos, button=1)]
        if finger != self.finger:
            return []
        last, self.at = self.at or pos, pos
        if event.type == pygame.FINGERMOTION:
            rel = (pos[0] - last[0], pos[1] - last[1])
            return [_mouse(pygame.MOUSEMOTION, pos, rel=rel, buttons=(1, 0, 0))]
        self.finger = None
        return [_mouse(pygame.MOUSEBUTTONUP, pos, button=1)]


def _mouse(kind: int, pos: tuple[int, int], **attrs: Any) -> pygame.event.Event:
    """A mouse event of ``kind`` at ``pos`` that a finger stands for."""
    return pygame.event.Event(kind, pos=pos, touch=False, finger=True, **attrs)
