"""Dealing stays the same for a seed: the shuffle is the sort of the items on one random draw
each, taken in order, and leaves the generator where that leaves it (saves replay on it)."""

from __future__ import annotations

import random

import pytest

from harmonies.rules import GameSetup, default_cards
from harmonies.rules.state import _shuffled, deal


def _sorted_on_draws(rng: random.Random, items: list[str]) -> list[str]:
    keys = [rng.random() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 32, 120])
def test_the_shuffle_is_a_sort_on_one_draw_per_item(n: int) -> None:
    items = [f"item{i % 7}" for i in range(n)]
    ours, theirs = random.Random(n), random.Random(n)
    assert _shuffled(ours, items) == _sorted_on_draws(theirs, items)
    assert ours.random() == theirs.random()


def test_a_deal_is_the_pouch_then_the_deck_then_the_spirits_from_one_generator() -> None:
    cards = default_cards()
    dealt = deal(GameSetup(players=2, spirits=True, seed=41), cards)
    rng = random.Random(41)
    pouch = _sorted_on_draws(rng, sorted(dealt.pouch))  # type: ignore[arg-type]
    deck = _sorted_on_draws(rng, [a.id for a in cards.animals])
    assert dealt.pouch == pouch and dealt.deck == deck
