"""A SQLite index of the finished games, for a quick list and quick personal bests.

The archive of JSON files in ``finished/`` stays the truth; the index (``finished-index.sqlite3`` in the
data folder) holds each game's summary (:mod:`harmonies.persist.summary`) and is only ever derived from
it. Each :meth:`FinishedIndex.refresh` compares the folder's file names, sizes and modification times
with those the index was built from; when anything differs, or the index is missing, damaged or of
another schema, a new index is built in a temporary file and renamed over the old one. Rows of files
that did not change are copied from the old index, so one new game costs one file read.

A file that gives no summary is skipped: its name and reason are kept in the index (so it is not
read again until it changes) and listed by :attr:`FinishedIndex.problems`, one line each.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from contextlib import closing, suppress
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..rules import CardSet, default_cards
from . import document
from .paths import Dirs
from .summary import CATEGORIES, FinishedSummary, SeatInfo, SummaryError, summarize

INDEX_NAME = "finished-index.sqlite3"
#: Changed whenever the tables change: an index of another schema is rebuilt (schema 2 added
#: ``games.identity``, so an index of schema 1 is rebuilt once, each record read again).
SCHEMA = "2"

_TABLES = f"""
CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (name TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL, problem TEXT);
CREATE TABLE games (
    name TEXT PRIMARY KEY, sort_key TEXT NOT NULL, finished TEXT NOT NULL, players INTEGER NOT NULL,
    side TEXT NOT NULL, spirits INTEGER NOT NULL, seed INTEGER NOT NULL, top INTEGER NOT NULL,
    suns INTEGER, solo_spirit TEXT, human_won INTEGER, detail TEXT NOT NULL, identity TEXT);
CREATE TABLE seats (
    name TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, level TEXT NOT NULL, total INTEGER NOT NULL,
    {", ".join(f"{c} INTEGER NOT NULL" for c in CATEGORIES)});
