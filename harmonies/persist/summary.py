"""What the finished-games list and the personal bests need of one finished game, read from its file.

A finished file written by :meth:`Store.archive_finished` holds the final scores, winners and suns in
its ``outcome``, so the summary is read from the file without replaying it. A file without a usable
``outcome`` (a bare ``Game.to_json()`` document, or one whose record is incomplete, or holds numbers no
game reaches) is replayed through the rules instead. Either way a file that cannot give a summary raises :class:`SummaryError` with the
reason in one line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..rules import CardSet, Game, GameSetup
from . import document
from .identity import identity_of, identity_of_json, recorded_identity
from .times import TimeError, read_time, utc_text

#: The scoresheet's rows kept per seat, in this order.
CATEGORIES = ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit")
#: Longest seat name kept (the app's name field is shorter).
_NAME_LIMIT = 24
#: The most points a scoresheet row and the most suns a record may hold to be taken as it is written;
#: a record beyond them is no real game's, and the file is replayed instead (the replay's scores count).
MAX_POINTS = 9_999
MAX_SUNS = 99


class SummaryError(ValueError):
    """A finished-game file that gives no summary; the message says why, without the file name."""


@dataclass(frozen=True)
class SeatInfo:
    """Who played a seat: a name, ``"human"`` or ``"computer"``, and the computer's level."""

    name: str
    kind: str
    level: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass(frozen=True)
