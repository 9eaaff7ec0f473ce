"""A daily try's and a challenge's result: written with the finished game, and rebuilt from the archive.

The finished game in ``finished/`` is the one source of truth for its result. Its meta carries its marks
(``daily``: the deal's date and the try's number; ``challenge``: the challenge's id, and
``challenge_met``: whether its goal held, checked by the rules' own scoring when it ended). The daily
record (``daily.json``) and the challenge progress (``challenges.json``) hold exactly what those games
say:

- :func:`record_game` is called in the same step as the archive, under the data folder's lock: it
  rebuilds the game's day or challenge from the finished games of its deal (a few files), so recording
  the same game twice changes nothing and a game the archive holds already is not counted again.
- :func:`rebuild` derives both records from every marked game (at start, and after a failed write) and
  writes what disagrees: a result in ``finished/`` is never missing from the records, and a result that
  no finished game holds is never in them. What no game holds stays as it is: a daily try started and
  not finished (it still uses up the try), a day's par, a challenge no longer in the challenges file.

A game imported from someone else is never counted, nor a challenge game finished before the player
reset the progress.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any

from harmonies.persist import document
from harmonies.persist.challenges import PROGRESS_NAME, Progress, Result, rewrite_progress
from harmonies.persist.daily import DAILY_NAME, TRIES_PER_DAY, Attempt, DailyBook, DailyRecords, DayRecord
from harmonies.persist.lock import LockProblem, writing
from harmonies.persist.marks import MarkedGame, marked_games
from harmonies.persist.store import Store
from harmonies.rules import Game

from .challenges import Challenge, goal_met
from .challenges_file import ChallengesError, default_challenges, find_challenge
from .daily import FIRST_DAY, DailyDeal, deal_for
from .match import DailyMark

#: The key of a finished game's meta that holds whether it met its challenge's goal.
CHALLENGE_MET_KEY = "challenge_met"
#: Days after today whose daily deals are looked for (a clock put back still finds its later tries).
_DAYS_AHEAD = 366


@dataclass(frozen=True)
class Recorded:
    """What writing the records did: the day as it stands after a daily try, whether a challenge game met
    its goal for the first time, why a record could not be written (None: both were), and one line for
    each damaged record file that was set aside."""

    day: DayRecord | None = None
    first_met: bool = False
    problem: str | None = None
    notices: tuple[str, ...] = ()


def with_verdict(game: Game, meta: dict[str, Any]) -> dict[str, Any]:
    """``meta`` of the finished ``game`` with its challenge verdict (``challenge_met``) when it plays one."""
    challenge = find_challenge(meta.get("challenge") if isinstance(meta.get("challenge"), str) else None)
    if challenge is None or not game.over:
        return meta
    return {**meta, CHALLENGE_MET_KEY: goal_met(challenge, game)}


def record_game(store: Store, game: Game, meta: dict[str, Any]) -> Recorded:
    """Bring the records of the finished ``game`` (its day, its challenge) in line with the archive."""
    mark = DailyMark.from_meta(meta.get("daily"))
    challenge = find_challenge(meta.get("challenge") if isinstance(meta.get("challenge"), str) else None)
    if (mark is None and challenge is None) or game.setup.seed is None:
        return Recorded()
    seeds = {game.setup.seed}
    return _write(store, seeds, {mark.day} if mark is not None else set(),
                  {challenge.id} if challenge is not None else set(), mark)


def rebuild(store: Store, today: date | None = None) -> Recorded:
    """Derive both records from every marked game of the archive and write what disagrees."""
    last = (today or date.today()) + timedelta(days=_DAYS_AHEAD)
    seeds = {_deal_for(FIRST_DAY + timedelta(days=n)).seed for n in range((last - FIRST_DAY).days + 1)}
    try:
        seeds |= {c.seed for c in default_challenges()}
    except ChallengesError:
        pass  # the Challenges screen says what is wrong with the file; the daily record is rebuilt anyway
    return _write(store, seeds, None, None, None)


def _write(store: Store, seeds: Collection[int], days: Collection[str] | None,
           challenges: Collection[str] | None, mark: DailyMark | None) -> Recorded:
    """Rebuild ``days`` of the daily record and ``challenges`` of the progress (None: all) from the marked
    games of ``seeds``, all under the data folder's lock."""
    problems: list[str] = []
    notices: list[str] = []
    day: DayRecord | None = None
    first = False
    try:
        with writing(store.dirs.data):
            games = marked_games(store.dirs, store.cards, seeds, CHALLENGE_MET_KEY)
            if days is None or days:
                records = DailyRecords(store.dirs.data)
                try:
                    book = records.rewrite(lambda b: rebuilt_book(b, games, days))
                    day = book.day(mark.day) if mark is not None else None
                except OSError as exc:
                    problems.append(f"{records.path}: {exc.strerror or exc}")
                if records.problem:
                    notices.append(records.problem)
            if challenges is None or challenges:
                try:
                    before, after, line = rewrite_progress(store.dirs, lambda p: rebuilt_progress(p, games, challenges,
                                                                                                   store))
                    first = any(after.of(c).done and not before.of(c).done for c in challenges or ())
                    if line:
                        notices.append(line)
                except OSError as exc:
                    problems.append(f"{store.dirs.data / PROGRESS_NAME}: {exc.strerror or exc}")
    except LockProblem as exc:
        problems.append(str(exc))
    return Recorded(day, first, "; ".join(problems) or None, tuple(notices))