CREATE INDEX games_by_time ON games (sort_key);
CREATE INDEX seats_by_game ON seats (name);
CREATE INDEX games_by_identity ON games (identity);
"""

_TABLE_NAMES = frozenset({"info", "files", "games", "seats"})
_GAME_COLUMNS = "name, finished, sort_key, side, spirits, seed, detail, suns"

Scan = dict[str, tuple[int, int]]


class FinishedIndex:
    """The index of one data folder's finished games.

    >>> index = FinishedIndex(store.dirs)          # doctest: +SKIP
    >>> games = index.games()                      # refreshed first; newest first
    """

    def __init__(self, dirs: Dirs, cards: CardSet | None = None) -> None:
        self.dirs = dirs
        self.cards = cards if cards is not None else default_cards()
        #: One line per finished file that was skipped: ``"<name>: <reason>"``.
        self.problems: list[str] = []
        #: Whether the last refresh wrote a new index (False: it was up to date).
        self.rebuilt = False
        #: Where the index is read from: the file, or an in-memory copy when the folder is read-only.
        self._memory: sqlite3.Connection | None = None

    @property
    def path(self) -> Path:
        return self.dirs.data / INDEX_NAME

    # ------------------------------------------------------------------ reading
    def connect(self) -> sqlite3.Connection:
        """An up-to-date index to query (refreshed first). Close it after use."""
        self.refresh()
        if self._memory is not None:
            return self._memory
        return sqlite3.connect(self.path)

    def games(self, by: str = "date") -> list[FinishedSummary]:
        """Every game the archive holds, newest first (``by="date"``) or best score first (``by="score"``)."""
        order = "top DESC, sort_key DESC" if by == "score" else "sort_key DESC"
        return [_summary(row) for row in self.query(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY {order}")]

    def recorded_as(self, identity: str) -> str | None:
        """The name of a finished-game file that holds the game of ``identity``, or None (one indexed lookup)."""
        rows = self.query("SELECT name FROM games WHERE identity = ? ORDER BY name LIMIT 1", (identity,))
        return str(rows[0][0]) if rows else None

    def query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query on the up-to-date index.

        An index found damaged while it is read (its pages, not its tables, are broken) is removed and
        built again, once.
        """
        for attempt in (1, 2):
            conn = self.connect()
            try:
                return list(conn.execute(sql, params).fetchall())
            except sqlite3.DatabaseError:
                if attempt == 2 or self._memory is not None:
                    raise
                with suppress(OSError):
                    self.path.unlink()
            finally:
                self.release(conn)
        raise AssertionError("unreachable")

    def release(self, conn: sqlite3.Connection) -> None:
        """Close a connection from :meth:`connect` (the in-memory index stays open)."""
        if conn is not self._memory:
            conn.close()

    # ------------------------------------------------------------------ keeping it up to date
    def refresh(self) -> None:
        """Bring the index up to date with the archive (see the module's description)."""
        scan = self._scan()
        old = self._open_old()
        try:
            stored = _stored(old) if old is not None else None
            self.rebuilt = stored != scan
            if self.rebuilt:
                self._rebuild(scan, old, stored or {})
            elif old is not None:
                self.problems = _problems(old)
        finally:
            if old is not None and old is not self._memory:
                old.close()

    def _scan(self) -> Scan:
        """Name -> (modification time, size) of each finished-game file (files set aside are left out)."""
        found: Scan = {}
        try:
            entries = list(os.scandir(self.dirs.finished))
        except OSError:
            return found
        for entry in entries:
            name = entry.name
            if not name.endswith(".json") or name.startswith(".") or ".bad-" in name:
                continue
            with suppress(OSError):
                if entry.is_file():
                    st = entry.stat()
                    found[name] = (st.st_mtime_ns, st.st_size)
        return found

    def _open_old(self) -> sqlite3.Connection | None:
        """The index as it is, if it exists and is of this schema; None when it must be built afresh."""
        if self._memory is not None:
            return self._memory
        if not self.path.is_file():
            return None
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        except sqlite3.Error:
            return None
        try:
            row = conn.execute("SELECT value FROM info WHERE key = 'schema'").fetchone()
            tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if row is not None and row[0] == SCHEMA and tables == _TABLE_NAMES:
                return conn
        except sqlite3.Error:
            pass  # damaged, or not an index at all: it is rebuilt
        conn.close()
        return None

    def _rebuild(self, scan: Scan, old: sqlite3.Connection | None, stored: Scan) -> None:
        same = sorted(n for n, stamp in scan.items() if stored.get(n) == stamp)
        fresh = sorted(n for n in scan if stored.get(n) != scan[n])
        try:
            fd, tmp = tempfile.mkstemp(dir=self.dirs.data, prefix=f".{INDEX_NAME}.", suffix=".tmp")
            os.close(fd)
        except OSError:
            self._rebuild_in_memory(scan)
            return
        try:
            try:
                self._build_file(tmp, scan, same, fresh, old)
            except sqlite3.Error:  # the old index is damaged after all: read every file again
                self._build_file(tmp, scan, [], sorted(scan), None)
            os.replace(tmp, self.path)
            self._memory = None
        except (OSError, sqlite3.Error):
            with suppress(OSError):
                os.unlink(tmp)
            self._rebuild_in_memory(scan)

    def _build_file(self, tmp: str, scan: Scan, same: list[str], fresh: list[str],
                    old: sqlite3.Connection | None) -> None:
        with suppress(OSError):
            os.unlink(tmp)  # a fresh start: no half-built tables from a first try
        with closing(sqlite3.connect(tmp)) as conn:
            self._fill(conn, scan, same, fresh, old)

    def _rebuild_in_memory(self, scan: Scan) -> None:
        """The data folder cannot hold the index: build it in memory so the list still works."""
        conn = sqlite3.connect(":memory:")
        self._fill(conn, scan, [], sorted(scan), None)
        self._memory = conn

    def _fill(self, conn: sqlite3.Connection, scan: Scan, same: list[str], fresh: list[str],
              old: sqlite3.Connection | None) -> None:
        conn.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" + _TABLES)
        conn.execute("INSERT INTO info VALUES ('schema', ?)", (SCHEMA,))
        if old is not None and same:
            _copy_rows(conn, old, same)
        problems = _problems(conn)
        for name in fresh:
            mtime_ns, size = scan[name]
            try:
                summary = self._read(name, mtime_ns)
            except SummaryError as e:
                conn.execute("INSERT INTO files VALUES (?, ?, ?, ?)", (name, mtime_ns, size, str(e)))
                problems.append(f"{name}: {e}")
                continue
            conn.execute("INSERT INTO files VALUES (?, ?, ?, NULL)", (name, mtime_ns, size))
            insert(conn, summary)
        conn.commit()
        self.problems = problems

    def _read(self, name: str, mtime_ns: int) -> FinishedSummary:
        path = self.dirs.finished / name
        try:
            doc = document.parse_json(document.read_limited(path))
        except OSError as e:
            raise SummaryError(f"cannot read it ({e.strerror or e})") from None
        except document.SaveFormatError as e:
            raise SummaryError(str(e)) from None
        when = datetime.fromtimestamp(mtime_ns / 1e9, timezone.utc).isoformat(timespec="seconds")
        try:
            return summarize(doc, name, when, self.cards)
        except RecursionError:
            raise SummaryError("the file is nested too deeply to read") from None


