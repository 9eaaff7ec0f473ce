"""The JSON form of a saved game, and reading it back with a precise reason when it is wrong.

A save is the rules' own :meth:`Game.to_json` (setup, deal, command log) wrapped with what the app needs::

    {"harmonies": "save",            # or "finished" for a game that has ended
     "version": 1,                   # this wrapper's format; newer files are refused, not misread
     "app_version": "0.1.0",
     "saved_at": "2025-01-02T20:31:07+00:00",
     "meta": {"seats": [{"name": "Ann", "kind": "human", "level": "random"}, ...],
              "started": "2025-01-02T20:10:00+00:00", ...},     # the app's own data, kept as given
     "cards": {"fingerprint": "3f2a...", "path": null},         # which card set it was played with
     "status": {"over": false, "round": 4, "current": 1, "commands": 37, "totals": [12, 9]},
     "game": {"format": 2, "setup": {...},
              "deal": {"pouch": [...], "deck": [...], "spirits": [...]},   # on a line of its own
              "commands": [ ...one command per line... ]},
     "outcome": {...}}               # finished games only: final scores and winners

Loading replays the commands through the rules, so a save can never put a game in a state the rules
could not reach. A save of game format 1 (0.1.0) holds no deal: its seed deals it again from the card
list its fingerprint names among the lists released versions shipped (:mod:`harmonies.rules.shipped`),
so it replays with any cards file that has those cards, in any order; a fingerprint of a player's own
cards file deals from the cards in use, as 0.1.0 did, and a bare game with no fingerprint from the
cards in use or else the first shipped list it replays with. ``status`` and ``outcome`` are for people and
other tools; loading checks ``outcome`` against the replay and ignores ``status``.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .. import __version__
from ..catalogue import english_refusal
from ..rules import CardSet, Game, IllegalCommand, default_cards, jsontext, read_capped, shipped_order, shipped_orders

SAVE_FORMAT = 1
KIND_SAVE = "save"
KIND_FINISHED = "finished"
#: A bare ``Game.to_json()`` document (what ``harmonies replay`` also accepts).
KIND_GAME = "game"
#: Limits checked before a save is parsed (size) and before it is replayed (commands). A whole game
#: is a few hundred commands and tens of kilobytes; these leave room for any real game and refuse
#: files that would take minutes and gigabytes to replay.
MAX_BYTES = 16 * 2**20
MAX_COMMANDS = 100_000


class SaveFormatError(ValueError):
    """A save document that cannot be used. The message says what is wrong, without the file name.

    ``other_cards`` is true when the game was played with a different card set than the one given,
    which is the likely reason it does not replay (the file itself may be fine).
    """

    def __init__(self, message: str, other_cards: bool = False) -> None:
        super().__init__(_short(message))
        self.other_cards = other_cards


_FINGERPRINTS: dict[int, tuple[CardSet, str]] = {}


def cards_fingerprint(cards: CardSet) -> str:
    """A short hash of a card set's full contents: equal for the same cards, wherever they came from."""
    hit = _FINGERPRINTS.get(id(cards))
    if hit is None or hit[0] is not cards:
        digest = hashlib.sha256(repr((cards.animals, cards.spirits)).encode("utf-8")).hexdigest()[:16]
        hit = _FINGERPRINTS[id(cards)] = (cards, digest)  # holding ``cards`` keeps its id unique
    return hit[1]


