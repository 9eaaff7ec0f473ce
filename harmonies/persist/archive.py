"""Where a finished game goes in ``finished/``: the record that holds it already, or a name of its own.

A game is found by its identity (setup and command log) in the index of finished games, and then told
apart from other games of the same play by its game id (see :mod:`harmonies.persist.identity`): only the
few records of that identity are read, for their game id. A new game takes the name its start time and
setup give, or, when a file of another game has that name (two games of one deal started in the same
second, or an index that could not be read), the first free ``<name>-<n>.json`` after it. So an archive
write never replaces a file that holds another game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

from ..rules import CardSet
from .document import parse_json, read_limited
from .identity import game_id_of, identity_of_json, recorded_identity, same_game
from .index import FinishedIndex
from .paths import Dirs

#: How many names one start time and setup may give before the archive says it is full.
_NAMES = 1000

#: A record's identity and game id (either None when the file gives none).
Ids = tuple[str | None, str | None]


def names_from(first: str) -> Iterator[str]:
    """``first``, then ``<first without .json>-2.json``, ``-3`` and so on."""
    yield first
    for n in range(2, _NAMES + 1):
        yield f"{first[:-5]}-{n}.json"


def record_ids(path: Path) -> Ids | None:
    """The identity and game id of the record in ``path``, or None when it cannot be read."""
    try:
        doc = parse_json(read_limited(path))
    except (OSError, ValueError, RecursionError):
        return None
    identity = recorded_identity(doc)
    if identity is None:
        try:
            identity = identity_of_json(doc.get("game") if isinstance(doc, dict) else None)
        except (ValueError, TypeError):
            identity = None
    return identity, game_id_of(doc.get("meta") if isinstance(doc, dict) else None)


def holding(dirs: Dirs, cards: CardSet, ids: Ids) -> Path | None:
    """The file of ``finished/`` that holds the game ``ids`` (identity, game id), or None.

    One indexed lookup of the identity (the index is brought up to date first, reading only the files
    that changed), then, for a game with an id, a read of each record of that identity."""
    identity, game_id = ids
    if identity is None:
        return None
    try:
        rows = FinishedIndex(dirs, cards).query("SELECT name FROM games WHERE identity = ? ORDER BY name",
                                                (identity,))
    except sqlite3.Error:
        return None  # no index can be read or built: the name chain below still finds this very game
    for (name,) in rows:
        path = dirs.finished / str(name)
        if game_id is None:
            return path
        found = record_ids(path)
        if found is not None and same_game(ids, found):
            return path
    return None


def place(folder: Path, first: str, ids: Ids) -> tuple[Path, bool]:
    """Where the game ``ids`` goes under the name ``first``: ``(path, True)`` for a free name, or
    ``(path, False)`` when the file at that name holds this game already. ``OSError`` when every name is
    taken by other games."""
    for name in names_from(first):
        path = folder / name
        if not path.exists():
            return path, True
        found = record_ids(path)
        if found is not None and same_game(ids, found):
            return path, False
    raise OSError(f"{_NAMES} games are already named like {first}")


def archived_as(folder: Path, first: str, game_id: str) -> Path | None:
    """The record of the game ``game_id`` among the names ``first`` gives, or None."""
    for name in names_from(first):
        path = folder / name
        if not path.exists():
            return None
        found = record_ids(path)
        if found is not None and found[1] == game_id:
            return path
    return None
