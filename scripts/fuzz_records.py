"""The targets of scripts/fuzz for the records kept beside the games: kept reviews, the daily record and
the challenge progress, and the finished-games list (``history``) over a damaged finished game.

Each target reads the damaged file the way the game does and checks three things:

- a refusal is one line naming the file, and the file is set aside by the window's reader (never by
  a read-only command: ``daily`` and ``challenges`` leave it where it is);
- nothing accepted differs from what the file says (read by Python's lenient parser, which keeps the
  last of two equal keys): every field the player sees (scores, pars, dates, results, a review's
  numbers) is the file's own, so no damage is silently turned into something else;
- what is accepted can be shown: a review's text is printed as ``harmonies review`` prints it, a daily
  record's streak counted, the challenge list printed, the history listed.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
from datetime import date
from pathlib import Path
from typing import Any

from harmonies import cli, review_cli
from harmonies.ai import play_random_game
from harmonies.ai.review import METHOD, GameReview, TurnReview, seat_turns
from harmonies.ai.review_reasons import Reason
from harmonies.ai.review_text import summary_text
from harmonies.catalogue import english
from harmonies.persist import Store, document
from harmonies.persist.challenges import PROGRESS_NAME, read_progress
from harmonies.persist.daily import DAILY_NAME, DailyRecords
from harmonies.persist.paths import resolve_dirs
from harmonies.persist.reviews import Reviews, review_path, review_to_json
from harmonies.rules import Game, GameSetup

TARGETS = ("review", "daily", "challenges", "history")
IDENTITY = "f" * 64
GAME_NAME = "20260101-100000-1p-A-spirits-seed3.json"
MAX_MESSAGE = 600  # a longer message is not "one clear line"


def seeds() -> dict[str, list[bytes]]:
    """Good files of each kind: a kept review, a daily record, a challenge progress, a finished game."""
    setup = GameSetup(1, "A", True, 3)
    game = play_random_game(setup, 1)
    turns = seat_turns(Game.new(setup), game.history, 0)
    review = GameReview(0, tuple(
        TurnReview(n, start, rnd, tuple(game.history[start:end]), tuple(game.history[start:end]), 80.5 + n,
                   81.25 + n, 0.75, 0.5, "good", (Reason("space", (("space", 3), ("points", 2.5))),), 16)
        for n, (start, end, rnd) in enumerate(turns)), len(turns))
    kept = {"harmonies": "review", "version": 1, "method": METHOD, "identity": IDENTITY,
            **review_to_json(review, exact=True)}
    daily = {"format": 1, "days": {
        "2026-11-24": {"par": 101, "attempts": [{"on": "2026-11-24", "score": 99, "suns": 3}]},
        "2026-11-25": {"par": 97, "attempts": [{"on": "2026-11-25", "score": 104, "suns": 5},
                                               {"on": "2026-11-26", "score": None, "suns": None}]},
        "2026-11-26": {"par": None, "attempts": [{"on": "2026-11-26", "score": 88, "suns": 2}]}}}
    progress = {"harmonies": "challenges", "version": 1, "results": {
        "first-steps": {"done": True, "best": 92, "played": 3},
        "mountain-pass": {"done": False, "best": 61, "played": 1}}}
    meta = {"seats": [{"name": "Ann", "kind": "human", "level": "random"}],
            "started": "2026-01-01T10:00:00+00:00", "finished": "2026-01-01T10:30:00+00:00"}
    finished = document.dumps(document.encode(game, meta, document.KIND_FINISHED))
    return {"review": [json.dumps(kept).encode()], "daily": [json.dumps(daily).encode()],
            "challenges": [json.dumps(progress).encode()], "history": [finished.encode()]}


def one_line(message: str, path: Path) -> str | None:
    """None if ``message`` is one clear line naming ``path``; else what is wrong with it."""
    if not message.strip():
        return "no message"
    if "\n" in message.strip() or "Traceback" in message:
        return "more than one line"
    if len(message) > MAX_MESSAGE:
        return f"message of {len(message)} characters"
    if str(path) not in message:
        return "message without the file's name"
    return None


def _lenient(data: bytes) -> Any:
    """The file as Python's own parser reads it (the last of two equal keys kept), or None."""
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError):
        return None


