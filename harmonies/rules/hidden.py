"""Copies of a game and the views that hide what players may not know.

A game's hidden order (the pouch, the animal pile, the other seats' undecided spirit cards) is fixed
at setup. :func:`observer_view` and :func:`sample_hidden` give copies whose hidden order is not the
real one; :func:`rebuilt` replays a game up to a command, which is how Undo works.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from .commands import Command, command_to_json
from .results import IllegalCommand, Rejected

if TYPE_CHECKING:
    from .game import Game


def play_all(game: Game, commands: Iterable[Command]) -> None:
    """Apply ``commands`` in turn; :class:`IllegalCommand` names the first one refused."""
    for n, cmd in enumerate(commands):
        result = game.apply(cmd)
        if isinstance(result, Rejected):
            raise IllegalCommand(n, command_to_json(cmd), result)


def clone(game: Game) -> Game:
    """An independent copy, cheap enough for search (shares the immutable tables)."""
    kind = type(game)
    other = kind.__new__(kind)
    other.__dict__.update(game.__dict__)
    other._pouch = game._pouch[:]
    other._deck = game._deck[:]
    other._central = [s[:] for s in game._central]
    other._display = game._display[:]
    other._players = [p.clone() for p in game._players]
    other._hand = game._hand[:]
    other._history = game._history[:]
    return other


def sample_hidden(game: Game, rng: random.Random) -> Game:
    """A copy with the hidden order dealt again at random (see :meth:`Game.sample_hidden`)."""
    def shuffle(start: Game) -> None:
        rng.shuffle(start._pouch)
        rng.shuffle(start._deck)
        deal_unseen_spirits(start, lambda ids: rng.sample(ids, len(ids)))

    return rehidden(game, shuffle)


def observer_view(game: Game) -> Game:
    """A copy with the hidden order in a fixed order (see :meth:`Game.observer_view`)."""
    def canonical(start: Game) -> None:
        start._pouch.sort()
        start._deck.sort()
        deal_unseen_spirits(start, sorted)

    return rehidden(game, canonical)


def rebuilt(game: Game, upto: int) -> Game:
    """``game`` as it stood after its first ``upto`` commands, replayed from its seed or from
    where it began (the draws since then come out of its pouch and pile in the same order)."""
    # Each command was legal at the very position it is played at again (a replay reaches the
    # same positions), so the second check is skipped.
    start = game._start
    if start is None:
        again = type(game)(game.setup, game.cards)
        commands = game._history[:upto]
    else:
        again = clone(start)
        again._start = start
        commands = game._history[len(start._history):upto]
    for cmd in commands:
        again.play_listed(cmd)
    return again


def rehidden(game: Game, hide: Callable[[Game], None]) -> Game:
    """A copy whose hidden parts ``hide`` sets at the start of this turn (which is where they
    last changed), the turn so far then played again on it; its setup has no seed."""
    start = clone(game) if game.turn_commands == 0 else rebuilt(game, game._turn_start)
    start.setup = replace(game.setup, seed=None)
    start._start = None
    hide(start)
    copy = clone(start)
    copy._start = start
    play_all(copy, game._history[game._turn_start:])
    return copy


def deal_unseen_spirits(game: Game, order: Callable[[list[str]], list[str]]) -> None:
    """Deal again the undecided spirit cards of the seats other than the current one, from the
    spirit cards the current seat has not seen, put in ``order``."""
    players = game._players
    current = game._current
    others = [p for n, p in enumerate(players) if n != current and p.spirit_choices]
    if not others:
        return
    seen = {*players[current].spirit_choices, *(p.spirit for p in players)}
    pool = order([s.id for s in game.cards.spirits if s.id not in seen])
    for n, p in enumerate(others):
        p.spirit_choices = tuple(pool[n * len(p.spirit_choices):(n + 1) * len(p.spirit_choices)])
