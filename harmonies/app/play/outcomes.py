"""The one way commands reach the rules from the play screen, and what comes back.

:func:`submit` puts a command in the session's queue (the guided game's step first answers a command it
does not expect); :func:`pump` runs the queue and takes the session's published outcomes out: a played
command becomes a new picture of the table (:func:`refresh`), flying pieces, banners and a sound, a
refusal the one line on screen. Nothing here applies or checks a command itself.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Protocol

from harmonies.rules import TakeTokens
from harmonies.session import Played

from .. import keylist
from .actions import PlayActions
from .announce import announce
from .motion import flyers_for, sound_of, source_of
from .pacing import speed
from .table import take_table

if TYPE_CHECKING:
    from harmonies.rules import Colour, Command, Rejected
    from harmonies.session import CommandReport, MatchConfig

    from .goal import GoalWatch
    from .layout import Point
    from .places import Hex
    from .pointer import Pointer
    from .recent import Recent
    from .table import Table

#: Numbers the pictures of the table, unique across scenes: the drawing caches live on the app and outlive
#: the scene that drew them.
_VERSIONS = itertools.count(1)


class Outcomes(PlayActions, Protocol):
    """The play screen as its outcomes see it: :class:`PlayActions` and what a played command changes."""

    #: Seconds the line under the board stays; ``message_until_played``: or until the next action played.
    message_t: float
    message_until_played: bool
    #: The picture of the table and its number (keys the drawing caches).
    table: Table
    version: int

    @property
    def config(self) -> MatchConfig: ...

    @property
    def here(self) -> tuple[bool, ...]: ...

    @property
    def goal(self) -> GoalWatch: ...

    @property
    def pointer(self) -> Pointer: ...

    @property
    def recent(self) -> Recent: ...

    def cell_pos(self, seat: int, cell: Hex) -> Point: ...

    def show_hint(self, commands: list[Command]) -> None: ...

    def show_refusal(self, rejected: Rejected) -> None: ...


def submit(sc: Outcomes, cmd: Command, dropped: bool = False) -> bool:
    """Queue ``cmd`` in the session and play the queue; True if ``cmd`` was accepted (the guided game's step
    answers a command it does not expect with a friendly line, and the command is never queued)."""
    if sc.guide is not None and not sc.guide.allows(cmd):
        sc.picked = None
        sc.say(keylist.say(sc.app, sc.guide.refusal_key()), 5.0)
        return False
    sc.session.submit(cmd, dropped)
    outcomes = pump(sc)
    return bool(outcomes) and isinstance(outcomes[-1], Played)


def pump(sc: Outcomes) -> list[CommandReport]:
    """Run the session's command queue, then show what it published."""
    sc.session.run()
    outcomes = sc.session.take_events()
    for outcome in outcomes:
        sc.anims.finish()
        if isinstance(outcome, Played):
            show_played(sc, outcome)
        else:
            sc.picked = None
            sc.show_refusal(outcome.rejected)
            sc.app.play_sound("refused")
    return outcomes


def show_played(sc: Outcomes, played: Played) -> None:
    """A command the session played: the table taken again, its pieces flying, its banners and its sound."""
    if sc.at_screen(played.seat):
        sc.recent.acted()
    if sc.guide is not None:
        sc.guide.played(played.command, sc.game.over)
    sc.pointer.selection = None
    if sc.message_until_played:
        sc.message_t = 0.0
    # a step of the hint on show was played: the rest of it stays on show, as it is what comes next
    plan = sc.hints.plan
    rest = plan.rest_after(played.command) if plan is not None else ()
    before = sc.table.tray
    picked, sc.picked = sc.picked, None
    # a new turn's tokens are laid out afresh; any other command keeps the tray's slots
    refresh(sc, () if isinstance(played.command, TakeTokens) else before, picked)
    emptied = next((i for i, (was, now) in enumerate(zip(before, sc.table.tray)) if was is not None and now is None),
                   None)
    if rest:
        sc.show_hint(list(rest))
    dur = anim_dur(sc)
    if dur > 0:
        src = source_of(played, sc.layout, lambda seat, cid: sc.held_pos(seat, cid, played.before.view),
                        emptied)
        for flyer in flyers_for(played, sc.layout, dur, src, sc.cell_pos, sc.held_pos):
            sc.anims.add(flyer)
    announce(sc, played.events)
    sound = sound_of(played.events)
    if sound is not None:
        sc.app.play_sound(sound)


def refresh(sc: Outcomes, tray: tuple[Colour | None, ...] | None = None, picked: int | None = None) -> None:
    """A new picture of the table (``tray``: the tray's slots before the last command, by default those
    on show; ``picked``: the slot the player took a placed token from)."""
    sc.version = next(_VERSIONS)
    sc.table = take_table(sc.game, sc.config.seats, sc.here, sc.table.tray if tray is None else tray, picked)
    sc.log.follow(sc.game.history)
    sc.goal.follow(sc.game)
    sc.pointer.armed_swap = None
    # a hint describes the board it was planned on: any change makes it wrong
    sc.hints.drop(forget=True)


def anim_dur(sc: PlayActions) -> float:
    """Seconds a played command's pieces fly: quick for a seat played here, else at the computer's speed."""
    if sc.at_screen(sc.game.current) and not sc.demo:
        return 0.28
    return speed(sc)[1]
