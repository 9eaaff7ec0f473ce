"""The app's error log: a text file in the data folder that a player can send with a bug report.

Writing to it is best effort: a log that cannot be written must never stop the game, so
:func:`log_error` returns ``None`` instead of raising.
"""

from __future__ import annotations

import time
import traceback
from pathlib import Path

from platformdirs import user_log_path

LOG_NAME = "harmonies-error.log"


def log_folder(data_dir: Path | None) -> Path:
    """Where the log goes: the data folder given on the command line, else the user's log folder."""
    return Path(data_dir) if data_dir is not None else Path(user_log_path("Harmonies", appauthor=False))


def log_error(folder: Path, exc: BaseException, what: str = "") -> Path | None:
    """Append ``exc`` with its traceback (and ``what`` was being done) to the log; the log's path, or None."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    heading = f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}" + (f" {what}" if what else "")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        log = folder / LOG_NAME
        with log.open("a", encoding="utf-8") as fh:
            fh.write(f"{heading}\n{text}")
    except OSError:
        return None
    return log
