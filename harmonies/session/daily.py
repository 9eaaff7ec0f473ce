"""The daily deal: one solo set-up per calendar day, from the date alone.

Every copy of the game, on any machine and in any version, deals the same game for the same date,
off-line. The set-up is read from the SHA-256 digest of ``SALT + ISO date`` (``b"harmonies-daily-1:"``
then ``2026-11-26`` in ASCII):

- the seed is the digest's first 8 bytes as a big-endian unsigned number, shifted into 1 .. 2**63 - 1
  (``value % (2**63 - 1) + 1``);
- the board side is ``A`` when byte 8 is even, ``B`` when it is odd;
- the Nature's Spirit cards are used when byte 9 is odd.

The seed deals the game from the canonical card list (:func:`harmonies.rules.canonical_deal`, the ids
of the shipped cards.yaml in its order), never from the order of the cards file in use, so an edited
or extended cards file leaves every day's deal as it was.

SHA-256 and this byte layout are fixed by this module, not by Python (``hash()`` is salted per process,
and ``random`` seeded with a string may change its algorithm). Changing the salt or the layout changes
every day's deal; ``tests/session/test_daily.py`` pins a table of dates to catch that.

The calendar day is the player's local date: a player in Tokyo and one in Paris each get "the deal of
26 November" on their own 26 November.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date

from .match import DailyMark, MatchConfig, Seat

#: What is hashed before the date; part of every day's deal.
SALT = b"harmonies-daily-1:"
#: Attempts a day may have; the best finished one counts.
TRIES_PER_DAY = 3
#: The first day the daily deal exists; earlier dates are refused (no calendar before the feature).
FIRST_DAY = date(2026, 1, 1)

_SEED_SPAN = 2**63 - 1


@dataclass(frozen=True)
class DailyDeal:
    """The set-up of one day's deal: always solo."""

    day: date
    seed: int
    side: str
    spirits: bool

    @property
    def iso(self) -> str:
        return self.day.isoformat()

    def config(self, name: str, attempt: int) -> MatchConfig:
        """The seats of attempt ``attempt`` (1-based) at this deal: one human seat named ``name``."""
        return MatchConfig((Seat(name),), self.side, self.spirits, self.seed, daily=DailyMark(self.iso, attempt))

    def to_json(self) -> dict[str, object]:
        return {"date": self.iso, "seed": self.seed, "side": self.side, "spirits": self.spirits}


def deal_for(day: date) -> DailyDeal:
    """The deal of ``day`` (see the module's description for the mapping)."""
    digest = hashlib.sha256(SALT + day.isoformat().encode("ascii")).digest()
    seed = int.from_bytes(digest[:8], "big") % _SEED_SPAN + 1
    side = "B" if digest[8] & 1 else "A"
    return DailyDeal(day, seed, side, bool(digest[9] & 1))


def parse_day(text: str) -> date:
    """The date written ``YYYY-MM-DD``; ``ValueError`` with one line saying what is wrong."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD (for example 2026-11-26)") from None
    if len(text.strip()) != 10:
        raise ValueError(f"{text!r} is not a date written YYYY-MM-DD (for example 2026-11-26)")
    if day < FIRST_DAY:
        raise ValueError(f"{text}: the daily deal starts on {FIRST_DAY.isoformat()}")
    return day
