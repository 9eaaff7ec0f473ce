"""A game's chance as data: the deal (:class:`Deal`), and dealing one from a seed.

All of a game's chance is fixed at setup: the order of the pouch, of the animal pile, and the spirit
cards each seat is offered. A :class:`Deal` holds it as token colours and card ids, so a game is its
setup, its deal and its commands, and replays with any cards file that has the cards it names,
whatever that file's order. A seed is one way to make a deal (:func:`deal_from_order`): the same
seed and the same ordered card ids give the same deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat, starmap
from typing import Any, NamedTuple, TypeVar

from .cards import CardSet
from .colours import Colour
from .setup import GameSetup
from .tables import rules_data

T = TypeVar("T")


@dataclass(frozen=True)
class Deal:
    """The shuffled components at the start of a game, each drawn from its end: the pouch, the
    animal pile, and the spirit cards offered to each seat (empty tuples in a game without them)."""

    pouch: tuple[Colour, ...]
    deck: tuple[str, ...]
    spirit_hands: tuple[tuple[str, ...], ...]

    def __reduce__(self) -> tuple[Any, ...]:
        # Through the constructor: a compiled class is never made without running its __init__.
        return (Deal, (self.pouch, self.deck, self.spirit_hands))


class CardOrder(NamedTuple):
    """The ids of a card list in the order a seed deals them from: animals, then spirits."""

    animals: tuple[str, ...]
    spirits: tuple[str, ...]


def order_of(cards: CardSet) -> CardOrder:
    """The ids of ``cards`` in the order of its file."""
    return CardOrder(tuple([a.id for a in cards.animals]), tuple([s.id for s in cards.spirits]))


def _shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """A random order by sorting on random keys: a third cheaper than ``rng.shuffle`` here,
    and simulations set up thousands of games a second."""
    keys = list(starmap(rng.random, repeat((), len(items))))  # one draw per item, in order, called from C
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


@lru_cache(maxsize=1)
def pouch_contents() -> tuple[Colour, ...]:
    """Every token of the game, by colour, before shuffling."""
    return tuple(c for c in Colour for _ in range(rules_data().token_counts[c]))


def deal_from_order(setup: GameSetup, order: CardOrder) -> Deal:
    """The deal ``setup``'s seed makes from the cards of ``order``: the pouch, the animal pile and
    the spirits shuffled in turn by one generator seeded with it."""
    if setup.seed is None:
        raise ValueError("this setup has no seed (it is an observer's view or a sample): it cannot be dealt")
    rng = random.Random(setup.seed)
    pouch = _shuffled(rng, pouch_contents())
    deck = _shuffled(rng, order.animals)
    hands: list[tuple[str, ...]] = [()] * setup.players
    if setup.spirits:
        pool = list(order.spirits)
        rng.shuffle(pool)
        n = rules_data().spirits_dealt
        if len(pool) < n * setup.players:
            raise ValueError(f"{len(pool)} spirit cards are not enough to deal {n} to {setup.players} players")
        hands = [tuple(pool[i * n:(i + 1) * n]) for i in range(setup.players)]
    return Deal(tuple(pouch), tuple(deck), tuple(hands))


def check_deal(deal: Deal, setup: GameSetup, cards: CardSet) -> None:
    """``ValueError`` naming what makes ``deal`` no deal of ``setup`` with ``cards``: a card the
    cards do not have (one line naming it), a token or card twice, the wrong number of hands."""
    if Counter(deal.pouch) != Counter(pouch_contents()):
        raise ValueError("the deal's pouch does not hold the game's tokens")
    animals = {a.id for a in cards.animals}
    spirits = {s.id for s in cards.spirits}
    for cid in deal.deck:
        if cid not in animals:
            raise ValueError(f"the deal names the animal card {cid!r}, which the cards in use do not have")
    offered = [sid for hand in deal.spirit_hands for sid in hand]
    for sid in offered:
        if sid not in spirits:
            raise ValueError(f"the deal names the spirit card {sid!r}, which the cards in use do not have")
    twice = sorted(cid for cid, n in Counter([*deal.deck, *offered]).items() if n > 1)
    if twice:
        raise ValueError(f"the deal holds {', '.join(twice)} twice")
    if len(deal.spirit_hands) != setup.players:
        raise ValueError(f"the deal has {len(deal.spirit_hands)} spirit hands for {setup.players} players")
    size = rules_data().spirits_dealt if setup.spirits else 0
    if any(len(hand) != size for hand in deal.spirit_hands):
        raise ValueError(f"each spirit hand of the deal must hold {size} cards in this game")
