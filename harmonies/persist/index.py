"""A SQLite index of the finished games, for a quick list and quick personal bests.

The archive of JSON files in ``finished/`` stays the truth; the index (``finished-index.sqlite3`` in the
data folder) holds each game's summary (:mod:`harmonies.persist.summary`) and is only ever derived from
it. Readers ask it for what they show and no more: a count, one page of rows (``LIMIT``/``OFFSET`` on
an SQL index of the order shown), the bests by SQL aggregates.

:meth:`FinishedIndex.refresh` brings the index up to date in place. It lists the folder's entries
(name, modification time, size and file type, from ``stat``) into a temporary table, lets SQL find the
entries that are new, changed or gone, and then reads only the new and changed files, newest name
first, committing every few hundred rows. A reader in another thread or process therefore sees the
list fill as the refresh goes, and a refresh that is stopped (or killed) leaves a consistent index that
the next refresh completes. An index that is missing, damaged or of another :data:`SCHEMA_VERSION` is
removed and built again from the files.

An entry that gives no summary is skipped and kept in the index with its reason (so it is not read
again until it changes), one line each from :meth:`FinishedIndex.problem_page`. Entries that are not
regular files (a folder, a pipe, a link to a device) are judged from ``stat`` alone and never opened.

Adding a column: add it to :data:`~harmonies.persist.index_file.GAME_COLUMNS` and to :func:`game_row`,
and raise :data:`~harmonies.persist.index_file.SCHEMA_VERSION`; every index of an older version is then
rebuilt from the files (:mod:`harmonies.persist.index_file` holds the tables and opens the file).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..rules import CardSet, default_cards
from . import document
from .index_file import (GAME_COLUMNS, SCHEMA_VERSION as SCHEMA_VERSION, SEAT_COLUMNS as _SEAT_COLUMNS, create as _create,
                         damaged as _damaged, empty as _empty, entry_stamp as _entry_stamp, open_current as _open_current,
                         open_writable as _open_writable, remove as _remove)
from .paths import Dirs
from .summary import FinishedSummary, SeatInfo, SummaryError, summarize

INDEX_NAME = "finished-index.sqlite3"
#: What a :class:`FinishedSummary` is rebuilt from, in this order (see :func:`_summary`).
_SUMMARY_COLUMNS = "name, finished, sort_key, side, spirits, seed, detail, suns"
#: The orders a list can be read in: newest first, or best score first (newest first among equals).
ORDERS = {"date": "sort_key DESC, name DESC", "score": "top DESC, sort_key DESC, name DESC"}
#: A refresh commits (and reports progress) after this many files, or this many seconds, whichever first.
_BATCH_FILES = 256
_BATCH_SECONDS = 0.25

#: ``progress(done, total)``: files indexed so far out of those this refresh must read.
Progress = Callable[[int, int], None]


class FinishedIndex:
    """The index of one data folder's finished games.

    >>> index = FinishedIndex(store.dirs)            # doctest: +SKIP
    >>> index.count(), index.page(0, 20)             # refreshed before the first read; newest first

    With ``auto_refresh=False`` the reads show the index as it is (empty when there is none yet), and
    the caller runs :meth:`refresh` itself, for example in a background thread while it reads.
    """

    def __init__(self, dirs: Dirs, cards: CardSet | None = None, auto_refresh: bool = True) -> None:
        self.dirs = dirs
        self.cards = cards if cards is not None else default_cards()
        self.auto_refresh = auto_refresh
        #: Whether a refresh of this object has run to its end.
        self.refreshed = False
        #: Whether the last refresh changed the index (False: it was up to date).
        self.rebuilt = False
        #: Where the index lives when the data folder cannot hold it (read-only): in memory, behind a lock.
        self._memory: sqlite3.Connection | None = None
        self._lock = threading.RLock()

    @property
    def path(self) -> Path:
        return self.dirs.data / INDEX_NAME

    # ------------------------------------------------------------------ reading
    def recorded_as(self, identity: str) -> str | None:
        """The name of a finished-game file that holds the game of ``identity``, or None (one indexed lookup)."""
        rows = self.query("SELECT name FROM games WHERE identity = ? ORDER BY name LIMIT 1", (identity,))
        return str(rows[0][0]) if rows else None

    def count(self) -> int:
        """How many games the index lists."""
        [(n,)] = self.query("SELECT COUNT(*) FROM games")
        return int(n)

    def page(self, offset: int, limit: int, by: str = "date") -> list[FinishedSummary]:
        """Games ``offset`` to ``offset + limit`` of the list, newest first (``by="date"``) or best first."""
        rows = self.query(f"SELECT {_SUMMARY_COLUMNS} FROM games ORDER BY {ORDERS[by]} LIMIT ? OFFSET ?",
                          (max(0, limit), max(0, offset)))
        return [_summary(row) for row in rows]

    def games(self, by: str = "date") -> list[FinishedSummary]:
        """Every game, in a list (small archives and tests; :meth:`iter_games` streams them)."""
        return list(self.iter_games(by))

    def iter_games(self, by: str = "date") -> Iterator[FinishedSummary]:
        """Every game in the order of ``by``, read a row at a time (memory does not grow with the archive)."""
        self._ensure()
        with self._reading() as conn:
            for row in conn.execute(f"SELECT {_SUMMARY_COLUMNS} FROM games ORDER BY {ORDERS[by]}"):
                yield _summary(row)

    def problem_count(self) -> int:
        """How many entries of ``finished/`` were skipped."""
        [(n,)] = self.query("SELECT COUNT(*) FROM files WHERE problem IS NOT NULL")
        return int(n)

    def problem_page(self, offset: int, limit: int) -> list[str]:
        """Skipped entries ``offset`` to ``offset + limit`` (-1: to the end), by name: ``"<name>: <reason>"``."""
        rows = self.query("SELECT name, problem FROM files WHERE problem IS NOT NULL ORDER BY name LIMIT ? OFFSET ?",
                          (limit if limit >= 0 else -1, max(0, offset)))
        return [f"{name}: {problem}" for name, problem in rows]

    @property
    def problems(self) -> list[str]:
        """Every skipped entry, one line each (see :meth:`problem_page`)."""
        return self.problem_page(0, -1)

    def query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read-only query on the index (refreshed first, once, when ``auto_refresh``).

        With no index yet the query runs on empty tables. An index found damaged while it is read (its
        pages, not its tables, are broken) is removed and, when ``auto_refresh``, built again, once.
        """
        self._ensure()
        for attempt in (1, 2):
            try:
                with self._reading() as conn:
                    return list(conn.execute(sql, params).fetchall())
            except sqlite3.DatabaseError as e:
                if attempt == 2 or self._memory is not None or not _damaged(e):
                    raise
                _remove(self.path)
                if self.auto_refresh:
                    self.refresh()
        raise AssertionError("unreachable")

    def _ensure(self) -> None:
        if self.auto_refresh and not self.refreshed:
            self.refresh()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A connection to read the index as it is now: the file, the in-memory copy, or empty tables."""
        with self._lock:
            memory = self._memory
            if memory is not None:
                yield memory
                return
        conn = _open_current(self.path) or _empty()
        try:
            yield conn
        finally:
            conn.close()

    # ------------------------------------------------------------------ keeping it up to date
    def refresh(self, progress: Progress | None = None, stop: threading.Event | None = None) -> None:
        """Bring the index up to date with ``finished/`` (see the module's description).

        ``progress(done, total)`` is called after each committed batch (and once before the first);
        ``stop`` set ends the refresh after the current batch, leaving an index the next refresh completes.
        """
        if not self.dirs.finished.is_dir() and not self.path.exists() and self._memory is None:
            self.rebuilt = False  # no archive and no index: nothing to write, and no folder is created
            self.refreshed = True
            return
        if self._memory is not None:
            self._refresh_in_memory(progress, stop)
            return
        try:
            conn = _open_writable(self.path)
        except (OSError, sqlite3.Error):
            self._refresh_in_memory(progress, stop)
            return
        try:
            try:
                self._update(conn, progress, stop)
            except sqlite3.DatabaseError as e:  # damaged pages found while updating: start afresh, once
                if not _damaged(e):
                    raise
                conn.close()
                _remove(self.path)
                conn = _open_writable(self.path)
                self._update(conn, progress, stop)
        except (OSError, sqlite3.Error) as e:
            if "locked" in str(e):  # another refresh holds the file: it brings it up to date
                raise
            self._refresh_in_memory(progress, stop)  # the folder cannot be written (read-only, full)
        finally:
            conn.close()

    def _refresh_in_memory(self, progress: Progress | None, stop: threading.Event | None) -> None:
        """The data folder cannot hold the index: build it in memory, and read it from there from now on."""
        with self._lock:
            conn = self._memory
        if conn is None:
            conn = sqlite3.connect(":memory:", check_same_thread=False)
            _create(conn)
        self._update(conn, progress, stop)
        with self._lock:
            self._memory = conn

    def _update(self, conn: sqlite3.Connection, progress: Progress | None, stop: threading.Event | None) -> None:
        conn.execute("DROP TABLE IF EXISTS temp.scan")
        conn.execute("DROP TABLE IF EXISTS temp.todo")
        conn.execute("CREATE TEMP TABLE scan (name TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, kind TEXT, "
                     "problem TEXT)")
        conn.executemany("INSERT INTO temp.scan VALUES (?, ?, ?, ?, ?)", self._scan())
        # What to read: entries new or changed since they were indexed, newest name first (names start
        # with the date), so a list read meanwhile fills from its top.
        conn.execute("CREATE TEMP TABLE todo AS SELECT s.* FROM temp.scan s LEFT JOIN files f ON f.name = s.name "
                     "WHERE f.name IS NULL OR f.mtime_ns != s.mtime_ns OR f.size != s.size OR f.kind != s.kind "
                     "ORDER BY s.name DESC")
        with conn:
            gone = conn.execute("DELETE FROM files WHERE name NOT IN (SELECT name FROM temp.scan)").rowcount
            conn.execute("DELETE FROM games WHERE name NOT IN (SELECT name FROM temp.scan)")
            conn.execute("DELETE FROM seats WHERE name NOT IN (SELECT name FROM temp.scan)")
        [(total,)] = conn.execute("SELECT COUNT(*) FROM temp.todo").fetchall()
        self.rebuilt = bool(gone or total)
        done, last = 0, 0
        if progress is not None:
            progress(0, total)
        while not (stop is not None and stop.is_set()):
            batch = conn.execute("SELECT rowid, name, mtime_ns, size, kind, problem FROM temp.todo WHERE rowid > ? "
                                 "ORDER BY rowid LIMIT ?", (last, _BATCH_FILES)).fetchall()
            if not batch:
                break
            started = time.monotonic()
            rows: list[tuple[tuple[Any, ...], FinishedSummary | None]] = []
            for rowid, name, mtime_ns, size, kind, problem in batch:
                last = rowid
                summary = None
                if problem is None:
                    try:
                        summary = self._read(name, mtime_ns)
                    except SummaryError as e:
                        problem = str(e)
                rows.append(((name, mtime_ns, size, kind, problem), summary))
                if time.monotonic() - started > _BATCH_SECONDS:
                    break
            _write(conn, rows)
            done += len(rows)
            if progress is not None:
                progress(done, total)
        conn.execute("DROP TABLE temp.scan")
        conn.execute("DROP TABLE temp.todo")
        self.refreshed = not (stop is not None and stop.is_set())

    def _scan(self) -> Iterator[tuple[str, int, int, str, str | None]]:
        """Each entry of ``finished/`` named like a finished game (files set aside are left out):
        name, modification time, size, file type, and for what is not a regular file why it is skipped.

        The type comes from ``stat`` (through a link), never from opening the entry: a pipe or a link to
        ``/dev/zero`` is named, not read.
        """
        try:
            entries = os.scandir(self.dirs.finished)
        except OSError:
            return
        with entries:
            for entry in entries:
                name = entry.name
                if not name.endswith(".json") or name.startswith(".") or ".bad-" in name:
                    continue
                yield (name, *_entry_stamp(entry))

    def _read(self, name: str, mtime_ns: int) -> FinishedSummary:
        path = self.dirs.finished / name
        try:
            doc = document.parse_json(document.read_limited(path))
        except OSError as e:
            raise SummaryError(f"cannot read it ({e.strerror or e})") from None
        except document.SaveFormatError as e:
            raise SummaryError(str(e)) from None
        try:
            when = datetime.fromtimestamp(mtime_ns / 1e9, timezone.utc).isoformat(timespec="seconds")
        except (OverflowError, ValueError, OSError):
            when = ""  # a modification time out of range: summarize refuses the file if it records no time
        try:
            return summarize(doc, name, when, self.cards)
        except RecursionError:
            raise SummaryError("the file is nested too deeply to read") from None


def game_row(s: FinishedSummary) -> dict[str, object]:
    """The ``games`` row of one summary, by column (see :data:`GAME_COLUMNS`)."""
    humans = [i for i, seat in enumerate(s.seats) if seat.kind == "human"]
    detail = json.dumps({"seats": [x.to_json() for x in s.seats], "totals": s.totals, "winners": s.winners,
                         "spirit_ids": s.spirit_ids, "categories": s.categories},
                        ensure_ascii=False, separators=(",", ":"))
    return {"name": s.file, "sort_key": s.sort_key, "finished": s.finished, "players": s.players, "side": s.side,
            "spirits": int(s.spirits), "seed": s.seed, "top": s.top, "suns": s.suns,
            "solo_spirit": s.spirit_ids[0] if s.solo else None,
            "human_won": int(any(i in s.winners for i in humans)) if humans and not s.solo else None,
            "detail": detail, "identity": s.identity}


def insert(conn: sqlite3.Connection, s: FinishedSummary) -> None:
    """Add (or replace) one game's rows in an index being written."""
    row = game_row(s)
    names = [c for c, _ in GAME_COLUMNS]
    conn.execute("DELETE FROM seats WHERE name = ?", (s.file,))
    conn.execute(f"INSERT OR REPLACE INTO games ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})",
                 [row[c] for c in names])
    conn.executemany(f"INSERT INTO seats ({', '.join(_SEAT_COLUMNS)}) VALUES ({', '.join('?' for _ in _SEAT_COLUMNS)})",
                     [(s.file, i, seat.kind, seat.level, s.totals[i], *s.categories[i])
                      for i, seat in enumerate(s.seats)])


def _write(conn: sqlite3.Connection, rows: list[tuple[tuple[Any, ...], FinishedSummary | None]]) -> None:
    """One batch of a refresh, in one transaction: each entry's file row, and its game's rows or none."""
    with conn:
        for file_row, summary in rows:
            conn.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)", file_row)
            if summary is not None:
                insert(conn, summary)
            else:
                conn.execute("DELETE FROM games WHERE name = ?", (file_row[0],))
                conn.execute("DELETE FROM seats WHERE name = ?", (file_row[0],))


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

