"""The weight fit of scripts/tune: its premise (the value is the exact score plus weight times term)
and its regression, on small cases whose answer is known."""

from __future__ import annotations

import random

import pytest

from harmonies.ai import make_player, take_turn
from harmonies.ai.evaluate import load_weights
from harmonies.tuning.fit import LANDSCAPE, LINEAR, game_groups, ridge_fit, terms, unit_planners
from harmonies.ai.planner import Planner
from harmonies.ai.turn_root import PlanOptions, TurnRoot
from harmonies.rules import Game, GameSetup


def midgame(players: int, spirits: bool, turns: int) -> Game:
    game = Game.new(GameSetup(players=players, side="A", spirits=spirits, seed=11))
    seats = [make_player("medium", seed=s) for s in range(players)]
    for _ in range(turns):
        take_turn(seats[game.current], game)
    return game


@pytest.mark.parametrize("players,spirits", [(1, False), (2, True)])
def test_the_value_is_the_exact_score_plus_each_weight_times_its_term(players: int, spirits: bool) -> None:
    game = midgame(players, spirits, 5 * players)
    weights = load_weights("hard_solo" if players == 1 else "hard")  # solo: the card prior's term too
    seat = game.current
    planner = Planner(weights, PlanOptions(), random.Random(0))
    root = TurnRoot(game, planner.evaluator(game), planner.opts)
    want = planner._end_value(root, root.stacks, root.cubes, root.held, root.spirit is None,
                              planner._phase(root, root.stacks))
    exact, phi = terms(unit_planners(weights), game, seat)
    if not spirits:  # (an unplaced spirit's points are potential, not yet score)
        assert exact == game.score(seat).total
    got = exact + sum(weights.to_dict()[n] * x for n, x in zip(LINEAR, phi))
    assert got == pytest.approx(want, abs=1e-6)
    assert any(phi), "a mid-game board shows some potential"


def test_terms_read_the_asked_seat_not_the_seat_to_move() -> None:
    game = midgame(2, False, 6)
    other = 1 - game.current
    exact, _ = terms(unit_planners(load_weights("hard")), game, other)
    assert exact == game.score(other).total


def test_the_fit_recovers_known_weights_from_exact_differences() -> None:
    rng = random.Random(3)
    truth = {n: rng.uniform(-2, 5) for n in LINEAR}
    groups = []
    for _ in range(60):
        rows = []
        for _ in range(4):
            phi = [rng.uniform(0, 3) for _ in LINEAR]
            # a per-state offset: only differences within a state may matter
            rows.append((phi, sum(truth[n] * x for n, x in zip(LINEAR, phi))))
        offset = rng.uniform(-50, 50)
        groups.append([(phi, y + offset) for phi, y in rows])
    prior = {n: 0.0 for n in LINEAR}
    fitted = ridge_fit(groups, prior, strength=0.0)
    for n in LINEAR:
        assert fitted[n] == pytest.approx(truth[n], abs=1e-6)
    # the pull toward the prior holds weights back, never past it
    pulled = ridge_fit(groups, prior, strength=1000.0)
    assert all(abs(pulled[n]) < abs(truth[n]) + 1e-9 for n in LINEAR)


def test_a_term_that_never_differs_keeps_its_prior() -> None:
    prior = {n: 1.5 for n in LINEAR}
    rows = [([1.0 if i == 0 else 0.0 for i in range(len(LINEAR))], 4.0), ([0.0] * len(LINEAR), 1.0)]
    fitted = ridge_fit([rows], prior, strength=0.0)
    assert fitted[LINEAR[0]] == pytest.approx(3.0)
    assert all(fitted[n] == 1.5 for n in LINEAR[1:])


def test_a_fit_game_gives_rows_for_its_states() -> None:
    groups = game_groups(5, load_weights("hard_solo"), players=1, beam=1, k=2, worlds=1)
    assert len(groups) >= 8  # nearly every turn but the last offers two different turns
    for rows in groups:
        assert len(rows) >= 2
        assert all(len(phi) == len(LINEAR) for phi, _ in rows)


def test_the_fit_moves_only_linear_terms() -> None:
    # A term outside LINEAR is not a plain weight times a board term: a fitted value would mean nothing.
    assert set(LANDSCAPE) <= set(LINEAR)
