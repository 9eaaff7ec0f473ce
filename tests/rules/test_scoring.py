"""Scoring (components.md §8, §10, spirit-cards.md): every category on both sides, the rulebook's
worked examples, every spirit, solo suns; and the engine against a naive scorer on random boards."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harmonies.rules import Hex, PlaceCube, ScoreSheet, board_shape, score_board, solo_suns
from harmonies.rules.scoring import river_points
from test_support import (
    B_BROWN, B_GRAY, B_RED, BUILDINGS, LONE_RED, M1, M2, M3, T1, T2, T3, TRUNK1, TRUNK2, W, F, Board,
    animal, new_game, rig_card, rig_spirit, rig_tokens, ref_animal_ids, ref_card, ref_cells, ref_legal_stacks,
    ref_river_points, ref_score, ref_spirit_ids, reference, spirit, stack_ids,
)
from test_support import Stack


SIDES = ["A", "B"]


def score(side: str, board: Board, cards: list[tuple[str, int]] | None = None,
          spirit_id: str | None = None, placed: bool = False) -> ScoreSheet:
    held = [(animal(cid), n) for cid, n in (cards or [])]
    return score_board(board_shape(side), stack_ids(side, board), held,
                       spirit(spirit_id) if spirit_id else None, placed)


def land(side: str, board: Board) -> tuple[int, int, int, int]:
    s = score(side, board)
    return s.trees, s.mountains, s.fields, s.buildings


# Interior cell present on both sides, and its six neighbours.
C = (2, 1)
RING = [(2, 0), (3, 0), (3, 1), (2, 2), (1, 2), (1, 1)]


def test_the_interior_cell_and_its_ring_are_on_both_boards() -> None:
    for side in SIDES:
        shape = board_shape(side)
        assert {shape.cells[j] for j in shape.neighbours[shape.index[C]]} == set(RING)


# --------------------------------------------------------------------------- trees


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("stack, points", [(T1, 1), (T2, 3), (T3, 7), (TRUNK1, 0), (TRUNK2, 0)])
def test_a_tree_scores_by_its_height(side: str, stack: Stack, points: int) -> None:
    assert land(side, {C: stack}) == (points, 0, 0, 0)


@pytest.mark.parametrize("side", SIDES)
def test_trees_add_up_wherever_they_are(side: str) -> None:
    assert land(side, {(0, 0): T1, (0, 1): T2, (2, 1): T3, (2, 2): T3, (1, 0): TRUNK2}) == (18, 0, 0, 0)


# --------------------------------------------------------------------------- mountains


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("stack", [M1, M2, M3])
def test_an_isolated_mountain_scores_nothing(side: str, stack: Stack) -> None:
    assert land(side, {C: stack, (0, 0): M3}) == (0, 0, 0, 0)


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("stack, points", [(M1, 1), (M2, 3), (M3, 7)])
def test_a_mountain_next_to_another_scores_by_its_height(side: str, stack: Stack, points: int) -> None:
    assert land(side, {C: stack, (2, 2): M1}) == (0, points + 1, 0, 0)


@pytest.mark.parametrize("side", SIDES)
def test_a_gray_building_is_not_a_mountain_neighbour(side: str) -> None:
    assert land(side, {C: M3, (2, 2): B_GRAY})[1] == 0
    # Two adjacent 1-mountains score 1 each (§13 Q3); a chain of three all count.
    assert land(side, {(0, 0): M1, (0, 1): M1})[1] == 2
    assert land(side, {(0, 0): M3, (0, 1): M2, (0, 2): M1, (2, 1): M3})[1] == 11


# --------------------------------------------------------------------------- fields


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize(
    "cells, points",
    [
        ([(0, 0)], 0),                                   # a lone yellow is not a field
        ([(0, 0), (0, 1)], 5),
        ([(0, 0), (0, 1), (0, 2), (0, 3)], 5),           # any size of group is one field
        ([(0, 0), (0, 1), (2, 0), (2, 1)], 10),          # two groups
        ([(0, 0), (0, 1), (0, 3)], 5),                   # a pair and a lone token
        ([(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1)], 5),
    ],
)
def test_fields_score_5_per_group_of_two_or_more(side: str, cells: list[Hex], points: int) -> None:
    assert land(side, {c: F for c in cells}) == (0, 0, points, 0)


# --------------------------------------------------------------------------- buildings


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("building", BUILDINGS)
@pytest.mark.parametrize(
    "around, points",
    [
        ([W, F, T1], 5),
        ([W, F, M1, T2, TRUNK1, LONE_RED], 5),
        ([W, W, F, F, W, F], 0),                 # two colours
        ([W, F], 0),                             # empty neighbours add nothing
        ([W, F, LONE_RED], 5),                   # red counts as a colour
        ([W, F, B_RED], 5),
        ([T2, T1, W], 0),                        # only the top token counts: green, green, blue
        ([TRUNK1, T1, W], 5),                    # brown, green, blue
        ([M3, B_GRAY, F], 5),                    # gray, red, yellow
    ],
)
def test_a_building_scores_5_with_three_colours_on_top_around_it(side: str, building: Stack, around: list[Stack],
                                                                   points: int) -> None:
    board = {C: building, **dict(zip(RING, around))}
    s = score(side, board)
    expected_buildings = points + 5 * sum(
        1 for cell, stack in board.items() if cell != C and stack in BUILDINGS
        and len({board[n][-1] for n in _ring_of(side, cell) if n in board}) >= 3
    )
    assert s.buildings == expected_buildings


def _ring_of(side: str, cell: tuple[int, int]) -> list[tuple[int, int]]:
    shape = board_shape(side)
    return [shape.cells[j] for j in shape.neighbours[shape.index[cell]]]


@pytest.mark.parametrize("side", SIDES)
def test_a_lone_red_is_not_a_building(side: str) -> None:
    assert land(side, {C: LONE_RED, (2, 0): W, (2, 2): F, (1, 1): T1}) == (1, 0, 0, 0)


@pytest.mark.parametrize("side", SIDES)
def test_a_building_on_the_edge_sees_only_its_board_neighbours(side: str) -> None:
    # (0, 0) has two neighbours on either side, so it can never see three colours.
    assert land(side, {(0, 0): B_BROWN, (0, 1): W, (1, 0): F})[3] == 0


# --------------------------------------------------------------------------- water, side A


RIVER_EXAMPLES = reference()["scoring"]["river_examples"]


@pytest.mark.parametrize("example", RIVER_EXAMPLES, ids=[e["name"] for e in RIVER_EXAMPLES])
def test_river_examples_of_the_reference(example: dict[str, Any]) -> None:
    board = {tuple(c): W for c in example["blue_cells"]}
    # The ring of six is unresolved; the reference recommends the diameter rule (length 4 = 8).
    expected = example.get("points_diameter_rule", example.get("points"))
    assert score("A", board).water == expected
    assert land("A", board) == (0, 0, 0, 0)


def test_river_of_7_is_19_and_of_8_is_23_and_of_9_is_27() -> None:
    seven = [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (3, 0), (3, 1), (4, 1)]
    assert score("A", {c: W for c in seven}).water == 19
    assert score("A", {c: W for c in [*seven, (4, 2)]}).water == 23
    assert score("A", {c: W for c in [*seven, (4, 2), (0, 4)]}).water == 27


@pytest.mark.parametrize(
    "cells, points",
    [
        ([], 0),
        ([(2, 1)], 0),
        ([(0, 0), (0, 1)], 2),
        ([(0, 0), (0, 1), (0, 2)], 5),
        ([(0, 0), (0, 1), (0, 2), (0, 3)], 8),
        ([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], 11),
        ([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], 11),      # a straight line across the columns
        ([(0, 2), (1, 1), (2, 0), (3, -1), (4, -2)], 11),
        ([(0, 0), (0, 1), (0, 2), (2, 0), (2, 1)], 5),       # best river only: 3 and 2 do not add
        ([(2, 0), (2, 1), (3, 0)], 2),                       # a triangle: 2 tokens end to end
    ],
)
def test_river_length_is_the_longest_shortest_path(cells: list[Hex], points: int) -> None:
    assert score("A", {c: W for c in cells}).water == points


def test_river_points_by_length_follow_the_table_and_four_beyond_six() -> None:
    expected = [0, 0, 2, 5, 8, 11, 15, 19, 23, 27, 31, 35]
    for length, pts in enumerate(expected):
        assert river_points(length) == pts == ref_river_points(length)


def test_side_b_ignores_rivers() -> None:
    board = {c: W for c in [(1, 0), (1, 1), (1, 2), (2, 0), (3, 0), (3, 1), (4, 1)]}
    # Islands instead: column 0; (2, 1)-(2, 2) boxed in by blue; and everything else.
    assert score("B", board).water == 5 * 3


# --------------------------------------------------------------------------- water, side B


def test_an_empty_side_b_board_is_one_island_and_side_a_has_no_river() -> None:
    assert score("B", {}).water == 5
    assert score("A", {}).water == 0
    assert score("B", {}).total == 5
    assert score("B", {(3, 0): W}).water == 5


def test_four_islands_score_20() -> None:
    # Blue columns 1, 3 and 5 cut the board into columns 0, 2, 4 and 6 (the rulebook: 4 islands = 20).
    blue = [c for c in ref_cells("B") if c[0] in (1, 3, 5)]
    assert len(blue) == 9
    assert score("B", {c: W for c in blue}).water == 20
    # Side A scores the same tokens as rivers instead.
    assert score("A", {c: W for c in blue if c in board_shape("A")}).water != 20


def test_an_island_can_be_a_single_empty_cell() -> None:
    # Blue around (3, 0) fills the rest of column 3 too, so the board splits in three:
    # the left part, the right part and the lone empty cell (3, 0).
    ring = {c: W for c in [(3, -1), (3, 1), (2, 0), (2, 1), (4, -1), (4, 0)]}
    assert score("B", ring).water == 15
    assert score("B", {**ring, (3, 0): T1}).water == 15
    # Empty cells are island cells: with one blue hole the board is still one island.
    assert score("B", {(3, 0): W, (0, 0): W}).water == 5


# --------------------------------------------------------------------------- animal cards


@pytest.mark.parametrize("card_id", ref_animal_ids())
def test_an_animal_card_scores_the_track_value_of_its_cubes_placed(card_id: str) -> None:
    track = ref_card(card_id)["track"]
    assert list(animal(card_id).track) == track
    for k in range(len(track) + 1):
        s = score("A", {}, [(card_id, k)])
        assert s.animals == s.cards[card_id] == (track[k - 1] if k else 0)


def test_animal_points_add_up_over_cards() -> None:
    s = score("B", {}, [("fish", 2), ("bee", 2), ("crow", 0)])
    assert s.cards == {"fish": 6, "bee": 18, "crow": 0}
    assert s.animals == 24 and s.total == 24 + 5


# --------------------------------------------------------------------------- spirits


YELLOW_1_2_3: Board = {(0, 0): F, (0, 2): F, (0, 3): F, (2, -1): F, (2, 0): F, (3, -1): F}
SPIRIT_CASES = [
    # The rulebook's lion example: groups of 1, 2 and 3+ yellow tokens give 2 + 2 + 10 = 14.
    ("lion", YELLOW_1_2_3, 14),
    ("lion", {c: F for c in [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]}, 10),
    ("butterfly", YELLOW_1_2_3, 15),
    ("butterfly", {}, 0),
    ("dragonfly", {(0, 0): W, (0, 2): W, (0, 3): W, (2, -1): W, (2, 0): W, (3, -1): W, (3, 0): W}, 14),
    ("dragonfly", {(0, 0): W, (2, 0): W}, 0),
    ("cat", {(0, 0): B_BROWN, (0, 1): B_GRAY, (2, 0): B_RED}, 8),
    ("cat", {(0, 0): B_BROWN, (0, 1): LONE_RED, (0, 2): B_RED}, 8),   # a lone red joins nothing
    ("cat", {(0, 0): LONE_RED}, 0),
    ("crane", {(0, 0): B_BROWN, (0, 1): B_GRAY, (2, 0): B_RED}, 6),
    ("crane", {(0, 0): B_BROWN, (0, 1): LONE_RED, (0, 2): B_RED}, 0),
    ("crane", {(0, 0): B_BROWN, (0, 1): B_RED, (0, 2): B_RED, (2, 0): B_GRAY, (2, 1): B_GRAY}, 12),
    ("deer", {(0, 0): T1, (0, 2): T2, (2, 0): T3, (2, 2): TRUNK2}, 8),
    ("owl", {(0, 0): T1, (0, 2): T2, (2, 0): T3, (2, 2): TRUNK2}, 7),
    ("ram", {(0, 0): M1, (0, 2): M2, (2, 0): M3}, 8),                # isolated mountains included
    ("marmot", {(0, 0): M1, (0, 2): M2, (2, 0): M3}, 7),
    ("marmot", {(0, 0): M1, (0, 1): M1, (2, 0): B_GRAY}, 6),
    ("tortoise", {c: W for c in [(0, 0), (0, 1), (2, 0), (3, 1), (4, 1)]}, 10),
]


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("spirit_id, board, points", SPIRIT_CASES)
def test_each_spirit_scores_by_its_rule_when_its_cube_is_placed(side: str, spirit_id: str, board: Board,
                                                                 points: int) -> None:
    placed = score(side, board, spirit_id=spirit_id, placed=True)
    assert placed.spirit == points
    assert placed.spirit == ref_score(side, board, spirit=spirit_id, spirit_placed=True)["spirit"]
    unplaced = score(side, board, spirit_id=spirit_id, placed=False)
    assert unplaced.spirit == 0
    # Spirit points are in addition to everything else.
    assert placed.total == unplaced.total + points
    assert (placed.trees, placed.mountains, placed.fields, placed.buildings, placed.water) == (
        unplaced.trees, unplaced.mountains, unplaced.fields, unplaced.buildings, unplaced.water)


def test_every_spirit_has_a_case() -> None:
    assert {c[0] for c in SPIRIT_CASES} == set(ref_spirit_ids())


def test_the_lion_example_adds_14_to_normal_field_scoring() -> None:
    s = score("A", YELLOW_1_2_3, spirit_id="lion", placed=True)
    assert s.fields == 10 and s.spirit == 14 and s.total == 24


# --------------------------------------------------------------------------- solo suns


@pytest.mark.parametrize(
    "total, suns",
    [(0, 0), (39, 0), (40, 1), (69, 1), (70, 2), (89, 2), (90, 3), (109, 3), (110, 4), (129, 4), (130, 5),
     (139, 5), (140, 6), (149, 6), (150, 7), (159, 7), (160, 8), (250, 8)],
)
def test_suns_from_the_score(total: int, suns: int) -> None:
    report = solo_suns(total, "B", spirit("ram"))
    assert report.score_suns == suns
    assert report.total == suns


def test_sun_thresholds_are_the_reference_ones() -> None:
    thresholds = reference()["solo"]["sun_thresholds"]
    for minimum, suns in thresholds.items():
        assert solo_suns(minimum, "B", spirit("deer")).score_suns == suns
        assert solo_suns(minimum - 1, "B", spirit("deer")).score_suns == suns - 1


def test_the_rulebook_solo_example_130_side_a_lion_is_7_suns() -> None:
    report = solo_suns(130, "A", spirit("lion"))
    assert (report.score_suns, report.side_suns, report.spirit_suns, report.total) == (5, 1, 1, 7)


@pytest.mark.parametrize("spirit_id", ref_spirit_ids())
def test_the_spirit_family_sets_the_sun_modifier(spirit_id: str) -> None:
    family = reference()["solo"]["spirit_category"][spirit_id]
    assert spirit(spirit_id).family == family
    expected = {"group": 1, "count": 0}[family]
    assert solo_suns(100, "B", spirit(spirit_id)).spirit_suns == expected
    assert solo_suns(100, "A", spirit(spirit_id)).total == 3 + 1 + expected


def test_without_spirits_the_modifier_is_two_and_side_b_adds_nothing() -> None:
    assert solo_suns(0, "B", None).total == 2
    assert solo_suns(160, "A", None).total == 8 + 1 + 2


# --------------------------------------------------------------------------- the game's own score


def test_game_score_is_the_score_of_the_board_it_holds() -> None:
    game = new_game(side="A", spirits=True)
    game = rig_spirit(game, "lion")
    game, taken = rig_card(game, "ladybug")     # field next to a 1-tree
    assert taken.ok
    board = {**YELLOW_1_2_3, (1, 0): T1, (2, 2): B_BROWN, (2, 1): W, (3, 1): M2, (3, 2): M1, (1, 2): F}
    game = rig_tokens(game, board)
    assert game.apply(PlaceCube("ladybug", (0, 0))).ok
    s = game.score(0)
    expected = ref_score("A", board, [("ladybug", 1)], "lion", spirit_placed=False)
    assert s.total == expected["total"]
    assert (s.trees, s.mountains, s.fields, s.buildings, s.water, s.animals, s.spirit) == (
        1, 3 + 1, 10, 5, 0, 2, 0)


def test_score_sheet_totals_and_json() -> None:
    s = ScoreSheet(trees=1, mountains=2, fields=3, buildings=4, water=5, animals=6, spirit=7, cards={"x": 6})
    assert s.landscapes == 15 and s.total == 28
    assert s.to_json() == {"trees": 1, "mountains": 2, "fields": 3, "buildings": 4, "water": 5, "landscapes": 15,
                           "animals": 6, "spirit": 7, "total": 28, "cards": {"x": 6}}


# --------------------------------------------------------------------------- random boards


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), side=st.sampled_from(SIDES))
def test_the_engine_and_a_naive_scorer_agree_on_random_boards(data: st.DataObject, side: str) -> None:
    legal = sorted(ref_legal_stacks())
    cells = data.draw(st.lists(st.sampled_from(ref_cells(side)), unique=True))
    board = {c: data.draw(st.sampled_from(legal)) for c in cells}
    cards = data.draw(st.lists(st.sampled_from(ref_animal_ids()), unique=True, max_size=6))
    held = [(cid, data.draw(st.integers(0, len(ref_card(cid)["track"])))) for cid in cards]
    spirit_id = data.draw(st.none() | st.sampled_from(ref_spirit_ids()))
    placed = data.draw(st.booleans())
    mine = score(side, board, held, spirit_id, placed)
    ref = ref_score(side, board, held, spirit_id, placed)
    assert {k: getattr(mine, k) for k in ref} == ref
