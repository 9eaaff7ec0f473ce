"""One turn of uniform random legal choices, compiled with the rules (the engine's benchmark load).

The random player (``random_player.py``) plays its turns here. Its draws are the ones
``random.Random.choice`` and ``shuffle`` make, the same numbers from the same generator, taken
straight from ``getrandbits`` so that a compiled turn never steps back into the interpreter for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, TypeVar

from ..rules import ChooseSpirit, Colour, Command, EndTurn, Event, Hex, PlaceCube, PlaceToken, TakeCard, TakeTokens

T = TypeVar("T")


class Table(Protocol):
    """What a random turn reads and plays: the seat's legal moves and the table, and play_listed. A
    Game, or anything standing for one (the property tests wrap a game to check every command)."""

    @property
    def spirit_choices(self) -> tuple[str, ...]: ...

    @property
    def central(self) -> tuple[tuple[Colour, ...], ...]: ...

    @property
    def display(self) -> tuple[str | None, ...]: ...

    @property
    def hand(self) -> tuple[Colour, ...]: ...

    @property
    def taken_tokens_this_turn(self) -> bool: ...

    def can_take_card(self) -> bool: ...

    def token_moves(self, colour: object) -> list[PlaceToken]: ...

    def cube_options(self) -> dict[str, list[Hex]]: ...

    def play_listed(self, cmd: Command) -> tuple[Event, ...]: ...

# Commands are immutable values: the ones every turn plays are made once (a command is a Python
# dataclass, slow to build from compiled code).
_END = EndTurn()
_TAKE_TOKENS: dict[int, TakeTokens] = {}
_TAKE_CARD: dict[str, TakeCard] = {}


def _take_tokens(space: int) -> TakeTokens:
    cmd = _TAKE_TOKENS.get(space)
    if cmd is None:
        cmd = _TAKE_TOKENS[space] = TakeTokens(space)
    return cmd


def _take_card(card_id: str) -> TakeCard:
    cmd = _TAKE_CARD.get(card_id)
    if cmd is None:
        cmd = _TAKE_CARD[card_id] = TakeCard(card_id)
    return cmd


def below(bits: Callable[[int], int], n: int) -> int:
    """A uniform int in [0, n) drawn as ``random.Random`` draws it (``bits``: its ``getrandbits``);
    ``IndexError`` for n <= 0, as ``choice`` raises on an empty sequence."""
    if n <= 0:
        raise IndexError("Cannot choose from an empty sequence")
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(bits: Callable[[int], int], items: list[T]) -> None:
    """``random.Random.shuffle`` of ``items`` in place, with the same draws."""
    for i in range(len(items) - 1, 0, -1):
        j = below(bits, i + 1)
        items[i], items[j] = items[j], items[i]


def play_random_turn(game: Table, rng: random.Random, take_cards: bool) -> None:
    """Plays the rest of the turn of the seat to move by uniform random choices: a random space, a
    random card when allowed, the tokens in hand in a random order on random cells, every cube as soon
    as it can go (on a random cell), then the end of the turn.

    From the start of a turn it makes exactly those choices in that order. Handed a turn already begun,
    it goes on from there: no second space once tokens are taken, and (with cards) the cubes already
    due are placed first. Every choice is made among what the engine lists as legal right now (the
    spirits offered, the spaces still full, the moves of token_moves, the cells of cube_options, the
    end of the turn once the hand is empty), so the commands go through play_listed, which does not
    check them again.
    """
    bits = rng.getrandbits
    play = game.play_listed
    token_moves = game.token_moves
    choices = game.spirit_choices
    if choices:
        play(ChooseSpirit(choices[below(bits, len(choices))]))
    begun = game.taken_tokens_this_turn
    if not begun:
        spaces = [i for i, s in enumerate(game.central) if s]
        play(_take_tokens(spaces[below(bits, len(spaces))]))
    if take_cards:
        face_up = [c for c in game.display if c is not None]
        if face_up and game.can_take_card():
            play(_take_card(face_up[below(bits, len(face_up))]))
        if begun:
            _place_cubes(game, bits)
    hand = list(game.hand)
    shuffle(bits, hand)
    for colour in hand:
        moves = token_moves(colour)
        play(moves[below(bits, len(moves))])
        if take_cards:
            _place_cubes(game, bits)
    play(_END)


def _place_cubes(game: Table, bits: Callable[[int], int]) -> None:
    """Every cube that can go now, each on a random cell of its card's options."""
    options = game.cube_options()
    while options:
        card_id = next(iter(options))
        cells = options[card_id]
        game.play_listed(PlaceCube(card_id, cells[below(bits, len(cells))]))
        options = game.cube_options()
