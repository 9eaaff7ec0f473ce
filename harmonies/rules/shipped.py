"""The card lists released versions shipped (``shipped_cards.yaml``), by cards fingerprint.

A record written before games carried their deal names only its seed and the fingerprint of the cards
it was played with; :func:`shipped_order` gives the ordered ids that seed was dealt from, so the
record replays with any cards file that has those cards. :func:`canonical_deal` deals a seed from the
list the daily deal and the challenges use, whatever the order of the cards file in use.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from .deal import CardOrder, Deal, deal_from_order
from .setup import GameSetup

DATA_FILE = "shipped_cards.yaml"


@lru_cache(maxsize=1)
def _lists() -> tuple[str, dict[str, CardOrder]]:
    """The canonical fingerprint and every shipped list, read once from the data file."""
    text = resources.files(__package__).joinpath(DATA_FILE).read_text(encoding="utf-8")
    raw: Any = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    lists: dict[str, CardOrder] = {}
    for fingerprint, entry in raw["lists"].items():
        lists[str(fingerprint)] = CardOrder(tuple(str(a) for a in entry["animals"]),
                                            tuple(str(s) for s in entry["spirits"]))
    canonical = str(raw["canonical"])
    if canonical not in lists:
        raise ValueError(f"{DATA_FILE}: the canonical list {canonical} is not among its lists")
    return canonical, lists


def shipped_order(fingerprint: str) -> CardOrder | None:
    """The ordered card ids a released version shipped with cards of ``fingerprint``; None for
    cards no release shipped (a player's own cards file)."""
    return _lists()[1].get(fingerprint)


def shipped_orders() -> tuple[CardOrder, ...]:
    """Every shipped list, the newest first (for a record that names no fingerprint)."""
    return tuple(reversed(_lists()[1].values()))


def canonical_order() -> CardOrder:
    """The card list the daily deal and the challenges are dealt from."""
    canonical, lists = _lists()
    return lists[canonical]


def canonical_deal(setup: GameSetup) -> Deal:
    """The deal ``setup``'s seed makes from the canonical card list (the same whatever cards file
    is in use; a file without one of its cards cannot set it out, and says which)."""
    return deal_from_order(setup, canonical_order())
