"""The play session: one game, the commands waiting to be played, and what playing them did.

Every seat has a controller (:mod:`harmonies.session.seats`). The screen's input, for a seat
played at this screen (:meth:`PlaySession.submit`), and the other seats' controllers
(:meth:`PlaySession.play_seat`) put commands in the command queue, each marked with the seat that
sent it; :meth:`PlaySession.run` applies them in order through ``Game.apply``, autosaves after each
accepted one, and publishes a :class:`Played` (the events) or a :class:`Refused` (the refusal);
each frame the play scene takes them out with :meth:`PlaySession.take_events` and turns them into
animation and sound. Nothing here imports pygame.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Union

from harmonies.rules import Colour, Command, Event, Game, PlayerView, Rejected, TurnStarted

from .computer import HintJob, SeatState, SeatTurns, plan_hint
from .jobs import Failure, Jobs
from .match import GameStamp, MatchConfig
from .saves import SaveProblem, SaveSlot
from .seats import Controller, controllers_for


@dataclass(frozen=True)
class Before:
    """What the screen needs of the position a command was played in (where things flew from)."""

    hand: tuple[Colour, ...]
    central: tuple[tuple[Colour, ...], ...]
    view: PlayerView          # the acting seat's board and cards


@dataclass(frozen=True)
class Played:
    """An accepted command and the events it caused, in order; ``seat``: the seat that sent it.

    ``dropped`` marks a command a player made by dropping a piece where it goes (nothing flies).
    """

    command: Command
    events: tuple[Event, ...]
    before: Before
    seat: int
    dropped: bool = False


@dataclass(frozen=True)
class Refused:
    """A refused command (the game did not change), the rules' refusal, and the seat that sent it."""

    command: Command
    rejected: Rejected
    seat: int
    dropped: bool = False


# What the session reports of one command from its queue: played, or refused.
CommandReport = Union[Played, Refused]


@dataclass(frozen=True)
class _Queued:
    command: Command
    seat: int
    dropped: bool
    #: Sent by this screen's input (not by a controller's plan).
    from_screen: bool


