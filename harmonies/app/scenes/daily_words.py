"""The daily deal in words: dates (worded by Babel, :mod:`harmonies.dates`), the par, a day's result and the
menu's line, from the catalogue's ``daily:``."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from harmonies import dates
from harmonies.persist.daily import TRIES_PER_DAY, DayRecord

if TYPE_CHECKING:
    from ..look import Look


def weekday_names(app: Look) -> list[str]:
    """The calendar's heads, Monday first, in the player's language."""
    return dates.weekday_names(app.catalogue.language)


def long_date(app: Look, day: date) -> str:
    """"Thursday, 26 November 2026" in the player's language."""
    return dates.long_date(app.catalogue.language, day)


def short_date(app: Look, day: date) -> str:
    """"26 Nov" in the player's language."""
    return dates.short_date(app.catalogue.language, day)


def month_title(app: Look, year: int, month: int) -> str:
    return dates.month_title(app.catalogue.language, year, month)


def par_words(app: Look, par: int | None, working: bool) -> str:
    if par is not None:
        return app.t("daily.par", par=par)
    return app.t("daily.par_working" if working else "daily.par_later")


def result_words(app: Look, record: DayRecord) -> str:
    """The day's best against par: beaten by how much, level, how far short, or no result yet."""
    best = record.best
    if best is None or best.score is None:
        return app.t("daily.no_result")
    if record.par is None:
        return app.t("daily.best", score=best.score)
    gap = best.score - record.par
    if gap > 0:
        return app.t("daily.beaten", score=best.score, n=gap)
    if gap == 0:
        return app.t("daily.level", score=best.score)
    return app.t("daily.short", score=best.score, n=-gap)


def menu_line(app: Look, day: date, record: DayRecord, par: int | None, working: bool) -> str:
    """"26 Nov · 1 of 3 tries · best 118 · par 121": today's state at a glance."""
    parts = [short_date(app, day), app.t("daily.menu_tries", n=len(record.attempts), total=TRIES_PER_DAY)]
    best = record.best
    if best is not None and best.score is not None:
        parts.append(app.t("daily.menu_best", score=best.score))
    if par is not None:
        parts.append(app.t("daily.menu_par", par=par))
    else:
        parts.append(app.t("daily.par_working" if working else "daily.menu_par_unknown"))
    return " · ".join(parts)


def scoresheet_line(app: Look, day: date, record: DayRecord, score: int) -> tuple[str, str]:
    """The scoresheet's two lines after a daily game: this result against par, and the tries left."""
    if record.par is None:
        first = app.t("daily.sheet_no_par", date=short_date(app, day), score=score)
    elif score > record.par:
        first = app.t("daily.sheet_beaten", date=short_date(app, day), score=score, par=record.par,
                      n=score - record.par)
    elif score == record.par:
        first = app.t("daily.sheet_level", date=short_date(app, day), score=score, par=record.par)
    else:
        first = app.t("daily.sheet_short", date=short_date(app, day), score=score, par=record.par,
                      n=record.par - score)
    return first, app.t("daily.sheet_tries", n=record.tries_left)
