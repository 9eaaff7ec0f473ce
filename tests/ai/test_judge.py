"""The review's judge (harmonies/ai/judge.py): its continuation player, its batches of worlds on a
close call, and the same numbers whoever plays the worlds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from harmonies.ai import MediumPlayer, RandomPlayer, take_turn
from harmonies.ai import judge
from harmonies.ai.helper import Helper
from harmonies.ai.judge import continuation, judge_turns
from harmonies.ai.weights import load_weights
from harmonies.rules import Command, Game, GameSetup


def late_game(players: int, turns: int, seed: int = 3) -> Game:
    """A game after ``turns`` medium turns (few turns are left: the playouts are short)."""
    game = Game.new(GameSetup(players, seed=seed))
    seats = [MediumPlayer(seed + i) for i in range(players)]
    for _ in range(turns):
        take_turn(seats[game.current], game)
    assert not game.over
    return game


def turn_of(game: Game, player: object) -> tuple[Command, ...]:
    trial = game.clone()
    start = len(trial.history)
    take_turn(player, trial)  # type: ignore[arg-type]
    return tuple(trial.history[start:])


@pytest.mark.parametrize("players, name", [(1, "hard_solo"), (2, "hard")])
def test_the_continuation_plays_two_wide_with_hards_weights_looking_at_the_display(players: int, name: str) -> None:
    planner = continuation(Game.new(GameSetup(players, seed=1)))
    assert planner.weights == load_weights(name)
    assert (planner.opts.beam, planner.opts.finals, planner.opts.look_at_display) == (2, 2, True)
    assert not planner.opts.noise and not planner.opts.blunder


def test_a_clear_loss_gets_one_batch_a_close_call_more(monkeypatch: pytest.MonkeyPatch) -> None:
    view = late_game(1, 7).observer_view()
    best = turn_of(view, MediumPlayer(1))
    played = turn_of(view, RandomPlayer(2))
    clear = judge_turns(view, played, best, seed=5, samples=4, bounds=(0.0, 1.0, 3.0))
    assert not clear.same and clear.samples == 4 and clear.stderr > 0
    loss = clear.best_value - clear.played_value
    # the same measure with a mark's threshold at the loss itself: a close call
    monkeypatch.setattr(judge, "CLOSE_STDERR", -1.0)
    close = judge_turns(view, played, best, seed=5, samples=4, bounds=(loss,))
    assert close.samples == 4 * judge.MAX_BATCHES
    monkeypatch.setattr(judge, "MAX_BATCHES", 1)
    assert judge_turns(view, played, best, seed=5, samples=4, bounds=(loss,)).samples == 4


def test_the_same_turn_loses_nothing_on_half_the_worlds() -> None:
    view = late_game(1, 9).observer_view()
    turn = turn_of(view, MediumPlayer(1))
    values = judge_turns(view, turn, turn, seed=5, samples=8)
    assert values.same and values.samples == 4
    assert values.best_value == values.played_value and values.stderr == 0.0


@pytest.fixture
def helper() -> Iterator[Helper]:
    h = Helper()
    try:
        yield h
    finally:
        h.close()


def test_the_helper_process_gives_the_same_numbers(helper: Helper) -> None:
    view = late_game(2, 14).observer_view()
    best = turn_of(view, MediumPlayer(1))
    played = turn_of(view, RandomPlayer(2))
    alone = judge_turns(view, played, best, seed=9, samples=4)
    shared = judge_turns(view, played, best, seed=9, samples=4, helper=helper)
    assert shared == alone
