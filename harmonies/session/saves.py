"""Where games are saved: ``SaveSlot`` over the saves package (``harmonies.persist``).

Without a store (the demo, tests, a data folder that cannot be used) it keeps the game in
progress in memory, so Continue works for the running app either way.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from harmonies.persist.lock import writing
from harmonies.persist.store import GameSummary, Store
from harmonies.rules import CardSet, Game

from .results import Recorded, rebuild, record_game, with_verdict


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


class Rescued(NamedTuple):
    """Where "save elsewhere" put the game; ``fresh`` is false for a finished game the folder's archive
    held already (nothing was added)."""

    path: Path
    fresh: bool


class SaveSlot:
    """The one place the app saves and resumes games (over ``harmonies.persist.Store``).

    Without a store (the demo, tests) the game in progress is kept in memory, so Continue still
    works within the running session. Saving never raises: a failed save sets ``problem`` (shown by the
    play scene until a save works) and keeps the game in memory; each later save tries again, and
    ``unsaved`` tells the app to ask before a window close or a new game loses it.

    Starting a new game keeps the game in progress among the replaced ones (``in-progress/``), where
    Continue still finds it: see :meth:`begin_new` and :meth:`games`.

    A finished game whose archive failed is held apart from the game in progress: a new game does
    not drop it, every later save that works (and :meth:`retry`, which the menu calls) archives it
    into the data folder with its real start time, and meanwhile Continue never offers the autosave of
    an earlier step of it (resuming that would let the computer seats play its end again, differently).

    A finished daily try or challenge game has its result written into ``daily.json`` or
    ``challenges.json`` in the same step as its archive, under the data folder's lock
    (:mod:`harmonies.session.results`); both records are rebuilt from the archive when the slot opens
    and, after a record could not be written, at the next archive or :meth:`retry`.
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
        #: A finished game not yet in the data folder's archive, and whether a rescue put it elsewhere.
        self._unarchived: tuple[Game, dict[str, Any]] | None = None
        self._kept_elsewhere = False
        self._must_keep = False
        #: The last finished game archived and what writing its records did (for its scoresheet).
        self._recorded: tuple[Game, Recorded] | None = None
        #: A record could not be written: both are rebuilt from the archive at the next chance.
        self._records_stale = False
        #: Lines about damaged record files set aside, until the screen of each takes its own.
        self._notices: list[str] = []
        self.store: Store | None = None
        if enabled:
            try:
                self.store = Store(data_dir, cards=cards, cards_path=cards_path)
            except Exception as exc:  # no usable data folder: play on, every game in memory only
                self.problem = problem_of(exc, data_dir or Path.cwd(), at_start=True)
                return
            self.check_folder()
            if self.problem is None:
                self.rebuild_records()

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
        return ((self._pending is not None and self.unsaved_actions > 0)
                or (self._unarchived is not None and not self._kept_elsewhere))

    @property
    def unsaved_over(self) -> bool:
        """The game waiting to be saved is over: saving it anywhere puts it among that folder's finished games
        (a finished game whose archive failed, when no game in progress waits too)."""
        if self._pending is not None:
            return self._pending[0].over
        return self._unarchived is not None and not self._kept_elsewhere

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
            if game.over:
                self._archive(game, meta)
            else:
                self.store.autosave(game, meta)
        except Exception as exc:  # saving must never end the game night
            self.last_error = str(exc)
            self.problem = problem_of(exc, self.folder)
            held = (game, self._stamped(game, meta))
            if game.over:
                self._unarchived, self._kept_elsewhere = held, False
                self._pending = None
            else:
                self._pending = held
            self.unsaved_actions += 1
            return
        self.problem = None
        self._pending = None
        self.unsaved_actions = 0
        if game.over and self._unarchived is not None and self._unarchived[0] is game:
            self._unarchived = None
        self._archive_unarchived()

    def retry(self) -> bool:
        """Try the data folder again without a new action (the menu calls it while a problem is shown):
        save the game whose save failed, or archive the finished one, or check the folder. Returns
        whether games are being saved again (``problem`` is then None)."""
        if self.store is None or self.problem is None:
            return self.problem is None
        if self._pending is not None:
            game, meta = self._pending
            try:
                if self._must_keep:
                    self.store.keep_current()
                    self._must_keep = False
                self.store.autosave(game, meta)
            except Exception:
                return False
            self._pending = None
            self.unsaved_actions = 0
        if self._unarchived is not None:
            self._archive_unarchived()
            return self.problem is None
        try:
            self.store.check_folder()
        except Exception:
            return False
        self.problem = None
        if self._records_stale:
            self.rebuild_records()
        return True

    def _archive(self, game: Game, meta: dict[str, Any]) -> None:
        """Archive the finished ``game`` and, in the same step and under the same lock, write its result
        into the daily or challenge record. A record that cannot be written does not fail the archive:
        it is rebuilt from the archive later, and the scoresheet says why."""
        assert self.store is not None
        full = with_verdict(game, self.store.stamped(game, meta))
        with writing(self.store.dirs.data):
            self.store.archive(game, full)
            recorded = self._rebuilt() if self._records_stale else Recorded()
            if recorded.problem is None:
                try:
                    recorded = record_game(self.store, game, full)
                except Exception as exc:  # the game is archived: its records are rebuilt from it later
                    recorded = Recorded(problem=f"{type(exc).__name__}: {exc}")
        self._note(recorded)
        self._recorded = (game, recorded)

    def rebuild_records(self) -> None:
        """Bring ``daily.json`` and ``challenges.json`` in line with the finished games (see
        :func:`harmonies.session.results.rebuild`); a failure is kept for the next chance."""
        if self.store is not None:
            self._note(self._rebuilt())

    def _rebuilt(self) -> Recorded:
        assert self.store is not None
        try:
            return rebuild(self.store)
        except Exception as exc:  # the records are derived: a failure to rebuild them must not stop play
            return Recorded(problem=f"{type(exc).__name__}: {exc}")

    def _note(self, recorded: Recorded) -> None:
        self._records_stale = recorded.problem is not None
        self._notices.extend(n for n in recorded.notices if n not in self._notices)

    def recorded_for(self, game: Game) -> Recorded | None:
        """What writing the records did for the finished ``game`` (None: it has not been archived here)."""
        if self._recorded is not None and self._recorded[0] is game:
            return self._recorded[1]
        return None

    def take_notice(self, name: str) -> str | None:
        """The line about the damaged record file ``name`` (``daily.json``) set aside, once."""
        for line in self._notices:
            if name in line:
                self._notices.remove(line)
                return line
        return None

    def _archive_unarchived(self) -> None:
        """Archive the finished game whose archive failed into the data folder (nothing if none waits)."""
        if self._unarchived is None or self.store is None:
            return
        game, meta = self._unarchived
        try:
            self._archive(game, meta)
        except Exception as exc:
            self.last_error = str(exc)
            self.problem = problem_of(exc, self.folder)
            self.unsaved_actions = max(1, self.unsaved_actions)
            return
        self._unarchived = None
        self._kept_elsewhere = False
        if self._pending is None:
            self.problem = None
            self.unsaved_actions = 0

    def _stamped(self, game: Game, meta: dict[str, Any]) -> dict[str, Any]:
        """``meta`` with the game's real start time, so a later archive or rescue records it, not its own time."""
        if self.store is None:
            return meta
        try:
            return self.store.stamped(game, meta)
        except Exception:
            return meta

    def begin_new(self) -> None:
        """A new game starts: its first save keeps the game in progress among the replaced ones.

        A finished game still waiting for its archive stays, to be archived by the next save that works."""
        self._memory = None
        self._pending = None
        self.unsaved_actions = 1 if self._unarchived is not None and not self._kept_elsewhere else 0
        self._must_keep = self.store is not None

    def save_elsewhere(self, folder: Path) -> Rescued:
        """Save the unsaved game in ``folder`` and say where it went.

        A game in progress goes in as the folder's ``autosave.json`` (a game in progress already there
        is kept among that folder's replaced games); a finished game goes into its archive, unless that
        archive holds it already (``fresh`` is then false). The whole rescue happens under the folder's
        lock. Raises :class:`~harmonies.persist.lock.LockProblem` when another window holds ``folder``
        (or its lock path is not a file), ``OSError``/``SaveError`` with the reason, ``ValueError`` if
        no game is waiting to be saved.
        """
        waiting = self._unarchived if self._unarchived is not None and not self._kept_elsewhere else None
        if self._pending is None and waiting is None:
            raise ValueError("no unsaved game")
        home = self.store is not None and _same_folder(self.store.dirs.data, folder)
        other = self.store if home and self.store is not None else Store(folder, cards=self.cards,
                                                                          cards_path=self.cards_path)
        rescued: Rescued | None = None
        with writing(other.dirs.data):
            if waiting is not None:
                archived = other.archive(*waiting)
                if home:
                    self._note(record_game(other, *waiting))
                rescued = Rescued(archived.path, archived.fresh)
                if home:
                    self._unarchived = None
                else:
                    self._kept_elsewhere = True  # still archived into the data folder once it works
            if self._pending is not None:
                game, meta = self._pending
                if not home or self._must_keep:
                    other.keep_current()
                    self._must_keep = self._must_keep and not home
                rescued = Rescued(other.autosave(game, meta), True)
                if home:
                    self._pending = None
        self.unsaved_actions = 0
        if home and self._pending is None and self._unarchived is None:
            self.problem = None
        assert rescued is not None
        return rescued

    def has_current(self) -> bool:
        """A game in progress that a new game would replace."""
        if self._pending is not None and not self._pending[0].over:
            return True
        if self.store is None:
            return self._memory is not None
        try:
            return bool(self.store.has_autosave()) and not self._stale_autosave()
        except Exception:
            return False

    def _stale_autosave(self) -> bool:
        """Whether the autosave holds an earlier step of the finished game waiting for its archive."""
        return self._unarchived is not None and self.store is not None and self.store.holds_step_of(self._unarchived[0])

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
            stale = self._stale_autosave()
            return [g for g in self.store.games_in_progress() if not (g.current and stale)]
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
        if current and self._stale_autosave():
            self.last_error = "the saved game is an earlier step of the finished game that waits to be archived"
            return None
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


def _same_folder(a: Path, b: Path) -> bool:
    """Whether two paths name one folder (``b`` may not exist yet)."""
    return os.path.realpath(a) == os.path.realpath(Path(b).expanduser())
