"""What the Statistics view shows, read from the index of finished games (:mod:`harmonies.persist.index`).

- the solo games in time order: each score and suns, cut into at most ``points`` groups of as many
  games each (one game each when there are few) with the mean, the lowest and highest score of each group
  and the personal best reached by its end;
- how many solo games earned each number of suns;
- a human seat's average points per category, in solo and at a table, and the hard computer player's
  solo averages beside them (from ``assets/hard_averages.yaml``);
- the games at a table won and lost against each computer level (as the personal bests count them).

Every figure counts the games finished, whatever the personal bests were cleared to: the view shows the
whole history. A :class:`StatsFilter` keeps the games of one board side, or with or without spirits.
Reading is a handful of SQL queries; the only rows read one by one are the solo scores (a number
each), so opening the view stays quick over tens of thousands of games.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..resources import resource_path
from .bests import LevelRecord, level_order
from . import yamltext
from .index import FinishedIndex
from .summary import CATEGORIES

HARD_FILE = "assets/hard_averages.yaml"
#: The categories and the total, in the order the averages are kept.
AVERAGED = (*CATEGORIES, "total")


@dataclass(frozen=True)
class StatsFilter:
    """Which games count: one board side (None: both) and with or without spirits (None: either)."""

    side: str | None = None
    spirits: bool | None = None

    def where(self, table: str = "g") -> tuple[str, tuple[object, ...]]:
        """The SQL conditions (each starting with `` AND``) on the ``games`` table named ``table``."""
        sql, params = "", list[object]()
        if self.side is not None:
            sql += f" AND {table}.side = ?"
            params.append(self.side)
        if self.spirits is not None:
            sql += f" AND {table}.spirits = ?"
            params.append(int(self.spirits))
        return sql, tuple(params)


@dataclass(frozen=True)
class ScoreGroup:
    """Consecutive solo games ``first`` to ``last`` (numbered from 1 in time order) as one point of the chart."""

    first: int
    last: int
    mean: float
    low: int
    high: int
    best: int


@dataclass(frozen=True)
class SoloSeries:
    """The solo games in time order, grouped; ``since``/``until`` are the first and last games' times."""

    count: int
    groups: tuple[ScoreGroup, ...]
    best: int | None
    mean: float | None
    since: str | None
    until: str | None


@dataclass(frozen=True)
class Averages:
    """A human seat's mean points per category (and ``total``) over ``seats`` seats; empty when none."""

    means: dict[str, float]
    seats: int


@dataclass(frozen=True)
class Stats:
    solo: SoloSeries
    #: How many solo games earned 0, 1, 2, … suns (as long as the highest number earned, plus one).
    suns: tuple[int, ...]
    solo_averages: Averages
    table_averages: Averages
    #: The hard player's solo means per category for this filter; empty when the file gives none.
    hard: dict[str, float]
    levels: tuple[LevelRecord, ...]
    #: Why the hard player's averages are missing (one line naming the file), or "".
    hard_problem: str = ""
    filter: StatsFilter = field(default_factory=StatsFilter)

    @property
    def empty(self) -> bool:
        return not (self.solo.count or self.table_averages.seats or self.levels)


#: The figures of no game at all (no data folder to read).
NO_STATS = Stats(SoloSeries(0, (), None, None, None, None), (), Averages({}, 0), Averages({}, 0), {}, ())


def read_stats(index: FinishedIndex, which: StatsFilter = StatsFilter(), points: int = 200) -> Stats:
    """Everything the Statistics view shows, for the games ``which`` keeps."""
    scores, suns, since, until = _solo_rows(index, which)
    hard, problem = hard_averages(which)
    solo, table = _averages(index, which)
    return Stats(solo=group_scores(scores, points, since, until), suns=suns_counts(suns), solo_averages=solo,
                 table_averages=table, hard=hard, levels=_levels(index, which), hard_problem=problem, filter=which)


def _solo_rows(index: FinishedIndex, which: StatsFilter) -> tuple[list[int], list[int], str | None, str | None]:
    # every solo game, as the personal bests count them (read in the order of the index of dates)
    where, params = which.where()
    rows = index.query(f"SELECT g.top, g.suns, g.sort_key FROM games g WHERE g.players = 1{where}"
                       " ORDER BY g.sort_key, g.name", params)
    if not rows:
        return [], [], None, None
    return ([int(r[0]) for r in rows], [int(r[1]) for r in rows if isinstance(r[1], int)],
            str(rows[0][2]), str(rows[-1][2]))


