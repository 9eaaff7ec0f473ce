"""The evaluation's exact part is the rules' score, and its distances start from the rules' matching.

The computer players value a board as its points now plus potential terms of their own
(harmonies/ai/evaluate.py), calling the rules' kernels for the points (rules/landscapes.py,
rules/scoring.py) and the rules' placements for the patterns (rules/habitats.py). With the potential
weighed at nothing, the value must be the score; a pattern is zero tokens away exactly where the
rules let the card's next cube go. Checked over thousands of boards made by random legal play (real
games between random players, fixed seeds, both board sides).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import pytest

from harmonies.ai import RandomPlayer, take_turn
from harmonies.ai.evaluate import Evaluator, Weights
from harmonies.ai.tables import Tables, tables_for
from harmonies.rules import (
    AnimalCard, CardSet, Game, GameSetup, PlaceCube, PlaceToken, SpiritCard, board_shape, default_cards,
)
from harmonies.rules.habitats import build_table, matching_cells
from harmonies.rules.scoring import landscape_points, spirit_points
from harmonies.rules.tables import stack_table

# Potential weighs nothing at phase 0 except blue cells outside the longest river (blue_waste, part
# of the AI's water value): with it at 0 the evaluation's landscape value is the exact score.
EXACT = Weights(blue_waste=0.0)
GAMES = 40  # random games a side, of 1 to 4 seats


@dataclass(frozen=True)
class Board:
    stacks: tuple[int, ...]
    cubes: int  # bit i: a cube on cell i


@lru_cache(maxsize=None)
def boards(side: str) -> tuple[Board, ...]:
    """The boards met after every token and cube placed in random games of 1-4 seats on ``side``."""
    out: list[Board] = []
    for seed in range(GAMES):
        players = 1 + seed % 4
        game = Game.new(GameSetup(players=players, side=side, spirits=seed % 3 == 0, seed=1000 + seed))
        seats = [RandomPlayer(seed * 8 + s) for s in range(players)]
        index = game.shape.index
        while not game.over:
            seat = game.current
            replay = game.clone()
            start = len(game.history)
            take_turn(seats[seat], game)
            # The turn again, one command at a time, on a copy: a board after each placement.
            for cmd in game.history[start:]:
                assert replay.apply(cmd).ok
                if isinstance(cmd, (PlaceToken, PlaceCube)):
                    view = replay.player(seat)
                    cubes = 0
                    for cell in view.cubes:
                        cubes |= 1 << index[cell]
                    out.append(Board(replay.stack_ids(seat), cubes))
    return tuple(out)


def patterns(cards: CardSet) -> list[AnimalCard | SpiritCard]:
    """Every card with a habitat pattern: the animals and the spirits."""
    return [*cards.animals, *cards.spirits]


@lru_cache(maxsize=None)
def evaluator(side: str) -> Evaluator:
    cards = default_cards()
    return Evaluator(tables_for(cards, side), cards, EXACT)


def test_random_play_gives_thousands_of_varied_boards() -> None:
    for side in "AB":
        found = boards(side)
        assert len(found) >= 2000
        assert len({b.stacks for b in found}) >= 0.9 * len(found)
        assert sum(1 for b in found if b.cubes) >= 500


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_landscape_value_without_potential_is_the_score(side: str) -> None:
    # trees, mountains (only beside another), buildings (three neighbour colours), fields, water
    ev = evaluator(side)
    shape = board_shape(side)
    for b in boards(side):
        assert ev.landscape(list(b.stacks), b.cubes, 0.0) == sum(landscape_points(shape, b.stacks)), b


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_spirit_value_is_the_rules_spirit_points(side: str) -> None:
    ev = evaluator(side)
    shape = board_shape(side)
    spirits = default_cards().spirits
    for b in boards(side):
        for spirit in spirits:
            assert ev.spirit_points(spirit.id, list(b.stacks)) == spirit_points(spirit, shape, b.stacks), (spirit.id, b)


@pytest.mark.parametrize("side", ["A", "B"])
def test_a_pattern_is_zero_tokens_away_where_the_rules_let_a_cube_go(side: str) -> None:
    """The evaluation's distances (nearest cube cells, a card's nearest pattern) are 0 exactly at the
    cells where the rules' matching lets the card's next cube go."""
    cards = default_cards()
    ev = evaluator(side)
    t: Tables = ev.t
    shape = board_shape(side)
    rules_tables = {c.id: build_table(c, shape) for c in patterns(cards)}
    ids = sorted(rules_tables)
    rng = random.Random(7)
    n_stacks = len(stack_table().stacks)
    checked = formed = 0
    for b in boards(side):
        where = [0] * n_stacks
        for i, s in enumerate(b.stacks):
            where[s] |= 1 << i
        stacks = list(b.stacks)
        for cid in rng.sample(ids, 3):  # each card on about 170 boards a side
            want = sorted(matching_cells(rules_tables[cid], b.stacks, where, b.cubes))
            placements = t.cards[cid].placements
            zero = sorted(cell for cell, d in ev.cube_distances(placements, stacks, b.cubes).items() if d == 0)
            assert zero == want, (cid, b)
            assert (ev.card_distance(placements, stacks, b.cubes) == 0) == bool(want), (cid, b)
            checked += 1
            formed += bool(want)
    assert formed >= 200, "random boards should form patterns often enough to compare"
