"""Who may sit at a hosted table: its join code and each joined seat's rejoin token, saved with the game.

The join code is 10 symbols of Crockford's base 32 (50 random bits), shown as two groups of five;
typed, case, dashes and spaces do not matter, and O, I and L read as 0, 1 and 1. A token is 128
random bits. Both are compared in constant time (``hmac.compare_digest``), so the time an answer
takes tells nothing about how much of a guess was right.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 10
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


def new_code() -> str:
    """A new join code, in its plain form (no dash)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown_code(code: str) -> str:
    """The code as shown to the host: ``K7QM2-XD3FH``."""
    return f"{code[:5]}-{code[5:]}"


def plain_code(typed: str) -> str:
    """A typed code in its plain form (upper case, no dashes or spaces, O as 0, I and L as 1)."""
    return typed.upper().translate(_READ_AS)


def same_secret(given: str, expected: str) -> bool:
    """``given`` is ``expected``, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def new_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass
class TableKeys:
    """The code of a table, the port it listens on and, per seat, the token and name of the player
    who joined it (None: nobody yet)."""

    code: str
    port: int
    tokens: list[str | None] = field(default_factory=list)
    names: list[str | None] = field(default_factory=list)

    @classmethod
    def new(cls, seats: int, port: int = 0) -> TableKeys:
        return cls(new_code(), port, [None] * seats, [None] * seats)

    def code_ok(self, typed: str) -> bool:
        return same_secret(plain_code(typed), self.code)

    def seat_of_token(self, token: str) -> int | None:
        """The seat ``token`` was given to (every seat compared, in constant time each)."""
        found = None
        for seat, held in enumerate(self.tokens):
            if held is not None and same_secret(token, held):
                found = seat
        return found

    def to_meta(self) -> dict[str, Any]:
        return {"code": self.code, "port": self.port, "tokens": list(self.tokens), "names": list(self.names)}

    @classmethod
    def from_meta(cls, raw: Any, seats: int) -> TableKeys | None:
        """The keys saved by :meth:`to_meta` (None if ``raw`` is not them)."""
        if not isinstance(raw, dict):
            return None
        code, port = raw.get("code"), raw.get("port")
        if not isinstance(code, str) or len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
            return None
        if type(port) is not int or not 0 <= port < 65536:
            port = 0
        tokens = _strings(raw.get("tokens"), seats)
        names = _strings(raw.get("names"), seats)
        return cls(code, port, tokens, names)


def _strings(raw: Any, n: int) -> list[str | None]:
    items = raw if isinstance(raw, list) else []
    return [items[i] if i < len(items) and isinstance(items[i], str) and items[i] else None for i in range(n)]
