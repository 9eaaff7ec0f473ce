"""The daily deal's part of the app that outlives one screen: its record, its par keeper, and starting a try.

One :class:`DailyService` per app (:func:`daily_service`), made the first time the menu or the Daily
screen asks. The menu, the Daily screen, the scoresheet and the play scene's Restart reach the daily
deal through here, so no scene imports another.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from harmonies.persist.daily import DAILY_NAME, DailyBook, DailyRecords, DayRecord
from harmonies.persist.lock import LockProblem
from harmonies.session import Jobs
from harmonies.session.daily import FIRST_DAY, DailyDeal, deal_for
from harmonies.session.errlog import log_folder
from harmonies.session.match import DailyMark
from harmonies.session.par import ParKeeper

from ..navigation import OpenDaily, OpenMenu, OpenPlay
from .saving import confirm_replace

if TYPE_CHECKING:
    from ..look import Look
    from ..scene import Navigation
    from .saving import LookAndSaves, SavingServices

#: The longest name taken from the last setup (the setup screen's name fields hold 16 characters).
_NAME_MAX = 16
_SERVICES: weakref.WeakKeyDictionary[LookAndSaves, DailyService] = weakref.WeakKeyDictionary()


class DailyService:
    """The daily record of the app's data folder (in memory when games are not saved) and the par keeper."""

    def __init__(self, app: LookAndSaves) -> None:
        store = app.saves.store
        #: The data folder the record is in (None: in memory).
        self.folder = store.dirs.data if store is not None else None
        self.records = DailyRecords(self.folder)
        self.keeper = ParKeeper(self.records, Jobs(log_folder(app.data_dir), workers=1), app.cards)
        # The catalogue's words are looked up through a weak reference: the service is the value of the
        # app's entry in _SERVICES, and a strong one back to the app would keep every app alive for ever.
        self._app = weakref.ref(app)
        #: Today's date; tests set another clock.
        self.clock: Callable[[], date] = date.today
        #: One line for the player when the record could not be read or written (shown until the next change).
        self.problem: str | None = app.saves.take_notice(DAILY_NAME)  # set aside when the records were rebuilt
        self._book: DailyBook | None = None
        self._seen: set[str] = set()  # days whose par game ended and whose record was read again since

    def today(self) -> date:
        return self.clock()

    def _t(self, key: str, **params: Any) -> str:
        app = self._app()
        return app.t(key, **params) if app is not None else key

    def book(self) -> DailyBook:
        """The record as last read (read once, then again after each change and each par worked out)."""
        if self._book is None:
            self._book = self.records.load()
            self.problem = self.records.problem or self.problem
        return self._book

    def refresh(self) -> None:
        self._book = None

    def day(self, iso: str) -> DayRecord:
        return self.book().day(iso)

    def par(self, iso: str) -> int | None:
        known = self.day(iso).par
        return known if known is not None else self.keeper.unsaved.get(iso)

    def open_day(self, deal: DailyDeal) -> None:
        """The day is looked at: its par is worked out in the background unless known. Only a day the
        daily deal serves (from its first day up to today) has a par: with the clock before the first
        day, or a day still to come, nothing is worked out or stored."""
        if not FIRST_DAY <= deal.day <= self.today():
            return
        if self.par(deal.iso) is None:
            self.keeper.ensure(deal)

    def poll(self) -> bool:
        """Whether a par came in since the record was read (the screen then reads it again). A par game
        that failed (logged by the jobs) becomes the problem line."""
        for failure in self.keeper.jobs.take_failures():
            self.problem = self._t("daily.par_failed", error=failure.error, log=str(failure.log or "stderr"))
        done = self.keeper.finished() - self._seen
        if not done:
            return False
        self._seen |= done
        self.refresh()
        return True

    def start_attempt(self, deal: DailyDeal) -> int | None:
        """Record a new try at ``deal`` (its number), None when the day's tries are used up. A record that
        cannot be written does not stop play: the try is numbered from the record as read, and the
        problem kept for the screen."""
        try:
            number = self.records.start_attempt(deal.iso, self.today())
        except (OSError, LockProblem) as exc:
            self.problem = f"{self.records.path}: {exc}"
            day = self.day(deal.iso)
            number = len(day.attempts) + 1 if day.tries_left else None
        self.refresh()
        return number

    def recorded(self, mark: DailyMark, problem: str | None) -> DayRecord:
        """The day of a daily game whose result was written with its archive (``problem``: why it was not)."""
        if problem is not None:
            self.problem = f"{self.records.path}: {problem}" if DAILY_NAME not in problem else problem
        self.refresh()
        return self.day(mark.day)

    def finish(self, mark: DailyMark, score: int, suns: int | None) -> DayRecord:
        """Record the result of a finished daily game played without a data folder (the record is then in
        memory); the day as it stands after it."""
        try:
            day = self.records.finish_attempt(mark.day, mark.attempt, score, suns, self.today())
        except (OSError, LockProblem) as exc:
            self.problem = f"{self.records.path}: {exc}"
            day = self.day(mark.day)
        self.refresh()
        return day


def daily_service(app: LookAndSaves) -> DailyService:
    """The app's daily service, made on first use (and again if the app's save folder changed)."""
    service = _SERVICES.get(app)
    store = app.saves.store
    if service is None or service.folder != (store.dirs.data if store is not None else None):
        service = _SERVICES[app] = DailyService(app)
    return service


def start_try(app: SavingServices, day: date) -> bool:
    """Play a new try at ``day``'s deal (asking first if a game in progress would be replaced); False when
    the day's tries are used up."""
    service = daily_service(app)
    deal = deal_for(day)
    if service.day(deal.iso).tries_left <= 0:
        return False

    def go() -> None:
        number = service.start_attempt(deal)
        if number is not None:
            app.navigate.push(OpenPlay(deal.config(player_name(app), number)))

    confirm_replace(app, "new", go)
    return True


def player_name(app: Look) -> str:
    """The name of the first human seat of the last game set up (the player, most likely), else "Player 1"."""
    seats = app.settings.last_setup.get("seats")
    for raw in seats if isinstance(seats, list) else []:
        if isinstance(raw, dict) and raw.get("kind", "human") == "human":
            name = raw.get("name")
            if isinstance(name, str) and name.strip():
                return name.strip()[:_NAME_MAX]
    return app.t("setup.default_name", n=1)


def back_to_daily(app: Navigation) -> None:
    """From a daily game (Restart, Play again): the Daily screen over the menu, where the next try is offered."""
    app.navigate.reset(OpenMenu())
    app.navigate.push(OpenDaily())