class FinishedSummary:
    """One finished game as the list shows it.

    ``file`` is the file's name inside ``finished/``; ``finished`` the time it ended as recorded
    (ISO 8601) and ``sort_key`` the same instant in UTC, so times written with any offset sort
    together. ``spirit_ids`` holds each seat's chosen spirit (None without one), ``categories`` each
    seat's points per :data:`CATEGORIES`. ``suns`` is the solo result, None at a table.
    ``identity`` is the game's identity (:mod:`harmonies.persist.identity`), None when unknown.
    """

    file: str
    finished: str
    sort_key: str
    side: str
    spirits: bool
    seed: int | None
    seats: tuple[SeatInfo, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    suns: int | None
    spirit_ids: tuple[str | None, ...]
    categories: tuple[tuple[int, ...], ...]
    identity: str | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    @property
    def top(self) -> int:
        """The winning total (the score, in solo)."""
        return max(self.totals)


def sort_key(when: str, field: str = "finished") -> str:
    """``when`` (ISO 8601, any offset) as UTC text that sorts in time order; :class:`TimeError` (a
    ``ValueError``) naming ``field`` if it is no time or one out of range (:mod:`harmonies.persist.times`)."""
    return utc_text(when, field)


def summarize(doc: Any, name: str, fallback_time: str, cards: CardSet) -> FinishedSummary:
    """The summary of the finished-game document ``doc`` stored as ``name``.

    ``fallback_time`` (ISO) is used when the file records no time (its modification time, say).
    Raises :class:`SummaryError`.
    """
    try:
        return _summarize(doc, name, fallback_time, cards)
    except TimeError as e:  # the fallback time itself (a file's modification time) out of range
        raise SummaryError(str(e)) from None


def _summarize(doc: Any, name: str, fallback_time: str, cards: CardSet) -> FinishedSummary:
    recorded = _from_record(doc, name, fallback_time)
    if recorded is not None:
        return replace(recorded, identity=recorded_identity(doc) or _identity_of_doc(doc))
    try:
        game, meta, _ = document.decode(doc, cards)
    except document.SaveFormatError as e:
        raise SummaryError(str(e)) from None
    if game.outcome is None:
        raise SummaryError(f"the game is not over after its {len(game.history)} commands")
    wrapper = doc if isinstance(doc, dict) else {}
    return replace(summary_of_game(game, meta, name, _when(meta, wrapper, fallback_time)), identity=identity_of(game))


def _identity_of_doc(doc: dict[str, Any]) -> str | None:
    """The identity of a record written before identities were stored, from its setup and commands."""
    try:
        return identity_of_json(doc.get("game"))
    except (ValueError, TypeError):
        return None


def summary_of_game(game: Game, meta: dict[str, Any], name: str, finished: str) -> FinishedSummary:
    """The summary of a replayed game that is over (``ValueError`` if it is not)."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError("only a game that is over has a summary")
    players = game.setup.players
    return FinishedSummary(
        file=name, finished=finished, sort_key=sort_key(finished), side=game.setup.side,
        spirits=game.setup.spirits, seed=game.setup.seed, seats=seats_of(meta, players),
        totals=tuple(s.total for s in outcome.scores), winners=outcome.winners,
        suns=outcome.suns.total if outcome.suns is not None else None,
        spirit_ids=tuple(game.player(i).spirit for i in range(players)),
        categories=tuple(tuple(getattr(s, c) for c in CATEGORIES) for s in outcome.scores),
    )


def seats_of(meta: dict[str, Any], players: int) -> tuple[SeatInfo, ...]:
    """The seats recorded in ``meta``, one per player; what is missing is filled in plainly."""
    raw = meta.get("seats")
    listed = raw if isinstance(raw, list) else []
    out = []
    for i in range(players):
        seat = listed[i] if i < len(listed) and isinstance(listed[i], dict) else {}
        name = "".join(ch for ch in str(seat.get("name") or "") if ch.isprintable())[:_NAME_LIMIT]
        kind = seat.get("kind") if seat.get("kind") in ("human", "computer") else "human"
        level = seat.get("level")
        out.append(SeatInfo(name or f"Player {i + 1}", str(kind), level if isinstance(level, str) else ""))
    return tuple(out)


# ---------------------------------------------------------------------------- from the file's record
def _from_record(doc: Any, name: str, fallback_time: str) -> FinishedSummary | None:
    """The summary from the file's own ``outcome``, or None when the file must be replayed to get it."""
    if not isinstance(doc, dict) or doc.get("harmonies") != document.KIND_FINISHED:
        return None
    version = doc.get("version")
    if type(version) is not int or not 1 <= version <= document.SAVE_FORMAT:
        return None
    game, outcome = doc.get("game"), doc.get("outcome")
    if not isinstance(game, dict) or not isinstance(outcome, dict) or type(game.get("format")) is not int:
        return None
    setup = _setup(game.get("setup"))
    commands = game.get("commands")
    if setup is None or not isinstance(commands, list):
        return None
    scores = _scores(outcome.get("scores"), setup.players)
    winners = outcome.get("winners")
    winners = winners if _seat_list(winners, setup.players) else None
    suns = _suns(outcome.get("suns"), setup.solo)
    spirit_ids = _chosen_spirits(commands, setup.players)
    if scores is None or winners is None or suns is False or spirit_ids is None:
        return None
    meta = doc.get("meta")
    meta = document.clean_text(meta) if isinstance(meta, dict) else {}
    finished = _when(meta, doc, fallback_time)
    return FinishedSummary(
        file=name, finished=finished, sort_key=sort_key(finished), side=setup.side, spirits=setup.spirits,
        seed=setup.seed, seats=seats_of(meta, setup.players), totals=tuple(s[-1] for s in scores),
        winners=tuple(winners), suns=suns if isinstance(suns, int) and not isinstance(suns, bool) else None,
        spirit_ids=spirit_ids, categories=tuple(s[:-1] for s in scores),
    )


def _setup(raw: Any) -> GameSetup | None:
    if not isinstance(raw, dict):
        return None
    try:
        return GameSetup(players=raw["players"], side=raw["side"], spirits=raw["spirits"], seed=raw["seed"])
    except (KeyError, ValueError):
        return None


def _scores(raw: Any, players: int) -> list[tuple[int, ...]] | None:
    """Each seat's points per category and then its total, if the record holds them consistently."""
    if not isinstance(raw, list) or len(raw) != players:
        return None
    out = []
    for sheet in raw:
        if not isinstance(sheet, dict):
            return None
        row = [sheet.get(c) for c in (*CATEGORIES, "total")]
        if not all(type(v) is int and 0 <= v <= MAX_POINTS for v in row) \
                or sum(row[:-1]) != row[-1]:  # type: ignore[arg-type]
            return None
        out.append(tuple(row))
    return out  # type: ignore[return-value]


def _suns(raw: Any, solo: bool) -> int | None | bool:
    """Suns recorded for a solo game; None at a table; False when the record is not as expected."""
    if not solo:
        return None if raw is None else False
    total = raw.get("total") if isinstance(raw, dict) else None
    return total if type(total) is int and 0 <= total <= MAX_SUNS else False


def _seat_list(raw: Any, players: int) -> bool:
    return isinstance(raw, list) and bool(raw) and all(type(s) is int and 0 <= s < players for s in raw)


def _chosen_spirits(commands: list[Any], players: int) -> tuple[str | None, ...] | None:
    """Each seat's chosen spirit, read from the command log (a seat's turn ends with ``end_turn``).

    None when the log holds an ``undo`` (then whose turn it is cannot be counted without a replay).
    """
    chosen: list[str | None] = [None] * players
    turns = 0
    for cmd in commands:
        do = cmd.get("do") if isinstance(cmd, dict) else None
        if do == "undo":
            return None
        if do == "end_turn":
            turns += 1
        elif do == "choose_spirit" and isinstance(cmd.get("spirit_id"), str):
            chosen[turns % players] = cmd["spirit_id"]
    return tuple(chosen)


def _when(meta: dict[str, Any], doc: dict[str, Any], fallback: str) -> str:
    """When the game ended: the recorded ``finished`` time, else when the file was saved, else ``fallback``.

    A time that is written but is no usable time (out of range, not a time), the finish's or the
    start's, is not passed over: :class:`SummaryError` names its field, so the list shows the file as
    damaged and why instead of a time the file does not hold.
    """
    try:
        if meta.get("started") is not None:
            read_time(meta["started"], "meta.started")
        for field, value in (("meta.finished", meta.get("finished")), ("saved_at", doc.get("saved_at"))):
            if value is not None:
                read_time(value, field)
                return str(value)
        read_time(fallback, "the file's modification time")
    except TimeError as e:
        raise SummaryError(str(e)) from None
    return fallback
