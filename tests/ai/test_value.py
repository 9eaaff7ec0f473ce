"""The learned leaf value of the tuning tools (harmonies/tuning/leaf_value.py, value.py): its data file,
its features, its fit, and the hard player's play with it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from harmonies.ai import HardPlayer, take_turn
from harmonies.ai.lookahead import Lookahead
from harmonies.rules import Command, Game, GameSetup
from harmonies.tuning.leaf_value import (
    FEATURES, TODAY, LearnedValue, features, format_value, parse_value, read_value,
)
from harmonies.tuning.value import GameLog, fit_value, paired, play_leaves, play_solo, residual

# Narrower than the shipped hard so the tests stay quick; the same code paths.
QUICK: dict[str, Any] = {"stages": ((3, 2), (2, 2)), "beam": 3, "helper": False}
LEANING = LearnedValue((("plan", 0.8), ("completed", 1.0), ("turns_left", 6.0), ("card_potential", -0.5)), 3.0)


def play(seed: int, turns: int, value: LearnedValue | None) -> list[Command]:
    game = Game.new(GameSetup(players=1, side="A", seed=seed))
    hard = HardPlayer(seed, value=value, **QUICK)
    for _ in range(turns):
        take_turn(hard, game)
    return list(game.history)


def test_a_value_file_is_read_with_its_weights(tmp_path: Path) -> None:
    path = tmp_path / "value.yaml"
    path.write_text(format_value(LEANING), encoding="utf-8")
    assert read_value(path) == LEANING
    assert path.read_text(encoding="utf-8").startswith("# ")


def test_the_value_file_kept_with_the_tools_is_read_and_names_only_known_features() -> None:
    value = read_value()
    assert value.weights and {name for name, _ in value.weights} <= set(FEATURES)


@pytest.mark.parametrize("text,where", [
    ("- 1\n", "expected a mapping"),
    ("format: other\nversion: 1\nweights: {plan: 1}\n", "format: expected 'harmonies-leaf-value'"),
    ("format: harmonies-leaf-value\nversion: 9\nweights: {plan: 1}\n", "version: expected 1, found 9"),
    ("format: harmonies-leaf-value\nversion: 1\n", "weights: expected a mapping"),
    ("format: harmonies-leaf-value\nversion: 1\nweights: {plan: high}\n", "weights: plan: 'high' is not a number"),
    ("format: harmonies-leaf-value\nversion: 1\nweights: {plan: .nan}\n", "weights: plan"),
    ("format: harmonies-leaf-value\nversion: 1\nweights: {luck: 1}\n", "unknown feature 'luck'"),
    ("format: harmonies-leaf-value\nversion: 1\nintercept: [1]\nweights: {plan: 1}\n", "intercept: [1] is not"),
    ("format: harmonies-leaf-value\nweights: {plan: 1\n", "not valid YAML"),
])
def test_a_broken_value_file_names_the_file_the_place_and_the_fault(text: str, where: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_value(text, "value.yaml")
    assert str(err.value).startswith("value.yaml: ") and where in str(err.value)


def test_a_file_that_is_not_utf8_is_named_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "value.yaml"
    path.write_bytes(b"\xff\xfe not text")
    with pytest.raises(ValueError, match="value.yaml: not UTF-8 text"):
        read_value(path)


@pytest.mark.slow
def test_today_s_weights_play_exactly_today_s_turns() -> None:
    # plan + completed is the look-ahead's own leaf value: the features carry it exactly.
    assert play(5, 3, LearnedValue(tuple(TODAY.items()))) == play(5, 3, None)


@pytest.mark.slow
def test_play_with_a_learned_value_is_the_same_for_a_seed_and_its_own() -> None:
    first = play(8, 3, LEANING)
    assert play(8, 3, LEANING) == first
    assert first != play(8, 3, None)  # the value is really used


def test_the_helper_process_gets_the_value() -> None:
    hard = HardPlayer(1, value=LEANING, **QUICK)
    look = hard.modes[True][1]
    assert Lookahead.from_spec(look.spec()).value == LEANING
    assert hard.modes[False][1].value is None  # fitted on solo games: tables keep today's value


@pytest.mark.slow
def test_features_read_the_score_and_the_turns_left() -> None:
    game = Game.new(GameSetup(players=1, side="A", seed=2))
    hard = HardPlayer(2, **QUICK)
    for _ in range(4):
        take_turn(hard, game)
    fast = hard.modes[True][1].fast
    view = game.observer_view()
    nxt = fast.plan(view)
    f = features(view, 0, fast, nxt)
    assert set(f) == set(FEATURES)
    sheet = game.score(0)
    assert f["plan"] == nxt.value
    assert f["trees"] + f["mountains"] + f["fields"] + f["buildings"] + f["water"] == sheet.landscapes
    assert f["animals"] == sheet.animals
    assert f["empty"] == game.stack_ids(0).count(0)
    assert 0 < f["turns_left"] <= f["pouch_turns"]
    assert f["potential_x_turns"] == pytest.approx(f["turns_left"] * sum(f[n] for n in FEATURES if n.startswith("pot_")))


def test_the_fit_recovers_known_weights() -> None:
    rng = random.Random(3)
    truth = {"plan": 1.2, "turns_left": 4.0, "empty": -1.0}
    logs = []
    for seed in range(300):
        row = {n: 0.0 for n in FEATURES}
        row.update(plan=rng.uniform(40, 120), turns_left=rng.uniform(0, 10), empty=rng.uniform(0, 20))
        score = 7.0 + sum(w * row[n] for n, w in truth.items()) + rng.gauss(0, 0.5)
        logs.append(GameLog(seed, round(score), [], [row]))
    value = fit_value(logs, strength=0.0)
    got = dict(value.weights)
    for name, w in truth.items():
        assert got[name] == pytest.approx(w, abs=0.05)
    assert value.intercept == pytest.approx(7.0, abs=1.0)
    assert residual(logs, value) < 1.0
    # pulled all the way to today's value when the pull is strong
    strong = dict(fit_value(logs, strength=1e9).weights)
    assert strong["plan"] == pytest.approx(1.0, abs=1e-3) and abs(strong.get("empty", 0.0)) < 1e-3


def test_pairing_is_by_seed() -> None:
    a = [GameLog(1, 100, []), GameLog(2, 110, []), GameLog(3, 90, [])]
    b = [GameLog(3, 95, []), GameLog(1, 104, []), GameLog(9, 200, [])]
    p = paired(a, b)
    assert (p.seeds, p.mean_a, p.mean_b, p.diff) == (2, 95.0, 99.5, 4.5)


@pytest.mark.slow
def test_a_recorded_game_is_played_as_an_unrecorded_one() -> None:
    recorded = play_solo(11, record=True, side="B")
    assert play_solo(11, side="B").score == recorded.score
    assert len(recorded.rows) == len(recorded.turn_seconds)
    log = GameLog.from_json(recorded.to_json(), "x")
    assert log.rows == recorded.rows and log.score == recorded.score


def test_a_grouped_fit_explains_differences_within_each_group() -> None:
    # Each group's level is its own luck (large); within a group the target moves 2 a turn left.
    # The level between groups follows the pouch's turns left (5 a turn), which the fit sets apart.
    rng = random.Random(4)
    rows = []
    for group in range(60):
        pouch = float(rng.randrange(1, 12))
        luck = rng.uniform(-4, 4)
        for _ in range(4):
            t = rng.uniform(0, 8)
            row = {n: 0.0 for n in FEATURES}
            row.update(turns_left=t, plan=luck * 5 + rng.uniform(-1, 1), pouch_turns=pouch, _group=float(group),
                       _target=100 + 5 * pouch + luck + 2 * t)
            rows.append(row)
    value = fit_value([GameLog(1, 0, [], rows)], strength=0.0)
    got = dict(value.weights)
    assert got["turns_left"] == pytest.approx(2.0, abs=0.1)
    assert got["pouch_turns"] == pytest.approx(5.0, abs=0.5)
    assert value.intercept == pytest.approx(100.0, abs=5.0)


@pytest.mark.slow
def test_leaves_are_recorded_in_groups_with_their_outcome() -> None:
    log = play_leaves(12, cands=2, samples=1, side="B")
    assert log.rows and all(set(r) == set(FEATURES) | {"_group", "_target"} for r in log.rows)
    groups = {r["_group"] for r in log.rows}
    assert len(groups) >= 8 and all(r["_target"] > r["completed"] for r in log.rows)
    assert log.score == play_solo(12, side="B").score  # recording changes nothing in the game
