"""Background jobs: work that takes longer than a frame (a computer's turn, a hint) on worker threads.

Every job has a fallback. A job whose work raises is never silently replaced: the error goes to the
error log with its traceback, a one-line :class:`Failure` waits for the screen to show it, and the
job's answer is the fallback's, so the game goes on.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from .errlog import log_error

T = TypeVar("T")


@dataclass(frozen=True)
class Failure:
    """A job that raised: what it was doing, the error in one line, and the log that has the details."""

    what: str
    error: str
    log: Path | None


class Job(Generic[T]):
    """One piece of work running in the background; its answer once :attr:`done`."""

    def __init__(self, future: Future[T]) -> None:
        self._future = future
        self.error: str | None = None

    @property
    def done(self) -> bool:
        return self._future.done()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job is done (tests and tools); False if ``timeout`` passed first."""
        try:
            self._future.exception(timeout)
        except TimeoutError:
            return False
        return True

    def result(self) -> T:
        """The answer (the fallback's if the work failed); only once :attr:`done`."""
        return self._future.result(0)


class Jobs:
    """Runs jobs on a small pool of worker threads and collects the failures for the screen.

    ``log_folder`` is where failures are logged (``None``: nowhere, they are still shown).
    """

    def __init__(self, log_folder: Path | None, workers: int = 2) -> None:
        self.log_folder = log_folder
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="harmonies-job")
        self._lock = threading.Lock()
        self._failures: list[Failure] = []

    def start(self, what: str, work: Callable[[], T], fallback: Callable[[], T]) -> Job[T]:
        """Run ``work`` in the background; if it raises, log it and answer ``fallback()`` instead."""
        holder: list[Job[T]] = []
        ready = threading.Event()

        def run() -> T:
            try:
                return work()
            except Exception as exc:  # a failing job must not end the game: log it, show it, fall back
                ready.wait()
                holder[0].error = f"{type(exc).__name__}: {exc}"
                self._failed(what, exc)
                return fallback()

        job = Job(self._pool.submit(run))
        holder.append(job)
        ready.set()
        return job

    def _failed(self, what: str, exc: Exception) -> None:
        log = log_error(self.log_folder, exc, what) if self.log_folder is not None else None
        if log is None and sys.stderr is not None:  # no log file: the traceback goes to stderr instead
            traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        with self._lock:
            self._failures.append(Failure(what, f"{type(exc).__name__}: {exc}", log))

    def take_failures(self) -> list[Failure]:
        """The failures since the last call, oldest first."""
        with self._lock:
            out, self._failures = self._failures, []
        return out

    def close(self) -> None:
        """Stop taking jobs; a job already running finishes on its own copy and its answer is dropped."""
        self._pool.shutdown(wait=False, cancel_futures=True)
