"""How many more turns the planner expects its own board to give before it ends the game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from harmonies.ai.evaluate import Evaluator, Weights, load_weights
from harmonies.ai.planner import Planner
from harmonies.ai.turn_root import PlanOptions, TurnRoot
from harmonies.rules import Game, GameSetup
from harmonies.rules.tables import rules_data


def _root(weights: Weights, pouch: int | None = None) -> tuple[TurnRoot, int]:
    """A solo game's first turn (or with only ``pouch`` tokens left), and the board's cell count."""
    game = Game.new(GameSetup(players=1, side="A", seed=3))
    if pouch is not None:  # the rest of the pouch out of the game
        pos = game.position()
        left = pos.pouch or ()
        game = Game.from_position(replace(pos, pouch=left[:pouch], discarded=len(left) - pouch))
    ev: Evaluator = Planner(weights, PlanOptions(), random.Random(0)).evaluator(game)
    root = TurnRoot(game, ev, PlanOptions())
    return root, len(root.stacks)


def _board(cells: int, empty: int) -> list[int]:
    return [1] * (cells - empty) + [0] * empty  # 1: any covered cell


@pytest.mark.parametrize("empty", [3, 4, 5, 8, 11])
def test_by_default_a_board_gives_a_turn_per_two_empty_cells_beyond_two(empty: int) -> None:
    # The first estimate, which the table levels were measured with, stays their default.
    root, cells = _root(Weights())
    assert root.turns_left(_board(cells, empty)) == pytest.approx((empty - 2) / 2)


def test_hard_solo_counts_a_whole_turn_for_a_board_one_cell_short_of_the_end() -> None:
    weights = load_weights("hard_solo")
    root, cells = _root(weights)
    end = rules_data().end_empty_cells
    assert root.turns_left(_board(cells, end)) == 0.0  # this turn ends the game
    # One cell more empty than the end leaves: whatever the next turn covers, it is played.
    assert weights.room_turns == 1.0
    assert root.turns_left(_board(cells, end + 1)) == pytest.approx(1.0)
    # then a turn more per two empty cells
    assert root.turns_left(_board(cells, end + 5)) == pytest.approx(3.0)


def test_the_pouch_bounds_the_turns_an_empty_board_gives() -> None:
    per_turn = rules_data().tokens_per_space * rules_data().central_spaces[True]  # solo refills all
    root, cells = _root(load_weights("hard_solo"), pouch=2 * per_turn + 4)
    assert root.turns_left(_board(cells, cells)) == 2.0
