"""The slow pulse of the hint's outlines: their widths in real pixels at a moment, and when they next change.

An outline's width is a whole number of pixels, so most moments of the pulse draw what the moment
before drew: :func:`next_change` gives the loop the time of the next frame that looks different.
"""

from __future__ import annotations

import math
from typing import Protocol

#: Seconds between two moments of the pulse the window may show.
PULSE_FRAME = 1 / 20
#: How fast the pulse goes round (radians a second).
PULSE_SPEED = 3.0
#: Moments of :data:`PULSE_FRAME` in one round of the pulse (its widths repeat after that).
ROUND_STEPS = math.ceil(2 * math.pi / PULSE_SPEED / PULSE_FRAME)


class Scales(Protocol):
    """Virtual lengths to real pixels (the viewport)."""

    def s(self, n: float) -> int: ...


def pulse(t: float) -> float:
    """The pulse at ``t`` seconds, between 0 and 1."""
    return 0.5 + 0.5 * math.sin(t * PULSE_SPEED)


def frame_width(vp: Scales, t: float) -> int:
    """The width of a hinted card's (or held slot's) outline at ``t``."""
    return max(2, vp.s(3 + pulse(t)))


def ring_width(vp: Scales, t: float) -> int:
    """The width of the hinted central space's ring at ``t``."""
    return max(2, vp.s(4 + pulse(t)))


def next_change(vp: Scales, t: float) -> float:
    """Seconds from ``t`` to the next moment of the pulse (on its :data:`PULSE_FRAME` steps) whose widths
    differ from those at ``t``; a whole round when they never do."""
    now = (frame_width(vp, t), ring_width(vp, t))
    for k in range(1, ROUND_STEPS + 1):
        later = t + k * PULSE_FRAME
        if (frame_width(vp, later), ring_width(vp, later)) != now:
            return k * PULSE_FRAME
    return ROUND_STEPS * PULSE_FRAME