class PlaySession:
    """Owns the :class:`Game` of a match, a command queue and an event queue.

    ``saves`` is where every accepted command is autosaved (``None``: nothing is saved, as in the
    demo). A failed save never loses the game: the slot keeps it in memory, says why in
    :attr:`save_problem`, and tries again after every command. ``jobs`` runs the seats' controllers
    and the hints (by default on its own threads, logging nowhere). ``controllers``: what plays each
    seat (by default what ``config``'s seats describe, :func:`~.seats.controllers_for`). ``stamp``
    says which game this is (a resumed game's own; a new one for a new game, so it is saved as a
    game of its own).
    """

    def __init__(self, game: Game, config: MatchConfig, saves: SaveSlot | None = None,
                 jobs: Jobs | None = None, controllers: Sequence[Controller] | None = None,
                 stamp: GameStamp | None = None) -> None:
        self._game = game
        self.config = config
        self.stamp = stamp if stamp is not None else GameStamp.new()
        self.saves = saves
        self.jobs = jobs if jobs is not None else Jobs(None)
        # A game on the table is always dealt from a seed (only an observer view has none).
        if controllers is None:
            controllers = controllers_for(config, game.setup.seed or 0)
        self.seats = SeatTurns(controllers, self.jobs)
        self._commands: deque[_Queued] = deque()
        self._events: deque[CommandReport] = deque()
        #: Accepted commands so far: a position's key for answers planned on it (hints).
        self.version = 0

    @property
    def game(self) -> Game:
        """The game, to read; it changes only through :meth:`submit` and :meth:`run`."""
        return self._game

    def meta(self) -> dict[str, Any]:
        """The app's data saved with the game: the seats, the kind of game, its id and start."""
        return {**self.config.to_meta(), **self.stamp.to_meta()}

    # ------------------------------------------------------------------ the command queue
    def submit(self, command: Command, dropped: bool = False) -> None:
        """Put ``command`` from this screen's input at the end of the queue, as sent by the seat to
        move; :meth:`run` plays it only if that seat is played at this screen and still to move."""
        self._commands.append(_Queued(command, self._game.current, dropped, True))

    @property
    def pending(self) -> int:
        """Commands waiting in the queue."""
        return len(self._commands)

    def run(self) -> list[CommandReport]:
        """Play every queued command in order; returns what each did (also published to the event queue).

        Once the game is over, commands still queued are dropped unplayed, and so is a command of a
        seat that may not act now (asked of its controller): a seat no longer to move, or this
        screen's input for a seat not played here.
        """
        out: list[CommandReport] = []
        while self._commands:
            item = self._commands.popleft()
            if not self._may_act(item):
                continue
            outcome = self._play(item)
            out.append(outcome)
            self._events.append(outcome)
        return out

    def _may_act(self, item: _Queued) -> bool:
        game = self._game
        return not game.over and item.seat == game.current and item.from_screen == self.at_screen(item.seat)

    def _play(self, item: _Queued) -> CommandReport:
        game = self._game
        before = Before(game.hand, game.central, game.player(game.current))
        result = game.apply(item.command)
        if isinstance(result, Rejected):
            if not item.from_screen:
                self.seats.refused()
            return Refused(item.command, result, item.seat, item.dropped)
        self.version += 1
        self.save()
        if not item.from_screen:
            self.seats.accepted()
        if any(isinstance(ev, TurnStarted) for ev in result.events):
            self.seats.turn_started()
        return Played(item.command, result.events, before, item.seat, item.dropped)

    # ------------------------------------------------------------------ the seats' controllers and hints
    def at_screen(self, seat: int) -> bool:
        """``seat`` is played at this screen (its controller says so): its commands come from the screen."""
        return self.seats.controllers[seat].at_screen

    @property
    def awaits_screen(self) -> bool:
        """The game goes on and the seat to move is played at this screen: the screen waits for its input."""
        return not self._game.over and self.at_screen(self._game.current)

    @property
    def seat_to_play(self) -> bool:
        """The game goes on and the seat to move is played by its controller (a computer level, a
        script, ...), not at this screen."""
        return not self._game.over and not self.at_screen(self._game.current)

    def poll_seat(self) -> SeatState:
        """Let the controller of the seat to move plan its turn; "ready" once a command waits to be played."""
        return self.seats.poll(self._game)

    def play_seat(self) -> bool:
        """Queue the next planned command of the seat to move; False if it has none ready."""
        cmd = self.seats.next_command()
        if cmd is None:
            return False
        self._commands.append(_Queued(cmd, self._game.current, False, False))
        return True

    @property
    def thinking(self) -> bool:
        """The seat to move's controller is planning its turn."""
        return self.seats.thinking

    def plan_hint(self) -> HintJob:
        """Start planning a hint for the seat to move, keyed to the current :attr:`version`."""
        return plan_hint(self.jobs, self._game, self.version)

    def take_failures(self) -> list[Failure]:
        """Background jobs that failed since the last call (each already logged), for the screen."""
        return self.jobs.take_failures()

    def close(self) -> None:
        """The match leaves the screen: no more background jobs."""
        self.jobs.close()

    # ------------------------------------------------------------------ the event queue
    def take_events(self) -> list[CommandReport]:
        """Everything published since the last call, oldest first."""
        out = list(self._events)
        self._events.clear()
        return out

    # ------------------------------------------------------------------ queries for the screen
    def allows(self, command: Command) -> bool:
        """Would ``command`` be accepted now (for highlighting what can be played)?"""
        return self._game.check(command) is None

    # ------------------------------------------------------------------ saving
    def save(self) -> None:
        """Autosave the game as it stands (nothing without a save slot)."""
        if self.saves is not None:
            self.saves.autosave(self._game, self.meta())

    @property
    def save_problem(self) -> SaveProblem | None:
        """Why games are not being saved, while they are not."""
        return self.saves.problem if self.saves is not None else None
