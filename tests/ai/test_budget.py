"""The hard player's thinking budget (``HardPlayer(scale=...)``) and the budget curve's tool."""

from __future__ import annotations

import pytest

from harmonies.ai import HardPlayer
from harmonies.ai.players import SOLO_SCALE, SOLO_STAGES, TABLE_SCALE, TABLE_STAGES
from harmonies.tuning.budget import Point, Record, curve


def _looks(player: HardPlayer) -> dict[bool, tuple[tuple[tuple[int, int], ...], int]]:
    return {solo: (look.stages, look.budget) for solo, (_, look) in player.modes.items()}


def test_a_scale_multiplies_every_stage_s_samples_and_the_budget() -> None:
    base = _looks(HardPlayer(1, helper=False, scale=1))
    scaled = _looks(HardPlayer(1, helper=False, scale=4))
    assert base[True] == (SOLO_STAGES, 45000) and base[False] == (TABLE_STAGES, 12000)
    for solo in (True, False):
        stages, budget = base[solo]
        assert scaled[solo] == (tuple((keep, 4 * count) for keep, count in stages), 4 * budget)


def test_the_default_scale_is_the_mode_s() -> None:
    default = _looks(HardPlayer(1, helper=False))
    assert default[True] == _looks(HardPlayer(1, helper=False, scale=SOLO_SCALE))[True]
    assert default[False] == _looks(HardPlayer(1, helper=False, scale=TABLE_SCALE))[False]


@pytest.mark.parametrize("text, point", [("x1", Point(1)), ("8", Point(8)), ("x4d3", Point(4, 3)),
                                         ("x2d3b4", Point(2, 3, 4)), ("x2b4", Point(2, None, 4))])
def test_points_are_read_from_their_names(text: str, point: Point) -> None:
    assert Point.parse(text) == point
    assert Point.parse(point.name) == point


@pytest.mark.parametrize("text", ["x0", "x", "xd3", "x2d", "x2d0", "two", "x2b", "x2d3b0"])
def test_a_bad_point_names_itself(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text).replace("\\", "\\\\")):
        Point.parse(text)


def test_a_budget_point_spends_its_own_scale_of_evaluations() -> None:
    look = Point(2, 3, 4).player(1).modes[True][1]
    assert (look.budget, look.depth) == (4 * 45000, 3)
    assert look.stages == tuple((keep, 2 * count) for keep, count in SOLO_STAGES)


def _rec(point: str, seed: int, score: int) -> Record:
    return Record(point, seed, score, [0.1, 0.3], [0.1, 0.2], [100, 300])


def test_the_curve_pairs_each_point_with_the_base_by_seed() -> None:
    records = [_rec("x1", 1, 100), _rec("x1", 2, 110), _rec("x2", 2, 114), _rec("x2", 1, 102),
               _rec("x2", 3, 150)]  # seed 3 has no x1 game: counted in x2's mean, not in its gain
    rows = {row.point: row for row in curve(records, "x1")}
    assert rows["x1"].gain == 0 and rows["x1"].n == 2
    assert rows["x2"].n == 3 and rows["x2"].mean == pytest.approx(122)
    assert rows["x2"].gain == pytest.approx(3.0) and rows["x2"].stderr == pytest.approx(1.0)
    assert rows["x2"].evals_median == 200 and rows["x2"].cpu_game == pytest.approx(0.3)


def test_a_record_survives_its_line_and_a_broken_line_is_named() -> None:
    rec = _rec("x4", 7, 120)
    assert Record.from_json(rec.to_json(), "f") == rec
    with pytest.raises(ValueError, match="runs/a.jsonl, line 3: not a game record"):
        Record.from_json('{"point": "x4"}', "runs/a.jsonl, line 3")
