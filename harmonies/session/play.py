"""The play session: one game, the commands waiting to be played, and what playing them did.

Human input (:meth:`PlaySession.submit`) and computer seats (:meth:`PlaySession.play_computer`) put
commands in the command queue; :meth:`PlaySession.run`
applies them in order through ``Game.apply``, autosaves after each accepted one, and publishes a
:class:`Played` (the events) or a :class:`Refused` (the refusal); each frame the play scene takes
them out with :meth:`PlaySession.take_events` and turns them into animation and sound. Nothing
here imports pygame.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Union

from harmonies.rules import Colour, Command, Event, Game, PlayerView, Rejected, TurnStarted

from .computer import ComputerSeats, ComputerState, HintJob, plan_hint
from .jobs import Failure, Jobs
from .match import GameStamp, MatchConfig
from .saves import SaveProblem, SaveSlot


@dataclass(frozen=True)
class Before:
    """What the screen needs of the position a command was played in (where things flew from)."""

    hand: tuple[Colour, ...]
    central: tuple[tuple[Colour, ...], ...]
    view: PlayerView          # the acting seat's board and cards


@dataclass(frozen=True)
class Played:
    """An accepted command and the events it caused, in order.

    ``dropped`` marks a command a player made by dropping a piece where it goes (nothing flies).
    """

    command: Command
    events: tuple[Event, ...]
    before: Before
    dropped: bool = False
    by_computer: bool = False


@dataclass(frozen=True)
class Refused:
    """A refused command (the game did not change) and the rules' refusal."""

    command: Command
    rejected: Rejected
    dropped: bool = False
    by_computer: bool = False


# What the session reports of one command from its queue: played, or refused.
CommandReport = Union[Played, Refused]


@dataclass(frozen=True)
class _Queued:
    command: Command
    dropped: bool
    by_computer: bool


class PlaySession:
    """Owns the :class:`Game` of a match, a command queue and an event queue.

    ``saves`` is where every accepted command is autosaved (``None``: nothing is saved, as in the
    demo). A failed save never loses the game: the slot keeps it in memory, says why in
    :attr:`save_problem`, and tries again after every command. ``jobs`` runs the computer seats'
    planning and the hints (by default on its own threads, logging nowhere). ``stamp`` says which game
    this is (a resumed game's own; a new one for a new game, so it is saved as a game of its own).
    """

    def __init__(self, game: Game, config: MatchConfig, saves: SaveSlot | None = None,
                 jobs: Jobs | None = None, stamp: GameStamp | None = None) -> None:
        self._game = game
        self.config = config
        self.stamp = stamp if stamp is not None else GameStamp.new()
        self.saves = saves
        self.jobs = jobs if jobs is not None else Jobs(None)
        # A game on the table is always dealt from a seed (only an observer view has none).
        self.computer = ComputerSeats(config, game.setup.seed or 0, self.jobs)
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
    def submit(self, command: Command, dropped: bool = False, by_computer: bool = False) -> None:
        """Put ``command`` at the end of the queue; :meth:`run` plays it."""
        self._commands.append(_Queued(command, dropped, by_computer))

    @property
    def pending(self) -> int:
        """Commands waiting in the queue."""
        return len(self._commands)

    def run(self) -> list[CommandReport]:
        """Play every queued command in order; returns what each did (also published to the event queue).

        Once the game is over, commands still queued are dropped unplayed.
        """
        out: list[CommandReport] = []
        while self._commands:
            item = self._commands.popleft()
            if self._game.over:
                continue
            outcome = self._play(item)
            out.append(outcome)
            self._events.append(outcome)
        return out

    def _play(self, item: _Queued) -> CommandReport:
        game = self._game
        before = Before(game.hand, game.central, game.player(game.current))
        result = game.apply(item.command)
        if isinstance(result, Rejected):
            if item.by_computer:
                self.computer.refused()
            return Refused(item.command, result, item.dropped, item.by_computer)
        self.version += 1
        self.save()
        if item.by_computer:
            self.computer.accepted()
        if any(isinstance(ev, TurnStarted) for ev in result.events):
            self.computer.turn_started()
        return Played(item.command, result.events, before, item.dropped, item.by_computer)

    # ------------------------------------------------------------------ computer seats and hints
    @property
    def computer_to_play(self) -> bool:
        """The seat to move is a computer's (and the game goes on)."""
        return not self._game.over and self.config.seats[self._game.current].is_computer

    def poll_computer(self) -> ComputerState:
        """Let the computer seat to move plan its turn; "ready" once a command waits to be played."""
        return self.computer.poll(self._game)

    def play_computer(self) -> bool:
        """Queue the computer seat's next planned command; False if it has none ready."""
        cmd = self.computer.next_command()
        if cmd is None:
            return False
        self.submit(cmd, by_computer=True)
        return True

    @property
    def thinking(self) -> bool:
        """A computer seat is planning its turn."""
        return self.computer.thinking

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
