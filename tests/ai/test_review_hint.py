"""The hint and the review agree by construction (harmonies/ai/advice.py): at a turn's start the
review's suggested turn is the hint's turn, so a game played by the hint every turn is all best."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from harmonies import ai
from harmonies.ai import HardPlayer, advice
from harmonies.ai.review import review_turn, turn_seed
from harmonies.rules import Command, EndTurn, Game, GameSetup, PlaceToken
from harmonies.session import Jobs, MatchConfig, PlaySession, Played, Seat
from harmonies.session.reviewing import ReviewJob

from test_review import face_down_twin, played_to


#: A small search for the hard player in the quick tests.
QUICK: dict[str, Any] = {"beam": 4, "width": 4, "samples": 2, "budget": 2000}


def cell_of(cmd: Command) -> tuple[int, int]:
    """The cell of a command that must be a token placed."""
    assert isinstance(cmd, PlaceToken), cmd
    return cmd.cell


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard player on a small search: the same code path for the hint and the review, quicker."""
    monkeypatch.setattr(advice, "HardPlayer", functools.partial(HardPlayer, **QUICK))


@pytest.mark.parametrize("players, turns", [(1, 0), (1, 3), (2, 2)])
def test_the_reviews_suggested_turn_is_the_hints_turn(players: int, turns: int, quick_hard: None) -> None:
    game = played_to(GameSetup(players, seed=5), turns)
    hinted = ai.hint(game)
    assert hinted and isinstance(hinted[-1], EndTurn)
    review = review_turn(game, hinted, turn=0, step=len(game.history), round=game.round,
                         seed=turn_seed(game.setup, game.history, game.current), samples=2, helper=False)
    assert review is not None and review.same and review.loss == 0.0 and review.mark == "best"
    assert review.best == tuple(hinted)


def test_the_hints_seed_comes_from_what_was_seen(quick_hard: None) -> None:
    game = played_to(GameSetup(1, seed=7), 2)
    first = ai.hint(game)
    assert ai.hint(game) == first
    seed = turn_seed(game.setup, game.history, game.current)
    assert first == HardPlayer(seed=seed, helper=False, **QUICK).turn_commands(game)
    # the same position in two face-down orders, and another process-global random state: the same hint
    here = face_down_twin(game, 1)
    random.seed(12345)
    assert ai.hint(face_down_twin(here, 3)) == ai.hint(here)


@pytest.mark.slow
def test_the_hint_is_the_hard_players_turn_with_the_turns_seed() -> None:
    game = played_to(GameSetup(1, seed=9), 4)
    seed = turn_seed(game.setup, game.history, game.current)
    # the hint uses the shared helper process, this one none: the same turn
    assert ai.hint(game) == HardPlayer(seed=seed, helper=False).turn_commands(game)


def test_mid_turn_the_hint_goes_on_with_the_turn_it_suggested(quick_hard: None) -> None:
    game = played_to(GameSetup(2, seed=4), 2)
    turn = ai.hint(game)
    places = [n for n, cmd in enumerate(turn) if isinstance(cmd, PlaceToken)]
    # the tokens taken, then a later token placed before an earlier one on another cell
    first, second = next((i, j) for i in places for j in places
                         if i < j and cell_of(turn[i]) != cell_of(turn[j]))
    done = [*turn[:first], turn[second]]
    for cmd in done:
        assert game.apply(cmd).ok, cmd
    rest = ai.hint(game)
    expected = [cmd for n, cmd in enumerate(turn) if n >= first and n != second]
    assert rest == expected


def test_mid_turn_off_the_suggested_turn_the_hint_plans_what_remains(quick_hard: None) -> None:
    game = played_to(GameSetup(2, seed=4), 2)
    turn = ai.hint(game)
    other = next(cmd for cmd in game.legal_commands() if cmd != turn[0] and type(cmd) is type(turn[0]))
    assert game.apply(other).ok
    rest = ai.hint(game)
    assert rest and isinstance(rest[-1], EndTurn)
    mover = game.current
    for cmd in rest:
        assert game.apply(cmd).ok, cmd
    assert game.current != mover


# ---------------------------------------------------------------------- whole games by the hint
def play_by_hint(session: PlaySession, limit: int = 5000) -> None:
    """Play the session's game to its end: each human command the first of the hint's, asked again
    after every command (as a player pressing H at each step); the computer seats as the play screen
    drives them."""
    for _ in range(limit):
        if session.game.over:
            return
        if session.seat_to_play:
            if session.poll_seat() != "ready":
                assert session.seats.wait(120)
                continue
            session.play_seat()
        else:
            job = session.plan_hint()
            assert job.wait(300)
            commands: list[Command] = job.commands
            assert commands and isinstance(commands[-1], EndTurn)
            session.submit(commands[0])
        outcomes = session.run()
        assert all(isinstance(o, Played) for o in outcomes), outcomes
    raise AssertionError("the game did not end")


def review_of(session: PlaySession, seat: int) -> list[tuple[int, str, bool]]:
    """The review of ``seat``'s turns as the replay viewer starts it (in a process of its own)."""
    game = session.game
    job = ReviewJob.start(game.setup, game.history, seat, cards=game.cards, deal=game.deal)
    assert job.wait(900)
    state = job.poll()
    assert state.error is None and state.result is not None and state.result.complete
    return [(t.turn, t.mark, t.same) for t in state.result.turns]


@pytest.mark.slow
@pytest.mark.parametrize("seats", [(Seat("Ada"),), (Seat("Ada"), Seat("Bo", "computer", "medium"))],
                         ids=["solo", "table"])
def test_a_game_played_by_the_hint_is_reviewed_best_every_turn(seats: tuple[Seat, ...]) -> None:
    setup = GameSetup(players=len(seats), seed=11)
    session = PlaySession(Game.new(setup), MatchConfig(seats, seed=11), jobs=Jobs(None))
    try:
        play_by_hint(session)
        marks = review_of(session, 0)
    finally:
        session.close()
    assert len(marks) >= 10
    assert all(mark in ("best", "good") for _, mark, _ in marks), marks
    assert all(same for _, _, same in marks), marks
