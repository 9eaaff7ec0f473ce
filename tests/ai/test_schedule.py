"""Judging sample schedules offline: the replayed pick is the look-ahead's, and the regret measures it."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from harmonies.tuning.schedule import Position, pick, record_game, regret, samples_needed
from scripted_lookahead import scripted_lookahead


def _position(rows: list[list[float]]) -> Position:
    return Position(tuple(float(-n) for n in range(len(rows))), tuple(tuple(r) for r in rows))


@pytest.mark.pure_python
@pytest.mark.parametrize("seed", range(6))
def test_the_replayed_pick_is_the_one_the_look_ahead_makes(seed: int) -> None:
    rng = random.Random(seed)
    stages = ((4, 1), (2, 2), (1, 3)) if seed % 2 else ((4, 2), (3, 1), (2, 2))
    rows = [[float(rng.randint(0, 4)) for _ in range(samples_needed(stages))] for _ in range(4)]
    game, look, cands, played = scripted_lookahead(stages, dict(enumerate(rows)))
    chosen, used, games = pick(_position(rows), stages, list(range(samples_needed(stages))))
    assert look.plan(game, cands) is cands[chosen]
    assert games == sum(played.values())
    assert used == max(played.values())


def test_a_stage_keeping_one_candidate_draws_no_sample() -> None:
    rows = [[9.0, 0.0, 0.0], [8.0, 5.0, 0.0], [1.0, 0.0, 0.0]]
    assert pick(_position(rows), ((3, 1), (2, 1), (1, 1)), [0, 1, 2]) == (1, 2, 3 + 2)


def test_the_order_decides_which_samples_a_stage_sees() -> None:
    rows = [[5.0, 0.0], [0.0, 5.0]]
    assert pick(_position(rows), ((2, 1),), [0, 1])[0] == 0
    assert pick(_position(rows), ((2, 1),), [1, 0])[0] == 1


def test_a_turn_better_on_every_sample_leaves_no_regret() -> None:
    rows = [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [0.0] * 6]
    assert regret([_position(rows)], ((3, 1), (2, 1)), shuffles=10) == (0.0, 5.0)


def test_a_misleading_sample_costs_what_the_judges_say() -> None:
    # Turn 1 is better (1.5 a sample against 1.0). Seeing sample 0 alone (a quarter of the orders)
    # picks turn 0, and the three other samples then rate it 2 below turn 1; seeing any other picks
    # turn 1, which those judges (sample 0 among them) rate level with turn 0. So 0.5 on average.
    rows = [[4.0, 0.0, 0.0, 0.0], [0.0, 2.0, 2.0, 2.0]]
    loss, cost = regret([_position(rows)], ((2, 1),), shuffles=2000, seed=3)
    assert cost == 2.0
    assert loss == pytest.approx(0.5, abs=0.1)


def test_a_schedule_needs_samples_left_to_judge_it() -> None:
    rows = [[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]]
    with pytest.raises(ValueError, match="3 samples a position cannot feed 3"):
        regret([_position(rows)], ((2, 3),))
    with pytest.raises(ValueError, match="and 2 to its judge"):
        regret([_position(rows)], ((2, 2),), judged_by=2)


@pytest.mark.slow
def test_a_recorded_game_has_each_turn_played_on_the_same_worlds() -> None:
    positions = record_game(7, width=3, samples=2)
    assert 8 <= len(positions) <= 13  # every turn but the last, less any with an unplayable sample
    for pos in positions:
        assert 2 <= len(pos.values) <= 3
        assert list(pos.values) == sorted(pos.values, reverse=True)
        assert all(len(row) == 2 for row in pos.samples) and len(pos.samples) == len(pos.values)


def test_a_malformed_schedule_is_named_not_a_traceback() -> None:
    tune = Path(__file__).resolve().parents[2] / "scripts" / "tune"
    run = subprocess.run([sys.executable, str(tune), "--stages", "1", "--schedules", "12:2;6-4"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "stage '6-4' of schedule '6-4': expected KEPT:SAMPLES" in run.stderr
    assert "Traceback" not in run.stderr
