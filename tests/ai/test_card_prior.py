"""The per-card prior of hard's card choices: its file, its fit, and that the planner follows it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from harmonies.ai.card_prior import load_prior, parse_prior
from harmonies.ai.evaluate import load_weights
from harmonies.ai.planner import Planner
from harmonies.ai.turn_root import PlanOptions
from harmonies.rules import Game, GameSetup
from harmonies.tuning.card_prior import (GameRecord, Held, card_priors, cube_rows, fit_odds, odds, record_game,
                                         write_prior)


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.new(GameSetup(players=1, side="A", seed=3))


@pytest.mark.parametrize("text,where", [
    ("- 1\n- 2\n", "expected a mapping of board side"),
    ("A: [1, 2]\n", "side 'A': expected a mapping"),
    ("A:\n  bear: lots\n", "side 'A', card 'bear': 'lots' is not a number"),
    ("A:\n  bear: .nan\n", "card 'bear'"),
    ("A: {bear: 1\n", "not valid YAML"),
])
def test_a_broken_prior_file_names_the_file_the_place_and_the_fault(text: str, where: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_prior(text, "card_prior.yaml")
    assert "card_prior.yaml" in str(err.value) and where in str(err.value)


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_shipped_prior_covers_known_cards_and_an_average_card_is_zero(game: Game, side: str) -> None:
    prior = load_prior(side)
    ids = {c.id for c in game.cards.animals}
    assert len(prior) >= 28 and set(prior) <= ids
    assert abs(sum(prior.values()) / len(prior)) < 0.01
    assert max(prior.values()) > 1.0 > -1.0 > min(prior.values())  # it tells cards apart


def test_write_prior_replaces_one_side_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "prior.yaml"
    write_prior(path, "A", {"bear": 1.5})
    write_prior(path, "B", {"bear": -2.0, "wolf": 0.5})
    write_prior(path, "A", {"wolf": 3.0})
    assert parse_prior(path.read_text(encoding="utf-8"), "x") == {"A": {"wolf": 3.0}, "B": {"bear": -2.0, "wolf": 0.5}}
    assert path.read_text(encoding="utf-8").startswith("# Per-card prior") and not list(tmp_path.glob("*.tmp"))


def test_the_fit_recovers_known_chances() -> None:
    truth = (1.0, -1.2, -1.0, 0.5, 0.1, 0.0, -0.03)
    rng = random.Random(1)
    rows = []
    for _ in range(6000):
        d, k, t = rng.randrange(6), rng.randrange(3), rng.choice((0.5, 1, 2, 3, 4, 5, 6, 8, 9))
        x = [1.0, d, k, t, d * t, k * t, t * t]
        rows.append((x, rng.random() < odds(truth, d, k, t)))
    coef = fit_odds(rows)
    for d, k, t in ((0, 0, 1), (1, 0, 5), (3, 1, 6), (2, 2, 9), (4, 0, 2)):
        assert odds(coef, d, k, t) == pytest.approx(odds(truth, d, k, t), abs=0.06)
    assert odds(coef, 1, 0, 0) == 0.0  # no turn left: nothing more goes down


def test_a_card_that_brings_more_than_its_distance_says_gets_a_higher_prior(game: Game) -> None:
    cards = game.cards
    good, poor = "squirrel", "koala"

    def rec(final_good: int, final_poor: int) -> GameRecord:
        turn = (Held(good, 0, (3, 4), 9.0), Held(poor, 0, (3, 4), 9.0))
        return GameRecord((turn,), {good: final_good, poor: final_poor})

    records = [rec(cards.animal(good).cubes, 0) for _ in range(30)]
    coef = fit_odds(cube_rows(records + [rec(0, cards.animal(poor).cubes)] * 30, cards))
    prior = card_priors(records, coef, cards)
    assert prior[good] > 0 > prior[poor]
    assert sum(prior.values()) == pytest.approx(0.0, abs=1e-6)
    few = card_priors(records[:2], coef, cards)
    assert 0 < few[good] < prior[good], "a card seen in few games moves less"


@pytest.mark.slow
def test_a_recorded_game_logs_each_held_card_as_the_planner_saw_it() -> None:
    rec = record_game(600000, "A")
    lefts = [turn[0].turns_left for turn in rec.held if turn]
    assert lefts == sorted(lefts, reverse=True) and lefts[0] <= 12  # after turn 1 at most 12 remain
    for turn in rec.held:
        for h in turn:
            assert 0 <= h.placed <= rec.final[h.card_id] and list(h.dists) == sorted(h.dists)


def _planner(game: Game, prior: dict[str, float], swap_prior: float = 1.0) -> Planner:
    weights = load_weights("hard_solo").with_values(card_prior=1.0, swap_prior=swap_prior)
    planner = Planner(weights, PlanOptions(beam=2, finals=2), random.Random(0))
    planner.evaluator(game).card_prior = prior
    return planner


def test_hard_takes_the_face_up_card_its_prior_favours(game: Game) -> None:
    shown = [c for c in game.display if c is not None]
    for favoured in shown:
        plans = _planner(game, {favoured: 50.0}).candidates(game)
        assert plans[0].card == favoured


def test_the_solo_swap_discards_the_face_up_card_its_prior_likes_least(game: Game) -> None:
    shown = [c for c in game.display if c is not None]
    for shunned in shown:
        prior = {c: (-50.0 if c == shunned else 0.0) for c in shown}
        plans = _planner(game, prior).candidates(game)
        swaps = {p.swap for p in plans if p.card is None}
        assert swaps == {shunned}


def test_the_solo_swap_weighs_its_share_of_the_prior(game: Game) -> None:
    shown = [c for c in game.display if c is not None]
    blind = {(tuple(p.tokens), p.swap) for p in _planner(game, {}).candidates(game) if p.card is None}
    for shunned in shown:
        prior = {c: (-50.0 if c == shunned else 0.0) for c in shown}
        # No share: the swap is what it is without a prior (no card is held, so nothing else moves).
        plans = _planner(game, prior, swap_prior=0.0).candidates(game)
        assert {(tuple(p.tokens), p.swap) for p in plans if p.card is None} == blind
        # A share of a prior this strong still decides.
        plans = _planner(game, prior, swap_prior=0.5).candidates(game)
        assert {p.swap for p in plans if p.card is None} == {shunned}


def test_a_card_already_held_keeps_its_prior_in_the_value_of_every_later_board(game: Game) -> None:
    # The look-ahead picks a turn by the board it leaves two turns on: the prior of a card taken
    # before then must still count there, not only on the turn that took it.
    g = game.clone()
    planner = _planner(g, {})
    taking = next(p for p in planner.candidates(g) if p.card is not None)
    assert all(g.apply(cmd).ok for cmd in planner.commands(g, taking))
    held = taking.card
    assert held is not None
    plain = [p.value for p in _planner(g, {}).candidates(g)]
    liked = [p.value for p in _planner(g, {held: 5.0}).candidates(g)]
    assert liked == pytest.approx([v + 5.0 for v in plain])  # early on, at full phase