def _not_json(data: bytes) -> str | None:
    """What standard JSON refuses in the file that Python's parser lets through (a key written twice in
    one object, NaN or Infinity), or None: a file holding one must never be accepted."""
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in items]
        if len(set(keys)) != len(keys):
            found.append("a key written twice")
        return dict(items)

    def constant(word: str) -> float:
        found.append(word)
        return 0.0

    try:
        json.loads(data.decode("utf-8-sig"), object_pairs_hook=pairs, parse_constant=constant)
    except (ValueError, RecursionError):
        return None
    return found[0] if found else None


def _accepted(data: bytes) -> tuple[str, str]:
    bad = _not_json(data)
    return ("crashed", f"a file holding {bad} was accepted") if bad else ("accepted", "")


def _set_aside(path: Path) -> bool:
    return not path.exists() and any(path.parent.glob(f"{path.stem}.bad-*{path.suffix}"))


def _refusal(problem: str, path: Path, moved: bool) -> tuple[str, str]:
    wrong = one_line(problem, path)
    if wrong is not None:
        return "crashed", f"{wrong}: {problem[:2000]!r}"
    if moved and not _set_aside(path):
        return "crashed", f"a damaged file was not set aside: {problem}"
    if not moved and not path.exists():
        return "crashed", f"a read-only command moved the file: {problem}"
    return "refused", problem


