"""Reviews kept beside the finished games they review, so a review opens at once the second time.

A review is its own small file next to the game's record in ``finished/``, never written into the
record itself: ``<game file stem>.seat<N>.review`` (JSON). The index of finished games reads only
``*.json`` names, so it never mistakes a review for a game. The file says which game and seat it
reviews (the game's identity, :mod:`harmonies.persist.identity`) and which review method made it
(:data:`harmonies.ai.review.METHOD`)::

    {"harmonies": "review", "version": 1, "method": 1, "identity": "3f2a...", "seat": 0,
     "of_turns": 13, "turns": [{"turn": 0, "step": 0, "round": 1, "played": [...], "best": [...],
       "played_value": 104.2, "best_value": 105.0, "loss": 0.8, "stderr": 0.4, "mark": "good",
       "reasons": [{"key": "space", "params": {"space": 3, "played": 1}}], "samples": 32}, ...]}

Reading never raises: a review of another game (the record was replaced) or of another method is
simply not the one wanted (it is recomputed and written over); a damaged file is set aside (renamed
``...bad-<when>.review``, never deleted, under the data folder's lock) and the review recomputed.
Damaged includes numbers no review holds: every number is checked where it is read (finite, and
within :data:`MAX_VALUE` or the bound of its count), so ``"loss": 1e308`` is set aside in one line
instead of failing the text or a frame that shows it. While another process holds the folder, a
damaged review is left where it is (that process sets it aside) and the game is reviewed again. A review whose game file is gone
is an orphan: :meth:`Reviews.prune` removes those, and every write runs it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

from ..ai.review import METHOD, MARKS, GameReview, TurnReview
from ..ai.review_reasons import Reason
from ..rules import Command, command_from_json, command_to_json, jsontext, read_capped
from .atomic import atomic_write_text, set_aside
from .lock import LockProblem, writing
from .paths import Dirs

REVIEW_FORMAT = 1
KIND = "review"
SUFFIX = ".review"
#: A review is a few dozen kilobytes; anything far larger is not one.
MAX_BYTES = 4 * 2**20
#: The largest value (expected points, a loss, a reason's number) a review may hold: a game's score is
#: a few hundred points, so anything beyond this is not a review's number.
MAX_VALUE = 10_000.0
#: The largest count of each kind a review may hold (turns, steps, rounds, seats, sampled futures).
MAX_COUNTS = {"turn": 10_000, "step": 10_000, "round": 10_000, "seat": 3, "of_turns": 10_000, "samples": 1_000_000}


class ReviewFileError(ValueError):
    """A review file that cannot be used; the message names the place and what is wrong."""


def review_path(game_path: Path, seat: int) -> Path:
    """Where the review of ``seat`` in the game recorded at ``game_path`` is kept."""
    return game_path.with_name(f"{game_path.stem}.seat{seat}{SUFFIX}")


class Reviews:
    """The reviews of one data folder's finished games.

    ``notes`` collects one line for each file set aside or not written (for the screen or the
    command line to show); nothing here raises on a bad or missing file.
    """

    def __init__(self, dirs: Dirs, *, durable: bool = True) -> None:
        self.dirs = dirs
        self.durable = durable
        self.notes: list[str] = []

    def load(self, game_path: Path, identity: str, seat: int) -> GameReview | None:
        """The kept review of ``seat`` in the game at ``game_path`` (of ``identity``), or None when
        there is none, it reviews another game or method, or it is damaged (then set aside)."""
        path = review_path(game_path, seat)
        try:
            data = read_capped(path, MAX_BYTES)
        except FileNotFoundError:
            return None
        except OSError as e:
            self.notes.append(f"{path}: cannot read it ({e.strerror or e}); the game is reviewed again")
            return None
        try:
            doc = _parse(data)
            if doc.get("identity") != identity or doc.get("seat") != seat or doc.get("method") != METHOD:
                return None  # another game or another method: reviewed again and written over
            return review_from_json(doc)
        except (ReviewFileError, RecursionError) as e:
            self._set_aside(path, str(e) if isinstance(e, ReviewFileError) else "nested too deeply")
            return None

    def save(self, game_path: Path, identity: str, review: GameReview) -> Path | None:
        """Keep a complete review beside its game; the file written, or None (a note says why).
        Orphan reviews of games no longer there are removed at the same time."""
        if not review.complete:
            return None
        path = review_path(game_path, review.seat)
        doc = {"harmonies": KIND, "version": REVIEW_FORMAT, "method": METHOD, "identity": identity,
               **review_to_json(review, exact=True)}
        try:
            with writing(self.dirs.data):
                if not game_path.is_file():
                    return None  # the game went while it was reviewed: no orphan
                atomic_write_text(path, json.dumps(doc, ensure_ascii=False, allow_nan=False) + "\n",
                                  durable=self.durable)
                self._prune()
        except (OSError, ValueError, LockProblem) as e:
            self.notes.append(f"{path}: the review could not be kept ({e}); it is computed again next time")
            return None
        return path

    def prune(self) -> int:
        """Remove the reviews whose game file is gone (an orphan); how many went."""
        try:
            with writing(self.dirs.data):
                return self._prune()
        except (OSError, LockProblem):
            return 0

    def _prune(self) -> int:
        gone = 0
        for path in self._review_files():
            stem = path.name[: -len(SUFFIX)].rsplit(".seat", 1)[0]
            if ".bad-" in path.name or (path.parent / f"{stem}.json").exists():
                continue
            with suppress(OSError):
                path.unlink()
                gone += 1
        return gone

    def _review_files(self) -> Iterator[Path]:
        try:
            yield from sorted(self.dirs.finished.glob(f"*{SUFFIX}"))
        except OSError:
            return

    def _set_aside(self, path: Path, reason: str) -> None:
        try:
            with writing(self.dirs.data):
                moved = set_aside(path)
        except LockProblem:
            self.notes.append(f"{path}: {reason}; left in place while another window holds the folder, "
                              "the game is reviewed again")
            return
        except OSError as e:
            self.notes.append(f"{path}: {reason}; it could not be set aside ({e.strerror or e})")
            return
        self.notes.append(f"{path}: {reason}; kept as {moved.name}, the game is reviewed again")


def _parse(data: bytes) -> dict[str, Any]:
    if len(data) > MAX_BYTES:
        raise ReviewFileError(f"larger than the {MAX_BYTES // 2**20} MB a review can be")
    try:
        doc = jsontext.loads_bytes(data)
    except jsontext.JsonTextError as e:
        raise ReviewFileError(str(e)) from None
    if not isinstance(doc, dict) or doc.get("harmonies") != KIND:
        raise ReviewFileError("not a Harmonies review (no \"harmonies\": \"review\")")
    version = doc.get("version")
    if type(version) is not int or not 1 <= version <= REVIEW_FORMAT:
        raise ReviewFileError(f"'version' is {json.dumps(version)}, this version reads {REVIEW_FORMAT}")
    return doc


# ---------------------------------------------------------------------- the JSON form of a review
def review_to_json(review: GameReview, exact: bool = False) -> dict[str, Any]:
    """A review as JSON (what ``harmonies review --json`` prints, and the body of a review file);
    ``exact``: the numbers as computed (a kept review reads back equal), else rounded for people."""
    return {
        "seat": review.seat,
        "of_turns": review.of_turns,
        "complete": review.complete,
        "turns": [turn_to_json(t, exact) for t in review.turns],
        "summary": {"total_loss": round(review.total_loss, 2), "accuracy": round(review.accuracy, 1),
                    "marks": review.marks(), "costliest": [t.turn for t in review.costliest(3)]},
    }


def turn_to_json(t: TurnReview, exact: bool = False) -> dict[str, Any]:
    def number(x: float) -> float:
        return x if exact else round(x, 3)

    return {
        "turn": t.turn, "step": t.step, "round": t.round,
        "played": [command_to_json(c) for c in t.played], "best": [command_to_json(c) for c in t.best],
        "played_value": number(t.played_value), "best_value": number(t.best_value),
        "loss": number(t.loss), "stderr": number(t.stderr), "mark": t.mark,
        "reasons": [{"key": r.key, "params": dict(r.params)} for r in t.reasons],
        "samples": t.samples,
    }


def review_from_json(doc: dict[str, Any]) -> GameReview:
    """The review a file holds; :class:`ReviewFileError` names the place of what is wrong."""
    turns = _field(doc, "turns", list, "")
    seat = _count(doc, "seat", "")
    of_turns = _count(doc, "of_turns", "")
    return GameReview(seat, tuple(_turn(t, f"turns[{n}]") for n, t in enumerate(turns)), of_turns)


def _turn(doc: Any, where: str) -> TurnReview:
    if not isinstance(doc, dict):
        raise ReviewFileError(f"{where} is not an object")
    turn, step, rnd = (_count(doc, name, where) for name in ("turn", "step", "round"))
    mark = _field(doc, "mark", str, where)
    if mark not in MARKS:
        raise ReviewFileError(f"{where}.mark is {json.dumps(mark)}, not one of {', '.join(MARKS)}")
    reasons = tuple(_reason(r, f"{where}.reasons[{n}]") for n, r in enumerate(_field(doc, "reasons", list, where)))
    if not reasons:
        raise ReviewFileError(f"{where}.reasons is empty")
    return TurnReview(
        turn, step, rnd, _commands(doc, "played", where), _commands(doc, "best", where),
        _number(doc, "played_value", where), _number(doc, "best_value", where), _number(doc, "loss", where),
        _number(doc, "stderr", where), mark, reasons, _count(doc, "samples", where))


def _reason(doc: Any, where: str) -> Reason:
    if not isinstance(doc, dict):
        raise ReviewFileError(f"{where} is not an object")
    params = _field(doc, "params", dict, where)
    for name, value in params.items():
        if type(value) not in (int, float, str):
            raise ReviewFileError(f"{where}.params.{name} is not a number or text")
        if type(value) is not str and not _within(value):
            raise ReviewFileError(f"{where}.params.{name} is {jsontext.shown(value)}, "
                                  f"not a number from -{MAX_VALUE:g} to {MAX_VALUE:g}")
        if type(value) is str and len(value) > 200:
            raise ReviewFileError(f"{where}.params.{name} is text of {len(value)} characters, longer than a reason's")
    return Reason(_field(doc, "key", str, where), tuple(params.items()))


def _commands(doc: dict[str, Any], name: str, where: str) -> tuple[Command, ...]:
    out = []
    for n, cmd in enumerate(_field(doc, name, list, where)):
        try:
            out.append(command_from_json(cmd))
        except ValueError as e:
            reason = " ".join(str(e).split())  # the rules quote the command, which may be huge
            raise ReviewFileError(f"{where}.{name}[{n}]: {reason if len(reason) <= 200 else reason[:199] + '…'}") from None
    return tuple(out)


def _field(doc: dict[str, Any], name: str, kind: type, where: str) -> Any:
    value = doc.get(name)
    if type(value) is not kind:
        place = f"{where}.{name}" if where else name
        raise ReviewFileError(f"{place} must be {kind.__name__}, not {json.dumps(value)[:40]}")
    return value


def _number(doc: dict[str, Any], name: str, where: str) -> float:
    value = doc.get(name)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ReviewFileError(f"{where}.{name} must be a number, not {jsontext.shown(value, 40)}")
    if not _within(value):
        raise ReviewFileError(f"{where}.{name} is {jsontext.shown(value)}, "
                              f"not a number from -{MAX_VALUE:g} to {MAX_VALUE:g}")
    return float(value)


def _within(value: float) -> bool:
    """Finite and within :data:`MAX_VALUE` (an integer too large for a float is compared as it is)."""
    return abs(value) <= MAX_VALUE and (type(value) is int or math.isfinite(value))


def _count(doc: dict[str, Any], name: str, where: str) -> int:
    """A whole number from 0 to its bound in :data:`MAX_COUNTS`."""
    value = _field(doc, name, int, where)
    if not 0 <= value <= MAX_COUNTS[name]:
        place = f"{where}.{name}" if where else name
        raise ReviewFileError(f"{place} is {jsontext.shown(value)}, not a count from 0 to {MAX_COUNTS[name]}")
    return int(value)
