"""Bringing the finished-games index up to date in the background, with its progress for the screen.

The Finished games screen opens on the index as it is and starts an :class:`Indexing`; the refresh
commits in batches, so each time :attr:`Indexing.version` moves the screen re-reads its one page and
the list fills as the refresh goes. The refresh runs on a daemon thread of its own rather than on the
:class:`~harmonies.session.jobs.Jobs` pool: the pool's threads are waited for when the process ends,
and a first indexing of a large archive takes tens of seconds that closing the window must not wait
for. Leaving the screen stops it after its current batch; the index keeps what was committed and the
next refresh goes on from there.

The personal bests are SQL aggregates over every game (a quarter of a second at 50,000 games), so
they are counted here too, off the screen's thread: once from the index as it is when the screen
opens, and again when the refresh has ended (:attr:`Indexing.bests`).
"""

from __future__ import annotations

import threading
from pathlib import Path

from ..persist.bests import Bests, personal_bests
from ..persist.index import FinishedIndex
from .errlog import log_error


class Indexing:
    """One refresh of ``index`` on a background thread; a failure is logged in ``log_folder`` and kept
    in :attr:`error` in one line."""

    def __init__(self, index: FinishedIndex, log_folder: Path | None) -> None:
        self.index = index
        self.log_folder = log_folder
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._done = 0
        self._total: int | None = None
        self._version = 0
        self._finished = False
        self._error: str | None = None
        self._bests: Bests | None = None
        self._thread = threading.Thread(target=self._run, name="harmonies-indexing", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            if self.index.path.is_file():
                self._publish(personal_bests(self.index))  # the bests as they stand, while the refresh runs
            self.index.refresh(self._progress, self._stop)
            self._publish(personal_bests(self.index))
        except Exception as exc:  # a list that cannot be indexed is said in one line, never a crash
            if self.log_folder is not None:
                log_error(self.log_folder, exc, "indexing the finished games")
            with self._lock:
                self._error = f"{type(exc).__name__}: {exc}"
        finally:
            with self._lock:
                self._finished = True
                self._version += 1

    def _publish(self, bests: Bests) -> None:
        with self._lock:
            self._bests = bests
            self._version += 1

    def _progress(self, done: int, total: int) -> None:
        with self._lock:
            self._done, self._total = done, total
            self._version += 1

    @property
    def progress(self) -> tuple[int, int] | None:
        """(files indexed, files to index) once the folder has been listed; None before."""
        with self._lock:
            return None if self._total is None else (self._done, self._total)

    @property
    def version(self) -> int:
        """Grows each time a batch is committed (and when the refresh ends): the list has more to show."""
        with self._lock:
            return self._version

    @property
    def bests(self) -> Bests | None:
        """The personal bests last counted (None until the first count is done)."""
        with self._lock:
            return self._bests

    @property
    def finished(self) -> bool:
        with self._lock:
            return self._finished

    @property
    def error(self) -> str | None:
        with self._lock:
            return self._error

    def stop(self) -> None:
        """End the refresh after its current batch (what it committed stays in the index)."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the refresh has ended (tests and tools); False if ``timeout`` passed first."""
        self._thread.join(timeout)
        return not self._thread.is_alive()