def _command(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 2
    return status, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------------------- kept reviews
_TURN_FIELDS = ("turn", "step", "round", "played_value", "best_value", "loss", "stderr", "mark", "samples")


def review_trial(data: bytes, folder: Path) -> tuple[str, str]:
    store = Store(folder, durable=False)
    game_path = store.dirs.finished / GAME_NAME
    path = review_path(game_path, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    reviews = Reviews(store.dirs, durable=False)
    review = reviews.load(game_path, IDENTITY, 0)
    if len(reviews.notes) > 1:
        return "crashed", f"{len(reviews.notes)} notes for one file: {reviews.notes!r}"[:2000]
    if review is None:
        if not reviews.notes:
            return "accepted", ""  # another game's or method's review: made again, nothing shown from it
        return _refusal(reviews.notes[0], path, moved=True)
    if reviews.notes:
        return "crashed", f"a review returned with a note: {reviews.notes[0]}"
    doc = _lenient(data)
    if not isinstance(doc, dict) or not isinstance(doc.get("turns"), list) or len(doc["turns"]) != len(review.turns):
        return "crashed", "a review accepted that Python's parser reads otherwise"
    for raw, turn in zip(doc["turns"], review.turns):
        for name in _TURN_FIELDS:
            value = getattr(turn, name)
            if not isinstance(raw, dict) or raw.get(name) != value or (isinstance(value, float) and not math.isfinite(value)):
                return "crashed", f"turn {turn.turn}: {name} shown as {value!r}, the file says {raw.get(name)!r}"[:2000]
    with contextlib.redirect_stdout(io.StringIO()):  # what ``harmonies review`` prints of it
        cat = english()
        for turn in review.turns:
            review_cli._print_turn(cat, turn)
        print(summary_text(cat, review))
        json.dumps(review_to_json(review), allow_nan=False)
    return _accepted(data)


# ---------------------------------------------------------------------------- the daily record
def daily_trial(data: bytes, folder: Path) -> tuple[str, str]:
    path = folder / DAILY_NAME
    path.write_bytes(data)
    # The command line first: it only reads, whatever the file holds.
    status, out, err = _command(["daily", "--date", "2026-11-25", "--json", "--data-dir", str(folder)])
    if status != 0:
        return "crashed", f"harmonies daily: exit {status}: {err[:2000]!r}"
    if err and one_line(err, path) is not None:
        return "crashed", f"harmonies daily: {one_line(err, path)}: {err[:2000]!r}"
    if not path.exists():
        return "crashed", "harmonies daily moved the record"
    shown_par = json.loads(out)["par"]
    records = DailyRecords(folder)
    book = records.load()
    if records.problem is not None:
        if not err:
            return "crashed", f"the window refused what harmonies daily read: {records.problem}"
        return _refusal(records.problem, path, moved=True)
    if err:
        return "crashed", f"harmonies daily refused what the window reads: {err.strip()}"
    doc = _lenient(data)
    days = doc.get("days") if isinstance(doc, dict) else None
    if not isinstance(days, dict) or set(days) != set(book.days):
        return "crashed", "days accepted that Python's parser reads otherwise"
    for iso, day in book.days.items():
        raw = days[iso]
        if raw.get("par") != day.par or len(raw.get("attempts", [])) != len(day.attempts):
            return "crashed", f"day {iso} shown with par {day.par}, {len(day.attempts)} tries; the file says otherwise"
        for a, r in zip(day.attempts, raw["attempts"]):
            if (r.get("on"), r.get("score"), r.get("suns")) != (a.on, a.score, a.suns):
                return "crashed", f"day {iso}: try {a} shown, the file says {r!r}"[:2000]
    if shown_par != book.day("2026-11-25").par:
        return "crashed", f"harmonies daily shows par {shown_par}, the record holds {book.day('2026-11-25').par}"
    for today in (date(2026, 11, 26), date(2026, 11, 27), date(2999, 12, 31)):
        book.streak(today)
    return _accepted(data)


# ---------------------------------------------------------------------------- the challenge progress
def challenges_trial(data: bytes, folder: Path) -> tuple[str, str]:
    path = folder / PROGRESS_NAME
    path.write_bytes(data)
    status, out, err = _command(["challenges", "--json", "--data-dir", str(folder)])
    if status != 0:
        return "crashed", f"harmonies challenges: exit {status}: {err[:2000]!r}"
    if err and one_line(err, path) is not None:
        return "crashed", f"harmonies challenges: {one_line(err, path)}: {err[:2000]!r}"
    if not path.exists():
        return "crashed", "harmonies challenges moved the progress file"
    rows = {row["id"]: row for row in json.loads(out)["challenges"]}
    progress, problem = read_progress(resolve_dirs(folder))
    if problem is not None:
        if not err:
            return "crashed", f"the window refused what harmonies challenges read: {problem}"
        return _refusal(problem, path, moved=True)
    if err:
        return "crashed", f"harmonies challenges refused what the window reads: {err.strip()}"
    doc = _lenient(data)
    results = doc.get("results") if isinstance(doc, dict) else None
    if not isinstance(results, dict) or set(results) != set(progress.results):
        return "crashed", "results accepted that Python's parser reads otherwise"
    for key, result in progress.results.items():
        raw = results[key]
        if (raw.get("done"), raw.get("best"), raw.get("played")) != (result.done, result.best, result.played):
            return "crashed", f"{key}: shown as {result}, the file says {raw!r}"[:2000]
        row = rows.get(key)
        if row is not None and (row["best"], row["played"]) != (result.best, result.played):
            return "crashed", f"harmonies challenges shows {row!r} for {result}"[:2000]
    return _accepted(data)


# ---------------------------------------------------------------------------- history over a damaged game
def history_trial(data: bytes, folder: Path) -> tuple[str, str]:
    store = Store(folder, durable=False)
    path = store.dirs.finished / GAME_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    outs = []
    for extra in ([], ["--json"], ["--csv"]):
        status, out, err = _command(["history", *extra, "--data-dir", str(folder)])
        # The progress of a slow refresh (a large file replayed on a busy machine) is not a message.
        err = "".join(line for line in err.splitlines(keepends=True) if ": Indexing finished games: " not in line)
        if status != 0:
            return "crashed", f"harmonies history {' '.join(extra)}: exit {status}: {err[:2000]!r}"
        if err and one_line(err, path) is not None:
            return "crashed", f"harmonies history {' '.join(extra)}: {one_line(err, path)}: {err[:2000]!r}"
        outs.append((out, err))
    games = json.loads(outs[1][0])["games"]
    if bool(games) == bool(outs[1][1]):
        return "crashed", f"the game is both listed and skipped (or neither): {outs[1][1]!r}"
    if not path.exists():
        return "crashed", "harmonies history moved the file"
    if not games:
        return "refused", outs[1][1].strip()
    # A listed game shows the file's own times and scores.
    doc = _lenient(data)
    meta = doc.get("meta") if isinstance(doc, dict) else None
    when = meta.get("finished") if isinstance(meta, dict) else None
    if when is not None and games[0]["finished"] != document.clean_text(when):
        return "crashed", f"listed as finished {games[0]['finished']!r}, the file says {when!r}"
    return _accepted(data)


TRIALS = {"review": review_trial, "daily": daily_trial, "challenges": challenges_trial, "history": history_trial}


def run_trial(target: str, data: bytes, folder: Path) -> tuple[str, str]:
    return TRIALS[target](data, folder)


__all__ = ["TARGETS", "run_trial", "seeds"]
