"""The seats' turns and the hint: asked for in the background on what the seat may see.

:func:`seat_view` is the one place a seat's controller or the hint is handed the game. Each ask runs
as a :class:`~harmonies.session.jobs.Job`; a controller that raises is logged and shown by the jobs,
and its seat plays a random legal turn instead, so the game goes on.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from harmonies import ai
from harmonies.rules import Command, EndTurn, Game

from .jobs import Job, Jobs
from .seats import Controller

#: What the seat to move is doing: planning, just began planning, holding a command to play, or
#: waiting for this screen's input (a seat played at this screen).
SeatState = Literal["thinking", "started", "ready", "screen"]

#: Refused or empty plans in a row after which a seat plays a random turn instead of planning again.
MAX_STALLS = 3


def seat_view(game: Game, seat: int) -> Game:
    """The game as handed to the controller of ``seat`` or the hint for it.

    The rules' observer view: a copy (so a worker thread never touches the game on the table) whose
    pouch, pile and other seats' undecided spirit cards are in an order that tells nothing, and whose
    setup cannot deal the real game again.
    """
    return game.observer_view()


def fallback_turn(game: Game, rng: random.Random) -> list[Command]:
    """A legal turn by random choice, played out on a copy (used when a seat's controller fails)."""
    trial = game.clone()
    seat = trial.current
    out: list[Command] = []
    for _ in range(200):
        if trial.over or trial.current != seat:
            break
        legal = trial.legal_commands()
        if not legal:
            break
        ends = [c for c in legal if isinstance(c, EndTurn)]
        cmd = ends[0] if ends and rng.random() < 0.7 else rng.choice(legal)
        if trial.apply(cmd).ok:
            out.append(cmd)
    return out


@dataclass(frozen=True)
class HintJob:
    """The hint for the position of ``version`` (an answer for another version is out of date)."""

    job: Job[list[Command]]
    version: int

    @property
    def done(self) -> bool:
        return self.job.done

    def wait(self, timeout: float | None = None) -> bool:
        return self.job.wait(timeout)

    @property
    def commands(self) -> list[Command]:
        """The planned commands (none if the planner failed); only once :attr:`done`."""
        return self.job.result()


def plan_hint(jobs: Jobs, game: Game, version: int) -> HintJob:
    """Start planning the turn the hard player would play for the seat to move."""
    view = seat_view(game, game.current)
    return HintJob(jobs.start("hint", lambda: list(ai.hint(view)), list), version)


class SeatTurns:
    """Asks the controller of the seat to move for its commands in the background, and hands them
    out one by one; a seat played at this screen is not asked (its commands come from the screen)."""

    def __init__(self, controllers: Sequence[Controller], jobs: Jobs) -> None:
        self.jobs = jobs
        self.controllers = tuple(controllers)
        self._job: Job[list[Command]] | None = None
        self._plan: deque[Command] = deque()
        self._stalls = 0

    @property
    def thinking(self) -> bool:
        """A turn is being planned."""
        return self._job is not None and not self._job.done

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the plan being made is done (tests and tools); False if ``timeout`` passed first."""
        return self._job is None or self._job.wait(timeout)

    def poll(self, game: Game) -> SeatState:
        """Take a finished plan, or start asking the current seat's controller when there is none."""
        seat = game.current
        if self._job is not None:
            if not self._job.done:
                return "thinking"
            self._plan = deque(self._job.result())
            self._job = None
            if not self._plan:
                self._stalls += 1
        if self._plan:
            return "ready"
        controller = self.controllers[seat]
        if controller.at_screen:
            return "screen"
        seed = game.round * 31 + seat
        if self._stalls >= MAX_STALLS:
            self._plan = deque(fallback_turn(game, random.Random(seed)))
            self._stalls = 0
            return "thinking"
        view = seat_view(game, seat)
        self._job = self.jobs.start("turn", lambda: list(controller.next_commands(view)),
                                    lambda: fallback_turn(view, random.Random(seed)))
        return "started"

    def next_command(self) -> Command | None:
        """The next planned command (``None`` when there is none)."""
        return self._plan.popleft() if self._plan else None

    def refused(self) -> None:
        """A planned command was refused: the rest of the plan is dropped and the seat plans again."""
        self._plan.clear()
        self._stalls += 1

    def accepted(self) -> None:
        self._stalls = 0

    def turn_started(self) -> None:
        """A new turn: whatever is left of a plan belonged to the last one."""
        self._plan.clear()
