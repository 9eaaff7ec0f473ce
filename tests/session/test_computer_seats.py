"""Seats played by their controllers and hints through the play session: planned in the background on
the seat's view."""

from __future__ import annotations

from pathlib import Path

import pytest

from harmonies import ai
from harmonies.rules import Command, Game, GameSetup, TakeTokens
from harmonies.session import ComputerSeat, Jobs, MatchConfig, Played, PlaySession, Refused, Seat
from harmonies.session import computer as computer_module
from harmonies.session.errlog import LOG_NAME


def _computers(levels: tuple[str, ...], seed: int, log: Path | None = None) -> PlaySession:
    game = Game.new(GameSetup(players=len(levels), seed=seed))
    seats = tuple(Seat(f"C{i}", "computer", level) for i, level in enumerate(levels))
    return PlaySession(game, MatchConfig(seats, seed=seed), jobs=Jobs(log))


def _play_out(session: PlaySession, limit: int = 5000) -> list[Played | Refused]:
    """Drive the computer seats as the play screen does at instant speed, waiting for each plan."""
    out: list[Played | Refused] = []
    for _ in range(limit):
        if session.game.over:
            break
        assert session.seat_to_play and not session.awaits_screen
        if session.poll_seat() != "ready":
            assert session.seats.wait(60)
            continue
        session.play_seat()
        out += session.run()
    assert session.game.over
    return out


def test_computer_seats_play_a_whole_game_through_the_session() -> None:
    session = _computers(("random", "easy"), seed=9)
    outcomes = _play_out(session)
    assert sum(isinstance(o, Played) for o in outcomes) == len(session.game.history)
    # each command is marked with the seat that sent it: the seat whose turn it played
    replay = Game.new(session.game.setup)
    for o in outcomes:
        assert o.seat == replay.current
        replay.apply(o.command)
    assert session.take_failures() == []
    session.close()


def test_a_computer_player_that_raises_is_logged_shown_and_its_seat_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(seat: ComputerSeat, view: Game) -> list[Command]:
        raise RuntimeError("planner lost its weights")

    monkeypatch.setattr(ComputerSeat, "next_commands", broken)
    session = _computers(("hard", "hard"), seed=4, log=tmp_path)
    while session.poll_seat() != "ready":
        assert session.seats.wait(60)
    assert session.play_seat()
    (first,) = session.run()
    assert isinstance(first, Played)          # the fallback's random turn is legal
    failures = session.take_failures()
    assert [f.what for f in failures] == ["turn"]
    assert failures[0].error == "RuntimeError: planner lost its weights"
    log = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert "planner lost its weights" in log and "Traceback" in log
    session.close()


def test_the_hint_and_the_computer_seats_are_handed_the_game_through_seat_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = computer_module.seat_view

    def spy(game: Game, seat: int) -> Game:
        seen.append(seat)
        return real(game, seat)

    monkeypatch.setattr(computer_module, "seat_view", spy)
    session = _computers(("random", "random"), seed=2)
    assert session.poll_seat() == "started"
    hint = session.plan_hint()
    assert hint.wait(60) and hint.version == 0
    assert seen == [0, 0]
    session.close()


def test_a_hint_that_raises_answers_nothing_and_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Game) -> list[object]:
        raise KeyError("card")

    monkeypatch.setattr(ai, "hint", broken)
    game = Game.new(GameSetup(players=2, seed=1))
    session = PlaySession(game, MatchConfig((Seat("Ada"), Seat("Bo"))), jobs=Jobs(tmp_path))
    hint = session.plan_hint()
    assert hint.wait(60) and hint.commands == []
    assert [f.what for f in session.take_failures()] == ["hint"]
    assert (tmp_path / LOG_NAME).is_file()
    session.close()


def test_a_refused_computer_command_drops_the_rest_of_its_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ComputerSeat, "next_commands", lambda seat, view: [TakeTokens(0), TakeTokens(1), TakeTokens(2)])
    session = _computers(("random", "random"), seed=6)
    while session.poll_seat() != "ready":
        assert session.seats.wait(60)
    assert session.play_seat() and session.play_seat()
    played, refused = session.run()
    assert isinstance(played, Played) and isinstance(refused, Refused)
    assert (played.seat, refused.seat) == (0, 0)
    assert session.seats.next_command() is None     # TakeTokens(2) was never played
    session.close()
