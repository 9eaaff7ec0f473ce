"""The finished solo games that carry a daily or challenge mark, read from ``finished/``.

The daily and challenge records are derived from these games (:mod:`harmonies.session.results`). Only
the files whose archive name says a solo game of one of the given seeds are opened (the daily deals' and
the challenges' seeds), so the scan of a large archive reads the few games that can carry a mark. A file
that cannot be read is passed over here: the finished-games list says what is wrong with it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..rules import CardSet
from .document import parse_json, read_limited
from .paths import Dirs
from .summary import SummaryError, summarize

#: An archive name of a solo game: ``<when>-1p-<side>[-spirits]-seed<seed>[-<n>].json``.
_SOLO_NAME = re.compile(r"\d{8}-\d{6}-1p-[AB](?:-spirits)?-seed(\d+)(?:-\d+)?\.json")


@dataclass(frozen=True)
class MarkedGame:
    """A finished solo game as the records need it: its file, deal, result, times and marks.

    ``finished`` is the UTC sort key of when it ended, ``started`` its recorded start (ISO, or None);
    ``daily`` and ``challenge`` are the meta's marks as written (checked by their reader), ``met`` the
    challenge verdict recorded with the game (None when the record holds none)."""

    file: str
    seed: int
    side: str
    spirits: bool
    score: int
    suns: int | None
    finished: str
    started: str | None
    daily: Any
    challenge: Any
    met: bool | None


def marked_games(dirs: Dirs, cards: CardSet, seeds: Collection[int], met_key: str) -> list[MarkedGame]:
    """The player's own finished solo games of ``seeds`` that carry a daily or challenge mark (an imported
    game is someone else's try: never counted), in name order."""
    try:
        with os.scandir(dirs.finished) as entries:
            names = sorted(e.name for e in entries if _wanted(e.name, seeds))
    except OSError:
        return []
    found = []
    for name in names:
        game = _read(dirs, cards, name, met_key)
        if game is not None:
            found.append(game)
    return found


def _wanted(name: str, seeds: Collection[int]) -> bool:
    match = _SOLO_NAME.fullmatch(name)
    return match is not None and int(match.group(1)) in seeds


def _read(dirs: Dirs, cards: CardSet, name: str, met_key: str) -> MarkedGame | None:
    path = dirs.finished / name
    try:
        doc = parse_json(read_limited(path))
        meta = doc.get("meta") if isinstance(doc, dict) else None
        if not isinstance(meta, dict) or "imported" in meta or not ("daily" in meta or "challenge" in meta):
            return None
        fallback = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")
        summary = summarize(doc, name, fallback, cards)
    except (OSError, ValueError, RecursionError, SummaryError, OverflowError):
        return None
    if not summary.solo or summary.seed is None:
        return None
    started, met = meta.get("started"), meta.get(met_key)
    return MarkedGame(name, summary.seed, summary.side, summary.spirits, summary.totals[0], summary.suns,
                      summary.sort_key, started if isinstance(started, str) else None, meta.get("daily"),
                      meta.get("challenge"), met if isinstance(met, bool) else None)
