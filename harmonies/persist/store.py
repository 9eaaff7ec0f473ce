"""The one object the app saves and resumes games through.

Every public method either does its job or raises one of two exceptions with a message ready to show:

- :class:`LoadProblem` when a file cannot be used. A bad file has already been set aside (renamed
  beside itself, never deleted) when this is raised, so calling again starts clean.
- :class:`SaveError` when a file cannot be written (disk full, no permission). The previous file is
  untouched, because every write is atomic.

Every write happens under the data folder's lock (:func:`harmonies.persist.lock.writing`), so the
writing methods also raise :class:`~harmonies.persist.lock.LockProblem` when another process holds
the folder or its lock path is not a file.

A finished game is recorded once: the archive looks its identity (setup and command log, see
:mod:`harmonies.persist.identity`) up in the index of finished games and adds nothing when a record
of it is already there, whatever its file name or start time.
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, overload

from ..rules import CardSet, Game, GameSetup, default_cards
from . import document
from .errors import LoadProblem, SaveError
from .atomic import atomic_write_bytes, atomic_write_text, remove_stale_temps, set_aside
from .identity import META_KEY, identity_of
from .index import FinishedIndex
from .lock import writing
from .paths import Dirs, resolve_dirs
from .settings import read_settings, write_settings

T = TypeVar("T")


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


class Archived(NamedTuple):
    """Where a finished game is recorded; ``fresh`` is false when the archive held it already (nothing added)."""

    path: Path
    fresh: bool


class SavedGame(NamedTuple):
    """A game read back from a file, and the ``meta`` it was saved with (``game, meta = saved``)."""

    game: Game
    meta: dict[str, Any]


class Store:
    """Saves of one user (or of one ``--data-dir``): the game in progress, finished games, settings.

    >>> store = Store(data_dir)                     # doctest: +SKIP
    >>> store.autosave(game, {"seats": seats})      # after every accepted command
    >>> saved = store.load_autosave()               # Continue: SavedGame(game, meta) or None

    ``data_dir`` None means the platform's user folders (see :mod:`harmonies.persist.paths`).
    ``cards`` is the card set new and loaded games use (default: the bundled cards) and ``cards_path``
    the file it came from, recorded in saves so a player told "played with other cards" knows which.
    ``durable=False`` skips flushing to disk (faster; still safe against the process dying).
    """

    def __init__(self, data_dir: str | Path | None = None, *, cards: CardSet | None = None,
                 cards_path: str | Path | None = None, durable: bool = True) -> None:
        self.dirs: Dirs = resolve_dirs(data_dir)
        self.cards = cards if cards is not None else default_cards()
        self.cards_path = str(cards_path) if cards_path is not None and cards is not None else None
        self.durable = durable
        # When each game began, stamped at its first autosave (or read back from its save), so every
        # later save of the same game, and its archive file name, agree.
        self._started: dict[GameSetup, str] = {}

    # ------------------------------------------------------------------ the game in progress
    @property
    def autosave_path(self) -> Path:
        return self.dirs.autosave

    def autosave(self, game: Game, meta: dict[str, Any] | None = None) -> Path:
        """Save ``game`` as the game in progress, atomically; call after every accepted command.

        ``meta`` is the app's own JSON data, returned as given by :meth:`load_autosave`; the expected
        keys are ``"seats"`` (a list of ``{"name", "kind": "human"|"computer", "level"}``), and
        ``"started"`` (ISO time; added at the first save of a game if missing). A game that is over is
        archived instead (:meth:`archive_finished`) and the autosave cleared. Returns the file written.
        Raises :class:`SaveError`.
        """
        if game.over:
            return self.archive_finished(game, meta)
        full = self._meta(game, meta)
        with writing(self.dirs.data):
            self._write(self.autosave_path, document.encode(game, full, document.KIND_SAVE, self._cards_path(game)))
        return self.autosave_path

    def has_autosave(self) -> bool:
        """Whether there is a game in progress to continue (the file is not checked: see :meth:`load_autosave`)."""
        return self.autosave_path.is_file()

    def load_autosave(self) -> SavedGame | None:
        """The game in progress exactly as it was last saved (mid-turn included), or None if there is none.

        Raises :class:`LoadProblem` if the file is damaged, from a newer version, or does not replay;
        it has then been set aside. A save made with other cards is left in place instead (it is
        probably fine: start the game with those cards). A game found already over is archived and
        None returned.
        """
        path = self.autosave_path
        remove_stale_temps(path)
        if not path.is_file():
            return None
        game, meta, _ = self._read(path, "saved game")
        if game.over:
            self.archive_finished(game, meta)
            return None
        started = meta.get("started")
        if isinstance(started, str) and (self.dirs.finished / self._archive_name(game, started)).is_file():
            # This game was archived as finished, and the process stopped before the autosave of its
            # step before the end was removed: finish that removal rather than offer it again.
            self.clear_autosave()
            return None
        if isinstance(started, str):
            self._started[game.setup] = started
        return SavedGame(game, meta)

    def clear_autosave(self) -> None:
        """Forget the game in progress (the player abandoned it, or it has been archived)."""
        try:
            with writing(self.dirs.data):
                self.autosave_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise SaveError(self.autosave_path, e.strerror or str(e)) from None

    # ------------------------------------------------------------------ replaced games in progress
    @property
    def in_progress_dir(self) -> Path:
        return self.dirs.data / IN_PROGRESS_DIR

    def check_folder(self) -> None:
        """Write and remove a small file in the data folder: raises :class:`SaveError` if games cannot be saved there."""
        probe = self.dirs.data / ".write-check"
        try:
            with writing(self.dirs.data):
                atomic_write_bytes(probe, b"", durable=False)
                probe.unlink()
        except OSError as e:
            raise SaveError(probe, e.strerror or str(e)) from None

    def keep_current(self) -> Path | None:
        """Move the game in progress into ``in-progress/`` so a new game can take its place; returns where it went.

        Nothing is moved when there is no game in progress, or when its file holds no command yet (a
        game set up and not played: the new game's save replaces it). Only the latest
        :data:`KEEP_REPLACED` replaced games are kept. Raises :class:`SaveError` if the file cannot be
        moved; the game in progress is then untouched.
        """
        current = self.autosave_path
        if not current.is_file():
            return None
        summary = self._summary(current, True)
        if summary.readable and summary.commands == 0:
            return None
        folder = self.in_progress_dir
        with writing(self.dirs.data):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                target = self._free_name(folder)
                os.rename(current, target)
            except OSError as e:
                raise SaveError(current, e.strerror or str(e)) from None
            self._trim_kept()
        return target

    def games_in_progress(self) -> list[GameSummary]:
        """The game in progress and the replaced ones, newest first (by when each was last saved)."""
        paths = [self.autosave_path] if self.autosave_path.is_file() else []
        out = [self._summary(p, True) for p in paths] + [self._summary(p, False) for p in self._kept_files()]
        return sorted(out, key=lambda s: (s.saved_at or "", s.current), reverse=True)

    def has_kept(self) -> bool:
        """Whether a replaced game waits in ``in-progress/``."""
        return bool(self._kept_files())

    def resume_kept(self, path: str | Path) -> SavedGame | None:
        """Make the replaced game ``path`` the game in progress again and load it (see :meth:`load_autosave`).

        The game in progress until now is kept in its place (:meth:`keep_current`). Raises
        :class:`SaveError` if the files cannot be moved, :class:`LoadProblem` if the game does not load,
        ``ValueError`` if ``path`` is not one of :meth:`games_in_progress`.
        """
        chosen = Path(path)
        if chosen == self.autosave_path:
            return self.load_autosave()
        if chosen.parent != self.in_progress_dir or chosen.suffix != ".json":
            raise ValueError(f"{chosen} is not a replaced game of {self.in_progress_dir}")
        with writing(self.dirs.data):
            self.keep_current()
            try:
                os.replace(chosen, self.autosave_path)
            except OSError as e:
                raise SaveError(self.autosave_path, e.strerror or str(e)) from None
        return self.load_autosave()

    def _kept_files(self) -> list[Path]:
        """Replaced games, oldest first (their names start with when they were replaced)."""
        try:
            return sorted(p for p in self.in_progress_dir.glob("*.json") if p.is_file())
        except OSError:
            return []

    def _trim_kept(self) -> None:
        kept = self._kept_files()
        for old in kept[: max(0, len(kept) - KEEP_REPLACED)]:
            try:
                old.unlink()
            except OSError:
                pass  # one more kept than promised is better than failing the new game

    @staticmethod
    def _free_name(folder: Path) -> Path:
        """``<when>-<n>.json``, after every name already there: names sort in the order games were kept."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        taken = [p.stem[len(stamp) + 1:] for p in folder.glob(f"{stamp}-*.json")]
        n = 1 + max((int(t) for t in taken if t.isdigit()), default=0)
        return folder / f"{stamp}-{n:03d}.json"

    @staticmethod
    def _summary(path: Path, current: bool) -> GameSummary:
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

    # ------------------------------------------------------------------ finished games
    def archive_finished(self, game: Game, meta: dict[str, Any] | None = None) -> Path:
        """:meth:`archive`, returning only the file that holds the game."""
        return self.archive(game, meta).path

    def archive(self, game: Game, meta: dict[str, Any] | None = None) -> Archived:
        """Keep a game that is over in ``finished/``, with setup, command log, final scores and its
        identity; returns where it is recorded and whether this call added it.

        The file name comes from when the game started and its setup. A game whose identity the
        archive already holds (under any name) is not written again. Either way the autosave is
        cleared if it holds this game or a step of it before its end (a stale autosave is never
        offered by Continue). When the write fails, that stale autosave is set aside as
        ``autosave.superseded-<when>.json`` if the folder allows a rename, for the same reason.
        Raises :class:`SaveError`, or ``ValueError`` if the game is not over.
        """
        if not game.over:
            raise ValueError("only a game that is over can be archived")
        full = self._meta(game, meta)
        full.setdefault("finished", document.now_iso())
        identity = full[META_KEY] = identity_of(game)
        path = self.dirs.finished / self._archive_name(game, full["started"])
        with writing(self.dirs.data):
            existing = self.recorded(identity)
            if existing is None:
                try:
                    self._write(path, document.encode(game, full, document.KIND_FINISHED, self._cards_path(game)))
                except SaveError:
                    self._retire_stale_autosave(game)
                    raise
            if self._autosave_is_part_of(game):
                self.clear_autosave()
        return Archived(existing or path, existing is None)

    def recorded(self, identity: str) -> Path | None:
        """The file of ``finished/`` that holds the game of ``identity``, or None.

        One lookup in the index of finished games (brought up to date first, which reads only the
        files that changed since it was built), never a read of every record."""
        try:
            name = FinishedIndex(self.dirs, self.cards).recorded_as(identity)
        except sqlite3.Error:
            return None  # no index can be read or built: the game is written, at worst a second time
        return self.dirs.finished / name if name is not None else None

    def stamped(self, game: Game, meta: dict[str, Any] | None) -> dict[str, Any]:
        """``meta`` with the game's start time (``"started"``) filled in as this store knows it, so a save
        of ``game`` through another store (a rescue) records its real start. :class:`SaveError`."""
        return self._meta(game, meta)

    def holds_step_of(self, game: Game) -> bool:
        """Whether the autosave holds ``game`` as it was at some step (its setup, and a start of its log)."""
        return self._autosave_is_part_of(game)

    def finished_games(self) -> list[Path]:
        """Files of finished games, newest first."""
        try:
            return sorted(self.dirs.finished.glob("*.json"), reverse=True)
        except OSError:
            return []

    def load_finished(self, path: str | Path) -> SavedGame:
        """A finished game from :meth:`finished_games`; a bad file is set aside (:class:`LoadProblem`)."""
        game, meta, _ = self._read(Path(path), "finished game")
        return SavedGame(game, meta)

    # ------------------------------------------------------------------ settings
    @overload
    def load_settings(self, defaults: None = None) -> dict[str, Any]: ...

    @overload
    def load_settings(self, defaults: T) -> T: ...

    def load_settings(self, defaults: Any = None) -> Any:
        """See :func:`harmonies.persist.settings.read_settings`."""
        return read_settings(self.dirs.settings, defaults)

    def save_settings(self, settings: Any) -> Path:
        """See :func:`harmonies.persist.settings.write_settings`."""
        write_settings(self.dirs.settings, settings, durable=self.durable)
        return self.dirs.settings

    # ------------------------------------------------------------------ inside
    def _meta(self, game: Game, meta: dict[str, Any] | None) -> dict[str, Any]:
        try:  # a JSON round trip both copies ``meta`` and proves it can be saved
            full: dict[str, Any] = json.loads(json.dumps(dict(meta or {}), allow_nan=False))
        except (TypeError, ValueError) as e:
            raise SaveError(self.autosave_path, f"the game's details are not storable as JSON ({e})") from None
        started = full.get("started")
        if not isinstance(started, str):
            started = self._started.get(game.setup) or document.now_iso()
            full["started"] = started
        self._started[game.setup] = started
        return full

    def _cards_path(self, game: Game) -> str | None:
        return self.cards_path if game.cards is self.cards else None

    def _write(self, path: Path, doc: dict[str, Any]) -> None:
        try:
            text = document.dumps(doc)
        except (TypeError, ValueError) as e:
            raise SaveError(path, f"the game's details are not storable as JSON ({e})") from None
        try:
            atomic_write_text(path, text, durable=self.durable)
        except OSError as e:
            raise SaveError(path, e.strerror or str(e)) from None

    def _read(self, path: Path, what: str) -> tuple[Game, dict[str, Any], str]:
        try:
            data = document.read_limited(path)
        except OSError as e:
            raise LoadProblem(what, path, f"cannot read it ({e.strerror or e})", None) from None
        try:
            return document.decode(document.parse_json(data), self.cards)
        except document.SaveFormatError as e:
            if e.other_cards:
                raise LoadProblem(what, path, str(e), None,
                                  " The file was left where it is: start Harmonies with those cards "
                                  "(--cards) to continue it.") from None
            raise self._set_aside(what, path, str(e)) from None
        except RecursionError:
            raise self._set_aside(what, path, "the file is nested too deeply to read") from None
        except Exception as e:  # decoding promises SaveFormatError; a surprise must still be a message
            raise self._set_aside(what, path, f"it cannot be read ({type(e).__name__}: {e})"[:300]) from None

    def _set_aside(self, what: str, path: Path, reason: str) -> LoadProblem:
        try:
            moved = set_aside(path)
        except OSError as e:
            return LoadProblem(what, path, reason, None,
                               f" It could not be set aside ({e.strerror or e}); move it away by hand.")
        return LoadProblem(what, path, reason, moved)

    def _autosave_is_part_of(self, game: Game) -> bool:
        """Whether the autosave file holds ``game``'s setup and a start of its command log (read without replaying)."""
        try:
            doc = document.parse_json(document.read_limited(self.autosave_path))
            saved = doc["game"]
            setup, commands = saved["setup"], saved["commands"]
        except (OSError, ValueError, KeyError, TypeError):
            return False
        mine = game.to_json()
        return (setup == mine["setup"] and isinstance(commands, list)
                and commands == mine["commands"][: len(commands)])

    def _retire_stale_autosave(self, game: Game) -> None:
        """Rename the autosave aside when it holds an earlier step of the finished ``game`` (best effort:
        a rename needs no free space, but a read-only folder refuses it)."""
        if not self._autosave_is_part_of(game):
            return
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        with suppress(OSError):
            os.rename(self.autosave_path, self.dirs.data / f"autosave.superseded-{stamp}.json")

    @staticmethod
    def _archive_name(game: Game, started: str) -> str:
        return archive_name(game.setup, started)


def archive_name(setup: GameSetup, started: str) -> str:
    """The file name of a finished game in ``finished/``: when it started (local time), then its setup."""
    try:
        when = datetime.fromisoformat(started).astimezone()
    except ValueError:
        when = datetime.now()
    s = setup
    return f"{when:%Y%m%d-%H%M%S}-{s.players}p-{s.side}{'-spirits' if s.spirits else ''}-seed{s.seed}.json"


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _clean_name(value: Any) -> str:
    """A seat name fit to draw: printable characters only (no NUL, no lone surrogate), not too long."""
    text = "".join(ch for ch in str(value or "") if ch.isprintable())
    return text[:_NAME_LIMIT]


__all__ = ["Archived", "GameSummary", "LoadProblem", "SaveError", "SavedGame", "Store", "atomic_write_bytes"]
