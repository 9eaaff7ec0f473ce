"""The look-ahead's stages: many turns on few samples first, then more samples for the best of them."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from harmonies.ai import HardPlayer
from harmonies.ai.planner import Lookahead, TurnPlan
from harmonies.rules import Game, GameSetup


def _setup(stages: Sequence[tuple[int, int]], values: dict[int, list[float]], budget: int = 0,
           evals: int = 1) -> tuple[Game, Lookahead, list[TurnPlan], dict[int, int]]:
    """A solo look-ahead whose sample games are replaced by ``values``: candidate n's k-th sample is
    worth ``values[n][k]``. Returns the game, the look-ahead, its candidates and the samples each got."""
    game = Game.new(GameSetup(players=1, seed=5))
    planner, look = HardPlayer(0, helper=False, stages=stages, budget=budget).modes[True]
    look.room = None  # only the stages decide here
    cands = planner.candidates(game)[: len(values)]
    assert len(cands) == len(values)
    played = {n: 0 for n in values}

    def sample(cand: TurnPlan, me: int, seed: int, world: Game) -> tuple[float, int]:
        n = next(i for i, c in enumerate(cands) if c is cand)
        value = values[n][played[n]]
        played[n] += 1
        return value, evals

    look.sample = sample  # type: ignore[method-assign]
    return game, look, cands, played


def test_later_stages_play_only_the_best_candidates_so_far() -> None:
    values = {0: [1.0, 0.0], 1: [5.0, 0.0], 2: [3.0, 0.0], 3: [4.0, 10.0]}
    game, look, cands, played = _setup(((4, 1), (2, 1)), values)
    # After one sample each, 1 and 3 lead; the second sample puts 3 ahead.
    assert look.plan(game, cands) is cands[3]
    assert played == {0: 1, 1: 2, 2: 1, 3: 2}


def test_a_candidate_can_lead_the_first_stage_and_lose_the_turn() -> None:
    values = {0: [9.0, 0.0, 0.0], 1: [8.0, 5.0, 0.0], 2: [1.0, 0.0, 0.0]}
    game, look, cands, played = _setup(((3, 1), (2, 1), (1, 1)), values)
    assert look.plan(game, cands) is cands[1]
    # A stage that keeps a single candidate has nothing left to decide: it plays no sample.
    assert played == {0: 2, 1: 2, 2: 1}


def test_equal_values_keep_the_planners_order() -> None:
    values = {n: [2.0, 2.0] for n in range(4)}
    game, look, cands, played = _setup(((4, 1), (2, 1)), values)
    assert look.plan(game, cands) is cands[0]
    assert played == {0: 2, 1: 2, 2: 1, 3: 1}


@pytest.mark.parametrize("budget, second_stage", [(0, True), (10, False)])
def test_a_stage_that_would_pass_the_budget_is_not_played(budget: int, second_stage: bool) -> None:
    # Each sample game costs 1 evaluation here: the first stage costs 4, the second would cost 2 x 5.
    values = {0: [1.0] * 6, 1: [3.0, 0.0, 0.0, 0.0, 0.0, 0.0], 2: [2.0] + [9.0] * 5, 3: [0.0] * 6}
    game, look, cands, played = _setup(((4, 1), (2, 5)), values, budget=budget)
    best = look.plan(game, cands)
    if second_stage:
        assert best is cands[2] and played[2] == 6
    else:
        assert best is cands[1] and played == {0: 1, 1: 1, 2: 1, 3: 1}
    assert look.last_spent == sum(played.values())