def rebuilt_book(book: DailyBook, games: list[MarkedGame], only: Collection[str] | None) -> DailyBook:
    """``book`` with the results of ``only`` days (None: every day) as the finished daily games say."""
    results: dict[str, dict[int, MarkedGame]] = {}
    for game in games:
        mark = _daily_mark(game)
        if mark is not None:
            of_day = results.setdefault(mark.day, {})
            held = of_day.get(mark.attempt)
            if held is None or game.score > held.score:
                of_day[mark.attempt] = game
    days = dict(book.days)
    for iso in sorted(set(book.days) | set(results)):
        if only is not None and iso not in only:
            continue
        record, found = book.day(iso), results.get(iso, {})
        tries = list(record.attempts)
        while len(tries) < max(found, default=0):
            source = found.get(len(tries) + 1) or found[max(found)]
            tries.append(Attempt(_local_day(source, iso)))
        attempts = tuple(Attempt(a.on, found[n].score, found[n].suns) if n in found else Attempt(a.on)
                         for n, a in enumerate(tries, start=1))
        if attempts != record.attempts:
            days[iso] = replace(record, attempts=attempts)
    return DailyBook(days)


def rebuilt_progress(progress: Progress, games: list[MarkedGame], only: Collection[str] | None,
                     store: Store) -> Progress:
    """``progress`` with the results of ``only`` challenges (None: every challenge of the file) as the
    finished challenge games since the last reset say."""
    try:
        known = {c.id: c for c in default_challenges()}
    except ChallengesError:
        return progress  # nothing can be checked against a broken file: the progress stays as it is
    derived: dict[str, Result] = {}
    for game in games:
        challenge = known.get(game.challenge) if isinstance(game.challenge, str) else None
        if challenge is None or (game.seed, game.side, game.spirits) != (challenge.seed, challenge.side,
                                                                         challenge.spirits):
            continue
        if progress.reset is not None and game.finished <= progress.reset:
            continue
        met = game.met if game.met is not None else _met_on_replay(store, game, challenge)
        if met is not None:
            derived[challenge.id] = derived.get(challenge.id, Result()).with_game(game.score, met)
    results = dict(progress.results)
    for cid in known if only is None else only:
        if cid in derived:
            results[cid] = derived[cid]
        else:
            results.pop(cid, None)
    return Progress(results, progress.reset)


def _daily_mark(game: MarkedGame) -> DailyMark | None:
    """The game's daily mark when it is one: a try the day allows, played on that day's deal."""
    mark = DailyMark.from_meta(game.daily)
    if mark is None or mark.attempt > TRIES_PER_DAY:
        return None
    day = date.fromisoformat(mark.day)
    if day < FIRST_DAY:
        return None
    deal = _deal_for(day)
    return mark if (deal.seed, deal.side, deal.spirits) == (game.seed, game.side, game.spirits) else None


@functools.lru_cache(maxsize=4096)
def _deal_for(day: date) -> DailyDeal:
    return deal_for(day)


def _local_day(game: MarkedGame, fallback: str) -> str:
    """The local date the game started on (the day it counts for in the streak)."""
    try:
        return datetime.fromisoformat(game.started or "").astimezone().date().isoformat()
    except (ValueError, OverflowError, OSError):
        return fallback


def _met_on_replay(store: Store, game: MarkedGame, challenge: Challenge) -> bool | None:
    """Whether a challenge game recorded without its verdict met the goal, by replaying it (None: it does
    not replay)."""
    try:
        replayed, _, _ = document.decode(document.parse_json(document.read_limited(store.dirs.finished / game.file)),
                                         store.cards)
    except (OSError, ValueError, RecursionError):
        return None
    return goal_met(challenge, replayed)


__all__ = ["CHALLENGE_MET_KEY", "DAILY_NAME", "PROGRESS_NAME", "Recorded", "rebuild", "record_game",
           "rebuilt_book", "rebuilt_progress", "with_verdict"]
