"""Where games are saved: ``SaveSlot`` over the saves package (``harmonies.persist``).

Without a store (the demo, tests, a data folder that cannot be used) it keeps the game in
progress in memory, so Continue works for the running app either way.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harmonies.persist.store import GameSummary, Store
from harmonies.rules import CardSet, Game


@dataclass(frozen=True)
class SaveProblem:
    """Why games are not being saved, for the play screen and the menu to show until a save works.

    ``folder`` is where the save was to go, ``reason`` the system's words ("No space left on device"),
    ``code`` the error's name ("ENOSPC") when the system gave one, so the app can also say it plainly.
    ``at_start`` marks the check made when the app opened, before any game.
    """

    folder: Path
    reason: str
    code: str | None = None
    at_start: bool = False


def problem_of(exc: BaseException, folder: Path, at_start: bool = False) -> SaveProblem:
    """The :class:`SaveProblem` of a failed save: the first ``OSError`` behind ``exc`` gives the reason."""
    seen: BaseException | None = exc
    for _ in range(4):
        if seen is None or isinstance(seen, OSError):
            break
        seen = seen.__cause__ or seen.__context__
    path = getattr(exc, "path", None)
    where = Path(path).parent if isinstance(path, (str, Path)) else folder
    if isinstance(seen, OSError):
        code = errno.errorcode.get(seen.errno) if isinstance(seen.errno, int) else None
        return SaveProblem(where, seen.strerror or str(seen), code, at_start)
    return SaveProblem(where, str(getattr(exc, "reason", "") or exc), None, at_start)


class SaveSlot:
    """The one place the app saves and resumes games (over ``harmonies.persist.Store``).

    Without a store (the demo, tests) the game in progress is kept in memory, so Continue still
    works within the running session. Saving never raises: a failed save sets ``problem`` (shown by the
    play scene until a save works) and keeps the game in memory; each later save tries again, and
    ``unsaved`` tells the app to ask before a window close or a new game loses it.

    Starting a new game keeps the game in progress among the replaced ones (``in-progress/``), where
    Continue still finds it: see :meth:`begin_new` and :meth:`games`.
    """

    def __init__(self, data_dir: Path | None = None, cards: CardSet | None = None, cards_path: Path | None = None,
                 enabled: bool = True) -> None:
        self.data_dir = data_dir
        self.cards = cards
        self.cards_path = cards_path
        self.enabled = enabled
        self.last_error: str | None = None
        self.problem: SaveProblem | None = None
        #: Accepted commands whose save failed since the last save that worked.
        self.unsaved_actions = 0
        self._memory: tuple[Game, dict[str, Any]] | None = None
        self._pending: tuple[Game, dict[str, Any]] | None = None
        self._must_keep = False
        self.store: Store | None = None
        if enabled:
            try:
                self.store = Store(data_dir, cards=cards, cards_path=cards_path)
            except Exception as exc:  # no usable data folder: play on, every game in memory only
                self.problem = problem_of(exc, data_dir or Path.cwd(), at_start=True)
                return
            self.check_folder()

    @property
    def folder(self) -> Path:
        """Where games are saved."""
        if self.store is not None:
            return Path(self.store.dirs.data)
        return self.data_dir or Path.cwd()

    def check_folder(self) -> None:
        """Try the data folder once (at start): ``problem`` says so if games cannot be saved there."""
        if self.store is None:
            return
        try:
            self.store.check_folder()
        except Exception as exc:
            self.problem = problem_of(exc, self.folder, at_start=True)

    @property
    def unsaved(self) -> bool:
        """A game with actions that are nowhere on disk: closing the window would lose them."""
        return self._pending is not None and self.unsaved_actions > 0

    @property
    def unsaved_over(self) -> bool:
        """The game waiting to be saved is over: saving it anywhere puts it among that folder's finished games."""
        return self._pending is not None and self._pending[0].over

    def autosave(self, game: Game, meta: dict[str, Any]) -> None:
        """Called after every accepted command (a finished game is archived by the store)."""
        if not self.enabled:
            self._memory = None if game.over else (game, meta)
            return
        try:
            if self.store is None:
                raise OSError(self.problem.reason if self.problem else "no data folder")
            if self._must_keep:
                self.store.keep_current()
                self._must_keep = False
            self.store.autosave(game, meta)
        except Exception as exc:  # saving must never end the game night
            self.last_error = str(exc)
            self.problem = problem_of(exc, self.folder)
            self._pending = (game, meta)
            self.unsaved_actions += 1
            return
        self.problem = None
        self._pending = None
        self.unsaved_actions = 0

    def begin_new(self) -> None:
        """A new game starts: its first save keeps the game in progress among the replaced ones."""
        self._memory = None
        self._pending = None
        self.unsaved_actions = 0
        self._must_keep = self.store is not None

    def save_elsewhere(self, folder: Path) -> Path:
        """Save the unsaved game in ``folder`` (as its ``autosave.json``); returns the file.

        A game in progress already there is kept among that folder's replaced games. Raises
        ``OSError``/``SaveError`` with the reason; ``ValueError`` if no game is waiting to be saved.
        """
        if self._pending is None:
            raise ValueError("no unsaved game")
        other = Store(folder, cards=self.cards, cards_path=self.cards_path)
        game, meta = self._pending
        other.keep_current()
        path: Path = other.autosave(game, meta)
        self.unsaved_actions = 0
        return path

    def has_current(self) -> bool:
        """A game in progress that a new game would replace."""
        if self._pending is not None and not self._pending[0].over:
            return True
        if self.store is None:
            return self._memory is not None
        try:
            return bool(self.store.has_autosave())
        except Exception:
            return False

    def has_continue(self) -> bool:
        """Something for Continue: the game in progress, or a replaced one."""
        if self.has_current():
            return True
        try:
            return self.store is not None and bool(self.store.has_kept())
        except Exception:
            return False

    def games(self) -> list[GameSummary]:
        """Summaries (``harmonies.persist.store.GameSummary``) of the games Continue may resume, newest first."""
        if self.store is None:
            return []
        try:
            return list(self.store.games_in_progress())
        except Exception:
            return []

    def load_continue(self, path: Path | None = None) -> tuple[Game, dict[str, Any]] | None:
        """A game in progress and its meta, or None (``last_error`` says why, if something broke).

        ``path`` is one of :meth:`games` (default: the game in progress). A game whose latest actions
        could not be saved comes from memory, newer than its file.
        """
        current = path is None or (self.store is not None and path == self.store.autosave_path)
        if current and self._pending is not None and not self._pending[0].over:
            game, meta = self._pending
            return game.clone(), dict(meta)
        if self.store is not None:
            try:
                saved = self.store.load_autosave() if path is None else self.store.resume_kept(path)
            except Exception as exc:  # LoadProblem: the file was set aside, its message says so
                self.last_error = str(exc)
                saved = None
            if saved is not None:
                return saved[0], dict(saved[1] or {})
        if self._memory is not None and current:
            game, meta = self._memory
            return game.clone(), meta
        return None
