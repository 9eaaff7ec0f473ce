"""The suggested turn: what the hint shows and what the game review compares each turn with.

Both ask :func:`suggested_turn`, so at a turn's start they name the same turn: the hard player's,
planned on the observer view of the seat to move, with a seed made from what every seat has seen by
then (:func:`turn_seed`: the setup without its seed, the commands before the turn, the seat), never
from the clock or the hidden order. A player who plays the hint's turn has played the review's
suggested turn, which the review marks best.

Mid-turn, the hint goes on with the turn it suggested at the turn's start when the commands played
since are part of that turn (in any order); otherwise it plans what remains from where the turn
stands. No pygame here.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import deque
from collections.abc import Sequence

from ..rules import Command, EndTurn, Game, GameSetup, command_to_json
from .helper import Helper
from .players import HardPlayer

#: Turns the hint suggested at their turn's start, newest last, kept to go on with mid-turn.
KEPT = 8


def turn_seed(setup: GameSetup, before: Sequence[Command], seat: int) -> int:
    """The seed of a turn's suggestion and review: a hash of what every seat has seen by then (the
    setup without its seed, the commands before the turn) and the seat; never of the hidden order."""
    public = {"players": setup.players, "side": setup.side, "spirits": setup.spirits, "seat": seat,
              "commands": [command_to_json(c) for c in before]}
    text = json.dumps(public, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 1


def turn_begins(game: Game) -> int:
    """Where the turn under way began in ``game``'s command log: just after its last EndTurn."""
    history = game.history
    for n in range(len(history) - 1, -1, -1):
        if type(history[n]) is EndTurn:
            return n + 1
    return 0


def suggested_turn(view: Game, helper: bool | Helper = True) -> tuple[Command, ...]:
    """The whole turn the hard player plays from ``view`` (an observer view at a turn's start), seeded
    by :func:`turn_seed` of that turn. ``helper`` as for :class:`HardPlayer` (the same turn either way)."""
    seed = turn_seed(view.setup, view.history, view.current)
    return tuple(HardPlayer(seed=seed, helper=helper).turn_commands(view))


class _Kept:
    """The hint's turns suggested at their turn's start, with the view each was planned on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._turns: deque[tuple[Game, tuple[Command, ...]]] = deque(maxlen=KEPT)

    def add(self, view: Game, turn: tuple[Command, ...]) -> None:
        with self._lock:
            self._turns.append((view.clone(), turn))

    def rest(self, view: Game, begins: int) -> list[Command] | None:
        """What is left of a kept turn that the commands of ``view`` since ``begins`` are part of, if
        the kept turn's start played on by those commands is ``view``'s position; else None."""
        with self._lock:
            kept = list(self._turns)
        before, done = view.history[:begins], view.history[begins:]
        here = view.position()
        for start, turn in reversed(kept):
            if start.history != before or start.current != view.current:
                continue
            rest = _without(turn, done)
            if rest is None or not _leads_to(start, done, here):
                continue
            trial = view.clone()
            if all(trial.apply(cmd).ok for cmd in rest):
                return rest
        return None


def _without(turn: Sequence[Command], done: Sequence[Command]) -> list[Command] | None:
    """``turn`` less each of ``done`` once, in ``turn``'s order; None if one of ``done`` is not in it."""
    rest = list(turn)
    for cmd in done:
        if cmd not in rest:
            return None
        rest.remove(cmd)
    return rest


def _leads_to(start: Game, done: Sequence[Command], here: object) -> bool:
    g = start.clone()
    return all(g.apply(cmd).ok for cmd in done) and g.position() == here


_KEPT = _Kept()


def hint(game: Game) -> list[Command]:
    """The turn to suggest now for the seat to move (the play screen's hint), planned on an observer
    view. At a turn's start it is :func:`suggested_turn`; mid-turn, the rest of the turn suggested at
    its start when what was played since is part of it, else what the hard player plays from here
    (only what remains of the turn once its tokens are taken)."""
    view = game.observer_view()
    if view.over:
        return []
    begins = turn_begins(view)
    if begins == len(view.history) and not view.taken_tokens_this_turn:
        turn = suggested_turn(view)
        _KEPT.add(view, turn)
        return list(turn)
    rest = _KEPT.rest(view, begins)
    if rest is not None:
        return rest
    player = HardPlayer(seed=turn_seed(view.setup, view.history, view.current))
    if view.taken_tokens_this_turn:
        return player.rest_of_turn(view)
    return player.turn_commands(view)


__all__ = ["KEPT", "hint", "suggested_turn", "turn_begins", "turn_seed"]
