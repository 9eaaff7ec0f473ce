"""Habitats (components.md §12, §13 Q1, Q7, Q10): where an animal or spirit cube may go.

Every pattern is built on an otherwise empty board, in all 6 rotations, at every anchor where it
fits, on both sides, through real PlaceToken commands, and the engine's answer is compared with a
naive matcher written from the facts reference.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harmonies.rules import (
    CardCompleted, CubePlaced, HeldCard, PlaceCube, PlaceToken, board_shape, default_cards, rotate,
)
from harmonies.rules.habitats import build_table, matching_cells
from harmonies.rules.tables import stack_table
from test_support import (
    B_BROWN, B_GRAY, BUILDINGS, GRAY, LONE_RED, M1, M2, M3, RED, T1, T2, T3, TRUNK1, TRUNK2, W, F,
    Board, Stack, board_of, fits, new_game, pattern_board, place_rigged, ref_animal_ids, ref_card_points, refusal_code,
    ref_cells, ref_habitat_cells, ref_legal_stacks, ref_pattern, ref_spirit_ids, rig_card, rig_spirit,
    rig_tokens, snapshot, stack_ids, with_in_hand,
)
from test_support import accepted as as_accepted, refused

ALL_IDS = [*ref_animal_ids(), *ref_spirit_ids()]
SIDES = ["A", "B"]


def _holding(card_id: str, side: str = "A", seed: int = 0):  # type: ignore[no-untyped-def]
    """A solo game whose player holds ``card_id`` (an animal card, or the chosen spirit)."""
    if card_id in ref_spirit_ids():
        game = new_game(side=side, spirits=True, seed=seed)
        game = rig_spirit(game, card_id)
    else:
        game = new_game(side=side, seed=seed)
        game, taken = rig_card(game, card_id)
        assert taken.ok
    return game


def _building_choices(card_id: str) -> int:
    return max(len(accepted) for _, accepted, _ in ref_pattern(card_id))


# --------------------------------------------------------------------------- every shape, every rotation


def test_the_engine_cards_have_the_reference_patterns() -> None:
    cards = default_cards()
    for cid in ALL_IDS:
        card = cards.get(cid)
        mine = {((c.q, c.r), frozenset(c.stacks), c.cube) for c in card.cells}
        ref = {(off, frozenset(acc), cube) for off, acc, cube in ref_pattern(cid)}
        assert mine == ref, cid


@pytest.mark.slow
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("card_id", ALL_IDS)
def test_every_pattern_in_all_six_rotations_at_every_anchor(card_id: str, side: str) -> None:
    anchors_per_turn = []
    for turn in range(6):
        anchors = [a for a in ref_cells(side) if fits(side, card_id, a, turn)]
        assert anchors, (card_id, side, turn)  # every rotation fits somewhere on either board
        anchors_per_turn.append(anchors)
        for anchor in anchors:
            for choice in range(_building_choices(card_id)):
                board = pattern_board(card_id, anchor, turn, choice)
                game = _holding(card_id, side)
                game = rig_tokens(game, board)
                found = set(game.cube_cells(card_id))
                assert anchor in found, (card_id, side, turn, anchor, choice)
                assert found == ref_habitat_cells(side, card_id, board), (card_id, side, turn, anchor)
                assert game.cube_options() == {card_id: game.cube_cells(card_id)}
                result = game.apply(PlaceCube(card_id, anchor))
                assert result.ok, result
                assert game.player(0).cubes == {anchor: card_id}
                assert anchor not in game.cube_cells(card_id)


@pytest.mark.parametrize("card_id", ALL_IDS)
def test_each_pattern_has_six_distinct_rotations_up_to_its_own_symmetry(card_id: str) -> None:
    pattern = ref_pattern(card_id)
    shapes = {frozenset((rotate(off, t), acc) for off, acc, _ in pattern) for t in range(6)}
    # Only the dragonfly (tree - water - tree, cube in the middle) is symmetric under a half turn.
    assert len(shapes) == (3 if card_id == "dragonfly" else 6)


@pytest.mark.parametrize("card_id", ALL_IDS)
def test_the_mirror_image_of_every_pattern_is_one_of_its_rotations(card_id: str) -> None:
    # §13 Q1: mirroring does not matter, so "6 rotations only" accepts the same boards.
    pattern = ref_pattern(card_id)
    mirrored = frozenset(((q, -q - r), acc) for (q, r), acc, _ in pattern)
    assert mirrored in {frozenset((rotate(off, t), acc) for off, acc, _ in pattern) for t in range(6)}


# --------------------------------------------------------------------------- heights exact, every wrong stack


def _one_anchor(card_id: str, side: str = "A", turn: int = 0) -> tuple[int, int]:
    return next(a for a in ref_cells(side) if fits(side, card_id, a, turn) and a[0] not in (0,))


@pytest.mark.slow
@pytest.mark.parametrize("card_id", ALL_IDS)
def test_any_other_stack_on_any_pattern_cell_breaks_the_habitat(card_id: str) -> None:
    stacks: list[Stack] = [()] + sorted(ref_legal_stacks())
    for turn in (0, 3):
        anchor = _one_anchor(card_id, "A", turn)
        base = pattern_board(card_id, anchor, turn)
        for (offset, accepted, _cube) in ref_pattern(card_id):
            dq, dr = rotate(offset, turn)
            cell = (anchor[0] + dq, anchor[1] + dr)
            for wrong in stacks:
                board = dict(base)
                if wrong:
                    board[cell] = wrong
                else:
                    del board[cell]
                game = _holding(card_id)
                game = rig_tokens(game, board)
                found = set(game.cube_cells(card_id))
                assert found == ref_habitat_cells("A", card_id, board), (card_id, cell, wrong)
                assert (anchor in found) == (wrong in accepted), (card_id, offset, wrong)
                if anchor not in found:
                    before = snapshot(game)
                    result = game.apply(PlaceCube(card_id, anchor))
                    assert refusal_code(result) == "cube.no_habitat"
                    assert snapshot(game) == before


@pytest.mark.parametrize(
    "card_id, cell_offset, right, wrong",
    [
        ("koala", (0, 0), T2, T3),     # a 3-tree is not a 2-tree
        ("koala", (0, 0), T2, T1),
        ("koala", (-1, 0), T1, T2),
        ("bee", (0, 0), T2, T3),
        ("wolf", (0, 0), T3, T2),
        ("bear", (-1, 0), M2, M3),     # a 3-mountain is not a 2-mountain
        ("bear", (-1, 0), M2, M1),
        ("falcon", (0, 0), M3, M2),
        ("penguin", (0, 0), M1, M2),
        ("crow", (1, 0), B_BROWN, LONE_RED),   # a lone red is not a building
        ("crow", (-1, 1), B_BROWN, TRUNK1),       # nor is the base alone
        ("otter", (-1, 0), T1, TRUNK1),        # brown alone is not a tree
        ("alligator", (-2, 0), T3, TRUNK2),
        ("ram", (-1, 0), M2, M3),
        ("marmot", (0, 0), M2, M1),
        ("owl", (0, 0), T3, T2),
    ],
)
def test_heights_must_match_exactly(card_id: str, cell_offset: tuple[int, int], right: Stack, wrong: Stack) -> None:
    anchor = _one_anchor(card_id)
    board = pattern_board(card_id, anchor, 0)
    target = (anchor[0] + cell_offset[0], anchor[1] + cell_offset[1])
    assert board[target] == right
    board[target] = wrong
    game = _holding(card_id)
    game = rig_tokens(game, board)
    assert anchor not in game.cube_cells(card_id)
    assert not game.apply(PlaceCube(card_id, anchor)).ok


BUILDING_CARDS = [cid for cid in ALL_IDS if any(len(acc) == 3 for _, acc, _ in ref_pattern(cid))]


def test_the_building_cards_are_the_expected_ones() -> None:
    assert sorted(BUILDING_CARDS) == sorted(
        ["duck", "lizard", "shrew", "peacock", "squirrel", "hedgehog", "rabbit", "boar", "crow", "cat", "crane"]
    )


@pytest.mark.parametrize("card_id", BUILDING_CARDS)
def test_a_building_cell_accepts_each_of_the_three_bases_in_any_mix(card_id: str) -> None:
    anchor = _one_anchor(card_id)
    base = pattern_board(card_id, anchor, 0)
    building_cells = [c for c, s in base.items() if s in BUILDINGS]
    assert building_cells
    import itertools
    for bases in itertools.product(BUILDINGS, repeat=len(building_cells)):
        board = dict(base)
        board.update(zip(building_cells, bases))
        game = _holding(card_id)
        game = rig_tokens(game, board)
        assert anchor in game.cube_cells(card_id), (card_id, bases)


# --------------------------------------------------------------------------- cubes on the pattern


FENNEC_LINE: Board = {(2, -1): F, (2, 0): M1, (2, 1): M1, (2, 2): F}


def test_the_cube_cell_must_be_free_but_other_cells_may_hold_cubes() -> None:
    # Field - mountain - mountain - field: two Fennec Fox habitats sharing both mountains (the
    # rulebook's "a single token can be used as part of multiple habitats").
    game = _holding("fennec_fox")
    game = rig_tokens(game, FENNEC_LINE)
    assert set(game.cube_cells("fennec_fox")) == {(2, 0), (2, 1)}
    assert game.apply(PlaceCube("fennec_fox", (2, 1))).ok
    # (2, 0) still forms a habitat whose next-to-cube mountain (2, 1) now holds a cube.
    assert game.cube_cells("fennec_fox") == [(2, 0)]
    assert game.apply(PlaceCube("fennec_fox", (2, 0))).ok
    assert game.cube_cells("fennec_fox") == []
    before = snapshot(game)
    refused = game.apply(PlaceCube("fennec_fox", (2, 1)))
    assert refusal_code(refused) == "cube.occupied"
    assert snapshot(game) == before
    assert game.player(0).cubes == {(2, 1): "fennec_fox", (2, 0): "fennec_fox"}


def test_a_cube_of_another_card_also_blocks_the_cube_cell() -> None:
    game = _holding("fennec_fox")
    game, taken = rig_card(game, "meerkat")   # gray next to a field
    assert taken.ok
    game = rig_tokens(game, FENNEC_LINE)
    assert set(game.cube_cells("meerkat")) == {(2, 0), (2, 1)}
    assert game.apply(PlaceCube("fennec_fox", (2, 1))).ok
    assert game.cube_cells("meerkat") == [(2, 0)]
    refused = game.apply(PlaceCube("meerkat", (2, 1)))
    assert refusal_code(refused) == "cube.occupied"
    assert game.apply(PlaceCube("meerkat", (2, 0))).ok


def test_spirit_and_animal_cubes_block_each_other() -> None:
    game = new_game(spirits=True)
    game = rig_spirit(game, "tortoise")           # water between a 2-mountain and a water
    game, taken = rig_card(game, "macaque")    # 2-mountain next to two touching waters
    assert taken.ok
    game = rig_tokens(game, {(2, 0): M2, (2, 1): W, (2, 2): W, (1, 1): W})
    assert (2, 1) in game.cube_cells("tortoise")
    assert (2, 0) in game.cube_cells("macaque")
    assert game.apply(PlaceCube("tortoise", (2, 1))).ok
    # The macaque's habitat uses the water under the spirit cube: allowed.
    assert game.apply(PlaceCube("macaque", (2, 0))).ok
    view = game.player(0)
    assert view.cubes == {(2, 1): "tortoise", (2, 0): "macaque"}
    assert view.spirit_placed and view.animal_cubes_placed == 1


def test_cubes_leave_the_card_from_the_bottom() -> None:
    # Six waters around one height-1 tree: six Frog habitats that share the tree.
    game = _holding("frog")
    ring = [(2, 0), (2, 2), (1, 1), (1, 2), (3, 0), (3, 1)]
    game = rig_tokens(game, {(2, 1): T1, **{c: W for c in ring}})
    track = [2, 4, 6, 10, 15]
    assert game.score(0).cards == {"frog": 0}
    for k, cell in enumerate(ring[:5], start=1):
        result = game.apply(PlaceCube("frog", cell))
        assert result.ok
        assert as_accepted(result).events[0] == CubePlaced(0, "frog", cell, 5 - k, False)
        assert game.score(0).cards["frog"] == track[k - 1] == ref_card_points("frog", k)
        assert game.player(0).animal_cubes_placed == k
        if k < 5:
            assert game.player(0).cards == (HeldCard("frog", k, 5),)
    assert as_accepted(result).events[1:] == (CardCompleted(0, "frog"),)
    view = game.player(0)
    assert view.cards == () and view.completed == (HeldCard("frog", 5, 5),)
    assert game.score(0).animals == 15
    # A completed card has no cube left: its sixth habitat cannot be used.
    assert game.cube_cells("frog") == []
    refusal = game.apply(PlaceCube("frog", ring[5]))
    assert refusal_code(refusal) == "cube.not_held" and refused(refusal).params == {"card": "frog"}


def test_a_placed_cube_stays_when_its_habitat_is_broken() -> None:
    # The rulebook's own example: red placed on a gray of the pattern.
    game = _holding("fennec_fox")
    game = rig_tokens(game, {(2, -1): F, (2, 0): M1, (2, 1): M1})
    assert game.apply(PlaceCube("fennec_fox", (2, 1))).ok
    game, placed = place_rigged(game, RED, (2, 0))
    assert placed.ok
    assert board_of(game)[(2, 0)] == B_GRAY
    view = game.player(0)
    assert view.cubes == {(2, 1): "fennec_fox"}
    assert view.cards == (HeldCard("fennec_fox", 1, 3),)
    assert game.score(0).cards == {"fennec_fox": 4}
    # The spirit too: its card scores from the final board whatever happened to its habitat.
    game = new_game(spirits=True)
    game = rig_spirit(game, "ram")
    game = rig_tokens(game, {(2, 0): M2, (2, 1): M3})
    assert game.apply(PlaceCube("ram", (2, 1))).ok
    game, placed = place_rigged(game, RED, (1, 1))
    assert placed.ok
    game, placed = place_rigged(game, GRAY, (2, 0))       # the 2-mountain grows to 3: pattern gone
    assert placed.ok
    assert game.player(0).spirit_placed
    assert game.score(0).spirit == 8


def test_cube_commands_are_refused_with_a_reason_and_change_nothing() -> None:
    game = _holding("fennec_fox")
    game = rig_tokens(game, FENNEC_LINE)
    bad = [
        (PlaceCube("meerkat", (2, 0)), "cube.not_held"),
        (PlaceCube("no_such_card", (2, 0)), "cube.not_held"),
        (PlaceCube("fennec_fox", (9, 9)), "cell.not_on_board"),
        (PlaceCube("fennec_fox", (2, -1)), "cube.no_habitat"),    # a field: no habitat with the cube there
        (PlaceCube("fennec_fox", (0, 0)), "cube.no_habitat"),     # empty cell
        (PlaceCube("lion", (2, 0)), "cube.not_held"),             # spirits are off
    ]
    for cmd, code in bad:
        before = snapshot(game)
        refusal = game.check(cmd)
        result = game.apply(cmd)
        assert result == refusal and refusal_code(result) == code, cmd
        assert snapshot(game) == before, cmd


def test_the_spirit_cube_is_placed_once() -> None:
    game = new_game(spirits=True)
    game = rig_spirit(game, "dragonfly")
    game = rig_tokens(game, {(2, 0): T2, (2, 1): W, (2, 2): T2, (3, -1): T2, (3, 0): W, (3, 1): T2})
    assert set(game.cube_cells("dragonfly")) == {(2, 1), (3, 0)}
    result = game.apply(PlaceCube("dragonfly", (2, 1)))
    assert result.ok and as_accepted(result).events == (CubePlaced(0, "dragonfly", (2, 1), 0, True),)
    view = game.player(0)
    assert view.spirit == "dragonfly" and view.spirit_placed and view.animal_cubes_placed == 0
    assert game.cube_cells("dragonfly") == []
    refused = game.apply(PlaceCube("dragonfly", (3, 0)))
    assert refusal_code(refused) == "cube.spirit_placed"


# --------------------------------------------------------------------------- random boards


@st.composite
def boards(draw: st.DrawFn, side: str) -> Board:
    legal = sorted(ref_legal_stacks())
    cells = ref_cells(side)
    # Weighted toward crowded boards with the habitat-rich stacks.
    chosen = draw(st.lists(st.sampled_from(cells), unique=True, min_size=3, max_size=len(cells)))
    return {c: draw(st.sampled_from(legal)) for c in chosen}


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), side=st.sampled_from(SIDES))
def test_the_precomputed_tables_agree_with_a_naive_matcher_on_random_boards(data: st.DataObject, side: str) -> None:
    board = data.draw(boards(side))
    cubes = set(data.draw(st.lists(st.sampled_from(sorted(board)), unique=True, max_size=4)))
    shape = board_shape(side)
    ids = stack_ids(side, board)
    where = [0] * len(stack_table().stacks)
    for i, s in enumerate(ids):
        where[s] |= 1 << i
    cube_bits = sum(1 << shape.index[c] for c in cubes)
    cards = default_cards()
    for cid in ALL_IDS:
        found = {shape.cells[i] for i in matching_cells(build_table(cards.get(cid), shape), ids, where, cube_bits)}
        assert found == ref_habitat_cells(side, cid, board, cubes), cid


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), side=st.sampled_from(SIDES))
def test_cube_cells_stay_right_while_tokens_and_cubes_are_added(data: st.DataObject, side: str) -> None:
    """The engine keeps habitat matches between commands; they must always equal a fresh match."""
    held = data.draw(st.lists(st.sampled_from(ref_animal_ids()), unique=True, min_size=1, max_size=3))
    spirit_id = data.draw(st.sampled_from(ref_spirit_ids()))
    game = new_game(side=side, spirits=True, seed=data.draw(st.integers(0, 10**6)))
    game = rig_spirit(game, spirit_id)
    for cid in held:
        game, taken = rig_card(game, cid)
        assert taken.ok
    for _ in range(data.draw(st.integers(10, 45))):
        if data.draw(st.integers(0, 4)) == 0 and game.cube_options():
            options = game.cube_options()
            cid = data.draw(st.sampled_from(sorted(options)))
            assert game.apply(PlaceCube(cid, data.draw(st.sampled_from(options[cid])))).ok
        else:
            if not game.hand:  # a hand of up to three tokens, placed one by one on the same game
                for _ in range(3):
                    pouch = game.position().pouch or ()
                    game = with_in_hand(game, data.draw(st.sampled_from(sorted(set(pouch)))))
            colour = data.draw(st.sampled_from(sorted(set(game.hand))))
            cells = game.token_cells(colour)
            if not cells:
                continue
            assert game.apply(PlaceToken(colour, data.draw(st.sampled_from(cells)))).ok
        view = game.player(0)
        for cid in game.cubes_owed():
            assert set(game.cube_cells(cid)) == ref_habitat_cells(side, cid, view.stacks, view.cubes), cid
