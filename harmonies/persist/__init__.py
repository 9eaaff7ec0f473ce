"""Saves, settings and atomic file writes. Pure Python (no pygame), usable by the app and the command line.

The app keeps one :class:`Store` and talks only to it::

    from harmonies.persist import LoadProblem, SaveError, Store, load_cards_or_default

    cards, warning = load_cards_or_default(args.cards)      # warning: show it, play on
    store = Store(args.data_dir, cards=cards, cards_path=args.cards)
    try:
        saved = store.load_autosave()                       # SavedGame(game, meta) or None
    except LoadProblem as problem:
        show(str(problem))                                  # the bad file is already set aside
    ...
    store.autosave(game, meta)                              # after every accepted command
    store.archive_finished(game, meta)                      # when the game is over (autosave does it too)
    settings = store.load_settings(Settings())              # your dataclass of defaults
    store.save_settings(settings)

Every write is atomic (temporary file, flush, rename): killing the process at any instant leaves the
previous file or the new one. Files that cannot be used are renamed aside, never deleted.

The module-level functions below are the same operations for callers that hold no store; they share
one store per folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..rules import CardSet, Game
from .atomic import atomic_write_bytes, atomic_write_text, set_aside
from .cards import load_cards_or_default
from .document import SAVE_FORMAT, SaveFormatError
from .errors import LoadProblem, SaveError
from .paths import Dirs, resolve_dirs
from .store import SavedGame, Store

_STORES: dict[Dirs, Store] = {}


def _store(data_dir: str | Path | None) -> Store:
    dirs = resolve_dirs(data_dir)
    store = _STORES.get(dirs)
    if store is None:
        store = _STORES[dirs] = Store(data_dir)
    return store


def autosave(game: Game, meta: dict[str, Any] | None = None, data_dir: str | Path | None = None) -> Path:
    """:meth:`Store.autosave` on the store of ``data_dir``."""
    return _store(data_dir).autosave(game, meta)


def has_autosave(data_dir: str | Path | None = None) -> bool:
    """:meth:`Store.has_autosave` on the store of ``data_dir``."""
    return _store(data_dir).has_autosave()


def load_autosave(data_dir: str | Path | None = None, cards: CardSet | None = None) -> SavedGame | None:
    """:meth:`Store.load_autosave` on the store of ``data_dir``, replaying with ``cards`` (default: bundled)."""
    if cards is not None:
        return Store(data_dir, cards=cards).load_autosave()
    return _store(data_dir).load_autosave()


def clear_autosave(data_dir: str | Path | None = None) -> None:
    """:meth:`Store.clear_autosave` on the store of ``data_dir``."""
    _store(data_dir).clear_autosave()


def save_finished(game: Game, meta: dict[str, Any] | None = None, data_dir: str | Path | None = None) -> Path:
    """:meth:`Store.archive_finished` on the store of ``data_dir``."""
    return _store(data_dir).archive_finished(game, meta)


def load_settings(data_dir: str | Path | None = None, defaults: Any = None) -> Any:
    """:meth:`Store.load_settings`: the settings dict (or ``defaults`` filled in); :class:`LoadProblem` if damaged."""
    return _store(data_dir).load_settings(defaults)


def save_settings(settings: Any, data_dir: str | Path | None = None) -> Path:
    """:meth:`Store.save_settings`: write a dataclass instance or a mapping; :class:`SaveError` if impossible."""
    return _store(data_dir).save_settings(settings)


__all__ = [
    "SAVE_FORMAT", "Dirs", "LoadProblem", "SaveError", "SaveFormatError", "SavedGame", "Store",
    "atomic_write_bytes", "atomic_write_text", "autosave", "clear_autosave", "has_autosave",
    "load_autosave", "load_cards_or_default", "load_settings", "resolve_dirs", "save_finished",
    "save_settings", "set_aside",
]
