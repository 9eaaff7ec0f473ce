"""One turn of a game review: the turn it is compared with (the hint's) and whether two turns are
the same. What the two turns are worth is the judge's (``judge.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Command, EndTurn, Game
from .advice import suggested_turn


def best_turn(view: Game, helper: bool = True) -> tuple[Command, ...]:
    """The turn compared with at ``view`` (an observer view at a turn's start): the hint's own turn
    there, :func:`harmonies.ai.advice.suggested_turn`."""
    return suggested_turn(view, helper)


def same_turn(view: Game, a: Sequence[Command], b: Sequence[Command]) -> bool:
    """Whether two turns leave the same position (the same board, cubes, cards, central board and
    display), whatever order their commands came in."""
    if list(a) == list(b):
        return True
    return _after(view, a) == _after(view, b)


def _after(view: Game, turn: Sequence[Command]) -> tuple[object, ...]:
    g = view.clone()
    for cmd in turn:
        if type(cmd) is EndTurn:
            break
        if not g.apply(cmd).ok:
            return ("refused", len(g.history))
    seat = view.current
    p = g.player(seat)
    return (g.stack_ids(seat), tuple(sorted(p.cubes.items())), p.cards, p.completed, p.spirit, p.spirit_placed,
            g.central, g.display, g.swapped_this_turn)