def insert(conn: sqlite3.Connection, s: FinishedSummary) -> None:
    """Add one game's rows to an index being built."""
    humans = [i for i, seat in enumerate(s.seats) if seat.kind == "human"]
    human_won = int(any(i in s.winners for i in humans)) if humans and not s.solo else None
    detail = json.dumps({"seats": [x.to_json() for x in s.seats], "totals": s.totals, "winners": s.winners,
                         "spirit_ids": s.spirit_ids, "categories": s.categories},
                        ensure_ascii=False, separators=(",", ":"))
    conn.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (s.file, s.sort_key, s.finished, s.players, s.side, int(s.spirits), s.seed, s.top, s.suns,
                  s.spirit_ids[0] if s.solo else None, human_won, detail, s.identity))
    conn.executemany(f"INSERT INTO seats VALUES (?, ?, ?, ?, ?, {', '.join('?' for _ in CATEGORIES)})",
                     [(s.file, i, seat.kind, seat.level, s.totals[i], *s.categories[i])
                      for i, seat in enumerate(s.seats)])


def _copy_rows(conn: sqlite3.Connection, old: sqlite3.Connection, names: list[str]) -> None:
    """Copy the rows of ``names`` (files unchanged since ``old`` was built) from ``old`` into ``conn``."""
    wanted = set(names)
    for table in ("files", "games", "seats"):
        rows = [r for r in old.execute(f"SELECT * FROM {table}") if r[0] in wanted]
        if rows:
            marks = ", ".join("?" for _ in rows[0])
            conn.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)


def _stored(conn: sqlite3.Connection) -> Scan | None:
    """The files an index was built from, or None if it cannot be read (then it is rebuilt)."""
    try:
        return {name: (mtime_ns, size) for name, mtime_ns, size in
                conn.execute("SELECT name, mtime_ns, size FROM files")}
    except (sqlite3.Error, ValueError):
        return None


def _problems(conn: sqlite3.Connection) -> list[str]:
    try:
        return [f"{name}: {problem}" for name, problem in
                conn.execute("SELECT name, problem FROM files WHERE problem IS NOT NULL ORDER BY name")]
    except sqlite3.Error:
        return []


def _summary(row: tuple[object, ...]) -> FinishedSummary:
    name, finished, key, side, spirits, seed, detail, suns = row
    d = json.loads(str(detail))
    return FinishedSummary(
        file=str(name), finished=str(finished), sort_key=str(key), side=str(side), spirits=bool(spirits),
        seed=int(seed),  # type: ignore[call-overload]
        seats=tuple(SeatInfo(s["name"], s["kind"], s["level"]) for s in d["seats"]),
        totals=tuple(d["totals"]), winners=tuple(d["winners"]), suns=suns if isinstance(suns, int) else None,
        spirit_ids=tuple(d["spirit_ids"]), categories=tuple(tuple(c) for c in d["categories"]),
    )
