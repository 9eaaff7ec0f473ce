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
of it is already there, whatever its file name or start time. Each game also carries the game id it
was given when it started (``meta["game_id"]``), so a second game of the same deal is a second record
even when it is played move for move like the first, and an archive write never replaces a file that
holds another game (see :mod:`harmonies.persist.archive`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, overload

from ..rules import CardSet, Game, GameSetup, default_cards
from . import document
from .errors import LoadProblem, SaveError
from .atomic import atomic_write_bytes, atomic_write_text, remove_stale_temps
from .archive import archived_as, holding, place
from .identity import GAME_ID_KEY, META_KEY, game_id_of, identity_of, new_game_id
from .gamefile import archive_name, autosave_is_part_of, read_game, retire_stale_autosave
from .in_progress import IN_PROGRESS_DIR, KEEP_REPLACED, GameSummary, free_name, kept_files, summary_of, trim_kept
from .lock import writing
from .paths import Dirs, resolve_dirs
from .settings import read_settings, write_settings

T = TypeVar("T")


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
        # When each game began and its game id, stamped at its first autosave (or read back from its
        # save) for a caller whose meta does not hold them, so every later save of the same game, and its
        # archive file name, agree. The app gives both itself (each game its own, from its start); a
        # caller that does not is told apart game by game only by its command log.
        self._started: dict[GameSetup, str] = {}
        self._ids: dict[GameSetup, str] = {}

    # ------------------------------------------------------------------ the game in progress
    @property
    def autosave_path(self) -> Path:
        return self.dirs.autosave

    def autosave(self, game: Game, meta: dict[str, Any] | None = None) -> Path:
        """Save ``game`` as the game in progress, atomically; call after every accepted command.

        ``meta`` is the app's own JSON data, returned as given by :meth:`load_autosave`; the expected
        keys are ``"seats"`` (a list of ``{"name", "kind": "human"|"computer", "level"}``), ``"started"``
        (ISO time) and ``"game_id"`` (:func:`~harmonies.persist.identity.new_game_id`); both are added at
        the first save of a game if missing (a game archived without ever being saved in progress keeps
        no game id: its identity alone then says which game it is). A game that is over is
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
        game, meta, _ = read_game(path, "saved game", self.cards)
        if game.over:
            self.archive_finished(game, meta)
            return None
        started = meta.get("started")
        if isinstance(started, str) and self._archived_already(game, meta, started):
            # This game was archived as finished, and the process stopped before the autosave of its
            # step before the end was removed: finish that removal rather than offer it again.
            self.clear_autosave()
            return None
        if isinstance(started, str):
            self._started[game.setup] = started
        game_id = game_id_of(meta)
        if game_id is not None:
            self._ids[game.setup] = game_id
        return SavedGame(game, meta)

    def _archived_already(self, game: Game, meta: dict[str, Any], started: str) -> bool:
        """Whether ``finished/`` holds the game of this autosave (by its game id; by its archive name
        alone for a save written before game ids)."""
        first = self._archive_name(game, started)
        game_id = game_id_of(meta)
        if game_id is None:
            return (self.dirs.finished / first).is_file()
        return archived_as(self.dirs.finished, first, game_id) is not None

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
        summary = summary_of(current, True)
        if summary.readable and summary.commands == 0:
            return None
        folder = self.in_progress_dir
        with writing(self.dirs.data):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                target = free_name(folder)
                os.rename(current, target)
            except OSError as e:
                raise SaveError(current, e.strerror or str(e)) from None
            trim_kept(folder)
        return target

    def games_in_progress(self) -> list[GameSummary]:
        """The game in progress and the replaced ones, newest first (by when each was last saved)."""
        paths = [self.autosave_path] if self.autosave_path.is_file() else []
        out = [summary_of(p, True) for p in paths] + [summary_of(p, False) for p in self._kept_files()]
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
        return kept_files(self.in_progress_dir)

    # ------------------------------------------------------------------ finished games
    def archive_finished(self, game: Game, meta: dict[str, Any] | None = None) -> Path:
        """:meth:`archive`, returning only the file that holds the game."""
        return self.archive(game, meta).path

    def archive(self, game: Game, meta: dict[str, Any] | None = None) -> Archived:
        """Keep a game that is over in ``finished/``, with setup, command log, final scores and its
        identity; returns where it is recorded and whether this call added it.

        The file name comes from when the game started and its setup (another game's file of that name
        is never replaced: the game takes the next free name). A game the archive already holds (its
        identity and game id, under any name) is not written again. Either way the autosave is
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
        ids = (identity, game_id_of(full))
        with writing(self.dirs.data):
            path = self.recorded(identity, ids[1])
            fresh = path is None
            try:
                if path is None:
                    path, fresh = place(self.dirs.finished, self._archive_name(game, full["started"]), ids)
                if fresh:
                    self._write(path, document.encode(game, full, document.KIND_FINISHED, self._cards_path(game)))
            except (SaveError, OSError) as e:
                retire_stale_autosave(self.dirs, game)
                if isinstance(e, SaveError):
                    raise
                raise SaveError(self.dirs.finished, e.strerror or str(e)) from None
            if autosave_is_part_of(self.autosave_path, game):
                self.clear_autosave()
        return Archived(path, fresh)

    def recorded(self, identity: str, game_id: str | None = None) -> Path | None:
        """The file of ``finished/`` that holds the game of ``identity`` (and ``game_id``, when given and
        the record has one), or None.

        One lookup in the index of finished games (brought up to date first, which reads only the
        files that changed since it was built), never a read of every record."""
        return holding(self.dirs, self.cards, (identity, game_id))

    def stamped(self, game: Game, meta: dict[str, Any] | None) -> dict[str, Any]:
        """``meta`` with the game's start time (``"started"``) and game id filled in as this store knows
        them, so a save of ``game`` through another store (a rescue) records its real start and stays the
        same game. :class:`SaveError`."""
        return self._meta(game, meta)

    def holds_step_of(self, game: Game) -> bool:
        """Whether the autosave holds ``game`` as it was at some step (its setup, and a start of its log)."""
        return autosave_is_part_of(self.autosave_path, game)

    def finished_games(self) -> list[Path]:
        """Files of finished games, newest first."""
        try:
            return sorted(self.dirs.finished.glob("*.json"), reverse=True)
        except OSError:
            return []

    def load_finished(self, path: str | Path) -> SavedGame:
        """A finished game from :meth:`finished_games`; a bad file is set aside (:class:`LoadProblem`)."""
        game, meta, _ = read_game(Path(path), "finished game", self.cards)
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
        game_id = game_id_of(full) or self._ids.get(game.setup)
        if game_id is None and not game.over:
            game_id = new_game_id()  # a game saved in progress gets its id; one only archived keeps none
        if game_id is not None:
            full[GAME_ID_KEY] = self._ids[game.setup] = game_id
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

    @staticmethod
    def _archive_name(game: Game, started: str) -> str:
        return archive_name(game.setup, started)


__all__ = ["IN_PROGRESS_DIR", "KEEP_REPLACED", "Archived", "GameSummary", "LoadProblem", "SaveError", "SavedGame", "Store", "archive_name", "atomic_write_bytes"]
