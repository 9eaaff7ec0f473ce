"""The app's error log: a text file in the data folder that a player can send with a bug report.

It is the standard library's :mod:`logging`: the ``harmonies`` logger writes to ``harmonies-error.log``
in the folder last given to :func:`log_error`, through a :class:`~logging.handlers.RotatingFileHandler`,
so the log stays small: past :data:`MAX_BYTES` it is renamed ``harmonies-error.log.1`` (replacing the
one before) and a new one is begun.

Writing to it is best effort: a log that cannot be written must never stop the game, so
:func:`log_error` returns ``None`` instead of raising.
"""

from __future__ import annotations

import logging
import threading
from logging.handlers import RotatingFileHandler
from pathlib import Path

from platformdirs import user_log_path

LOG_NAME = "harmonies-error.log"
#: Size at which the log is set aside as ``harmonies-error.log.1``; a traceback is a few KB.
MAX_BYTES = 1024 * 1024
#: Set-aside logs kept besides the one written to.
BACKUPS = 1
LOGGER = logging.getLogger("harmonies")
_FORMAT = logging.Formatter("--- %(asctime)s %(message)s", datefmt="%Y-%m-%d %H:%M:%S")


def log_folder(data_dir: Path | None) -> Path:
    """Where the log goes: the data folder given on the command line, else the user's log folder."""
    return Path(data_dir) if data_dir is not None else Path(user_log_path("Harmonies", appauthor=False))


class _LogFile(RotatingFileHandler):
    """The log file in one folder; a write that fails is noted in ``failed``, never raised or printed."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        self.setLevel(logging.ERROR)
        self.setFormatter(_FORMAT)
        self.failed = False

    def handleError(self, record: logging.LogRecord) -> None:
        self.failed = True


class _Current:
    """The log file the logger writes to now (one at a time: the folder changes only in tests)."""

    lock = threading.Lock()
    handler: _LogFile | None = None


def _log_file(folder: Path) -> _LogFile:
    """The handler writing to ``folder``, opened (and put in place of another folder's) when needed."""
    path = (folder / LOG_NAME).absolute()
    old = _Current.handler
    if old is not None and Path(old.baseFilename) == path:
        return old
    folder.mkdir(parents=True, exist_ok=True)
    new = _LogFile(path)
    if old is not None:
        LOGGER.removeHandler(old)
        old.close()
    LOGGER.addHandler(new)
    _Current.handler = new
    return new


def log_error(folder: Path, exc: BaseException, what: str = "") -> Path | None:
    """Log ``exc`` with its traceback (and ``what`` was being done) in ``folder``; the log's path, or None."""
    with _Current.lock:
        try:
            handler = _log_file(folder)
        except OSError:
            return None
        handler.failed = False
        LOGGER.error("%s", what or "error", exc_info=(type(exc), exc, exc.__traceback__))
        return None if handler.failed else folder / LOG_NAME
