"""Who may sit at a hosted table: the host's answer to a connection's hello.

A hello is refused (a reason and a line for the player) when it is not a hello of this game, speaks another
version of the protocol, is played with other cards, or, joining afresh, does not give the table's code. A
player rejoining gives the token of a seat; a new one takes a remote seat never joined, else one whose
player is away. The name a player gives is kept on one line and cut to :data:`MAX_NAME`. The host
(:mod:`.host`) does what these say; nothing here holds a connection.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .keys import TableKeys
from .protocol import GAME_NAME, PROTOCOL_VERSION

#: The longest name a player may give (longer ones are cut).
MAX_NAME = 24


def refusal_of(msg: dict[str, Any], cards: str, keys: TableKeys) -> tuple[str, str] | None:
    """Why the hello ``msg`` is refused (reason, line) at a table played with ``cards``, or None."""
    if msg.get("t") != "hello" or msg.get("game") != GAME_NAME:
        return "malformed", "the first message must be a hello of this game"
    if msg.get("v") != PROTOCOL_VERSION:
        return "version", f"the host speaks version {PROTOCOL_VERSION} of the protocol, not {msg.get('v')!r}"
    if msg.get("cards") != cards:
        return "cards", "the host plays with other cards (another cards file or version)"
    token, code = msg.get("token"), msg.get("code")
    if isinstance(token, str):
        return None
    if not isinstance(code, str) or not keys.code_ok(code):
        return "code", "that is not this table's join code"
    return None


def free_seat(remote: Sequence[int], tokens: Sequence[str | None], connected: Collection[int]) -> int | None:
    """Of the ``remote`` seats, one never joined (no token yet), else one whose player is away (not
    ``connected``: a player who lost the token), else None."""
    for seat in remote:
        if tokens[seat] is None:
            return seat
    for seat in remote:
        if seat not in connected:
            return seat
    return None


def player_name(raw: Any, default: str) -> str:
    """A player's name as given, on one line, cut to :data:`MAX_NAME` (``default`` if none)."""
    if not isinstance(raw, str):
        return default
    name = " ".join("".join(ch for ch in raw if ch.isprintable()).split())[:MAX_NAME]
    return name or default
