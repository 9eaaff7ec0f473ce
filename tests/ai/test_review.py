"""The game review (harmonies/ai/review.py): honest (only what the seat could see), deterministic, and
telling a strong turn from a bad one."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from harmonies.ai import HardPlayer, MediumPlayer, RandomPlayer, play_game, play_random_game, take_turn
from harmonies.ai.judge import judge_turns
from harmonies.ai.review import (
    EARLY_JUDGE_ERROR, EARLY_TURNS, JUDGE_ERROR, METHOD, Chooser, GameReview, TurnReview, mark_of, review_game,
    review_turn, seat_turns, turn_error, turn_seed,
)
from harmonies.ai.review_calibration import shown_judge_error
from harmonies.ai.review_reasons import Reason, turn_reasons
from harmonies.rules import Command, EndTurn, Game, GameSetup, TakeCard, TakeTokens
from harmonies.session.replay import Replay

FEW = 4  # sampled futures a turn in the quick tests


def medium(view: Game, seed: int) -> list[Command]:
    """A quicker player than hard to compare with, where what is checked is not hard's own play."""
    return list(MediumPlayer(seed).turn_commands(view))


def turn_of(game: Game, player: object) -> tuple[Command, ...]:
    """The commands ``player`` plays for the seat to move, found on a copy."""
    trial = game.clone()
    start = len(trial.history)
    take_turn(player, trial)  # type: ignore[arg-type]
    return tuple(trial.history[start:])


def played_to(setup: GameSetup, turns: int, seed: int = 0) -> Game:
    """A game after ``turns`` random turns."""
    game = Game.new(setup)
    players = [RandomPlayer(seed * 10 + i) for i in range(setup.players)]
    for _ in range(turns):
        take_turn(players[game.current], game)
    return game


def face_down_twin(game: Game, seed: int) -> Game:
    """The same position as ``game`` with its pouch and animal pile in another order (nothing a player
    sees differs)."""
    pos = game.position()
    rng = random.Random(seed)
    pouch, deck = list(pos.pouch or ()), list(pos.deck or ())
    rng.shuffle(pouch)
    rng.shuffle(deck)
    twin = Game.from_position(replace(pos, pouch=pouch, deck=deck), game.cards)
    assert twin.position().pouch != pos.pouch and twin.position().deck != pos.deck
    assert (twin.central, twin.display, twin.stack_ids(0)) == (game.central, game.display, game.stack_ids(0))
    return twin


@pytest.mark.parametrize("players, chooser", [pytest.param(1, None, marks=pytest.mark.slow), (2, medium)])
def test_two_games_that_differ_only_face_down_get_the_same_review(players: int, chooser: Chooser | None) -> None:
    # both from a position (no command log), as the suggested turn's seed comes from the log
    base = played_to(GameSetup(players, seed=3), turns=4 * players)
    game = Game.from_position(base.position(), base.cards)
    twin = face_down_twin(game, 9)
    played = turn_of(game, RandomPlayer(5))
    assert turn_of(twin, RandomPlayer(5)) == played
    a = review_turn(game, played, turn=0, step=0, round=game.round, seed=11, samples=FEW, helper=False,
                    chooser=chooser)
    b = review_turn(twin, played, turn=0, step=0, round=game.round, seed=11, samples=FEW, helper=False,
                    chooser=chooser)
    assert a is not None and a == b
    assert a.loss != 0.0  # a random turn is not the hard player's: the valuation really ran


def test_the_same_game_twice_gives_the_same_numbers() -> None:
    game = play_random_game(GameSetup(1, seed=4), seed=4)
    commands = game.history[:12]
    first = review_game(game.setup, commands, 0, samples=2, chooser=medium)
    again = review_game(game.setup, commands, 0, samples=2, chooser=medium)
    assert first == again
    assert len(first.turns) == first.of_turns == 2 and first.complete
    assert [t.step for t in first.turns] == [start for start, _, _ in seat_turns(Game.new(game.setup), commands, 0)]


def test_the_seed_of_a_turn_comes_from_what_was_seen_not_from_the_deal() -> None:
    game = play_random_game(GameSetup(1, seed=4), seed=4)
    other_seed = replace(game.setup, seed=77)
    assert turn_seed(game.setup, game.history[:12], 0) == turn_seed(other_seed, game.history[:12], 0)
    assert turn_seed(game.setup, game.history[:12], 0) != turn_seed(game.setup, game.history[:13], 0)


def test_a_game_in_progress_is_reviewed_up_to_its_last_complete_turn() -> None:
    game = play_random_game(GameSetup(1, seed=6), seed=6)
    ends = [n + 1 for n, c in enumerate(game.history) if type(c) is EndTurn]
    mid_turn = game.history[: ends[1] + 2]  # two whole turns and the start of a third
    review = review_game(game.setup, mid_turn, 0, samples=2, chooser=medium)
    assert [t.step for t in review.turns] == [0, ends[0]]
    # the steps are where the replay viewer's turns start
    assert Replay(game.setup, mid_turn).turn_starts()[:2] == [0, ends[0]]


def test_progress_and_cancel() -> None:
    game = play_random_game(GameSetup(1, seed=6), seed=6)
    seen: list[tuple[int, int]] = []
    review = review_game(game.setup, game.history, 0, samples=2, chooser=medium,
                         progress=lambda k, n: seen.append((k, n)), cancelled=lambda: len(seen) > 2)
    assert not review.complete and len(review.turns) == 2 and review.of_turns == seen[0][1] > 2
    assert seen == [(0, review.of_turns), (1, review.of_turns), (2, review.of_turns)]