def now_iso() -> str:
    """The current time as ISO 8601 with the UTC offset, to the second."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def status_of(game: Game) -> dict[str, Any]:
    return {
        "over": game.over,
        "round": game.round,
        "current": game.current,
        "commands": len(game.history),
        "totals": [game.score(i).total for i in range(game.setup.players)],
    }


def encode(game: Game, meta: dict[str, Any], kind: str = KIND_SAVE, cards_path: str | None = None) -> dict[str, Any]:
    """The save document of ``game``. ``kind`` is ``"save"`` or ``"finished"`` (the game must be over)."""
    if kind not in (KIND_SAVE, KIND_FINISHED):
        raise ValueError(f"kind must be {KIND_SAVE!r} or {KIND_FINISHED!r}, not {kind!r}")
    doc: dict[str, Any] = {
        "harmonies": kind,
        "version": SAVE_FORMAT,
        "app_version": __version__,
        "saved_at": now_iso(),
        "meta": meta,
        "cards": {"fingerprint": cards_fingerprint(game.cards), "path": cards_path},
        "status": status_of(game),
        "game": game.to_json(),
    }
    if kind == KIND_FINISHED:
        if game.outcome is None:
            raise ValueError("only a game that is over can be saved as finished")
        doc["outcome"] = game.outcome.to_json()
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """JSON text with one command per line, so a save reads (and diffs) well.

    ``TypeError``/``ValueError`` if something in ``meta`` is not JSON (a set, an object, NaN) or is
    text UTF-8 cannot store (a lone surrogate).
    """
    parts = []
    for key, value in doc.items():
        if key == "game" and isinstance(value, dict) and isinstance(value.get("commands"), list):
            head = ", ".join(f"{json.dumps(k)}: {_compact(v)}" for k, v in value.items()
                             if k not in ("deal", "commands"))
            sep = ", "
            if "deal" in value:  # a long line of its own, between the setup and the commands
                head += ',\n  "deal": ' + _compact(value["deal"])
                sep = ",\n  "
            commands = ",\n  ".join(_compact(c) for c in value["commands"])
            text = "{" + head + sep + ('"commands": [\n  ' + commands + "\n ]}" if commands else '"commands": []}')
        else:
            text = _compact(value)
        parts.append(f" {json.dumps(key)}: {text}")
    text = "{\n" + ",\n".join(parts) + "\n}\n"
    text.encode("utf-8")  # UnicodeEncodeError (a ValueError) for text UTF-8 cannot hold: a lone surrogate
    return text


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))


def read_limited(path: Path) -> bytes:
    """The bytes of the file at ``path``, reading no more than one byte past :data:`MAX_BYTES`.

    ``OSError`` if it cannot be read; a file over the limit comes back over the limit, for
    :func:`parse_json` to refuse, without the whole of it in memory.
    """
    return read_capped(path, MAX_BYTES)


def parse_json(data: bytes) -> Any:
    """Bytes of a file to JSON; ``SaveFormatError`` names the line and column of what is wrong.

    Too large, too deeply nested, or holding a number longer than Python converts: refused with
    the place, before anything is built from it.
    """
    if len(data) > MAX_BYTES:
        raise SaveFormatError(f"it is larger than the {MAX_BYTES // 2**20} MB a save can be")
    if not data.strip():
        raise SaveFormatError("the file is empty")
    try:
        return jsontext.loads_bytes(data)
    except jsontext.JsonTextError as e:
        cut = "; the file is damaged or was cut short" if e.problem.startswith("not valid JSON") else ""
        raise SaveFormatError(f"{e}{cut}") from None


def decode(doc: Any, cards: CardSet | None = None) -> tuple[Game, dict[str, Any], str]:
    """Rebuild the game of a save document: ``(game, meta, kind)``.

    Accepts save and finished documents and a bare ``Game.to_json()`` (kind ``"game"``, empty meta).
    ``cards`` defaults to the bundled cards. Raises :class:`SaveFormatError` saying what is wrong.
    """
    cards = cards if cards is not None else default_cards()
    if not isinstance(doc, dict):
        raise SaveFormatError(f"not a Harmonies save (expected a JSON object, found {_kind_of(doc)})")
    if "harmonies" not in doc:
        if "setup" in doc and "commands" in doc:
            return _replay(doc, cards, None), {}, KIND_GAME
        raise SaveFormatError("not a Harmonies save (it has no 'harmonies' field)")
    kind = doc["harmonies"]
    if kind not in (KIND_SAVE, KIND_FINISHED):
        raise SaveFormatError(f"not a saved game ('harmonies' is {json.dumps(kind)}, "
                              f"expected \"{KIND_SAVE}\" or \"{KIND_FINISHED}\")")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise SaveFormatError(f"'version' must be a whole number from 1, found {json.dumps(version)}")
    if version > SAVE_FORMAT:
        raise SaveFormatError(f"it was saved by a newer version of Harmonies "
                              f"({doc.get('app_version', 'unknown')}, save format {version}; "
                              f"this version reads format {SAVE_FORMAT})")
    meta = doc.get("meta")
    meta = clean_text(meta) if isinstance(meta, dict) else {}
    if "game" not in doc:
        raise SaveFormatError("the save has no 'game' field")
    saved_cards = doc.get("cards")
    game = _replay(doc["game"], cards, saved_cards if isinstance(saved_cards, dict) else None)
    if kind == KIND_FINISHED:
        _check_outcome(game, doc.get("outcome"))
    return game, meta, kind


def _replay(game_doc: Any, cards: CardSet, saved_cards: dict[str, Any] | None) -> Game:
    commands = game_doc.get("commands") if isinstance(game_doc, dict) else None
    if isinstance(commands, list) and len(commands) > MAX_COMMANDS:
        raise SaveFormatError(f"'commands' holds {len(commands):,} commands, more than the {MAX_COMMANDS:,} "
                              "a save can hold")
    fingerprint = saved_cards.get("fingerprint") if saved_cards else None
    order = shipped_order(fingerprint) if isinstance(fingerprint, str) else None
    try:
        return Game.from_json(game_doc, cards, order)
    except Exception as e:  # the rules promise ValueError; anything else still must not reach the player
        if fingerprint is None and _dealt_from_seed(game_doc):
            again = _replay_shipped(game_doc, cards)
            if again is not None:
                return again
        reason = _short(_replay_problem(e))
        if isinstance(fingerprint, str) and fingerprint != cards_fingerprint(cards):
            path = saved_cards.get("path") if saved_cards else None
            which = f"the cards file {path}" if isinstance(path, str) and path else "a different cards file"
            raise SaveFormatError(f"it was played with {which}, not the cards in use now, "
                                  f"and does not replay with them ({reason})", other_cards=True) from None
        raise SaveFormatError(f"the game does not replay: {reason}") from None


def _dealt_from_seed(game_doc: Any) -> bool:
    """Whether ``game_doc`` holds no deal (game format 1): its seed deals it."""
    return isinstance(game_doc, dict) and "deal" not in game_doc


def _replay_shipped(game_doc: Any, cards: CardSet) -> Game | None:
    """A record with no deal and no fingerprint (a bare game of 0.1.0) that does not replay with
    the cards in use in their order: the game it is dealt from the seed with the first shipped
    card list it replays with, or None."""
    for order in shipped_orders():
        try:
            return Game.from_json(game_doc, cards, order)
        except Exception:  # another list, or a record that does not replay at all: said by the caller
            continue
    return None


def _replay_problem(e: Exception) -> str:
    """What is wrong with a command log that does not replay, in English: an illegal command with the
    rules' refusal as the catalogue words it."""
    if isinstance(e, IllegalCommand):
        return f"commands[{e.index}] ({e.command}) is illegal: {english_refusal(e.refusal)}"
    return str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"


