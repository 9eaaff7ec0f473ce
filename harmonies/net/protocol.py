"""The wire protocol: one JSON object per line, each with a type ``t``, bounded in size and rate.

A connection opens with the client's ``hello`` (the protocol version, and the join code or a seat's
rejoin token) and the host's answer: ``welcome`` (the seat, its token, the first view) or ``error``
(why not) before it closes. After that the host sends ``state`` (a command played, its events and
the seat's new view), ``refused`` (this client's command was refused), ``seats`` (who is
connected), ``over`` (the finished game) and ``error``; the client sends ``command``. Either side
sends ``ping`` after a quiet spell and answers one with ``pong``; a connection silent for longer than
:data:`SILENT_SECONDS` is closed. docs/network.md describes every message.
"""

from __future__ import annotations

import json
import time
from typing import Any

#: Bumped whenever a message changes meaning; a peer of another version is refused in one line.
PROTOCOL_VERSION = 1
#: Names the game in the hello, so another program that happens to connect is told apart.
GAME_NAME = "harmonies"
#: The longest line either side accepts (a four-seat view is a few kilobytes).
MAX_MESSAGE = 256 * 1024
#: The hello must arrive this soon after connecting.
HELLO_SECONDS = 5.0
#: Either side pings after this long without sending anything.
PING_SECONDS = 4.0
#: A connection from which nothing (not even a ping) arrived for this long is closed.
SILENT_SECONDS = 15.0
#: Messages a client may send: a steady rate and a burst.
RATE_PER_SECOND = 20.0
RATE_BURST = 60.0

#: Why a connection was refused or closed, as sent in an ``error`` message.
REASONS = ("code", "version", "full", "token", "cards", "malformed", "too_big", "rate", "timeout",
           "host_closed", "replaced", "over")
#: The longest explanation an ``error`` carries (it may quote what the peer sent).
MAX_TEXT = 200


class ProtocolError(Exception):
    """A message that breaks the protocol: ``reason`` is one of :data:`REASONS`."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of compact JSON (UTF-8, ending in a newline)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """The message of one line; :class:`ProtocolError` if it is too long, not JSON, or has no type."""
    if len(line) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message of more than {MAX_MESSAGE} bytes")
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ProtocolError("malformed", "a message that is not JSON text") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise ProtocolError("malformed", "a message that is not an object with a type 't'")
    return data


class RateLimit:
    """A token bucket: :meth:`allow` is false once messages come faster than the rate and the burst allow."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate = rate
        self.burst = burst
        self._level = burst
        self._at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self._level = min(self.burst, self._level + (now - self._at) * self.rate)
        self._at = now
        if self._level < 1.0:
            return False
        self._level -= 1.0
        return True


def error(reason: str, text: str) -> dict[str, Any]:
    """The ``error`` message sent before a connection is closed."""
    return {"t": "error", "reason": reason, "text": text[:MAX_TEXT]}


def hello(code: str | None, token: str | None, name: str, cards: str) -> dict[str, Any]:
    """The client's first message: the join code, or the rejoin token of its seat."""
    out: dict[str, Any] = {"t": "hello", "v": PROTOCOL_VERSION, "game": GAME_NAME, "name": name, "cards": cards}
    if code is not None:
        out["code"] = code
    if token is not None:
        out["token"] = token
    return out
