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
from concurrent.futures import Future, ThreadPoolExecutor, wait
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

    def __init__(self, future: Future[tuple[T, str | None]]) -> None:
        self._future = future

    @property
    def done(self) -> bool:
        return self._future.done()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job is done (tests and tools); False if ``timeout`` passed first."""
        return self._future in wait([self._future], timeout).done

    def result(self) -> T:
        """The answer (the fallback's if the work failed); only once :attr:`done`."""
        return self._future.result(0)[0]

    @property
    def error(self) -> str | None:
        """The error in one line if the work failed (and the answer is the fallback's)."""
        return self._future.result(0)[1] if self.done else None


class Jobs:
    """Runs jobs on a small pool of worker threads and collects the failures for the screen.

    ``log_folder`` is where failures are logged (``None``: nowhere, their tracebacks go to stderr).
    A job that is no longer wanted cannot be stopped: it finishes on its own copy of the game and its
    answer is ignored, so the pool has room for a few of those beside the jobs that matter.
    """

    def __init__(self, log_folder: Path | None, workers: int = 4) -> None:
        self.log_folder = log_folder
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="harmonies-job")
        self._lock = threading.Lock()
        self._failures: list[Failure] = []

    def start(self, what: str, work: Callable[[], T], fallback: Callable[[], T]) -> Job[T]:
        """Run ``work`` in the background; if it raises, log it and answer ``fallback()`` instead."""

        def run() -> tuple[T, str | None]:
            try:
                return work(), None
            except Exception as exc:  # a failing job must not end the game: log it, show it, fall back
                self._failed(what, exc)
                return fallback(), f"{type(exc).__name__}: {exc}"

        return Job(self._pool.submit(run))

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
