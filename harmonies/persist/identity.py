"""A game's identity: its setup and command log, as one stable hash.

Two records hold the same game exactly when they hold the same setup and the same command log,
whatever their file names, start times, seat names or the version that wrote them. The identity is
the SHA-256 of a canonical JSON text of both (keys sorted, no spaces, ASCII only): the setup's four
fields and each command as the rules write it (:func:`harmonies.rules.commands.command_to_json`).
A record's identity is read from its file without parsing each command again (a quarter of the time,
which counts when an index of 50,000 records is built): every record this app writes holds its
commands in the rules' own form, so the file and the replayed game give the same identity, and key
order and spacing in the file do not matter.

A finished game's record keeps its identity in ``meta["identity"]`` (written by this version); an
older record without one gets it computed from its setup and commands when it is needed.

The identity says which *play* a record holds, not which *game*: the same deal played twice can give
the same command log (a challenge replayed move for move). Each game therefore also gets a game id
when it starts (``meta["game_id"]``, 32 hex digits from :func:`new_game_id`), kept in its autosave and
its finished record. Two records hold the same game when their identities are equal and their game
ids are equal, or one of them has none (written before game ids: the identity alone decides, as it did).
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from typing import Any

from ..rules import Game

#: The key of ``meta`` that holds a finished game's identity.
META_KEY = "identity"

#: The key of ``meta`` that holds the id a game is given when it starts.
GAME_ID_KEY = "game_id"

_HEX = re.compile(r"[0-9a-f]{64}")
_GAME_ID = re.compile(r"[0-9a-f]{32}")
#: The fields of a setup, as :func:`harmonies.rules.saves.game_json` writes them.
_SETUP_KEYS = ("players", "side", "spirits", "seed")


def identity_of(game: Game) -> str:
    """The identity of ``game`` (its setup and the commands played so far)."""
    return _digest(game.to_json())


def identity_of_json(game_doc: Any) -> str:
    """The identity of a ``Game.to_json()`` object read from a file; ``ValueError`` if it holds no
    setup and list of commands."""
    setup = game_doc.get("setup") if isinstance(game_doc, dict) else None
    commands = game_doc.get("commands") if isinstance(game_doc, dict) else None
    if not isinstance(setup, dict) or not isinstance(commands, list):
        raise ValueError("no setup and command log")
    if any(key not in setup for key in _SETUP_KEYS) or not all(isinstance(c, dict) for c in commands):
        raise ValueError("no complete setup and command log")
    return _digest({"setup": {key: setup[key] for key in _SETUP_KEYS}, "commands": commands})


def recorded_identity(doc: Any) -> str | None:
    """The identity a record states in its ``meta``, or None when it states none that could be one."""
    meta = doc.get("meta") if isinstance(doc, dict) else None
    value = meta.get(META_KEY) if isinstance(meta, dict) else None
    return value if isinstance(value, str) and _HEX.fullmatch(value) else None


def new_game_id() -> str:
    """A fresh game id (a random UUID's 32 hex digits): two games never share one."""
    return uuid.uuid4().hex


def game_id_of(meta: Any) -> str | None:
    """The game id a ``meta`` holds, or None when it holds none that could be one (an older file)."""
    value = meta.get(GAME_ID_KEY) if isinstance(meta, dict) else None
    return value if isinstance(value, str) and _GAME_ID.fullmatch(value) else None


def same_game(ids: tuple[str | None, str | None], other: tuple[str | None, str | None]) -> bool:
    """Whether two records, each ``(identity, game id)``, hold the same game: equal identities, and equal
    game ids unless one of them has none."""
    (identity, game_id), (other_identity, other_id) = ids, other
    if identity is None or identity != other_identity:
        return False
    return game_id is None or other_id is None or game_id == other_id


def _digest(data: dict[str, Any]) -> str:
    canonical = {"setup": {key: data["setup"][key] for key in _SETUP_KEYS}, "commands": data["commands"]}
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return hashlib.sha256(text.encode("ascii")).hexdigest()
