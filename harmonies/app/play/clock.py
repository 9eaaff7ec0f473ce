"""The play screen's clocks: what moves with time between two inputs, and when the window must look again.

:func:`tick` runs the screen's timers for one frame (the enlarged card's wait, the animations, the
summaries, the background jobs, the line under the board, the computer's pace, the pause before the
scoresheet). :func:`look` is what an update may change on screen without input; :func:`next_frame` tells the frame
loop when the screen next changes by itself, and :func:`split` which of it (the "thinking…" dots, the hint's
pulse) only the timers change. :data:`POLL_EVERY` paces the looks at a background job.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

from ..loop import Split, soonest
from ..navigation import OpenScoring
from .actions import PlayActions
from .failure import FAILURE_SECONDS, failure_text
from .pulse import next_change
from .recent import FADE_SECONDS
from .sections.hint import pulse_rects

if TYPE_CHECKING:
    from harmonies.session import MatchConfig

    from .layout import Rect
    from .pacing import ComputerPace
    from .places import Drag
    from .pointer import Pointer
    from .recent import Recent

#: Seconds the pointer or the ring rests on a card before it is shown enlarged.
PREVIEW_DELAY = 0.45
#: Seconds the line under the board takes to fade at the end of its time.
MESSAGE_FADE = 0.4
#: Seconds between two looks at a computer turn or a hint being planned in the background.
POLL_EVERY = 0.05
#: The "thinking…" dots change this many times a second.
DOTS_PER_SECOND = 3


class Clocked(PlayActions, Protocol):
    """The play screen as its clocks see it: :class:`PlayActions` and the state that moves with time."""

    #: The line under the board and its seconds left.
    message: str
    message_t: float
    #: The card under the ring or the pointer (id, is spirit, rect) and the seconds it has been there.
    hover_card: tuple[str, bool, Rect] | None
    hover_t: float

    @property
    def version(self) -> int: ...

    @property
    def covered(self) -> bool: ...

    @property
    def exit_when_done(self) -> bool: ...

    @property
    def config(self) -> MatchConfig: ...

    @property
    def pace(self) -> ComputerPace: ...

    @property
    def pointer(self) -> Pointer: ...

    @property
    def recent(self) -> Recent: ...

    @property
    def drag(self) -> Drag | None: ...

    @property
    def thinking(self) -> bool: ...


def look(sc: Clocked) -> tuple[object, ...]:
    """What the screen shows that an update may change without input or a timer."""
    hints = sc.hints
    preview = sc.hover_card if sc.hover_t >= PREVIEW_DELAY else None
    return (sc.version, sc.thinking, hints.on, hints.thinking, hints.plan is not None, hints.line,
            sc.message, sc.recent.lines, preview, sc.ending is None, sc.session.save_problem)


def next_frame(sc: Clocked) -> float | None:
    """Every frame while something moves (pieces flying, a banner, a drag, the game's end); else the
    time until the next dots of "thinking…", the pulse of the hint on show, the start of a fade
    (the line under the board, the summaries) or the enlarged card; None when the table is still."""
    if sc.covered:
        return None
    if sc.anims.flyers or sc.anims.banners or sc.drag is not None or sc.ending is not None:
        return 0.0
    times: list[float | None] = []
    if sc.hints.plan is not None:
        times.append(next_change(sc.app.vp, sc.app.time))
    if sc.thinking or sc.hints.thinking:
        # the next change of the dots; one due this very moment was just drawn
        beat = sc.app.time * DOTS_PER_SECOND
        times.append((math.floor(beat + 1e-3) + 1 - beat) / DOTS_PER_SECOND)
    if sc.message and sc.message_t > 0:
        times.append(max(0.0, sc.message_t - MESSAGE_FADE))
    recent = sc.recent
    if recent.recaps and not recent.keep:
        times.append(max(0.0, recent.left - FADE_SECONDS))
    if sc.hover_card is not None and sc.hover_t < PREVIEW_DELAY:
        times.append(PREVIEW_DELAY - sc.hover_t)
    return soonest(times)


def split(sc: Clocked) -> Split | None:
    """The screen in two parts for a frame only its timers call for: the frame the sections draw from, and
    the window's rectangles of what moves with time alone in it (the top bar while its "thinking…" dots
    move, the hint's pulsing outlines); None while a hinted spirit pulses among the two to choose from (not
    one of :func:`pulse_rects`) or while another scene covers this one."""
    if sc.covered:
        return None
    f = sc.frame()
    if f.choosing_spirit and f.hint.plan is not None:
        return None
    moving = pulse_rects(sc.app, sc.layout, f)
    if f.thinking or f.hint.thinking:
        moving.append(sc.app.vp.r(sc.layout.top_bar))
    return Split(f, tuple(moving))


def tick(sc: Clocked, dt: float) -> None:
    """The screen's timers and background jobs, ``dt`` seconds on."""
    # the card under the ring (not in the guided game: it would cover the guide's target), else the mouse
    ringed = sc.pointer.cursor.card() if sc.guide is None else None
    card = ringed or sc.pointer.card_under(sc.app.mouse_virtual()) if sc.pointer.drag is None else None
    if card == sc.hover_card:
        sc.hover_t += dt
    else:
        sc.hover_card, sc.hover_t = card, 0.0
    sc.anims.update(dt)
    sc.recent.tick(dt)
    sc.hints.update(sc.session.version)
    for failure in sc.session.take_failures():
        sc.say(failure_text(sc.app.t, failure), FAILURE_SECONDS, until_played=False)
    if sc.message_t > 0:
        sc.message_t -= dt
    if sc.game.over:
        if sc.guide is None:  # the guided game's last steps are read on the finished board
            _end(sc, dt)
        return
    if sc.session.seat_to_play:
        sc.pace.step(sc, dt)


def _end(sc: Clocked, dt: float) -> None:
    """The pause on the finished board, then the scoresheet."""
    if sc.ending is None:
        sc.ending = 0.8
    if sc.anims.busy:
        return
    sc.ending -= dt
    if sc.ending <= 0:
        sc.app.navigate.replace(OpenScoring(sc.game, sc.config, sc.demo, sc.exit_when_done))
        sc.ending = -1.0