#: Longest text kept from a save's ``meta`` (names are typed with at most a few dozen characters).
MAX_TEXT = 100
# Unicode categories no font draws: controls (NUL...), format marks, lone surrogates, private use, unassigned.
_UNDRAWABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_text(value: Any) -> Any:
    """``value`` with every text in it drawable: characters no font draws removed, each text cut to
    :data:`MAX_TEXT` characters; keys of objects too. Other JSON values are returned as they are."""
    if isinstance(value, str):
        if value.isprintable() and len(value) <= MAX_TEXT:
            return value  # the usual case, checked at C speed
        return "".join(c for c in value[: MAX_TEXT * 4] if unicodedata.category(c) not in _UNDRAWABLE)[:MAX_TEXT]
    if isinstance(value, list):
        return [clean_text(v) for v in value]
    if isinstance(value, dict):
        return {clean_text(k): clean_text(v) for k, v in value.items()}
    return value


def _short(text: str, limit: int = 300) -> str:
    """A reason cut to one readable line, however large the value it quotes."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _check_outcome(game: Game, recorded: Any) -> None:
    if game.outcome is None:
        raise SaveFormatError(f"it is marked finished, but the game is not over after its "
                              f"{len(game.history)} commands")
    if recorded is None:
        return
    if not isinstance(recorded, dict):
        raise SaveFormatError("'outcome' must be an object")
    replayed = game.outcome.to_json()
    for key in ("scores", "winners"):
        if key in recorded and recorded[key] != replayed[key]:
            if key == "scores":
                mine = [s.get("total") if isinstance(s, dict) else s for s in recorded[key]] \
                    if isinstance(recorded[key], list) else recorded[key]
                theirs = [s["total"] for s in replayed[key]]
                raise SaveFormatError(f"the recorded final scores {json.dumps(mine)} differ from the "
                                      f"replay's {json.dumps(theirs)}")
            raise SaveFormatError(f"the recorded winners {json.dumps(recorded[key])} differ from the "
                                  f"replay's {json.dumps(replayed[key])}")


def _kind_of(value: Any) -> str:
    return {list: "a list", str: "text", int: "a number", float: "a number", bool: "true/false"}.get(
        type(value), "null" if value is None else type(value).__name__)