def test_a_bad_seat_or_log_is_a_value_error() -> None:
    setup = GameSetup(2, seed=1)
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        review_game(setup, [], 2)
    with pytest.raises(ValueError):
        review_game(setup, [TakeTokens(0), TakeTokens(1)], 0)


@pytest.mark.slow
def test_the_hard_players_own_turns_lose_under_a_point_a_turn() -> None:
    setup = GameSetup(1, seed=21)
    game = play_game(setup, [HardPlayer(seed=5, helper=False)])
    starts = seat_turns(Game.new(setup), game.history, 0)
    losses = []
    for n, (start, end, rnd) in enumerate(starts[8:12], start=8):
        at = Game.replay(setup, list(game.history[:start]))
        turn = review_turn(at, game.history[start:end], turn=n, step=start, round=rnd,
                           seed=turn_seed(setup, game.history[:start], 0), samples=16, helper=False)
        assert turn is not None
        losses.append(max(0.0, turn.loss))
    assert sum(losses) / len(losses) < 1.0, losses


@pytest.mark.slow
def test_random_turns_lose_a_lot_and_half_of_them_are_mistakes() -> None:
    setup = GameSetup(1, seed=22)
    game = play_random_game(setup, seed=22)
    starts = seat_turns(Game.new(setup), game.history, 0)
    reviews = []
    # On a nearly empty board the judge's continuation often recovers from a random turn, so half of
    # the first turns, not all, are mistakes; together they still lose several points a turn.
    for n, (start, end, rnd) in enumerate(starts[:6]):
        at = Game.replay(setup, list(game.history[:start]))
        turn = review_turn(at, game.history[start:end], turn=n, step=start, round=rnd,
                           seed=turn_seed(setup, game.history[:start], 0), samples=8, helper=False)
        assert turn is not None
        reviews.append(turn)
    big = [t for t in reviews if t.loss >= 3.0 and t.mark == "mistake"]
    assert len(big) >= 3, [(t.loss, t.stderr) for t in reviews]
    assert sum(max(0.0, t.loss) for t in reviews) / len(reviews) >= 4.0, [(t.loss, t.stderr) for t in reviews]


def test_a_turns_error_is_its_worlds_and_the_judges_own() -> None:
    # The judge differs from hard finishing the game beyond the worlds' noise, more in the seat's first
    # turns (docs/ai.md, "The review's error by the stage of the game"); an exact loss stays exact.
    assert EARLY_JUDGE_ERROR > JUDGE_ERROR > 1.0
    assert turn_error(0.0, 0) == 0.0 and turn_error(0.0, 9) == 0.0
    assert turn_error(0.5, EARLY_TURNS - 1) == pytest.approx(math.hypot(0.5, EARLY_JUDGE_ERROR))
    assert turn_error(0.5, EARLY_TURNS) == pytest.approx(math.hypot(0.5, JUDGE_ERROR))
    assert all(turn_error(0.5, t) == pytest.approx(math.hypot(0.5, shown_judge_error(METHOD, t))) for t in range(9))
    game = played_to(GameSetup(1, seed=21), 3)
    view = game.observer_view()
    played = turn_of(game, RandomPlayer(3))
    best = tuple(medium(view, 5))
    seed = turn_seed(game.setup, game.history, game.current)
    review = review_turn(game, played, turn=3, step=len(game.history), round=4, seed=seed, samples=FEW,
                         helper=False, chooser=lambda v, s: best)
    sampled = judge_turns(view, played, best, seed, FEW, bounds=(0.0, 1.0, 3.0))
    assert review is not None and not review.same and sampled.stderr > 0.0
    assert review.stderr == pytest.approx(math.hypot(sampled.stderr, EARLY_JUDGE_ERROR))   # turn 3: early
    assert review.loss == pytest.approx(sampled.best_value - sampled.played_value)


def test_marks_by_loss() -> None:
    assert mark_of(0.0, True) == "best"
    assert mark_of(-0.4, False) == "best"
    assert mark_of(0.5, False) == "good"
    assert mark_of(1.0, False) == "inaccuracy"
    assert mark_of(2.9, False) == "inaccuracy"
    assert mark_of(3.0, False) == "mistake"


def _turn(n: int, loss: float, mark: str) -> TurnReview:
    return TurnReview(n, n * 7, n + 1, (), (), 100.0, 100.0 + loss, loss, 0.5, mark,  # type: ignore[arg-type]
                      (Reason("space", (("space", 2), ("played", 1))),), 8)


def test_summary_counts_losses_and_never_lets_a_gain_hide_one() -> None:
    review = GameReview(0, (_turn(0, 0.0, "best"), _turn(1, 4.0, "mistake"), _turn(2, -2.0, "best"),
                            _turn(3, 1.5, "inaccuracy")), 4)
    assert review.total_loss == pytest.approx(5.5)
    assert [t.turn for t in review.costliest(3)] == [1, 3]
    assert review.marks() == {"best": 2, "good": 0, "inaccuracy": 1, "mistake": 1}
    assert 0 < review.accuracy < 100
    assert GameReview(0, (_turn(0, 0.0, "best"),), 1).accuracy == 100.0


def test_reasons_say_what_differs() -> None:
    played = (TakeTokens(0), EndTurn())
    best = (TakeTokens(2), TakeCard("bear"), EndTurn())
    reasons = turn_reasons(played, best, False, 2.0, [("trees", 0.2), ("animals", 1.5)])
    assert [r.key for r in reasons] == ["space", "take_card", "row"]
    assert reasons[0].params == (("space", 3), ("played", 1))
    assert reasons[2].param("row") == "animals"
    assert [r.key for r in turn_reasons(best, best, True, 0.0, [])] == ["same"]
    assert turn_reasons(played, best, False, -1.0, [])[0].key == "as_good"