def group_scores(scores: list[int], points: int, since: str | None = None, until: str | None = None) -> SoloSeries:
    """``scores`` (in time order) cut into at most ``points`` groups of the same number of consecutive games
    (the last group may hold fewer): one game each while there are no more games than ``points``."""
    n = len(scores)
    if not n:
        return SoloSeries(0, (), None, None, None, None)
    size = -(-n // max(1, points))
    groups = []
    best = scores[0]
    for lo in range(0, n, size):
        part = scores[lo:lo + size]
        high = max(part)
        best = max(best, high)
        groups.append(ScoreGroup(lo + 1, lo + len(part), sum(part) / len(part), min(part), high, best))
    return SoloSeries(n, tuple(groups), best, sum(scores) / n, since, until)


def suns_counts(suns: list[int]) -> tuple[int, ...]:
    """How many of ``suns`` are 0, 1, 2, … up to the highest."""
    if not suns:
        return ()
    counts = [0] * (max(suns) + 1)
    for s in suns:
        counts[max(0, s)] += 1
    return tuple(counts)


def _averages(index: FinishedIndex, which: StatsFilter) -> tuple[Averages, Averages]:
    """A human seat's means in solo, and at a table (one pass over the seats)."""
    where, params = which.where()
    columns = ", ".join(f"AVG(s.{c})" for c in AVERAGED)
    rows = index.query(f"SELECT g.players > 1, COUNT(*), {columns} FROM seats s JOIN games g ON g.name = s.name"
                       f" WHERE s.kind = 'human'{where} GROUP BY g.players > 1", params)
    found = {bool(row[0]): Averages({c: float(v) for c, v in zip(AVERAGED, row[2:])}, int(row[1])) for row in rows}
    return found.get(False, Averages({}, 0)), found.get(True, Averages({}, 0))


def _levels(index: FinishedIndex, which: StatsFilter) -> tuple[LevelRecord, ...]:
    where, params = which.where()
    rows = index.query(
        "SELECT level, SUM(human_won), COUNT(*) FROM ("
        " SELECT DISTINCT s.level AS level, g.name, g.human_won AS human_won FROM seats s"
        " JOIN games g ON g.name = s.name"
        f" WHERE s.kind = 'computer' AND g.human_won IS NOT NULL{where})"
        " GROUP BY level", params)
    records = [LevelRecord(str(level), int(won), int(count) - int(won)) for level, won, count in rows]
    return tuple(sorted(records, key=level_order))


# ---------------------------------------------------------------------------- the hard player's averages
def hard_averages(which: StatsFilter, path: Path | None = None) -> tuple[dict[str, float], str]:
    """The hard player's solo means per category for ``which`` (the mean of the set-ups it keeps), and
    "" or the one line saying why the file gives none."""
    try:
        table = load_hard_averages(path)
    except HardAveragesError as e:
        return {}, str(e)
    kept = [means for (side, spirits), means in table.items()
            if which.side in (None, side) and which.spirits in (None, spirits)]
    if not kept:
        return {}, ""
    return {c: statistics.fmean(m[c] for m in kept) for c in AVERAGED}, ""


class HardAveragesError(ValueError):
    """The hard player's averages file is missing or wrong; the message names the file and the place."""


_CACHE: dict[Path, tuple[float, dict[tuple[str, bool], dict[str, float]]]] = {}


def load_hard_averages(path: Path | None = None) -> dict[tuple[str, bool], dict[str, float]]:
    """``{(side, spirits): {category: mean}}`` from the file (cached while it is unchanged)."""
    path = path if path is not None else resource_path(HARD_FILE)
    try:
        stamp = path.stat().st_mtime
        cached = _CACHE.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise HardAveragesError(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        doc = yamltext.load(text)  # a key written twice is refused, not silently dropped
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None)
        raise HardAveragesError(f"{path}:{where} is not valid YAML" + (f" ({problem})" if problem else "")) from None
    table = _parse_hard(doc, path)
    _CACHE[path] = (stamp, table)
    return table


def _parse_hard(doc: Any, path: Path) -> dict[tuple[str, bool], dict[str, float]]:
    if not isinstance(doc, dict):
        raise HardAveragesError(f"{path}: expected a mapping of board sides (A, B)")
    table: dict[tuple[str, bool], dict[str, float]] = {}
    for side, by_spirits in doc.items():
        if side not in ("A", "B") or not isinstance(by_spirits, dict):
            raise HardAveragesError(f"{path}: {side!r}: expected side A or B holding no_spirits and spirits")
        for key, means in by_spirits.items():
            if key not in ("no_spirits", "spirits") or not isinstance(means, dict):
                raise HardAveragesError(f"{path}: {side}.{key}: expected no_spirits or spirits holding the means")
            missing = [c for c in AVERAGED if not isinstance(means.get(c), (int, float)) or isinstance(means.get(c), bool)]
            if missing:
                raise HardAveragesError(f"{path}: {side}.{key}: {missing[0]} is missing or not a number")
            table[(str(side), key == "spirits")] = {c: float(means[c]) for c in AVERAGED}
    return table
