"""The setup of a game and the compact mutable state of one player."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat, starmap
from operator import itemgetter
from typing import TypeVar

from .boards import board_shape
from .cards import CardSet
from .colours import Colour
from .tables import rules_data, stack_table


# The seeds a game may have: the whole numbers a signed 64-bit integer holds, which is what the index
# of finished games stores a seed in (an SQLite INTEGER). A new game's seed is drawn from 1 to
# 2**63 - 1 (``MatchConfig.resolved_seed``): too many to find a game's seed, and with it the pouch,
# the animal pile and the spirit cards face down, by trying seeds until one deals the opening seen.
SEEDS = range(-2**63, 2**63)


@dataclass(frozen=True)
class GameSetup:
    """Everything that decides a game before the first command: same setup, same game."""

    players: int
    side: str = "A"
    spirits: bool = False
    # None: unknown, as in an observer's view or a sample (Game.observer_view), whose hidden order
    # is not the one any seed deals; such a setup cannot be dealt.
    seed: int | None = 0

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 1 <= self.players <= 4:
            raise ValueError(f"players must be 1 to 4, not {self.players!r}")
        if not isinstance(self.side, str):
            raise ValueError(f"side must be \"A\" or \"B\", not {self.side!r}")
        board_shape(self.side)  # raises for an unknown side
        if not isinstance(self.spirits, bool):
            raise ValueError(f"spirits must be true or false, not {self.spirits!r}")
        if self.seed is not None and type(self.seed) is not int:
            raise ValueError(f"seed must be a whole number, not {self.seed!r}")
        if self.seed is not None and self.seed not in SEEDS:
            raise ValueError(f"seed must be from -2**63 to 2**63 - 1, not {self.seed}")

    @property
    def solo(self) -> bool:
        return self.players == 1


T = TypeVar("T")


class PlayerState:
    """One personal board and its cards, as small ints and lists for speed."""

    __slots__ = (
        "stacks", "cubes", "held", "completed", "spirit_choices", "spirit", "spirit_placed",
        "animal_cubes", "empty", "where", "cube_bits", "cube_cache",
    )

    def __init__(self, size: int) -> None:
        self.stacks: list[int] = [0] * size            # stack id per cell (0 = empty)
        self.cubes: list[str | None] = [None] * size   # id of the card whose cube sits on the cell
        self.held: list[list[object]] = []             # [card_id, cubes placed] of unfinished cards
        self.completed: list[str] = []
        self.spirit_choices: tuple[str, ...] = ()
        self.spirit: str | None = None
        self.spirit_placed = False
        self.animal_cubes = 0
        self.empty = size
        # Bit sets of cells by stack id and of cells with a cube, for fast habitat matching.
        self.where: list[int] = [0] * len(stack_table().stacks)
        self.where[0] = (1 << size) - 1
        self.cube_bits = 0
        # Card id -> bit set of the cells its next cube may go on; the game keeps it right as the
        # board changes (it follows from the board, so copies and saves may share or drop it).
        self.cube_cache: dict[str, int] = {}

    def clone(self) -> "PlayerState":
        other = PlayerState.__new__(PlayerState)
        other.stacks = self.stacks[:]
        other.cubes = self.cubes[:]
        other.held = [h[:] for h in self.held]
        other.completed = self.completed[:]
        other.spirit_choices = self.spirit_choices
        other.spirit = self.spirit
        other.spirit_placed = self.spirit_placed
        other.animal_cubes = self.animal_cubes
        other.empty = self.empty
        other.where = self.where[:]
        other.cube_bits = self.cube_bits
        other.cube_cache = self.cube_cache.copy()
        return other

    def unfinished(self) -> int:
        """Cards counting toward the limit of 4: held animals plus an unplaced spirit."""
        return len(self.held) + (1 if self.spirit is not None and not self.spirit_placed else 0)


@dataclass
class Dealt:
    """The shuffled components at the start of a game."""

    pouch: list[Colour]
    deck: list[str]
    spirit_hands: list[tuple[str, ...]]


def _shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """A random order by sorting on random keys: a third cheaper than ``rng.shuffle`` here,
    and simulations set up thousands of games a second."""
    n = len(items)
    keys = list(starmap(rng.random, repeat((), n)))  # one draw per item, in order, called from C
    if n < 2:  # itemgetter needs two indices to return a tuple
        return list(items)
    return list(itemgetter(*sorted(range(n), key=keys.__getitem__))(items))


@lru_cache(maxsize=1)
def _pouch_contents() -> tuple[Colour, ...]:
    """Every token of the game, by colour, before shuffling."""
    return tuple(c for c in Colour for _ in range(rules_data().token_counts[c]))


def deal(setup: GameSetup, cards: CardSet) -> Dealt:
    """Shuffle the pouch, the animal deck and the spirits; all of a game's chance happens here."""
    if setup.seed is None:
        raise ValueError("this setup has no seed (it is an observer's view or a sample): it cannot be dealt")
    rng = random.Random(setup.seed)
    pouch = _shuffled(rng, _pouch_contents())
    deck = _shuffled(rng, [a.id for a in cards.animals])
    hands: list[tuple[str, ...]] = [()] * setup.players
    if setup.spirits:
        pool = [s.id for s in cards.spirits]
        rng.shuffle(pool)
        n = rules_data().spirits_dealt
        if len(pool) < n * setup.players:
            raise ValueError(f"{len(pool)} spirit cards are not enough to deal {n} to {setup.players} players")
        hands = [tuple(pool[i * n:(i + 1) * n]) for i in range(setup.players)]
    # Draws pop from the end of each list.
    return Dealt(pouch, deck, hands)
