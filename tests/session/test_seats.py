"""Seats are controllers: the session asks each seat's controller for its commands, queues them as
sent by that seat, and never asks a seat's kind. A scripted seat plays a recorded game to its end."""

from __future__ import annotations

from harmonies.ai import make_player, play_game
from harmonies.rules import Command, Game, GameSetup
from harmonies.session import (
    COMPUTER, ComputerSeat, MatchConfig, Played, PlaySession, Resume, ScreenSeat, ScriptedSeat, Seat,
    controllers_for, screen_seats, seat_scripts,
)


def recorded_game() -> Game:
    """A finished game of two computer levels, to play again from its record."""
    return play_game(GameSetup(players=2, spirits=True, seed=31), [make_player("easy", 1), make_player("random", 2)])


def drive(session: PlaySession, screen: list[Command] | None = None, limit: int = 2000) -> list[Played]:
    """Play the session to its end as the play screen does: the seat to move plays by its controller
    (waiting for each plan), or the screen sends the next of ``screen``'s commands."""
    played: list[Played] = []
    for _ in range(limit):
        if session.game.over:
            break
        if session.awaits_screen:
            assert screen, "the screen has no command left to send"
            session.submit(screen.pop(0))
        elif session.poll_seat() == "ready":
            session.play_seat()
        else:
            assert session.seats.wait(30)
            continue
        for outcome in session.run():
            assert isinstance(outcome, Played), outcome
            played.append(outcome)
    assert session.game.over
    return played


def test_scripted_seats_play_a_recorded_game_to_its_end() -> None:
    record = recorded_game()
    scripts = seat_scripts(record)
    config = MatchConfig((Seat("Ada", COMPUTER, "easy"), Seat("Bo", COMPUTER, "random")), spirits=True, seed=31)
    seats = [ScriptedSeat(script) for script in scripts]
    session = PlaySession(Game.new(record.setup), config, controllers=seats)
    played: list[Played] = []
    while not session.game.over:
        if session.poll_seat() == "ready":      # the seat to move has its next commands
            session.play_seat()                 # queued as sent by that seat
            played += [o for o in session.run() if isinstance(o, Played)]
        else:
            assert session.seats.wait(30)       # its controller is still answering, in the background
    assert session.game.history == record.history and session.game.outcome == record.outcome
    assert all(seat.done for seat in seats)
    # each command was queued as sent by the seat whose script held it
    assert [p.command for p in played if p.seat == 0] == list(scripts[0])
    assert [p.command for p in played if p.seat == 1] == list(scripts[1])
    session.close()


def test_the_screen_acts_only_for_a_seat_played_at_this_screen() -> None:
    record = recorded_game()
    mine, theirs = seat_scripts(record)
    config = MatchConfig((Seat("Ada"), Seat("Bo", COMPUTER)), spirits=True, seed=31)
    session = PlaySession(Game.new(record.setup), config, controllers=(ScreenSeat(), ScriptedSeat(theirs)))
    assert session.at_screen(0) and not session.at_screen(1)
    screen = list(mine)
    while session.awaits_screen:                   # the person at the screen plays seat 0's turn
        assert session.poll_seat() == "screen"     # its controller is never asked
        session.submit(screen.pop(0))
        assert isinstance(session.run()[0], Played)
    # the scripted seat is to move: input from the screen is not played for it
    assert session.seat_to_play and session.game.current == 1
    session.submit(screen[0])
    assert session.run() == [] and len(session.game.history) == len(mine) - len(screen)
    played = drive(session, screen)
    assert session.game.history == record.history
    assert {p.seat for p in played} == {0, 1}
    session.close()


def test_the_seats_a_match_describes_get_their_controllers() -> None:
    config = MatchConfig((Seat("Ada"), Seat("Bo", COMPUTER, "hard"), Seat("Cy", "someone", "easy"),
                          Seat("Di", COMPUTER, "no such level")))
    controllers = controllers_for(config, seed=4)
    assert [type(c) for c in controllers] == [ScreenSeat, ComputerSeat, ScreenSeat, ComputerSeat]
    assert [c.at_screen for c in controllers] == [True, False, True, False]
    assert screen_seats(config.seats) == (0, 2)
    hard, fallback = controllers[1], controllers[3]
    assert isinstance(hard, ComputerSeat) and hard.player.kind == "hard"
    assert isinstance(fallback, ComputerSeat) and fallback.player.kind == "random"   # an unknown level
    # the session's controllers are these, seeded as a game on the table seeds them
    session = PlaySession(config.deal(), config)
    assert [type(c) for c in session.seats.controllers] == [ScreenSeat, ComputerSeat, ScreenSeat, ComputerSeat]
    session.close()


def test_a_saved_seat_description_loads_as_before() -> None:
    # the seats of a save written by earlier versions: name, kind and level, or parts of them missing
    meta = {"seats": [{"name": "Ada", "kind": "human", "level": "random"},
                      {"name": "Bo", "kind": "computer", "level": "hard"}, {"name": "Cy"}, "not a seat"]}
    game = Game.new(GameSetup(players=4, seed=2))
    resumed = Resume.from_saved(game, meta)
    assert resumed.config.seats == (Seat("Ada"), Seat("Bo", COMPUTER, "hard"), Seat("Cy"), Seat("Player 4"))
    assert resumed.config.to_meta()["seats"][:2] == meta["seats"][:2]
    assert screen_seats(resumed.config.seats) == (0, 2, 3)
