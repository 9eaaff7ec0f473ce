"""Sharing finished games: export one to a file, import files from a friend or an older version.

Both check the game by replaying it through the rules (:func:`harmonies.persist.document.decode`), so
no file the rules could not have produced enters the archive or leaves it. An imported game is written
again in this version's format into ``finished/``, under the data folder's lock, unless the archive
already holds a game of the same identity (setup and command log, under any file name): then nothing
is added. A file whose times (start, finish, when it was saved) are not usable times, out of range
included, is refused naming the field. An exported one is copied byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules import CardSet, Game
from . import document
from .atomic import atomic_write_bytes, atomic_write_text
from .identity import META_KEY, identity_of
from .lock import writing
from .store import Store, archive_name
from .times import TimeError, read_time


class ShareError(ValueError):
    """A file that cannot be imported or exported; the message says why, without the file name."""


@dataclass(frozen=True)
class Imported:
    """Where an imported game went; ``fresh`` is false when the archive already held that very game."""

    path: Path
    fresh: bool


def check_file(path: Path, cards: CardSet) -> tuple[Game, dict[str, Any], dict[str, Any]]:
    """The finished game in ``path``: ``(game, meta, document)``, checked by replaying it. :class:`ShareError`."""
    try:
        doc = document.parse_json(document.read_limited(path))
        game, meta, _ = document.decode(doc, cards)
    except OSError as e:
        raise ShareError(f"cannot read it ({e.strerror or e})") from None
    except document.SaveFormatError as e:
        raise ShareError(str(e)) from None
    except RecursionError:
        raise ShareError("the file is nested too deeply to read") from None
    if not game.over:
        raise ShareError(f"the game is not finished (it stops in round {game.round}, "
                         f"after {len(game.history)} commands)")
    return game, meta, doc if isinstance(doc, dict) else {}


def import_finished(store: Store, path: Path) -> Imported:
    """Check the finished game in ``path`` and add it to ``store``'s archive, unless the archive holds
    that game already (by its identity, whatever the file's name or stated times).

    :class:`ShareError`, ``OSError``, :class:`~harmonies.persist.lock.LockProblem` (a window has the
    data folder open, or its lock path is not a file).
    """
    game, meta, doc = check_file(path, store.cards)
    meta = dict(meta)
    finished = _time(("meta.finished", meta.get("finished")), ("saved_at", doc.get("saved_at")))
    meta["finished"] = finished or document.now_iso()
    meta["started"] = _time(("meta.started", meta.get("started"))) or meta["finished"]
    meta["imported"] = document.now_iso()
    # The identity is computed from the replayed game, never taken from the file's own meta.
    identity = meta[META_KEY] = identity_of(game)
    folder = store.dirs.finished
    first = archive_name(game.setup, meta["started"])
    with writing(store.dirs.data):
        existing = store.recorded(identity)
        if existing is not None:
            return Imported(existing, False)
        for n in range(1, 1000):
            target = folder / (first if n == 1 else f"{first[:-5]}-{n}.json")
            if not target.exists():
                break
            if _same_game(target, game, store.cards):
                return Imported(target, False)
        else:
            raise ShareError(f"the archive already holds too many games named like {first}")
        cards_path = store.cards_path if game.cards is store.cards else None
        text = document.dumps(document.encode(game, meta, document.KIND_FINISHED, cards_path))
        atomic_write_text(target, text, durable=store.durable)
    return Imported(target, True)


def export_finished(store: Store, game: str, to: Path) -> Path:
    """Copy the finished game ``game`` (a name in the archive, or a path) to ``to``.

    ``to`` is a file when its name ends in ``.json`` and is not a folder, else a folder (created if
    missing) that receives the file under its archive name. An existing file is never overwritten.
    Returns the file written. :class:`ShareError`, ``OSError``.
    """
    source = Path(game)
    if not source.is_file():
        source = store.dirs.finished / game
    if not source.is_file():
        raise ShareError(f"no finished game is called {game} (see 'harmonies history')")
    check_file(source, store.cards)
    target = to / source.name if to.is_dir() or to.suffix.lower() != ".json" else to
    if target.exists():
        raise ShareError(f"{target} already exists; choose another name")
    atomic_write_bytes(target, document.read_limited(source), durable=store.durable)
    return target


def _time(*fields: tuple[str, Any]) -> str | None:
    """The first of the ``(field, value)`` given that holds a value, as it is written; None if none does.

    A value that is no usable time (not a time, out of range: :mod:`harmonies.persist.times`) refuses
    the file with :class:`ShareError` naming the field, rather than being passed over or archived.
    """
    for field, value in fields:
        if value is None:
            continue
        try:
            read_time(value, field)
        except TimeError as e:
            raise ShareError(str(e)) from None
        return str(value)
    return None


def _same_game(path: Path, game: Game, cards: CardSet) -> bool:
    try:
        other, _, _ = check_file(path, cards)
    except ShareError:
        return False
    return other.to_json() == game.to_json()
