"""Stacking (components.md §7, §13 Q4-Q6): exactly 14 legal stacks, never on a cube, never under."""

from __future__ import annotations

import itertools

import pytest

from harmonies.rules import COLOURS, Colour, PlaceCube, PlaceToken, TokenPlaced
from harmonies.rules.tables import stack_table
from test_support import (
    BLUE, BROWN, GRAY, GREEN, M1, RED, W, YELLOW, Stack, new_game, place_rigged, reference, refusal_code, rig_card,
    rig_tokens, snapshot, with_in_hand,
)
from test_support import accepted, refused

# components.md §7, written out by hand so that the test does not lean on any data file.
LEGAL_14: set[Stack] = {
    (BLUE,), (YELLOW,), (GREEN,), (BROWN,), (GRAY,), (RED,),
    (GRAY, GRAY), (BROWN, BROWN), (BROWN, GREEN), (BROWN, RED), (GRAY, RED), (RED, RED),
    (GRAY, GRAY, GRAY), (BROWN, BROWN, GREEN),
}

ALL_SEQUENCES: list[Stack] = [s for n in range(1, 5) for s in itertools.product(COLOURS, repeat=n)]


def test_there_are_exactly_fourteen_legal_stacks_and_the_reference_agrees() -> None:
    assert len(LEGAL_14) == 14
    from test_support import ref_legal_stacks
    assert ref_legal_stacks() == LEGAL_14
    table = stack_table()
    assert set(table.stacks) - {()} == LEGAL_14
    assert len(table.stacks) == 15  # 14 + the empty cell


def test_the_sequences_enumerated_are_every_colour_sequence_up_to_height_four() -> None:
    assert len(ALL_SEQUENCES) == 6 + 6**2 + 6**3 + 6**4


def _build(sequence: Stack) -> tuple[int, str | None]:
    """Place ``sequence`` bottom to top on one cell; how many tokens went down, and why the next did not."""
    game = new_game()
    cell = (2, 1)
    for n, colour in enumerate(sequence):
        before = snapshot(game)
        game, result = place_rigged(game, colour, cell)
        if not result.ok:
            code = refusal_code(result)
            assert snapshot(game) == before, f"rejected {colour.label} on {sequence[:n]} changed the game"
            return n, code
        (event,) = accepted(result).events
        # The new token always goes on top: never under existing tokens.
        assert event == TokenPlaced(0, colour, cell, n + 1)
        assert game.player(0).stacks[cell] == sequence[: n + 1]
    return len(sequence), None


@pytest.mark.slow
@pytest.mark.parametrize("height", [1, 2, 3, 4])
def test_every_colour_sequence_is_buildable_exactly_when_it_is_a_legal_stack(height: int) -> None:
    for sequence in (s for s in ALL_SEQUENCES if len(s) == height):
        placed, reason = _build(sequence)
        if sequence in LEGAL_14:
            assert placed == len(sequence) and reason is None, sequence
        else:
            # Refused at the first token that makes it illegal, and at no earlier one.
            first_bad = next(n for n in range(1, len(sequence) + 1) if sequence[:n] not in LEGAL_14)
            assert placed == first_bad - 1, (sequence, placed)
            assert reason == ("stack.too_high" if first_bad == 4 else "stack.not_allowed"), sequence


def test_may_add_on_top_matches_the_reference_table() -> None:
    table = reference()["stacking"]["may_add_on_top"]
    game = new_game()
    for stack in [()] + sorted(LEGAL_14):
        game = new_game()
        if stack:
            game = rig_tokens(game, {(2, 1): stack})
        allowed = {c for c in Colour if (2, 1) in game.token_cells(c)}
        key = "[" + ", ".join(c.label for c in stack) + "]"
        expected = {Colour.parse(c) for c in table.get(key, [])}
        assert allowed == expected, stack


def test_token_cells_lists_every_cell_a_colour_may_go_to_and_no_other() -> None:
    game = new_game(seed=4)
    board = {(0, 0): (BROWN,), (0, 1): (BROWN, BROWN), (1, 0): (GRAY,), (1, 1): (GRAY, GRAY),
             (2, 0): (RED,), (2, 1): (BLUE,), (3, 0): (GRAY, GRAY, GRAY), (3, 1): (BROWN, RED)}
    game = rig_tokens(game, board)
    empty = {c for c in game.shape.cells if c not in board}
    assert set(game.token_cells(GREEN)) == empty | {(0, 0), (0, 1)}
    assert set(game.token_cells(BROWN)) == empty | {(0, 0)}
    assert set(game.token_cells(GRAY)) == empty | {(1, 0), (1, 1)}
    assert set(game.token_cells(RED)) == empty | {(0, 0), (1, 0), (2, 0)}
    assert set(game.token_cells(BLUE)) == empty
    assert set(game.token_cells(YELLOW)) == empty


def test_nothing_goes_on_a_cube_even_where_the_stack_would_allow_it() -> None:
    game = new_game()
    # A meerkat (cube on a height-1 mountain next to a field): the gray under the cube could
    # otherwise take a gray or a red.
    game = rig_tokens(game, {(2, 1): M1, (2, 0): (YELLOW,)})
    game, taken = rig_card(game, "meerkat")
    assert taken.ok
    assert game.apply(PlaceCube("meerkat", (2, 1))).ok
    assert (2, 1) not in game.token_cells(GRAY)
    assert (2, 1) not in game.token_cells(RED)
    for colour in (GRAY, RED, BLUE):
        rigged = with_in_hand(game, colour)
        before = snapshot(rigged)
        refusal = rigged.check(PlaceToken(colour, (2, 1)))
        assert refusal is not None and refusal.code == "token.on_cube"
        assert snapshot(rigged) == before


def test_the_spirit_cube_closes_its_cell_to_tokens_too() -> None:
    from test_support import rig_spirit
    game = new_game(spirits=True)
    game = rig_spirit(game, "tortoise")
    game = rig_tokens(game, {(2, 0): (GRAY, GRAY), (2, 1): W, (2, 2): W})
    assert game.apply(PlaceCube("tortoise", (2, 1))).ok
    for colour in COLOURS:
        assert (2, 1) not in game.token_cells(colour)
    game, result = place_rigged(game, BLUE, (2, 1))
    assert refusal_code(result) == "token.on_cube"


def test_a_stack_is_never_taller_than_three() -> None:
    for stack in (s for s in LEGAL_14 if len(s) == 3):
        game = new_game()
        game = rig_tokens(game, {(0, 0): stack})
        assert all((0, 0) not in game.token_cells(c) for c in COLOURS)


def test_a_rejected_stacking_says_why() -> None:
    game = new_game()
    game = rig_tokens(game, {(0, 0): W, (0, 1): (GRAY, GRAY, GRAY)})
    game, bad = place_rigged(game, GREEN, (0, 0))
    assert refusal_code(bad) == "stack.not_allowed" and refused(bad).params == {"colour": "green", "on": "blue"}
    game, tall = place_rigged(game, GRAY, (0, 1))
    assert refusal_code(tall) == "stack.too_high" and refused(tall).params == {"n": 3}
    assert game.player(0).stacks == {(0, 0): W, (0, 1): (GRAY, GRAY, GRAY)}
