"""A game review in the background, for the replay viewer: start, poll, cancel.

The review runs in a process of its own (spawned, as the hard player's helper is): a thread would
hold the interpreter lock for most of each frame and stall the window. The process sends its
progress (turn k of n) and then the review, or its error in one line, through a pipe that
:meth:`ReviewJob.poll` reads without waiting. :meth:`ReviewJob.cancel` ends it at once. It watches
this process and ends with it however it dies (:func:`harmonies.orphans.watch_parent`), and a
review still running when this process exits is ended first.

With a kept review (:class:`harmonies.persist.reviews.Reviews`) the job is done at once; a review
finished here is kept for next time. No pygame here.
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.connection
import os
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from harmonies.ai.review import GameReview, review_game
from harmonies.orphans import watch_parent
from harmonies.persist.identity import identity_of
from harmonies.persist.paths import Dirs
from harmonies.persist.reviews import Reviews
from harmonies.rules import CardSet, Command, Deal, Game, GameSetup

from .errlog import log_error


@dataclass(frozen=True)
class ReviewState:
    """What a review job has to show now.

    ``done`` of ``total`` turns reviewed so far; ``result`` once it is finished (``complete`` False if
    cancelled); ``error``: one line when the review failed (nothing else will come); ``stored``: the
    review was read from its kept file rather than computed.
    """

    done: int
    total: int
    result: GameReview | None = None
    error: str | None = None
    stored: bool = False

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None


@dataclass(frozen=True)
class Keep:
    """Where a finished game's review is kept: the store, the game's file and its identity."""

    reviews: Reviews
    game_path: Path
    identity: str

    @classmethod
    def of(cls, dirs: Dirs, game_path: Path, game: Game) -> Keep:
        """Where the review of the finished ``game``, recorded at ``game_path`` in ``dirs``, is kept."""
        return cls(Reviews(dirs), game_path, identity_of(game))


_RUNNING: set[ReviewJob] = set()


class ReviewJob:
    """One game review of one seat, computed in another process (or read from its kept file)."""

    def __init__(self, state: ReviewState, process: BaseProcess | None = None,
                 conn: multiprocessing.connection.Connection | None = None, keep: Keep | None = None,
                 log_folder: Path | None = None) -> None:
        self._state = state
        self._process = process
        self._conn = conn
        self._keep = keep
        self._log_folder = log_folder

    @classmethod
    def start(cls, setup: GameSetup, commands: Sequence[Command], seat: int, *, cards: CardSet | None = None,
              deal: Deal | None = None, keep: Keep | None = None, log_folder: Path | None = None,
              samples: int | None = None) -> ReviewJob:
        """Review ``seat``'s turns of the game of ``setup``, ``deal`` (by default its seed's) and
        ``commands``: read at once from ``keep``
        when it holds this review, else started in another process (and kept there when finished).
        ``log_folder``: where a failure's traceback is written (the error log)."""
        if keep is not None:
            stored = keep.reviews.load(keep.game_path, keep.identity, seat)
            if stored is not None:
                n = len(stored.turns)
                return cls(ReviewState(n, n, stored, stored=True))
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe(duplex=False)
        process = context.Process(target=_run, name="harmonies-review",
                                  args=(child, os.getpid(), setup, tuple(commands), seat, cards, deal, samples))
        process.start()
        child.close()
        job = cls(ReviewState(0, 0), process, parent, keep, log_folder)
        _RUNNING.add(job)
        return job

    def poll(self) -> ReviewState:
        """What is known now, reading whatever the review process has sent (never waits)."""
        conn = self._conn
        while conn is not None and not self._state.finished:
            try:
                if not conn.poll(0):
                    break
                message = conn.recv()
            except (EOFError, OSError):
                self._ended("the review process ended without an answer")
                break
            self._take(message)
        if conn is not None and not self._state.finished and self._process is not None and not self._process.is_alive():
            if not conn.poll(0):
                self._ended(f"the review process stopped (exit code {self._process.exitcode})")
        return self._state

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the review is finished (tests and the command line); False if ``timeout`` passed."""
        conn = self._conn
        while not self.poll().finished:
            if conn is None or not conn.poll(timeout):
                return self.poll().finished
        return True

    def cancel(self) -> None:
        """Stop the review now; the state stays as it was (no result comes)."""
        process = self._process
        if process is not None and process.is_alive():
            process.terminate()
            process.join(2)
        self._close()

    def _take(self, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "progress":
            self._state = ReviewState(message[1], message[2])
        elif kind == "result":
            review: GameReview = message[1]
            self._state = ReviewState(len(review.turns), review.of_turns, review)
            if self._keep is not None and review.complete:
                self._keep.reviews.save(self._keep.game_path, self._keep.identity, review)
            self._close()
        elif kind == "error":
            self._ended(message[1], message[2])

    def _ended(self, error: str, details: str = "") -> None:
        if self._log_folder is not None:
            log_error(self._log_folder, RuntimeError(f"{error}\n{details}".rstrip()), "game review")
        self._state = ReviewState(self._state.done, self._state.total, error=error)
        self._close()

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._process is not None and not self._process.is_alive():
            self._process.join(0)
        _RUNNING.discard(self)


def _run(conn: multiprocessing.connection.Connection, parent: int, setup: GameSetup,
         commands: tuple[Command, ...], seat: int, cards: CardSet | None, deal: Deal | None,
         samples: int | None) -> None:
    """In the review process: the review, its progress on the way, or its error in one line."""
    watch_parent(parent)
    _lower_priority()
    try:
        review = review_game(setup, commands, seat, cards=cards, deal=deal, samples=samples,
                             progress=lambda k, n: conn.send(("progress", k, n)))
        conn.send(("result", review))
    except Exception as exc:  # the window shows one line; the log gets the traceback
        conn.send(("error", f"{type(exc).__name__}: {exc}", traceback.format_exc()))
    finally:
        conn.close()
    # Nothing is left to tidy (the review writes no file): end at once rather than wait at exit for
    # the hard player's helper process, which ends by itself when this process is gone.
    os._exit(0)


def _lower_priority() -> None:
    """The review yields the cores to the window: on a busy machine the window's frames come first, and
    the review, which the player waits for anyway, takes what is left (Unix only; elsewhere it runs at the
    window's priority)."""
    if hasattr(os, "nice"):
        try:
            os.nice(10)
        except OSError:
            pass


@atexit.register
def _end_running() -> None:
    """A review still running when this process exits is ended, rather than waited for."""
    for job in list(_RUNNING):
        job.cancel()
