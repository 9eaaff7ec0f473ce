"""Copies of a game and the views that hide what players may not know.

A game's hidden order (the pouch, the animal pile, the other seats' undecided spirit cards) is fixed
at setup, by its deal. :func:`observer_view` and :func:`sample_hidden` give copies whose hidden order
is not the real one, and which hold no deal; :func:`rebuilt` replays a game up to a command, which is
how Undo works.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TypeVar

from .commands import Command, command_to_json
from .doers import GameDoers
from .results import IllegalCommand
from .state import GameState

# Any game class built on the doers: a copy is of the same class as the game copied.
G = TypeVar("G", bound=GameDoers)


def play_checked(game: GameDoers, commands: Iterable[Command]) -> None:
    """Check and play ``commands`` in turn (none of them an Undo); :class:`IllegalCommand` names
    the first one refused."""
    for n, cmd in enumerate(commands):
        why = game.check(cmd)
        if why is not None:
            raise IllegalCommand(n, command_to_json(cmd), why)
        game.play_listed(cmd)


def clone(game: G) -> G:
    """An independent copy, cheap enough for search (shares the immutable tables)."""
    return type(game)(game.setup, game.cards, state=game.state.copy())


def sample_hidden(game: G, rng: random.Random) -> G:
    """A copy with the hidden order dealt again at random (see :meth:`Game.sample_hidden`)."""
    def shuffle(start: GameState) -> None:
        rng.shuffle(start.pouch)
        rng.shuffle(start.deck)
        deal_unseen_spirits(game, start, lambda ids: rng.sample(ids, len(ids)))

    return rehidden(game, shuffle)


def observer_view(game: G) -> G:
    """A copy with the hidden order in a fixed order (see :meth:`Game.observer_view`)."""
    def canonical(start: GameState) -> None:
        start.pouch.sort()
        start.deck.sort()
        deal_unseen_spirits(game, start, sorted)

    return rehidden(game, canonical)


def rebuilt(game: G, upto: int) -> G:
    """``game`` as it stood after its first ``upto`` commands, replayed from its deal or from
    where it began (the draws since then come out of its pouch and pile in the same order)."""
    # Each command was legal at the very position it is played at again (a replay reaches the
    # same positions), so the second check is skipped.
    state = game.state
    start = state.start
    if start is None:
        again = type(game)(game.setup, game.cards, deal=state.deal)
        commands = state.history[:upto]
    else:
        again = type(game)(start.setup, game.cards, state=start.copy())
        again.state.start = start
        commands = state.history[len(start.history):upto]
    for cmd in commands:
        again.play_listed(cmd)
    return again


def rehidden(game: G, hide: Callable[[GameState], None]) -> G:
    """A copy whose hidden parts ``hide`` sets at the start of this turn (which is where they
    last changed), the turn so far then played again on it; its setup has no seed and it has no
    deal, so it holds no hidden order but the one ``hide`` gave it."""
    state = game.state
    start = (state.copy() if game.turn_commands == 0 else rebuilt(game, state.turn_start).state)
    start.setup = replace(state.setup, seed=None)
    start.start = None
    start.deal = None
    hide(start)
    copy = type(game)(start.setup, game.cards, state=start.copy())
    copy.state.start = start
    play_checked(copy, state.history[state.turn_start:])
    return copy


def deal_unseen_spirits(game: GameDoers, start: GameState, order: Callable[[list[str]], list[str]]) -> None:
    """Deal again, in ``start``, the undecided spirit cards of the seats other than the current one,
    from the spirit cards of ``game`` the current seat has not seen, put in ``order``."""
    players = start.players
    current = start.current
    others = [p for n, p in enumerate(players) if n != current and p.spirit_choices]
    if not others:
        return
    seen = {*players[current].spirit_choices, *(p.spirit for p in players)}
    pool = order([s.id for s in game.cards.spirits if s.id not in seen])
    for n, p in enumerate(others):
        p.spirit_choices = tuple(pool[n * len(p.spirit_choices):(n + 1) * len(p.spirit_choices)])
