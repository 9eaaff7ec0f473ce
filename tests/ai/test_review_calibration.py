"""The calibration's figures (harmonies/ai/review_calibration.py): hold, coverage, and what an exact
review error would cover against the fresh measure's own noise."""

from __future__ import annotations

import math
import random

import pytest

from harmonies.ai.review_calibration import ErrorForm, Remeasured, judge_error, sampled_turns, spread, summarise, tightest


def test_spread_keeps_the_ends_and_the_order() -> None:
    turns = list(range(10))
    assert spread(turns, 2) == [2, 7]
    assert spread(turns, 5) == [1, 3, 5, 7, 9]
    assert spread(turns, 0) == turns
    assert spread(turns, 12) == turns
    assert spread([], 3) == []


def test_a_mistake_holds_from_the_good_bound_an_inaccuracy_above_zero() -> None:
    assert Remeasured("mistake", 5.0, 1.0, 1.0, 1.0).holds()
    assert not Remeasured("mistake", 5.0, 1.0, 0.9, 1.0).holds()
    assert Remeasured("inaccuracy", 1.5, 1.0, 0.1, 1.0).holds()
    assert not Remeasured("inaccuracy", 1.5, 1.0, 0.0, 1.0).holds()


def test_coverage_by_the_reviews_error_and_by_both() -> None:
    t = Remeasured("mistake", 5.0, 1.0, 7.5, 1.0)
    assert not t.covered()  # 2.5 off, the review's 2 SE is 2
    assert t.covered_jointly()  # 2 x hypot(1, 1) = 2.83
    # equal errors: an exact review SE covers P(|Z| <= 2 / sqrt 2) of the time, about 84 %
    assert t.coverage_if_exact() == pytest.approx(0.8427, abs=1e-3)
    # a fresh measure without noise: 2 SE covers 95.4 %
    assert Remeasured("mistake", 5.0, 1.0, 5.0, 0.0).coverage_if_exact() == pytest.approx(0.9545, abs=1e-3)


def test_an_exact_error_covers_as_often_as_expected_and_its_z_spreads_one() -> None:
    rng = random.Random(5)
    turns = []
    for _ in range(4000):
        truth = rng.uniform(1.0, 20.0)
        turns.append(Remeasured("mistake", truth + rng.gauss(0, 1.5), 1.5, truth + rng.gauss(0, 1.0), 1.0))
    s = summarise(turns)
    assert s.covered / s.count == pytest.approx(s.expected_covered / s.count, abs=0.02)
    assert s.z_spread == pytest.approx(1.0, abs=0.05)
    assert abs(s.z_mean) < 0.05


def test_an_error_too_small_covers_less_than_expected() -> None:
    rng = random.Random(6)
    turns = [Remeasured("mistake", 10.0 + rng.gauss(0, 3.0), 1.5, 10.0 + rng.gauss(0, 1.0), 1.0)
             for _ in range(4000)]
    s = summarise(turns)
    assert s.covered < s.expected_covered - 0.1 * s.count
    assert s.z_spread > 1.5


def test_rows_from_the_runs_file_and_bad_ones() -> None:
    row = {"mark": "inaccuracy", "loss": 2, "stderr": 0.5, "again": 1.0, "again_stderr": 0.7, "level": "hard"}
    t = Remeasured.from_row(row)
    assert t == Remeasured("inaccuracy", 2.0, 0.5, 1.0, 0.7)
    assert t.joint_stderr == pytest.approx(math.hypot(0.5, 0.7))
    with pytest.raises(ValueError):
        Remeasured.from_row({**row, "loss": "two"})
    with pytest.raises(ValueError):
        summarise([])


def test_the_judges_own_error_is_found_and_widening_by_it_restores_the_coverage() -> None:
    rng = random.Random(7)
    turns = []
    for _ in range(4000):
        truth = rng.uniform(1.0, 20.0)
        judged = truth + rng.gauss(0, 1.0)  # the judge's own error, besides its sampling noise
        turns.append(Remeasured("mistake", judged + rng.gauss(0, 0.8), 0.8, truth + rng.gauss(0, 0.6), 0.6))
    found = judge_error(turns)
    assert found == pytest.approx(1.0, abs=0.1)
    narrow = summarise(turns)
    assert narrow.covered < narrow.expected_covered - 0.1 * narrow.count
    wide = summarise([t.widened(found) for t in turns])
    assert wide.covered / wide.count == pytest.approx(wide.expected_covered / wide.count, abs=0.02)
    exact = Remeasured("mistake", 5.0, 0.0, 5.0, 0.0)
    assert exact.widened(1.0) == exact
    assert judge_error([Remeasured("mistake", 5.0, 1.0, 5.0, 1.0)]) == 0.0


def test_rows_of_each_method_give_back_the_sampled_error() -> None:
    row = {"mark": "mistake", "loss": 6.0, "stderr": math.hypot(0.9, 1.4), "again": 5.0, "again_stderr": 1.0}
    assert sampled_turns([{**row, "method": 3}])[0].stderr == pytest.approx(0.9)
    assert sampled_turns([{**row, "method": 4, "turn": 5}])[0].stderr == pytest.approx(0.9)   # 1.4 after turn 3
    early = {**row, "method": 4, "turn": 1, "stderr": math.hypot(0.9, 2.1)}
    assert sampled_turns([early])[0].stderr == pytest.approx(0.9)
    assert sampled_turns([{**row, "stderr": 0.9}])[0].stderr == pytest.approx(0.9)   # method 2: no method key
    assert sampled_turns([{**row, "stderr": 0.0, "method": 3}])[0].stderr == 0.0      # an exact loss
    with pytest.raises(ValueError, match="method 9"):
        sampled_turns([{**row, "method": 9}])


def _grown(n: int, seed: int) -> list[Remeasured]:
    """Turns whose judge errs by a fifth of the loss, beside a sampled error of 1 each way."""
    rng = random.Random(seed)
    turns = []
    for _ in range(n):
        truth = rng.uniform(1.0, 20.0)
        turns.append(Remeasured("mistake", truth + rng.gauss(0, 1.0) + rng.gauss(0, 0.2 * truth), 1.0,
                                truth + rng.gauss(0, 1.0), 1.0))
    return turns


def test_the_tightest_form_covers_its_target_and_the_share_fits_an_error_that_grows_with_the_loss() -> None:
    fit, check = _grown(1500, 1), _grown(1500, 2)
    constant = tightest(fit, [0.0])
    grown = tightest(fit, [k / 100 for k in range(51)])
    assert constant is not None and grown is not None
    assert constant.share == 0.0 and constant.coverage(fit) >= 0.9
    assert grown.share > 0.0 and grown.coverage(fit) >= 0.9
    assert grown.mean_error(fit) < constant.mean_error(fit)
    assert grown.coverage(check) == pytest.approx(0.9, abs=0.03)
    # the looser constant one a step down covers less than the target: it is the tightest
    assert ErrorForm(round(constant.judge - 0.1, 1)).coverage(fit) < 0.9
    assert ErrorForm(3.0).error(0.0, 10.0) == 0.0                                  # an exact loss stays exact
    assert tightest(fit, [0.0], judges=[0.0]) is None                              # no form covers 90 %
