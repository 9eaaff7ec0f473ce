"""Personal bests, from the index of finished games.

- Solo: the best score, and its suns, for each configuration played (board side A or B, and the
  spirit chosen, or none).
- At a table: wins and losses against each computer level, and the average points per category of
  the human seats. A game counts as won when a human seat is among its winners; a game against two
  computer levels counts once for each level; games with no human seat do not count.

Clearing the bests never deletes a game: it records a moment (in ``records.json`` in the data folder)
and games that ended before it no longer count.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..rules import GameSetup
from .atomic import atomic_write_text
from .document import parse_json, read_limited
from .index import FinishedIndex
from .times import TimeError, utc_text
from .lock import writing
from .paths import Dirs
from .summary import CATEGORIES

RECORDS_NAME = "records.json"
#: Computer levels from the weakest, the order the table records are listed in (others after, by name).
_LEVEL_ORDER = {"random": 0, "easy": 1, "medium": 2, "hard": 3}


@dataclass(frozen=True)
class SoloBest:
    """The best solo game of one configuration; ``spirit`` is the chosen spirit's id, None without spirits."""

    side: str
    spirit: str | None
    score: int
    suns: int | None
    file: str

    def to_json(self, folder: Path) -> dict[str, object]:
        return {"side": self.side, "spirit": self.spirit, "score": self.score, "suns": self.suns,
                "file": str(folder / self.file)}


@dataclass(frozen=True)
class LevelRecord:
    """Games at a table against one computer level: how many a human seat won, how many it lost."""

    level: str
    wins: int
    losses: int


@dataclass(frozen=True)
class Bests:
    """Everything the bests screen shows. ``averages`` maps each category (and ``"total"``) to the mean
    points of a human seat at a table (empty when no such game counts); ``table_seats`` is how many
    human seats those means are over."""

    solo: tuple[SoloBest, ...]
    levels: tuple[LevelRecord, ...]
    averages: dict[str, float]
    table_seats: int
    cleared: str | None


def cleared_at(dirs: Dirs) -> str | None:
    """When the bests were last cleared (UTC ISO text), or None if never (or the file is unreadable)."""
    path = dirs.data / RECORDS_NAME
    try:
        doc = parse_json(read_limited(path))
    except (OSError, ValueError):
        return None
    value = doc.get("bests_cleared") if isinstance(doc, dict) else None
    try:
        return utc_text(value, "bests_cleared")  # compared with the games' UTC sort keys
    except TimeError:
        return None  # no usable time (out of range included): as if the bests were never cleared


def clear(dirs: Dirs, now: datetime | None = None) -> str:
    """Hide every game finished until now from the bests; returns the moment recorded, written under the
    data folder's lock. ``OSError`` if unwritable, :class:`~harmonies.persist.lock.LockProblem` if locked."""
    moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds")
    with writing(dirs.data):
        atomic_write_text(dirs.data / RECORDS_NAME, json.dumps({"bests_cleared": moment}) + "\n")
    return moment


def personal_bests(index: FinishedIndex) -> Bests:
    """The bests over the games finished after the last clear."""
    since = cleared_at(index.dirs) or ""
    return Bests(_solo(index, since), _levels(index, since), *_averages(index, since), since or None)


@dataclass(frozen=True)
class NewBest:
    """A solo game that holds its configuration's best: its score, and the best before it (None: the first)."""

    score: int
    previous: int | None


def new_solo_best(index: FinishedIndex, file: str) -> NewBest | None:
    """Whether the solo game ``file`` beat every counted game of its configuration finished before it."""
    since = cleared_at(index.dirs) or ""
    rows = index.query("SELECT side, solo_spirit, top, sort_key FROM games WHERE name = ? AND players = 1 "
                       "AND sort_key > ?", (file, since))
    if not rows:
        return None
    side, spirit, top, key = rows[0]
    [(before,)] = index.query("SELECT MAX(top) FROM games WHERE players = 1 AND side = ? AND solo_spirit IS ? "
                              "AND sort_key > ? AND (sort_key < ? OR (sort_key = ? AND name < ?))",
                              (side, spirit, since, key, key, file))
    score = int(top)
    if before is not None and int(before) >= score:
        return None
    return NewBest(score, None if before is None else int(before))


def _solo(index: FinishedIndex, since: str) -> tuple[SoloBest, ...]:
    # One row per configuration, by SQL: the first game of each to reach its best score holds the record.
    rows = index.query(
        "SELECT side, solo_spirit, top, suns, name FROM ("
        " SELECT side, solo_spirit, top, suns, name, ROW_NUMBER() OVER ("
        "  PARTITION BY side, solo_spirit ORDER BY top DESC, sort_key, name) AS place"
        " FROM games WHERE players = 1 AND sort_key > ?)"
        " WHERE place = 1 ORDER BY side, solo_spirit IS NOT NULL, solo_spirit", (since,))
    return tuple(SoloBest(str(side), None if spirit is None else str(spirit), int(top),
                          suns if isinstance(suns, int) else None, str(name))
                 for side, spirit, top, suns, name in rows)


def _levels(index: FinishedIndex, since: str) -> tuple[LevelRecord, ...]:
    rows = index.query(
        "SELECT level, SUM(human_won), COUNT(*) FROM ("
        " SELECT DISTINCT s.level AS level, g.name, g.human_won AS human_won FROM seats s"
        " JOIN games g ON g.name = s.name"
        " WHERE s.kind = 'computer' AND g.human_won IS NOT NULL AND g.sort_key > ?)"
        " GROUP BY level ORDER BY level", (since,))
    records = [LevelRecord(str(level), int(won), int(count) - int(won)) for level, won, count in rows]
    return tuple(sorted(records, key=level_order))


def level_order(record: LevelRecord) -> tuple[int, str]:
    """Sort key of a level's record: the levels from the weakest, others after them by name."""
    return _LEVEL_ORDER.get(record.level, len(_LEVEL_ORDER)), record.level


def _averages(index: FinishedIndex, since: str) -> tuple[dict[str, float], int]:
    columns = ", ".join(f"AVG(s.{c})" for c in (*CATEGORIES, "total"))
    [row] = index.query(
        f"SELECT COUNT(*), {columns} FROM seats s JOIN games g ON g.name = s.name"
        " WHERE s.kind = 'human' AND g.players > 1 AND g.sort_key > ?", (since,))
    count = int(row[0])
    if not count:
        return {}, 0
    return {c: float(v) for c, v in zip((*CATEGORIES, "total"), row[1:])}, count


def new_best_of_latest(index: FinishedIndex, setup: GameSetup) -> NewBest | None:
    """:func:`new_solo_best` for the latest archived game of ``setup`` (the one just finished)."""
    if not setup.solo:
        return None
    rows = index.query("SELECT name FROM games WHERE players = 1 AND side = ? AND spirits = ? AND seed = ? "
                       "ORDER BY sort_key DESC, name DESC LIMIT 1", (setup.side, int(setup.spirits), setup.seed))
    return new_solo_best(index, str(rows[0][0])) if rows else None
