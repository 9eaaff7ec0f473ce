"""The daily deal's record: ``daily.json`` in the data folder.

Per date (the deal's, ISO ``YYYY-MM-DD``): the par once known (the hard player's score on that deal)
and the attempts, each with the local date it was started on and, once finished, its score and suns.

- **An attempt** is a daily game started: it counts from its first move's screen, so leaving it
  unfinished (or restarting it) does not give a free try. A day has :data:`TRIES_PER_DAY`; the best
  finished attempt counts, and a day is *beaten* when that best is above par.
- **The streak** is the number of consecutive calendar days, ending today (or yesterday, while today
  has no finished attempt yet), each with a finished attempt *started on that day* (so a try begun
  before midnight and ended after it still counts). A past day played later is recorded but never
  counts for the streak.
- **Nothing is ever lost**: every change reads the file again under the data folder's lock, changes
  one day and writes the whole atomically; a result is only ever added (a score only goes up) and a
  par only set once. A clock put back leaves later days in the file untouched; the streak is counted
  from the clock's today.
- **A damaged file** (not JSON, or not this shape) is set aside (renamed beside itself) and the
  reason kept in :attr:`DailyRecords.problem`, one line for the screen; a fresh record starts.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from ..rules.jsontext import shown
from .atomic import atomic_write_text, set_aside
from .document import parse_json, read_limited
from .lock import LockProblem, writing
from .times import TimeError, read_day

DAILY_NAME = "daily.json"
FORMAT = 1
#: Attempts a day may have (the same number as :data:`harmonies.session.daily.TRIES_PER_DAY`).
TRIES_PER_DAY = 3
#: Held while a record is read, changed and written (see :meth:`DailyRecords.rewrite`).
_REWRITING = threading.RLock()


class DailyFileError(ValueError):
    """``daily.json`` is not a daily record; the message says where and what."""


@dataclass(frozen=True)
class Attempt:
    """One try at a day's deal: the local date it was started on, and its result once finished."""

    on: str
    score: int | None = None
    suns: int | None = None

    @property
    def finished(self) -> bool:
        return self.score is not None

    def to_json(self) -> dict[str, Any]:
        return {"on": self.on, "score": self.score, "suns": self.suns}


@dataclass(frozen=True)
class DayRecord:
    """What is known of one day's deal."""

    par: int | None = None
    attempts: tuple[Attempt, ...] = ()

    @property
    def tries_left(self) -> int:
        return max(0, TRIES_PER_DAY - len(self.attempts))

    @property
    def best(self) -> Attempt | None:
        """The finished attempt with the highest score (the first of equals), or None."""
        done = [a for a in self.attempts if a.score is not None]
        return max(done, key=lambda a: a.score or 0) if done else None

    @property
    def beaten(self) -> bool | None:
        """Whether the best beat par (above it); None while par or a finished attempt is missing."""
        best = self.best
        if best is None or best.score is None or self.par is None:
            return None
        return best.score > self.par

    def to_json(self) -> dict[str, Any]:
        return {"par": self.par, "attempts": [a.to_json() for a in self.attempts]}


@dataclass(frozen=True)
class DailyBook:
    """Every day recorded, by ISO date."""

    days: dict[str, DayRecord] = field(default_factory=dict)

    def day(self, iso: str) -> DayRecord:
        return self.days.get(iso, DayRecord())

    def streak(self, today: date) -> int:
        """Consecutive days ending today (or yesterday) with a finished attempt started on that very day."""
        counted = {d for d, rec in self.days.items() if any(a.finished and a.on == d for a in rec.attempts)}
        day = today if today.isoformat() in counted else today - timedelta(days=1)
        n = 0
        while day.isoformat() in counted:
            n += 1
            day -= timedelta(days=1)
        return n

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "days": {d: self.days[d].to_json() for d in sorted(self.days)}}


