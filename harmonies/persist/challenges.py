"""The player's progress through the solo challenges: ``challenges.json`` in the data folder.

For each challenge played: whether its goal has been met, the best score reached on its deal, how many
games were played to their end. The file is apart from ``records.json``, so clearing the bests leaves it;
:func:`reset_progress` starts it afresh when the player asks, and keeps when (``"reset"``, UTC), so the
games finished before it no longer count when the progress is rebuilt from the finished games
(:func:`rewrite_progress`, see :mod:`harmonies.session.results`). Every write is atomic and under the data
folder's lock. A file that cannot be read is set aside (renamed, never deleted) and the player is told in
one line; the progress then starts empty.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..rules.jsontext import shown
from .atomic import atomic_write_text, set_aside
from .document import parse_json, read_limited
from .lock import LockProblem, writing
from .paths import Dirs

PROGRESS_NAME = "challenges.json"
FORMAT = 1
#: The highest score and the most games a challenge's record may hold (beyond them it is no record).
MAX_SCORE = 9_999
MAX_PLAYED = 1_000_000


@dataclass(frozen=True)
class Result:
    """One challenge's record: met at least once, the best score on its deal, games finished on it."""

    done: bool = False
    best: int | None = None
    played: int = 0

    def with_game(self, score: int, met: bool) -> Result:
        best = score if self.best is None else max(self.best, score)
        return replace(self, done=self.done or met, best=best, played=self.played + 1)


@dataclass(frozen=True)
class Progress:
    """Every challenge's :class:`Result` by id (a challenge never played has none), and when the player
    last reset the progress (UTC ISO 8601, None if never)."""

    results: dict[str, Result]
    reset: str | None = None

    def of(self, challenge_id: str) -> Result:
        return self.results.get(challenge_id, Result())

    def done_count(self, ids: tuple[str, ...] | list[str]) -> int:
        """How many of ``ids`` are met (ids of challenges no longer in the file do not count)."""
        return sum(1 for i in ids if self.of(i).done)

    def to_json(self) -> dict[str, Any]:
        return {"harmonies": "challenges", "version": FORMAT,
                "results": {k: {"done": r.done, "best": r.best, "played": r.played}
                            for k, r in sorted(self.results.items())},
                **({"reset": self.reset} if self.reset is not None else {})}


def progress_path(dirs: Dirs) -> Path:
    return dirs.data / PROGRESS_NAME


def read_progress(dirs: Dirs, set_damaged_aside: bool = True) -> tuple[Progress, str | None]:
    """The progress kept in ``dirs``, and a line for the player when its file was damaged and set aside
    (the progress then starts empty). A missing file is no progress yet, without a line.

    ``set_damaged_aside=False`` (a read-only command) leaves a damaged file where it is and says so; a
    damaged file in a folder another process holds (a window) is left for that process too.
    """
    path = progress_path(dirs)
    try:
        raw = read_limited(path)
    except FileNotFoundError:
        return Progress({}), None
    except OSError as exc:
        return Progress({}), f"{path}: cannot be read ({exc.strerror or exc}); challenge progress is not shown"
    try:
        return _parse(raw), None
    except ValueError as exc:
        reason = str(exc)
    if not set_damaged_aside:
        return Progress({}), f"{path}: {reason}; left in place (the game sets it aside), challenge progress is not shown"
    try:
        with writing(dirs.data):
            moved = set_aside(path)
    except LockProblem:
        return Progress({}), (f"{path}: {reason}; left in place while another window holds the folder, "
                              "challenge progress is not shown")
    except OSError as exc:
        return Progress({}), f"{path}: {reason}; it could not be set aside ({exc.strerror or exc})"
    return Progress({}), f"{path}: {reason}; set aside as {moved.name}, challenge progress starts afresh"


def _parse(raw: bytes) -> Progress:
    doc = parse_json(raw)
    if not isinstance(doc, dict) or doc.get("harmonies") != "challenges":
        raise ValueError("not a challenges progress file")
    if doc.get("version") != FORMAT:
        raise ValueError(f"format version {shown(doc.get('version'))} is not {FORMAT}")
    results = doc.get("results")
    if not isinstance(results, dict):
        raise ValueError("'results' is not a mapping")
    found: dict[str, Result] = {}
    for key, value in results.items():
        found[str(key)] = _result(str(key), value)
    reset = doc.get("reset")
    return Progress(found, reset if isinstance(reset, str) else None)


def _result(name: str, value: object) -> Result:
    key = name if name.isprintable() and len(name) <= 40 else shown(name, 40)  # one short line, whatever the key
    if not isinstance(value, dict):
        raise ValueError(f"results.{key} is not a mapping")
    done, best, played = value.get("done"), value.get("best"), value.get("played")
    if not isinstance(done, bool):
        raise ValueError(f"results.{key}.done is not true or false")
    if best is not None and (type(best) is not int or not 0 <= best <= MAX_SCORE):
        raise ValueError(f"results.{key}.best is {shown(best)}, not a score from 0 to {MAX_SCORE}")
    if type(played) is not int or not 0 <= played <= MAX_PLAYED:
        raise ValueError(f"results.{key}.played is {shown(played)}, not a count from 0 to {MAX_PLAYED}")
    return Result(done, best, played)


def record_game(dirs: Dirs, challenge_id: str, score: int, met: bool) -> Progress:
    """Add one finished game of ``challenge_id`` to the progress and write it; returns the new progress.

    A damaged file is set aside first (its progress is lost, the file kept). ``OSError`` if the folder
    cannot be written, :class:`~harmonies.persist.lock.LockProblem` if another window holds it."""
    with writing(dirs.data):
        progress, _ = read_progress(dirs)
        results = dict(progress.results)
        results[challenge_id] = progress.of(challenge_id).with_game(score, met)
        updated = Progress(results)
        _write(dirs, updated)
    return updated


def reset_progress(dirs: Dirs) -> None:
    """Forget every challenge's result (the player asked): the next challenges open are the first ones."""
    with writing(dirs.data):
        _write(dirs, Progress({}, datetime.now(timezone.utc).isoformat(timespec="seconds")))


def rewrite_progress(dirs: Dirs, edit: Callable[[Progress], Progress]) -> tuple[Progress, Progress, str | None]:
    """Apply ``edit`` to the progress as it is on disk now and write it when it changed, under the data
    folder's lock; returns the progress before and after, and the line for a damaged file set aside.
    ``OSError``, :class:`~harmonies.persist.lock.LockProblem`."""
    with writing(dirs.data):
        before, problem = read_progress(dirs)
        if problem is not None and progress_path(dirs).exists():
            raise OSError(problem)  # a damaged file that could not be set aside is never written over
        after = edit(before)
        if after != before:
            _write(dirs, after)
    return before, after, problem


def _write(dirs: Dirs, progress: Progress) -> None:
    atomic_write_text(progress_path(dirs), json.dumps(progress.to_json(), indent=1) + "\n")
