"""Reading JSON that people (or anyone) wrote: every failure is a :class:`JsonTextError` with a line.

Python's own parser fails in ways a player cannot act on: deep nesting is a ``RecursionError``, a
number longer than the interpreter's digit limit a bare ``ValueError`` without a place. Here the
nesting depth is checked before parsing (a board file or a save nests a few levels; anything deeper
is not one), and every other failure is given the line and column where it happens.

It is also stricter than Python's parser, in the two places where that one silently accepts what
JSON does not: a key written twice in one object (Python keeps the last, dropping the first without
a word) and ``NaN``/``Infinity`` (not JSON numbers). Both are refused, naming the key or the word.

Pure standard library: the rules library and the saves both read their files through it.
"""

from __future__ import annotations

import json
import re
import sys
from itertools import accumulate
from typing import Any

__all__ = ["MAX_DEPTH", "JsonTextError", "check_depth", "decode_text", "deepest", "loads", "loads_bytes", "shown"]

#: Deepest nesting of lists and objects accepted; real files nest at most about six levels.
MAX_DEPTH = 64

# A JSON string (skipped whole, so brackets inside text do not count) or one bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_DIGITS = re.compile(r"\d+")
# The same strings as in _TOKENS, written as an unrolled loop (one step per run of plain characters).
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class JsonTextError(ValueError):
    """JSON text that cannot be read; ``line``/``column`` are 1-based (None when the whole file is at fault)."""

    def __init__(self, line: int | None, column: int | None, problem: str) -> None:
        self.line = line
        self.column = column
        self.problem = problem
        super().__init__(f"{self.place}: {problem}" if self.place else problem)

    @property
    def place(self) -> str:
        """``line 3, column 7`` (or ``line 3``), empty when there is no place."""
        if self.line is None:
            return ""
        return f"line {self.line}" if self.column is None else f"line {self.line}, column {self.column}"


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def decode_text(data: bytes) -> str:
    """The bytes of a file as text (UTF-8, an optional BOM dropped); the line of the first bad byte if not."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise JsonTextError(data.count(b"\n", 0, e.start) + 1, None, "not text (not valid UTF-8)") from None


def deepest(text: str) -> int:
    """How deep lists and objects nest in ``text`` (brackets inside strings do not count).

    The strings and everything but brackets are removed by regular expressions (C speed), so only
    the brackets are walked one by one: a save holds thousands of strings and far fewer brackets.
    """
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate((1 if b in "[{" else -1 for b in brackets), initial=0))


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse lists and objects nested more than ``max_depth`` deep, naming where the limit is passed."""
    if deepest(text) <= max_depth:
        return
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                line, col = _line_col(text, match.start())
                raise JsonTextError(line, col, f"nested more than {max_depth} levels deep")
        elif token in "]}":
            depth -= 1


def _long_number(text: str) -> tuple[int, int] | None:
    limit = sys.get_int_max_str_digits()
    for match in _DIGITS.finditer(text):
        if limit and len(match.group()) > limit:
            return _line_col(text, match.start())
    return None


class _Refused(ValueError):
    """A duplicate key or a non-number constant met while parsing (turned into a :class:`JsonTextError`)."""

    def __init__(self, problem: str, key: str | None = None) -> None:
        super().__init__(problem)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict, refusing a key written twice (the parser would keep the last)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {shown(key)} is written twice in one object", key)
            seen.add(key)
    return out


def _constant(word: str) -> Any:
    raise _Refused(f"{word} is not a JSON number (JSON has no NaN or Infinity)")


# A string, with the colon after it when it is an object's key, or one bracket.
_KEYS = re.compile(r'("(?:[^"\\]|\\.)*")(\s*:)?|[\[\]{}]', re.DOTALL)


def _duplicate_place(text: str, key: str) -> tuple[int | None, int | None]:
    """Where ``key`` is written the second time in one object (walked only once the parser refused it)."""
    keys: list[set[str]] = []
    for match in _KEYS.finditer(text):
        token = match.group()
        if token in "[{":
            keys.append(set())
        elif token in "]}":
            if keys:
                keys.pop()
        elif match.group(2) is not None and keys:
            try:
                name = json.loads(match.group(1))
            except ValueError:
                continue
            if name == key and name in keys[-1]:
                return _line_col(text, match.start())
            keys[-1].add(name)
    return None, None


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text; :class:`JsonTextError` names the line and column of what is wrong.

    A key written twice in one object, and ``NaN``, ``Infinity`` or ``-Infinity``, are refused.
    """
    check_depth(text, max_depth)
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except _Refused as e:
        line, col = _duplicate_place(text, e.key) if e.key is not None else (None, None)
        raise JsonTextError(line, col, str(e)) from None
    except json.JSONDecodeError as e:
        raise JsonTextError(e.lineno, e.colno, f"not valid JSON ({e.msg})") from None
    except RecursionError:
        raise JsonTextError(None, None, "nested too deeply") from None
    except ValueError:
        # The only other ValueError json raises: an integer with more digits than Python converts.
        where = _long_number(text)
        line, col = where if where is not None else (None, None)
        raise JsonTextError(line, col, f"a number longer than {sys.get_int_max_str_digits()} digits") from None


def loads_bytes(data: bytes, max_depth: int = MAX_DEPTH) -> Any:
    """:func:`decode_text` then :func:`loads`."""
    return loads(decode_text(data), max_depth)


def shown(value: Any, limit: int = 60) -> str:
    """``value`` as JSON for a message, cut to about ``limit`` characters so a huge value stays one short line."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"
