"""The rules' bit-set kernels (rules/landscapes.py, rules/habitats.py), which the scoring and the
computer players share, against naive restatements on the boards met in random games.

The naive versions walk hex coordinates and sets (test_support), so they share nothing with the
kernels but the reference's rules.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from harmonies.ai import RandomPlayer
from harmonies.ai.random_turn import play_random_turn
from harmonies.rules import Game, GameSetup, PlaceCube, PlaceToken, board_shape, default_cards
from harmonies.rules.habitats import FAR, formed_cells, habitat_tables, tokens_needed
from harmonies.rules.landscapes import (
    cell_groups, cells_of_kind, field_groups, landscape_table, longest_river, river, scoring_mountains,
)
from harmonies.rules.tables import FIELD, MOUNTAIN, WATER, stack_table
from test_support import _diameter_tokens, _groups, ref_habitat_cells, ref_neighbours

GAMES = 24  # random games a side, of 1 to 4 seats


@lru_cache(maxsize=None)
def boards(side: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """(stack ids, cube cells as a bit set) after every token and cube placed in random games."""
    out: list[tuple[tuple[int, ...], int]] = []
    for seed in range(GAMES):
        players = 1 + seed % 4
        game = Game.new(GameSetup(players=players, side=side, spirits=seed % 3 == 0, seed=2000 + seed))
        seats = [RandomPlayer(seed * 8 + s) for s in range(players)]
        index = game.shape.index
        while not game.over:
            seat = game.current
            replay = game.clone()
            start = len(game.history)
            play_random_turn(game, seats[seat].rng, seats[seat].take_cards)
            for cmd in game.history[start:]:
                assert replay.apply(cmd).ok
                if isinstance(cmd, (PlaceToken, PlaceCube)):
                    cubes = sum(1 << index[cell] for cell in replay.player(seat).cubes)
                    out.append((replay.stack_ids(seat), cubes))
    return tuple(out)


def _bits(side: str, cells: set[tuple[int, int]]) -> int:
    index = board_shape(side).index
    return sum(1 << index[c] for c in cells)


def _cells(side: str, bits: int) -> set[tuple[int, int]]:
    shape = board_shape(side)
    return {shape.cells[i] for i in range(shape.size) if bits >> i & 1}


def test_random_play_gives_many_varied_boards() -> None:
    for side in "AB":
        found = boards(side)
        assert len(found) >= 1000
        assert len({b for b, _ in found}) >= 0.9 * len(found)
        assert sum(1 for _, cubes in found if cubes) >= 200


@pytest.mark.parametrize("side", ["A", "B"])
def test_groups_of_a_mask_are_the_connected_groups(side: str) -> None:
    shape = board_shape(side)
    for stacks, _ in boards(side):
        for kind in (WATER, FIELD, MOUNTAIN):
            mask = cells_of_kind(stacks, kind)
            found = cell_groups(shape, mask)
            assert sorted(map(frozenset, (_cells(side, g) for g in found)), key=sorted) == sorted(
                map(frozenset, _groups(side, _cells(side, mask))), key=sorted)
            lows = [g & -g for g in found]
            assert lows == sorted(lows), "groups come in the order of their lowest cell"


@pytest.mark.parametrize("side", ["A", "B"])
def test_a_river_is_its_longest_shortest_path_with_its_ends(side: str) -> None:
    shape = board_shape(side)
    checked = 0
    for stacks, _ in boards(side):
        for group in cell_groups(shape, cells_of_kind(stacks, WATER)):
            cells = _cells(side, group)
            length, ends = river(shape, group)
            assert length == _diameter_tokens(side, cells)
            # the ends: the cells whose farthest cell in the group is ``length`` tokens away
            want = {c for c in cells if _diameter_tokens(side, cells) == _farthest(side, cells, c)}
            assert _cells(side, ends) == want
            checked += length >= 3
    assert checked >= 100


def _farthest(side: str, group: set[tuple[int, int]], start: tuple[int, int]) -> int:
    dist = {start: 1}
    todo = [start]
    while todo:
        nxt = []
        for c in todo:
            for n in ref_neighbours(side, c):
                if n in group and n not in dist:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        todo = nxt
    return max(dist.values())


def test_the_longest_river_is_the_first_of_the_longest_groups() -> None:
    shape = board_shape("A")
    for stacks, _ in boards("A"):
        blue = cells_of_kind(stacks, WATER)
        length, ends, cells = longest_river(shape, blue)
        groups = cell_groups(shape, blue)
        if not groups:
            assert (length, ends, cells) == (0, 0, 0)
            continue
        lengths = [river(shape, g)[0] for g in groups]
        first = lengths.index(max(lengths))
        assert (length, ends, cells) == (lengths[first], river(shape, groups[first])[1], groups[first])


@pytest.mark.parametrize("side", ["A", "B"])
def test_fields_and_mountains_and_buildings_see_their_neighbours(side: str) -> None:
    shape = board_shape(side)
    table = stack_table()
    for stacks, _ in boards(side):
        yellow = cells_of_kind(stacks, FIELD)
        groups = _groups(side, _cells(side, yellow))
        assert field_groups(shape, yellow) == (sum(1 for g in groups if len(g) >= 2),
                                               sum(len(g) for g in groups if len(g) < 2))
        peaks = cells_of_kind(stacks, MOUNTAIN)
        want = {c for c in _cells(side, peaks) if any(n in _cells(side, peaks) for n in ref_neighbours(side, c))}
        assert _cells(side, scoring_mountains(shape, peaks)) == want
        for i in range(shape.size):
            tops = {table.top[stacks[shape.index[n]]] for n in ref_neighbours(side, shape.cells[i])}
            empty = sum(1 for n in ref_neighbours(side, shape.cells[i]) if not stacks[shape.index[n]])
            seen, free = landscape_table().around(shape, stacks, i)
            assert (seen, free) == (sum(1 << t for t in tops - {-1}), empty)


def test_tokens_needed_follow_the_stacks_growing_on_top() -> None:
    """Stacks only grow by a token on top, and every part of a legal stack is legal: the tokens a
    stack needs to become an accepted one are what an accepted stack has on top of it."""
    table = stack_table()
    for accepted in (0b110, 1 << table.ids[table.stacks[-1]], sum(1 << i for i in range(1, len(table.stacks), 3))):
        needed = tokens_needed(accepted)
        for s, stack in enumerate(table.stacks):
            grow = [len(t) - len(stack) for i, t in enumerate(table.stacks)
                    if accepted >> i & 1 and t[: len(stack)] == stack]
            assert needed[s] == (min(grow) if grow else FAR), (stack, accepted)


@pytest.mark.parametrize("side", ["A", "B"])
def test_formed_cells_are_where_the_next_cube_may_go(side: str) -> None:
    tables = habitat_tables(default_cards(), side)
    shape = board_shape(side)
    stacks_of = stack_table().stacks
    full = (1 << shape.size) - 1
    ids = sorted(tables)
    formed = 0
    for k, (stacks, cubes) in enumerate(boards(side)[::3]):
        board = {shape.cells[i]: stacks_of[s] for i, s in enumerate(stacks) if s}
        for card_id in ids[k % 4::4]:
            want = ref_habitat_cells(side, card_id, board, _cells(side, cubes))
            assert _cells(side, formed_cells(tables[card_id], stacks, full & ~cubes)) == want, (card_id, stacks)
            formed += bool(want)
    assert formed >= 100