class DailyRecords:
    """``daily.json`` in ``folder``: read on demand, each change written atomically under the folder's lock.

    Without a folder (games not saved: tests, a data folder that cannot be used) the record is kept in
    memory for the running app.
    """

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.path = (folder or Path()) / DAILY_NAME
        self._memory = DailyBook()
        #: One line for the player when the file was damaged (and set aside) or could not be set aside.
        self.problem: str | None = None
        self._frozen = False  # a damaged file that could not be set aside: never written over

    def peek(self) -> DailyBook:
        """The record as on disk, changing nothing (the command line's read): ``OSError`` if it cannot be
        read, :class:`DailyFileError` (one line) if it is damaged."""
        if self.folder is None:
            return self._memory
        try:
            data = read_limited(self.path)
        except FileNotFoundError:
            return DailyBook()
        return book_from_json(parse_json(data))

    def load(self) -> DailyBook:
        """The record as on disk (empty if there is none yet, or if it was damaged: then set aside)."""
        if self.folder is None:
            return self._memory
        try:
            data = read_limited(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return DailyBook()  # no record yet (or no data folder: the saves say so, and a write here would too)
        except OSError as exc:
            self._damaged(f"cannot be read ({exc.strerror or exc})", set_it_aside=False)
            return DailyBook()
        try:
            return book_from_json(parse_json(data))
        except ValueError as exc:
            self._damaged(str(exc))
            return DailyBook()

    def _damaged(self, why: str, set_it_aside: bool = True) -> None:
        if not set_it_aside:
            self.problem, self._frozen = f"{self.path}: {why}; the daily results are not saved", True
            return
        try:
            with writing(self.folder or self.path.parent):
                moved = set_aside(self.path)
        except LockProblem:
            self.problem, self._frozen = (f"{self.path}: {why}; left in place while another window holds the "
                                          "folder, so the daily results are not saved here"), True
            return
        except OSError as exc:
            self.problem, self._frozen = (f"{self.path}: {why}; it cannot be set aside ({exc.strerror or exc}), "
                                          "so the daily results are not saved"), True
            return
        self.problem = f"{self.path}: {why}; set aside as {moved.name}, a fresh daily record starts"

    def change(self, iso: str, edit: Callable[[DayRecord], DayRecord]) -> DayRecord:
        """Apply ``edit`` to day ``iso`` as it is on disk now and write the record; returns the day as written.

        ``OSError`` if it cannot be written, :class:`~harmonies.persist.lock.LockProblem` if another
        process holds the folder; either way the file is unchanged.
        """
        def one_day(book: DailyBook) -> DailyBook:
            days = dict(book.days)
            days[iso] = edit(book.day(iso))
            return DailyBook(days)

        return self.rewrite(one_day, always=True).day(iso)

    def rewrite(self, edit: Callable[[DailyBook], DailyBook], always: bool = False) -> DailyBook:
        """Apply ``edit`` to the whole record as it is on disk now and write it, only when it changed
        (or ``always``); returns the record as it stands. Raises as :meth:`change` does."""
        if self.folder is None:
            self._memory = edit(self._memory)
            return self._memory
        # the par keeper's thread and the window's both write the record: one at a time, so neither
        # writes over what the other has just written (the folder's lock lets this process's threads by).
        # The folder's lock first, as every writer takes it: a thread already inside a write (saves
        # rebuilding the records) that then rewrites the record never waits on one that holds this
        # record's turn while it waits for the folder.
        with writing(self.folder), _REWRITING:
            book = self.load()
            after = edit(book)
            if after == book and not always:
                return book
            if self._frozen:
                raise OSError(self.problem or f"{self.path} cannot be written")
            atomic_write_text(self.path, json.dumps(after.to_json(), indent=1) + "\n")
            return after

    def start_attempt(self, iso: str, on: date) -> int | None:
        """Record a new attempt at day ``iso`` started on local date ``on``; its number (from 1), or None
        when the day's tries are used up (nothing is written then)."""
        number: list[int] = []

        def add(day: DayRecord) -> DayRecord:
            if day.tries_left <= 0:
                return day
            number.append(len(day.attempts) + 1)
            return replace(day, attempts=(*day.attempts, Attempt(on.isoformat())))

        self.change(iso, add)
        return number[0] if number else None

    def finish_attempt(self, iso: str, attempt: int, score: int, suns: int | None, on: date) -> DayRecord:
        """Record the result of attempt ``attempt`` of day ``iso`` (a missing attempt is added, started ``on``).

        A result is never lowered: a second report of the same attempt keeps the higher score.
        """
        def finish(day: DayRecord) -> DayRecord:
            tries = list(day.attempts)
            while len(tries) < attempt:
                tries.append(Attempt(on.isoformat()))
            old = tries[attempt - 1]
            if old.score is None or score > old.score:
                tries[attempt - 1] = Attempt(old.on, score, suns)
            return replace(day, attempts=tuple(tries))

        return self.change(iso, finish)

    def set_par(self, iso: str, par: int) -> DayRecord:
        """Keep ``par`` for day ``iso`` unless one is known already (a par is never recomputed)."""
        return self.change(iso, lambda day: day if day.par is not None else replace(day, par=par))


def book_from_json(doc: Any) -> DailyBook:
    """A :class:`DailyBook` from the parsed file; :class:`DailyFileError` naming the first thing wrong."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("days"), dict):
        raise DailyFileError(f"not a daily record of format {FORMAT} (an object with \"format\" and \"days\")")
    days: dict[str, DayRecord] = {}
    for iso, raw in doc["days"].items():
        _check_iso(iso, f"days.{shown(iso, 30)}")
        if not isinstance(raw, dict) or not isinstance(raw.get("attempts"), list):
            raise DailyFileError(f"days.{iso}: not an object with a list of attempts")
        days[iso] = DayRecord(_count(raw.get("par"), f"days.{iso}.par"),
                              tuple(_attempt(a, f"days.{iso}.attempts[{i}]") for i, a in enumerate(raw["attempts"])))
    return DailyBook(days)


def _attempt(raw: Any, where: str) -> Attempt:
    if not isinstance(raw, dict):
        raise DailyFileError(f"{where}: not an object")
    on = raw.get("on")
    _check_iso(on, f"{where}.on")
    assert isinstance(on, str)
    return Attempt(on, _count(raw.get("score"), f"{where}.score"), _count(raw.get("suns"), f"{where}.suns"))


def _count(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < 10_000:
        raise DailyFileError(f"{where}: {shown(value)} is not a whole number from 0 to 9999")
    return value


def _check_iso(value: Any, where: str) -> None:
    try:
        read_day(value, where)
    except TimeError as exc:
        raise DailyFileError(str(exc)) from None
