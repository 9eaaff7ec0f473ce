"""Who plays each seat: a controller, asked for the seat's commands when the seat is to move.

Every seat of a match has one (:class:`Controller`), and the table asks it, never the seat's kind:

- :class:`ScreenSeat`: the person at this screen. Its commands come from the screen's input, so it
  sends none itself, and the screen waits for it (``at_screen``).
- :class:`ComputerSeat`: a computer level of ``harmonies.ai``, planning on what its seat may see.
- :class:`ScriptedSeat`: a fixed list of commands handed out a turn at a time (tests, replays, a
  lesson), e.g. :func:`seat_scripts` of a recorded game.
- a seat played elsewhere (another computer) fits the same shape: it answers with the commands
  that have arrived for its seat (the session then has to wait for a silent one instead of counting
  its silence as a stall, :class:`~.computer.SeatTurns`).

The session (:mod:`harmonies.session.play`) asks the controller of the seat to move for its
commands on the seat's observer view, in the background (:class:`~.computer.SeatTurns`), queues
them as sent by that seat, and plays them through the rules like any other command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from harmonies import ai
from harmonies.ai import Player
from harmonies.rules import Command, EndTurn, Game

from .match import COMPUTER, MatchConfig, Seat


class Controller(Protocol):
    """What plays a seat."""

    #: Its commands come from this screen's input: the screen waits for them (and offers this seat
    #: the hint, its hand-over screen and the recap of the others' turns).
    at_screen: bool

    def next_commands(self, view: Game) -> Sequence[Command]:
        """The commands it sends now for its seat, the seat to move in ``view`` (the seat's observer
        view, which it leaves as it is): the rest of its turn, or none while it has none to send."""
        ...


class ScreenSeat:
    """The person at this screen: the play screen sends their commands."""

    at_screen = True

    def next_commands(self, view: Game) -> Sequence[Command]:
        return ()


class ComputerSeat:
    """A computer level: the rest of the turn, as its player plans it on the view."""

    at_screen = False

    def __init__(self, player: Player) -> None:
        self.player = player

    def next_commands(self, view: Game) -> Sequence[Command]:
        return self.player.next_commands(view)


class ScriptedSeat:
    """A fixed list of commands, handed out one turn at a time (each time up to and including the
    next ``EndTurn``), in order, whatever the view; none once the list is used up."""

    at_screen = False

    def __init__(self, commands: Sequence[Command]) -> None:
        self.commands = tuple(commands)
        self._next = 0

    @property
    def done(self) -> bool:
        """Every command of the list has been handed out."""
        return self._next >= len(self.commands)

    def next_commands(self, view: Game) -> Sequence[Command]:
        start = self._next
        while self._next < len(self.commands):
            self._next += 1
            if type(self.commands[self._next - 1]) is EndTurn:
                break
        return self.commands[start:self._next]


def make_seat_player(level: str, seed: int) -> Player:
    """The AI package's player for ``level`` (the random player for a level it does not have)."""
    try:
        return ai.make_player(level, seed)
    except ValueError:
        return ai.make_player("random", seed)


def controller_for(seat: Seat, seed: int) -> Controller:
    """The controller a match's seat describes: its computer level (seeded by ``seed``) for a
    computer seat, the person at this screen for any other (as saved seats have always been read)."""
    if seat.kind == COMPUTER:
        return ComputerSeat(make_seat_player(seat.level, seed))
    return ScreenSeat()


def controllers_for(config: MatchConfig, seed: int) -> tuple[Controller, ...]:
    """The controllers of ``config``'s seats, for a game dealt from ``seed`` (seat ``i``'s computer
    player seeded ``seed * 7 + i``)."""
    return tuple(controller_for(seat, seed * 7 + i) for i, seat in enumerate(config.seats))


def screen_seats(seats: Sequence[Seat]) -> tuple[int, ...]:
    """The seats played at this screen (those :func:`controller_for` gives a :class:`ScreenSeat`),
    told from the seats' descriptions without making their controllers."""
    return tuple(i for i, seat in enumerate(seats) if seat.kind != COMPUTER)


def seat_scripts(game: Game) -> tuple[tuple[Command, ...], ...]:
    """The commands of ``game`` split by the seat that played each, in order: one
    :class:`ScriptedSeat` each plays the game again (the game is replayed to tell whose each was)."""
    again = Game.new(game.setup, game.cards)
    scripts: list[list[Command]] = [[] for _ in range(game.setup.players)]
    for cmd in game.history:
        scripts[again.current].append(cmd)
        again.apply(cmd)
    return tuple(tuple(s) for s in scripts)
