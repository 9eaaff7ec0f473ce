"""The finished solo games that carry a daily or challenge mark, read from ``finished/``.

The daily and challenge records are derived from these games (:mod:`harmonies.session.results`). Only
the files whose archive name says a solo game of one of the given seeds are looked at (the daily deals'
and the challenges' seeds), and what each gave is kept in ``finished-marks.json`` in the data folder by
name, modification time and size, so a start reads again only the files that changed. That cache is
derived, like the index of finished games: a damaged or missing one is simply built again. A file that
cannot be read is passed over here: the finished-games list says what is wrong with it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Collection
from dataclasses import asdict, dataclass, fields
from datetime import datetime, timezone
from typing import Any

from ..rules import CardSet
from .atomic import atomic_write_text
from .document import parse_json, read_limited
from .paths import Dirs
from .summary import SummaryError, summarize

#: An archive name of a solo game: ``<when>-1p-<side>[-spirits]-seed<seed>[-<n>].json``.
_SOLO_NAME = re.compile(r"\d{8}-\d{6}-1p-[AB](?:-spirits)?-seed(\d+)(?:-\d+)?\.json")
CACHE_NAME = "finished-marks.json"
_CACHE_KIND, _CACHE_VERSION = "marks", 1
#: A cache file larger than this is not read (it is built again).
_CACHE_LIMIT = 64 * 2**20


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
    game is someone else's try: never counted), in name order. Call it under the data folder's lock: it
    may write the cache."""
    try:
        with os.scandir(dirs.finished) as entries:
            stamps = {e.name: _stamp(e) for e in entries if _wanted(e.name, seeds)}
    except OSError:
        return []
    cache = _read_cache(dirs)
    found = []
    changed = False
    for name in sorted(stamps):
        stamp = stamps[name]
        if stamp is None:
            continue
        held = cache.get(name)
        if held is not None and held[0] == stamp:
            game = held[1]
        else:
            game, changed = _read(dirs, cards, name, met_key), True
            cache[name] = (stamp, game)
        if game is not None:
            found.append(game)
    if changed:
        _write_cache(dirs, cache)
    return found


def _stamp(entry: os.DirEntry[str]) -> tuple[int, int] | None:
    try:
        st = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size) if entry.is_file(follow_symlinks=False) else None


_Cache = dict[str, tuple[tuple[int, int], "MarkedGame | None"]]


def _read_cache(dirs: Dirs) -> _Cache:
    """The cache as kept (empty when there is none, or it is not one: it is then built again)."""
    try:
        doc = json.loads(read_limited(dirs.data / CACHE_NAME)[:_CACHE_LIMIT])
        if doc.get("harmonies") != _CACHE_KIND or doc.get("version") != _CACHE_VERSION:
            return {}
        out: _Cache = {}
        for name, (mtime_ns, size, raw) in doc["files"].items():
            game = MarkedGame(**raw) if raw is not None else None
            if game is not None and ([f.name for f in fields(MarkedGame)] != list(raw) or not _typed(game)):
                return {}
            out[str(name)] = ((int(mtime_ns), int(size)), game)
        return out
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return {}


def _typed(game: MarkedGame) -> bool:
    """Whether a game read from the cache has the types a game read from its file has."""
    def count(value: object) -> bool:
        return type(value) is int

    return (isinstance(game.file, str) and count(game.seed) and isinstance(game.side, str)
            and isinstance(game.spirits, bool) and count(game.score) and (game.suns is None or count(game.suns))
            and isinstance(game.finished, str) and (game.started is None or isinstance(game.started, str))
            and (game.met is None or isinstance(game.met, bool)))


def _write_cache(dirs: Dirs, cache: _Cache) -> None:
    files = {name: [stamp[0], stamp[1], asdict(game) if game is not None else None]
             for name, (stamp, game) in sorted(cache.items())}
    try:
        atomic_write_text(dirs.data / CACHE_NAME, json.dumps({"harmonies": _CACHE_KIND, "version": _CACHE_VERSION,
                                                               "files": files}, separators=(",", ":")) + "\n",
                          durable=False)
    except (OSError, ValueError):
        pass  # a cache that cannot be written is read again next time: nothing is lost


def _wanted(name: str, seeds: Collection[int]) -> bool:
    if "-1p-" not in name:
        return False
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
