"""Dealing stays the same for a seed: the shuffle is the sort of the items on one random draw
each, taken in order, and leaves the generator where that leaves it (saves of format 1 replay on it).
A game carries its deal as data: it is built, saved and replayed from it, with the cards in any order."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

import pytest

from harmonies.ai import make_player, take_turn
from harmonies.rules import (
    AnimalCard, CardSet, Deal, Game, GameSetup, Position, TakeTokens, Undo, canonical_deal, canonical_order,
    deal_from_order, default_cards, order_of, shipped_order,
)
from harmonies.rules.deal import _shuffled
from harmonies.rules.saves import FORMAT_VERSION, read_deal_json

#: The fingerprint of the cards 0.1.0 shipped (harmonies/rules/shipped_cards.yaml).
SHIPPED = "10639e55c904dcb0"

T = TypeVar("T")


def _sorted_on_draws(rng: random.Random, items: list[T]) -> list[T]:
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
    dealt = deal_from_order(GameSetup(players=2, spirits=True, seed=41), order_of(cards))
    rng = random.Random(41)
    pouch = _sorted_on_draws(rng, sorted(dealt.pouch))
    deck = _sorted_on_draws(rng, [a.id for a in cards.animals])
    assert list(dealt.pouch) == pouch and list(dealt.deck) == deck


# ----------------------------------------------------------------------------- chance as data
def _reordered(cards: CardSet, extra: AnimalCard | None = None) -> CardSet:
    """The same cards in reverse order (with ``extra`` first): a cards file a player edited."""
    animals = tuple(reversed(cards.animals))
    return CardSet(((extra,) if extra else ()) + animals, tuple(reversed(cards.spirits)))


def _played(setup: GameSetup, turns: int = 6) -> Game:
    game = Game.new(setup)
    players = [make_player("random", n) for n in range(setup.players)]
    for _ in range(turns):
        if game.over:
            break
        take_turn(players[game.current], game)
    return game


def test_a_game_carries_the_deal_its_seed_makes_and_its_save_holds_it() -> None:
    setup = GameSetup(players=3, side="B", spirits=True, seed=77)
    game = Game.new(setup)
    assert game.deal == deal_from_order(setup, order_of(default_cards()))
    doc = game.to_json()
    assert doc["format"] == FORMAT_VERSION == 2
    assert read_deal_json(doc["deal"]) == game.deal
    assert [len(hand) for hand in doc["deal"]["spirits"]] == [2, 2, 2]


def test_a_game_is_built_from_its_setup_and_deal_without_a_seed() -> None:
    game = _played(GameSetup(players=2, spirits=True, seed=12))
    unseeded = replace(game.setup, seed=None)
    again = Game.replay(unseeded, game.history, deal=game.deal)
    assert again.position() == replace(game.position(), setup=unseeded)
    before = again.position()
    assert again.apply(TakeTokens(0)).ok and again.apply(Undo()).ok  # Undo replays from the deal: no seed
    assert again.position() == before


def test_a_save_replays_the_same_with_the_cards_reordered_and_a_card_added() -> None:
    game = _played(GameSetup(players=2, spirits=True, seed=5), turns=100)
    assert game.over
    cards = default_cards()
    heron = replace(cards.animals[0], id="heron", name="Heron")
    edited = _reordered(cards, heron)
    again = Game.from_json(json.loads(json.dumps(game.to_json())), edited)
    assert again.position() == game.position()
    assert [again.score(n).total for n in range(2)] == [game.score(n).total for n in range(2)]


def test_a_format_1_save_is_dealt_from_the_card_order_it_was_played_with() -> None:
    game = _played(GameSetup(players=1, spirits=True, seed=9), turns=5)
    old = {k: v for k, v in game.to_json().items() if k != "deal"} | {"format": 1}
    edited = _reordered(default_cards())
    assert Game.from_json(old, edited, shipped_order(SHIPPED)).position() == game.position()
    with pytest.raises(ValueError):  # dealt in the edited file's order, it is another game
        Game.from_json(old, edited)


def test_a_deal_naming_a_card_the_cards_lack_gets_one_line_naming_it() -> None:
    game = Game.new(GameSetup(players=1, seed=3))
    assert game.deal is not None
    cards = default_cards()
    missing = game.deal.deck[0]
    fewer = CardSet(tuple(a for a in cards.animals if a.id != missing), cards.spirits)
    with pytest.raises(ValueError, match=f"^the deal names the animal card '{missing}', which the cards in use "
                                         "do not have$"):
        Game.from_json(game.to_json(), fewer)


@pytest.mark.parametrize("change, message", [
    (lambda d: replace(d, pouch=d.pouch[1:]), "pouch does not hold the game's tokens"),
    (lambda d: replace(d, deck=d.deck + d.deck[:1]), "holds .* twice"),
    (lambda d: replace(d, spirit_hands=d.spirit_hands[:1]), "1 spirit hands for 2 players"),
    (lambda d: replace(d, spirit_hands=((), ())), "must hold 2 cards"),
])
def test_a_deal_that_cannot_be_is_refused(change: Callable[[Deal], Deal], message: str) -> None:
    setup = GameSetup(players=2, spirits=True, seed=3)
    deal = Game.new(setup).deal
    assert deal is not None
    with pytest.raises(ValueError, match=message):
        Game.new(setup, deal=change(deal))


@pytest.mark.parametrize("bad, message", [
    ([], "'deal' must be an object"),
    ({"pouch": ["pink"], "deck": [], "spirits": []}, "deal.pouch: unknown colour 'pink'"),
    ({"pouch": [], "deck": [3], "spirits": []}, "deal.deck must be a list of names"),
    ({"pouch": [], "deck": [], "spirits": [["owl"], "cat"]}, r"deal.spirits\[1\] must be a list of names"),
])
def test_a_saved_deal_that_is_not_one_names_its_field(bad: object, message: str) -> None:
    doc = Game.new(GameSetup(players=1, seed=3)).to_json()
    with pytest.raises(ValueError, match=message):
        Game.from_json({**doc, "deal": bad})


def test_an_observer_view_and_a_sample_hold_no_deal() -> None:
    game = _played(GameSetup(players=3, spirits=True, seed=8), turns=4)
    game.apply(TakeTokens(0))
    for copy in (game.observer_view(), game.sample_hidden(random.Random(1))):
        assert copy.deal is None and copy.setup.seed is None
        assert "deal" not in copy.to_json()
        assert copy.apply(Undo()).ok  # Undo replays the turn from the copy's own start
    assert game.clone().deal == game.deal


def test_a_position_leaves_out_what_its_deal_gives() -> None:
    setup = GameSetup(players=2, seed=10)
    deal = Game.new(GameSetup(players=2, seed=99)).deal
    built = Game.from_position(Position(replace(setup, seed=None), deal=deal))
    assert built.position().pouch == Game.new(setup, deal=deal).position().pouch
    assert built.deal is None  # a game begun at a position has no deal to save


def test_the_canonical_deal_is_the_shipped_order_whatever_the_file() -> None:
    setup = GameSetup(players=1, side="B", spirits=True, seed=2026)
    assert canonical_order() == order_of(default_cards())
    assert canonical_deal(setup) == Game.new(setup).deal
    assert Game.new(setup, _reordered(default_cards()), canonical_deal(setup)).deal == canonical_deal(setup)


def test_a_pickled_game_keeps_its_deal() -> None:
    game = _played(GameSetup(players=2, spirits=True, seed=31), turns=3)
    again = pickle.loads(pickle.dumps(game))
    assert again.deal == game.deal and again.position() == game.position()
    assert pickle.loads(pickle.dumps(game.deal)) == game.deal
