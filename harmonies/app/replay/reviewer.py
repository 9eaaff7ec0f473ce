"""The game review as the replay viewer holds it: whose turns, the job computing it in the background, what
it has to show now, and the reviewed turn at a step of the game. No pygame here.

The job is :class:`harmonies.session.reviewing.ReviewJob` (another process; a kept review is read at
once); the viewer is handed a factory, so the screens can be tested with a stub engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from harmonies.ai.review import GameReview, TurnReview
from harmonies.persist import Store
from harmonies.persist.identity import identity_of
from harmonies.persist.reviews import Reviews
from harmonies.rules import CardSet, Command, Deal, Game, GameSetup
from harmonies.session.reviewing import Keep, ReviewJob, ReviewState

Status = Literal["idle", "running", "done", "cancelled", "failed"]


class Job(Protocol):
    """What the viewer asks of a review job."""

    def poll(self) -> ReviewState: ...

    def cancel(self) -> None: ...


#: Starts the review of a seat: ``(seat) -> job``.
StartJob = Callable[[int], Job]


@dataclass(frozen=True)
class GameToReview:
    """The game the viewer shows, as the review job takes it."""

    setup: GameSetup
    commands: tuple[Command, ...]
    cards: CardSet | None
    deal: Deal | None = None


def keep_for(store: Store | None, game: Game) -> Keep | None:
    """Where the review of ``game`` is kept: beside its record in the finished games (None when the game is
    not recorded there, e.g. a game in progress, or there is no data folder)."""
    if store is None or not game.over:
        return None
    try:
        identity = identity_of(game)
        path = store.recorded(identity)
    except Exception:  # the index is a convenience: without it the review is computed and not kept
        return None
    if path is None:
        return None
    return Keep(Reviews(store.dirs, durable=store.durable), path, identity)


def job_starter(game: GameToReview, keep: Keep | None, log_folder: Path | None) -> StartJob:
    """The factory of real jobs for ``game``."""
    def start(seat: int) -> Job:
        return ReviewJob.start(game.setup, game.commands, seat, cards=game.cards, deal=game.deal, keep=keep,
                               log_folder=log_folder)
    return start


class Reviewer:
    """The review on show in the viewer (at most one seat's at a time)."""

    def __init__(self, start_job: StartJob, seat: int) -> None:
        self._start_job = start_job
        #: The seat whose turns are (or are to be) reviewed.
        self.seat = seat
        self.job: Job | None = None
        self.state: ReviewState | None = None
        self.review: GameReview | None = None
        self.status: Status = "idle"
        self.error = ""

    @property
    def running(self) -> bool:
        return self.status == "running"

    @property
    def progress(self) -> tuple[int, int]:
        """(turns done, turns to review) of the running review."""
        return (0, 0) if self.state is None else (self.state.done, self.state.total)

    def start(self, seat: int) -> None:
        """Review ``seat``'s turns (a running review is cancelled first)."""
        self.cancel()
        self.seat = seat
        self.review = None
        self.error = ""
        self.status = "running"
        try:
            self.job = self._start_job(seat)
        except Exception as exc:  # the process could not start: one line on screen, the viewer goes on
            self.job = None
            self.status, self.error = "failed", f"{type(exc).__name__}: {exc}"
            return
        self.poll()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            if self.status == "running":
                self.status = "cancelled"

    def poll(self) -> None:
        """Take what the job has sent since the last frame."""
        if self.job is None:
            return
        self.state = self.job.poll()
        if self.state.result is not None:
            self.review, self.status, self.job = self.state.result, "done", None
        elif self.state.error is not None:
            self.status, self.error, self.job = "failed", self.state.error, None

    def show(self, review: GameReview) -> None:
        """Show a review at once (one kept from an earlier time)."""
        self.cancel()
        self.seat, self.review, self.status = review.seat, review, "done"

    def marks(self) -> dict[int, str]:
        """The mark of each reviewed turn by the step its turn starts at."""
        if self.review is None:
            return {}
        return {t.step: t.mark for t in self.review.turns}

    def turn_at(self, step: int, turn_starts: Sequence[int]) -> TurnReview | None:
        """The reviewed turn the position at ``step`` is in (from its start up to the next turn's start)."""
        if self.review is None:
            return None
        for t in self.review.turns:
            later = [s for s in turn_starts if s > t.step]
            if t.step <= step < (later[0] if later else t.step + 10**9):
                return t
        return None


def stored_review(keep: Keep | None, seat: int) -> GameReview | None:
    """The review of ``seat`` kept beside the finished game, if there is one (read at once, never raises)."""
    if keep is None:
        return None
    try:
        return keep.reviews.load(keep.game_path, keep.identity, seat)
    except Exception:  # a review that cannot be read is computed again when asked for
        return None
