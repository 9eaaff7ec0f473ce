"""Games in progress that a new game replaced, kept in ``in-progress/``, and what Continue shows of each.

:class:`~harmonies.persist.store.Store` moves the game in progress here when a new game starts and back
when the player resumes it; this module names the kept files, lists and trims them, and reads the short
summary the Continue list shows without replaying a game.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

#: Folder (inside the data folder) of games in progress that a new game replaced.
IN_PROGRESS_DIR = "in-progress"
#: How many replaced games ``in-progress/`` keeps; the oldest goes when one more is kept.
KEEP_REPLACED = 8
#: A file larger than this is not read for its summary (a real save is a few dozen kilobytes).
_SUMMARY_LIMIT = 16 * 1024 * 1024
_NAME_LIMIT = 24


class GameSummary(NamedTuple):
    """What the Continue list shows of one game in progress, read from its file without replaying it.

    ``current`` is true for ``autosave.json`` (the game Continue resumes directly), false for a game a
    new game replaced. ``readable`` is false when the file could not be read: the other fields are then
    empty, and loading the file says why (and sets it aside).
    """

    path: Path
    current: bool
    readable: bool
    saved_at: str | None = None
    names: tuple[str, ...] = ()
    round: int | None = None
    commands: int | None = None


def kept_files(folder: Path) -> list[Path]:
    """Replaced games in ``folder``, oldest first (their names start with when they were replaced)."""
    try:
        return sorted(p for p in folder.glob("*.json") if p.is_file())
    except OSError:
        return []


def trim_kept(folder: Path) -> None:
    """Remove the oldest replaced games beyond :data:`KEEP_REPLACED`."""
    kept = kept_files(folder)
    for old in kept[: max(0, len(kept) - KEEP_REPLACED)]:
        try:
            old.unlink()
        except OSError:
            pass  # one more kept than promised is better than failing the new game


def free_name(folder: Path) -> Path:
    """``<when>-<n>.json``, after every name already there: names sort in the order games were kept."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    taken = [p.stem[len(stamp) + 1:] for p in folder.glob(f"{stamp}-*.json")]
    n = 1 + max((int(t) for t in taken if t.isdigit()), default=0)
    return folder / f"{stamp}-{n:03d}.json"


def summary_of(path: Path, current: bool) -> GameSummary:
    """The Continue list's line of the save in ``path`` (``readable`` false when it cannot be read)."""
    unreadable = GameSummary(path, current, False)
    try:
        if path.stat().st_size > _SUMMARY_LIMIT:
            return unreadable
        doc = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return unreadable
    if not isinstance(doc, dict):
        return unreadable
    meta, status, game = (_object(doc.get(key)) for key in ("meta", "status", "game"))
    seats = meta.get("seats")
    names = tuple(_clean_name(s.get("name")) for s in seats if isinstance(s, dict)) if isinstance(seats, list) else ()
    commands = game.get("commands")
    saved_at = doc.get("saved_at")
    rnd = status.get("round")
    return GameSummary(path, current, True, saved_at if isinstance(saved_at, str) else None, names,
                       rnd if type(rnd) is int else None, len(commands) if isinstance(commands, list) else None)


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _clean_name(value: Any) -> str:
    """A seat name fit to draw: printable characters only (no NUL, no lone surrogate), not too long."""
    text = "".join(ch for ch in str(value or "") if ch.isprintable())
    return text[:_NAME_LIMIT]
