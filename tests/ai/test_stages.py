"""The look-ahead's stages: many turns on few samples first, then more samples for the best of them."""

from __future__ import annotations

import pytest

from scripted_lookahead import scripted_lookahead


@pytest.mark.pure_python
def test_later_stages_play_only_the_best_candidates_so_far() -> None:
    values = {0: [1.0, 0.0], 1: [5.0, 0.0], 2: [3.0, 0.0], 3: [4.0, 10.0]}
    game, look, cands, played = scripted_lookahead(((4, 1), (2, 1)), values)
    # After one sample each, 1 and 3 lead; the second sample puts 3 ahead.
    assert look.plan(game, cands) is cands[3]
    assert played == {0: 1, 1: 2, 2: 1, 3: 2}


@pytest.mark.pure_python
def test_a_candidate_can_lead_the_first_stage_and_lose_the_turn() -> None:
    values = {0: [9.0, 0.0, 0.0], 1: [8.0, 5.0, 0.0], 2: [1.0, 0.0, 0.0]}
    game, look, cands, played = scripted_lookahead(((3, 1), (2, 1), (1, 1)), values)
    assert look.plan(game, cands) is cands[1]
    # A stage that keeps a single candidate has nothing left to decide: it plays no sample.
    assert played == {0: 2, 1: 2, 2: 1}


@pytest.mark.pure_python
def test_equal_values_keep_the_planners_order() -> None:
    values = {n: [2.0, 2.0] for n in range(4)}
    game, look, cands, played = scripted_lookahead(((4, 1), (2, 1)), values)
    assert look.plan(game, cands) is cands[0]
    assert played == {0: 2, 1: 2, 2: 1, 3: 1}


@pytest.mark.pure_python
@pytest.mark.parametrize("budget, second_stage", [(0, True), (10, False)])
def test_a_stage_that_would_pass_the_budget_is_not_played(budget: int, second_stage: bool) -> None:
    # Each sample game costs 1 evaluation here: the first stage costs 4, the second would cost 2 x 5.
    values = {0: [1.0] * 6, 1: [3.0, 0.0, 0.0, 0.0, 0.0, 0.0], 2: [2.0] + [9.0] * 5, 3: [0.0] * 6}
    game, look, cands, played = scripted_lookahead(((4, 1), (2, 5)), values, budget=budget)
    best = look.plan(game, cands)
    if second_stage:
        assert best is cands[2] and played[2] == 6
    else:
        assert best is cands[1] and played == {0: 1, 1: 1, 2: 1, 3: 1}
    assert look.last_spent == sum(played.values())
