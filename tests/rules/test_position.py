"""Building a game from a position (``Game.from_position``) and reading one (``Game.position``).

A position read from any game builds the same game: same answers, and the same events for the same
commands from then on. A position that cannot occur is refused with one ValueError naming the part.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from harmonies.rules import (
    Colour, EndTurn, Game, GameSetup, PlaceCube, PlaceToken, Position, SeatPosition, TakeCard, Undo, board_shape,
)
from test_support import M2, W, new_game, snapshot

B, G, N, E, Y, R = Colour.BLUE, Colour.GRAY, Colour.BROWN, Colour.GREEN, Colour.YELLOW, Colour.RED


def answers(game: Game) -> tuple[Any, ...]:
    """Everything the game answers, for comparing two games (the seed and the log left out)."""
    seen = snapshot(game)
    del seen["json"], seen["history"]
    return (tuple(sorted(seen.items())), game.legal_commands(), game.cube_options(),
            tuple(game.score(n) for n in range(game.setup.players)), game.token_count())


@pytest.mark.parametrize(
    "players, side, spirits, seed",
    [(1, "A", False, 1), (1, "B", True, 2), (2, "A", True, 3), (3, "B", False, 4), (4, "A", True, 5)],
)
def test_a_position_read_from_a_game_builds_the_same_game(players: int, side: str, spirits: bool, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(players=players, side=side, spirits=spirits, seed=seed)
    built_some = 0
    while not game.over:
        if rng.random() < 0.3:
            copy = Game.from_position(game.position())
            assert copy.position() == replace(game.position(), setup=replace(game.setup, seed=None))
            assert answers(copy) == answers(game)
            for _ in range(rng.randrange(1, 12)):  # the same commands give the same events
                if game.over:
                    break
                legal = game.legal_commands()
                cmd = EndTurn() if EndTurn() in legal and rng.random() < 0.5 else rng.choice(legal)
                assert copy.apply(cmd) == game.apply(cmd)
                assert answers(copy) == answers(game)
            built_some += 1
        else:
            legal = game.legal_commands()
            assert game.apply(rng.choice(legal)).ok
    assert built_some >= 3


def test_the_parts_left_out_are_dealt_from_the_seed_as_at_setup() -> None:
    for setup in (GameSetup(1, "B", True, seed=8), GameSetup(3, "A", True, seed=9)):
        unseeded = replace(Game.new(setup).position(), setup=replace(setup, seed=None))
        assert Game.from_position(Position(setup)).position() == unseeded


def test_a_board_and_cards_given_take_their_tokens_and_cards_from_the_deal() -> None:
    setup = GameSetup(2, seed=4)
    dealt = Game.new(setup)
    card = dealt.display[0]
    assert card is not None
    game = Game.from_position(Position(setup, seats=[SeatPosition(board={(0, 0): M2, (1, 0): W}, held={card: 0})]))
    assert dict(game.player(0).stacks) == {(0, 0): M2, (1, 0): W}
    assert [h.card_id for h in game.player(0).cards] == [card]
    assert card not in game.display and game.deck_size == dealt.deck_size - 1
    assert game.token_count() == dealt.token_count()  # the three tokens came out of the pouch
    assert game.pouch_size == dealt.pouch_size - 3


def test_undo_goes_back_to_the_position_and_no_further() -> None:
    game = Game.from_position(Position(GameSetup(2, seed=4), hand=(G,), taken_space=1))
    start = answers(game)
    assert game.central[1] == () and game.hand == (G,)
    assert game.apply(PlaceToken(G, (0, 0))).ok
    assert game.apply(Undo()).ok
    assert answers(game) == start
    assert game.apply(Undo()).code == "undo.nothing"  # type: ignore[union-attr]
    assert game.to_json()["setup"]["seed"] is None   # no seed deals this position


def test_a_built_game_plays_on_to_the_end() -> None:
    rng = random.Random(2)
    game = Game.from_position(Position(GameSetup(2, spirits=True, seed=6), deck=(), current=1, round=3))
    while not game.over:
        assert game.apply(rng.choice(game.legal_commands())).ok
    assert game.outcome is not None and game.display.count(None) >= 1


SETUP = GameSetup(2, seed=4)
SPIRITS = GameSetup(2, spirits=True, seed=4)


@pytest.mark.parametrize("position, words", [
    (Position(SETUP, seats=[SeatPosition(board={(0, 0): (B, G)})]),
     "seat 0 board (0, 0): blue+gray is not a legal stack"),
    (Position(SETUP, seats=[SeatPosition(board={(0, 0): ()})]), "nothing is not a legal stack"),
    (Position(SETUP, seats=[SeatPosition(board={(9, 9): (B,)})]), "(9, 9) is not a cell of board A"),
    (Position(SETUP, seats=[SeatPosition(board={(0, 0): (1,)})]), "1 is not a Colour"),  # type: ignore[dict-item]
    (Position(SETUP, seats=[SeatPosition()] * 3), "3 seats for a game of 2"),
    (Position(SETUP, current=2), "current must be a seat from 0 to 1"),
    (Position(SETUP, round=0), "round must be 1 or more"),
    (Position(SETUP, hand=(R,)), "tokens in hand need the taken_space"),
    (Position(SETUP, hand=(R, R, R, R), taken_space=0), "4 tokens in hand, at most 3"),
    (Position(SETUP, taken_space=5), "taken_space must be a space from 0 to 4"),
    (Position(SETUP, central=((R,),) * 4 + ((),), taken_space=0), "central space 0 still holds tokens"),
    (Position(SETUP, central=((R,),)), "central must be 5 spaces"),
    (Position(SETUP, swapped=True), "swapped is a solo move"),
    (Position(SETUP, end_reason="time"), "end_reason must be"),
    (Position(SETUP, seats=[SeatPosition(board={c: (R, R) for c in board_shape("A").cells[:8]})]),
     "more red tokens on the boards, in hand and on the central board than the game has"),
    (Position(SETUP, pouch=()), "tokens are nowhere"),
    (Position(SETUP, seats=[SeatPosition(held={"meerkat": 1})]), "holds 'meerkat' with 1 cubes placed and 0 on"),
    (Position(SETUP, seats=[SeatPosition(held={"dragon": 0})]), "'dragon', which is not an animal card"),
    (Position(SETUP, seats=[SeatPosition(held={c: 0 for c in ("bee", "bear", "crow", "frog", "wolf")})]),
     "5 unfinished cards, at most 4"),
    (Position(SETUP, seats=[SeatPosition(completed=("bee",))]), "completed 'bee' needs its"),
    (Position(SETUP, seats=[SeatPosition(board={(0, 0): W}, cubes={(0, 0): "bee"})]), "cubes of bee, which the seat"),
    (Position(SETUP, seats=[SeatPosition(cubes={(0, 0): "bee"}, held={"bee": 1})]), "sits on an empty cell"),
    (Position(SETUP, display=("bee", "bee", None, None, None)), "bee in two places at once"),
    (Position(SETUP, display=("bee",)), "display must have 5 slots"),
    (Position(SETUP, seats=[SeatPosition(spirit="tortoise")]), "spirit cards in a game without them"),
    (Position(SPIRITS, seats=[SeatPosition(spirit="bee")]), "'bee' is not a spirit card"),
    (Position(SPIRITS, seats=[SeatPosition(spirit="tortoise", spirit_placed=True)]), "spirit_placed must match"),
    (Position(replace(SETUP, seed=None)), "has no seed to deal central, display, pouch, deck from"),
])
def test_an_impossible_position_is_refused_with_what_is_wrong(position: Position, words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        Game.from_position(position)


def test_a_finished_game_reads_as_over_and_builds_no_game() -> None:
    rng = random.Random(1)
    game = new_game(players=1, seed=1)
    while not game.over:
        assert game.apply(rng.choice(game.legal_commands())).ok
    assert game.position().over
    with pytest.raises(ValueError, match="the game is over"):
        Game.from_position(game.position())


def test_the_cubes_placed_match_the_cards() -> None:
    board = {(2, 1): (G,), (2, 0): (Y,)}  # a meerkat habitat: a 1-mountain beside a field
    game = Game.from_position(Position(SETUP, seats=[SeatPosition(board=board, cubes={(2, 1): "meerkat"},
                                                                  held={"meerkat": 1})]))
    assert game.player(0).cards[0].cubes_placed == 1 and game.player(0).animal_cubes_placed == 1
    assert game.check(PlaceToken(G, (2, 1))) is not None
    assert game.check(TakeCard("meerkat")) is not None


def test_placing_a_cube_on_a_built_board_finds_its_habitat() -> None:
    board = {(2, 1): (G,), (2, 0): (Y,)}
    game = Game.from_position(Position(SETUP, seats=[SeatPosition(board=board, held={"meerkat": 0})]))
    assert (2, 1) in game.cube_options()["meerkat"]
    assert game.apply(PlaceCube("meerkat", (2, 1))).ok
