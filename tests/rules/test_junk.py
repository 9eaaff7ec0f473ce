"""The API refuses junk: a colour that is not a Colour, a query given junk or a seat that is not one,
a save of an unknown format. Each gets a refusal or a clear ValueError, never an answer for
something else (seat -1 for the last seat, colour -1 for red)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from harmonies.rules import Colour, EndTurn, Game, GameSetup, PlaceToken, TakeCard, TakeTokens
from harmonies.rules.saves import FORMAT_VERSION
from test_support import refusal_code


def started(players: int = 2, seed: int = 1) -> Game:
    game = Game.new(GameSetup(players, seed=seed))
    assert game.apply(TakeTokens(0)).ok
    return game


@pytest.mark.parametrize("colour", [3, 0, -1, 7, True, "gray", 3.0, None, [3]])
def test_place_token_refuses_a_colour_that_is_not_a_colour(colour: Any) -> None:
    game = started()
    before = game.to_json()
    result = game.apply(PlaceToken(colour, (2, 0)))
    assert refusal_code(result) == "token.bad_colour"
    assert game.check(PlaceToken(colour, (2, 0))) == result
    assert game.to_json() == before


def test_a_game_played_with_colours_saves_and_loads() -> None:
    game = started()
    colour = game.hand[0]
    assert type(colour) is Colour
    assert game.apply(PlaceToken(colour, game.token_cells(colour)[0])).ok
    text = json.dumps(game.to_json())
    assert Game.from_json(json.loads(text)).to_json() == game.to_json()


@pytest.mark.parametrize("colour", ["gray", 7, -1, 3, True, None, 2.0])
def test_token_cells_refuses_what_is_not_a_colour(colour: Any) -> None:
    game = started()
    with pytest.raises(ValueError, match=r"is not a token colour \(a Colour: Colour.BLUE, "):
        game.token_cells(colour)
    assert game.token_cells(Colour.RED)  # a true colour still answers


@pytest.mark.parametrize("card_id", [7, None, ["fox"], "dragon", ""])
def test_cube_cells_refuses_what_names_no_card(card_id: Any) -> None:
    game = started()
    with pytest.raises(ValueError, match="is not a card id"):
        game.cube_cells(card_id)


def test_cube_cells_of_a_card_not_held_is_empty() -> None:
    game = started()
    face_up = next(c for c in game.display if c is not None)
    assert game.cube_cells(face_up) == []  # a real card, just not this player's
    assert game.apply(TakeCard(face_up)).ok
    assert game.cube_cells(face_up) == []  # held now, but its habitat is nowhere yet


@pytest.mark.parametrize("query", ["player", "score", "stack_ids"])
@pytest.mark.parametrize("seat", [-1, 2, 4, True, "0", 0.0, None])
def test_seat_queries_refuse_a_seat_that_is_not_one(query: str, seat: Any) -> None:
    game = started(players=2)
    with pytest.raises(ValueError, match=r"there is no seat .* \(seats 0 to 1\)"):
        getattr(game, query)(seat)
    getattr(game, query)(1)  # a real seat still answers


@pytest.mark.parametrize("version", [0, -1, True, False, "1", 1.0, None, [1]])
def test_from_json_refuses_a_format_that_is_not_one(version: Any) -> None:
    doc = started().to_json()
    doc["format"] = version
    with pytest.raises(ValueError, match=rf"a saved game needs a 'format' of 1 to {FORMAT_VERSION}, not "):
        Game.from_json(doc)


def test_from_json_refuses_a_newer_format_and_a_missing_seed_without_a_deal() -> None:
    doc = started().to_json()
    with pytest.raises(ValueError, match="newer format"):
        Game.from_json({**doc, "format": FORMAT_VERSION + 1})
    no_deal = {k: v for k, v in doc.items() if k != "deal"}
    with pytest.raises(ValueError, match="setup.seed must be a whole number, not null, in a save without a deal"):
        Game.from_json({**no_deal, "setup": {**doc["setup"], "seed": None}})
    Game.from_json(doc)  # the untouched document loads
    Game.from_json({**doc, "setup": {**doc["setup"], "seed": None}})  # its deal needs no seed


def test_end_turn_still_plays_after_refusals() -> None:
    game = started()
    for colour in list(game.hand):
        assert not game.apply(PlaceToken(int(colour), game.token_cells(colour)[0])).ok  # type: ignore[arg-type]  # a number for a colour
        assert game.apply(PlaceToken(colour, game.token_cells(colour)[0])).ok
    assert game.apply(EndTurn()).ok
