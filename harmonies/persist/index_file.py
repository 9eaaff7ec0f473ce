"""The file of the index of finished games (:mod:`harmonies.persist.index`): its tables, opening it, and
what a folder entry is judged by before it is read.

An index file of another :data:`SCHEMA_VERSION`, or one that is not an index at all, counts as none:
:func:`open_writable` replaces it with empty tables, which the next refresh fills from the files.
Entries of ``finished/`` are stamped from ``stat`` alone (:func:`entry_stamp`); one that is not a
regular file gets its reason there and is never opened.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import suppress
from pathlib import Path

from .summary import CATEGORIES

#: The version of the tables below, kept in ``info``; an index of any other version is rebuilt.
SCHEMA_VERSION = 4

#: The ``games`` table, one row per game that gave a summary: (column, SQL declaration).
GAME_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", "TEXT PRIMARY KEY"), ("sort_key", "TEXT NOT NULL"), ("finished", "TEXT NOT NULL"),
    ("players", "INTEGER NOT NULL"), ("side", "TEXT NOT NULL"), ("spirits", "INTEGER NOT NULL"),
    ("seed", "INTEGER NOT NULL"), ("top", "INTEGER NOT NULL"), ("suns", "INTEGER"), ("solo_spirit", "TEXT"),
    ("human_won", "INTEGER"), ("detail", "TEXT NOT NULL"), ("identity", "TEXT"),
)
SEAT_COLUMNS = ("name", "seat", "kind", "level", "total", *CATEGORIES)

TABLES = f"""
CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (name TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
                    kind TEXT NOT NULL, problem TEXT);
CREATE TABLE games ({", ".join(f"{c} {decl}" for c, decl in GAME_COLUMNS)});
CREATE TABLE seats (
    name TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, level TEXT NOT NULL, total INTEGER NOT NULL,
    {", ".join(f"{c} INTEGER NOT NULL" for c in CATEGORIES)});
CREATE INDEX games_by_time ON games (sort_key DESC, name DESC);
CREATE INDEX games_by_score ON games (top DESC, sort_key DESC, name DESC);
CREATE INDEX seats_by_game ON seats (name);
CREATE INDEX files_skipped ON files (name) WHERE problem IS NOT NULL;
CREATE INDEX games_by_identity ON games (identity);
"""
TABLE_NAMES = frozenset({"info", "files", "games", "seats"})


def create(conn: sqlite3.Connection) -> None:
    conn.executescript(f"BEGIN; {TABLES} INSERT INTO info VALUES ('schema', '{SCHEMA_VERSION}'); COMMIT;")


def is_current(conn: sqlite3.Connection) -> bool:
    """Whether ``conn`` holds an index of this :data:`SCHEMA_VERSION` (``sqlite3.Error`` if unreadable)."""
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables != TABLE_NAMES:
        return False
    row = conn.execute("SELECT value FROM info WHERE key = 'schema'").fetchone()
    return row is not None and row[0] == str(SCHEMA_VERSION)


def open_current(path: Path) -> sqlite3.Connection | None:
    """A connection to the index file for reading, or None if there is none of this version (yet)."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(path, timeout=5)
    except sqlite3.Error:
        return None
    try:
        if is_current(conn):
            return conn
    except sqlite3.Error:
        pass  # damaged, or not an index at all: as if there were none (a refresh rebuilds it)
    conn.close()
    return None


def open_writable(path: Path) -> sqlite3.Connection:
    """A connection to write the index file: the one there if it is of this version, else a new one.

    ``OSError`` or ``sqlite3.Error`` when the data folder cannot hold it.
    """
    conn = open_current(path)
    if conn is not None:
        return conn
    remove(path)
    conn = sqlite3.connect(path, timeout=5)
    try:
        create(conn)
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def remove(path: Path) -> None:
    """Remove an index file and its rollback journal, if there."""
    for p in (path, path.with_name(path.name + "-journal")):
        with suppress(OSError):
            p.unlink()


def empty() -> sqlite3.Connection:
    """An index with no rows, in memory: what is read where there is no index yet."""
    conn = sqlite3.connect(":memory:")
    create(conn)
    return conn


def damaged(e: sqlite3.Error) -> bool:
    """Whether ``e`` says the index file is damaged (not busy, locked or unwritable: those are no damage)."""
    return isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.OperationalError)



# ---------------------------------------------------------------------------- the folder's entries
def entry_stamp(entry: os.DirEntry[str]) -> tuple[int, int, str, str | None]:
    """(mtime_ns, size, kind, problem) of one directory entry, from ``stat`` alone."""
    try:
        st = entry.stat()  # through a link: what would be opened
    except OSError as e:
        try:
            link = entry.stat(follow_symlinks=False)
        except OSError:
            return 0, 0, "error", f"cannot read it ({e.strerror or e})"
        if entry.is_symlink():
            return link.st_mtime_ns, link.st_size, "link", f"it is a link to {_link_target(entry)}, which does not exist"
        return link.st_mtime_ns, link.st_size, "error", f"cannot read it ({e.strerror or e})"
    mode = st.st_mode
    if stat.S_ISREG(mode):
        return st.st_mtime_ns, st.st_size, "file", None
    kind, what = (("folder", "a folder") if stat.S_ISDIR(mode) else ("pipe", "a pipe (FIFO)") if stat.S_ISFIFO(mode)
                  else ("device", "a device") if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                  else ("socket", "a socket") if stat.S_ISSOCK(mode) else ("other", "not a regular file"))
    if entry.is_symlink():
        return st.st_mtime_ns, st.st_size, kind, f"it is a link to {_link_target(entry)}, {what}, not a game file"
    return st.st_mtime_ns, st.st_size, kind, f"it is {what}, not a game file"


def _link_target(entry: os.DirEntry[str]) -> str:
    try:
        return os.readlink(entry.path)
    except OSError:
        return "?"
