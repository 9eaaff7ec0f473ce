"""Times read from files (a game's start and finish, a record's dates), checked where they are read.

A time in a file is ISO 8601 text. Python parses years 1 to 9999 with any offset up to a day, but
moving such a time to UTC or to the local zone can leave that range (``9999-12-31T23:59:59-23:59``
is in year 10000 in UTC) and raises ``OverflowError``, which a caller catching ``ValueError`` does
not expect. Here every time is parsed and moved to both zones once, and one outside
:data:`EARLIEST` .. :data:`LATEST` (a game played before computers, or centuries from now, is not a
real record) is refused with a :class:`TimeError` that says which field and why, in one line.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from ..rules.jsontext import shown

#: The earliest and latest year a recorded time may fall in (either zone).
EARLIEST = 1970
LATEST = 2999


class TimeError(ValueError):
    """A time field that is not a usable time; the message names the field (not the file)."""


def read_time(value: Any, field: str) -> datetime:
    """``value`` (ISO 8601 text) as an aware time in UTC; :class:`TimeError` naming ``field`` if it is
    not text, not a time, or outside :data:`EARLIEST` .. :data:`LATEST` in UTC or in the local zone.

    A time written without an offset is taken as local time, as Python does.
    """
    if not isinstance(value, str):
        raise TimeError(f"'{field}' is {shown(value)}, not a time written as text")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise TimeError(f"'{field}' is {shown(value)}, not a time (ISO 8601, like 2026-11-26T20:31:07+01:00)") from None
    try:
        local = moment.astimezone()  # a time without an offset is taken as local
        utc = local.astimezone(timezone.utc)
    except (OverflowError, ValueError, OSError):
        raise TimeError(f"'{field}' is {shown(value)}, a time out of range") from None
    if not all(EARLIEST <= t.year <= LATEST for t in (moment, local, utc)):
        raise TimeError(f"'{field}' is {shown(value)}, a time outside the years {EARLIEST} to {LATEST}")
    return utc


def utc_text(value: Any, field: str) -> str:
    """:func:`read_time` as UTC text to the second, which sorts in time order."""
    return read_time(value, field).isoformat(timespec="seconds")


def local_text(value: str, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """A recorded time shown in the local zone; the text as it is when it is no usable time."""
    try:
        return read_time(value, "time").astimezone().strftime(fmt)
    except TimeError:
        return value


def read_day(value: Any, field: str) -> date:
    """``value`` written ``YYYY-MM-DD`` as a date in the years :data:`EARLIEST` .. :data:`LATEST`;
    :class:`TimeError` naming ``field`` otherwise."""
    try:
        ok = isinstance(value, str) and len(value) == 10 and date.fromisoformat(value).isoformat() == value
    except ValueError:
        ok = False
    if not ok:
        raise TimeError(f"'{field}' is {shown(value)}, not a date written YYYY-MM-DD")
    day = date.fromisoformat(value)
    if not EARLIEST <= day.year <= LATEST:
        raise TimeError(f"'{field}' is {shown(value)}, a date outside the years {EARLIEST} to {LATEST}")
    return day
