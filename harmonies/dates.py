"""Dates in the player's language, worded by Babel from the Unicode CLDR data: the month and weekday
names and the order of day, month and year, so the catalogues keep no month or weekday names.

English is British English here, as in the catalogues ("Thursday, 26 November 2026", "26 Nov").
No pygame: the packaging reads :data:`LOCALES` to bundle the locale data these words need.
"""

from __future__ import annotations

import functools
from datetime import date, datetime

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.dates import format_date, format_skeleton, format_time, get_day_names

__all__ = ["LOCALES", "day_and_time", "locale_chain", "long_date", "month_title", "short_date", "weekday_names"]

#: The Babel locale whose dates a catalogue's language shows, where it is not the language itself.
LOCALES = {"en": "en_GB"}


@functools.lru_cache(maxsize=None)
def _locale(language: str) -> Locale:
    try:
        return Locale.parse(LOCALES.get(language, language))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(LOCALES["en"])


def locale_chain(name: str) -> list[str]:
    """The locale data files Babel reads for ``name``: it, then each parent up to ``root``."""
    chain = [name]
    while name != "root":
        parts = name.split("_")
        name = get_global("parent_exceptions").get(name) or ("_".join(parts[:-1]) if len(parts) > 1 else "root")
        chain.append(name)
    return chain


def long_date(language: str, day: date) -> str:
    """"Thursday, 26 November 2026"."""
    return format_date(day, "full", locale=_locale(language))


def short_date(language: str, day: date) -> str:
    """"26 Nov"."""
    return format_skeleton("MMMd", day, locale=_locale(language))


def month_title(language: str, year: int, month: int) -> str:
    """"November 2026"."""
    return format_skeleton("yMMMM", date(year, month, 1), locale=_locale(language))


def weekday_names(language: str) -> list[str]:
    """The short weekday names, Monday first: "Mon", "Tue"..."""
    names = get_day_names("abbreviated", locale=_locale(language))
    return [names[i] for i in range(7)]


def day_and_time(language: str, moment: datetime) -> tuple[str, str]:
    """The day ("26 Nov 2026") and the time of day ("21:05") of ``moment`` as the clock on the wall
    shows it (an aware ``moment`` is turned to local time first)."""
    local = moment.astimezone().replace(tzinfo=None) if moment.tzinfo is not None else moment
    where = _locale(language)
    return format_date(local, "medium", locale=where), format_time(local, "short", locale=where)
