"""The settings file: a JSON object of the player's choices, read forgivingly and written atomically.

This module stores settings; it does not decide what they are. Pass ``defaults`` (a dataclass
instance or a dict) and every value in the file of the right type replaces the default; values of
the wrong type, and keys the defaults do not know, are ignored (keys are kept in the file, so a newer
version's settings survive a round trip through an older one). A file that is not a JSON object is
set aside and :class:`~harmonies.persist.store.LoadProblem` raised; loading again gives the defaults.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar, overload

from .atomic import atomic_write_text, set_aside
from .document import SaveFormatError, parse_json
from .errors import LoadProblem, SaveError
from .lock import LockProblem, writing

T = TypeVar("T")
_WHAT = "settings file"
#: A settings file holds a few short values; a larger file is not one and is set aside unread.
MAX_BYTES = 64 * 1024


@overload
def read_settings(path: Path, defaults: None = None) -> dict[str, Any]: ...


@overload
def read_settings(path: Path, defaults: T) -> T: ...


def read_settings(path: Path, defaults: Any = None) -> Any:
    """The settings in ``path`` laid over ``defaults`` (a dataclass instance, a dict, or None for the raw dict).

    A missing file gives the defaults. Raises :class:`LoadProblem` (file set aside) for a damaged file.
    """
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return _merge({}, defaults)
    except OSError as e:
        raise LoadProblem(_WHAT, path, f"cannot read it ({e.strerror or e})", None,
                          " The default settings are used.") from None
    try:
        if len(data) > MAX_BYTES:
            raise SaveFormatError(f"it is larger than the {MAX_BYTES // 1024} KB a settings file can be")
        raw = parse_json(data)
        if not isinstance(raw, dict):
            raise SaveFormatError("expected a JSON object of settings")
    except (SaveFormatError, RecursionError) as e:
        reason = str(e) if isinstance(e, SaveFormatError) else "nested too deeply"
        try:
            with writing(path.parent):  # another window holding the folder sets it aside itself
                moved: Path | None = set_aside(path)
        except (OSError, LockProblem):
            moved = None
        raise LoadProblem(_WHAT, path, reason, moved, " The default settings are used.") from None
    return _merge(raw, defaults)


def write_settings(path: Path, settings: Any, *, durable: bool = True) -> None:
    """Write ``settings`` (a dataclass instance or a mapping of JSON values) to ``path`` atomically.

    Keys already in the file that ``settings`` does not have are kept. Raises :class:`SaveError`.
    """
    if dataclasses.is_dataclass(settings) and not isinstance(settings, type):
        values = dataclasses.asdict(settings)
    elif isinstance(settings, Mapping):
        values = dict(settings)
    else:
        raise TypeError(f"settings must be a dataclass instance or a mapping, not {type(settings).__name__}")
    try:
        with path.open("rb") as f:
            old = parse_json(f.read(MAX_BYTES + 1))
    except (OSError, ValueError, RecursionError):
        old = None
    merged = dict(old) if isinstance(old, dict) else {}
    merged.update(values)
    try:
        # ASCII escapes: a value kept from the old file may hold text UTF-8 cannot encode (a lone surrogate).
        text = json.dumps(merged, indent=2, sort_keys=True, ensure_ascii=True, allow_nan=False) + "\n"
    except (TypeError, ValueError) as e:
        raise SaveError(path, f"a setting is not storable as JSON ({e})") from None
    try:
        atomic_write_text(path, text, durable=durable)
    except OSError as e:
        raise SaveError(path, e.strerror or str(e)) from None


def _merge(raw: dict[str, Any], defaults: Any) -> Any:
    if defaults is None:
        return raw
    if dataclasses.is_dataclass(defaults) and not isinstance(defaults, type):
        changes = {}
        for f in dataclasses.fields(defaults):
            if f.name in raw and f.init:
                value = _fit(raw[f.name], getattr(defaults, f.name))
                if value is not _NO:
                    changes[f.name] = value
        return dataclasses.replace(defaults, **changes)
    if isinstance(defaults, Mapping):
        out = dict(defaults)
        for key, default in defaults.items():
            if key in raw:
                value = _fit(raw[key], default)
                if value is not _NO:
                    out[key] = value
        return out
    raise TypeError(f"defaults must be a dataclass instance, a mapping or None, not {type(defaults).__name__}")


_NO = object()
#: Longest text a setting may hold (the real ones are a word or two).
MAX_TEXT = 200


def _fit(value: Any, default: Any) -> Any:
    """``value`` converted to the type of ``default``, or ``_NO`` if it does not fit."""
    if default is None:
        return value
    want = type(default)
    if want is bool:
        return value if type(value) is bool else _NO
    if want is int:
        return value if type(value) is int else _NO
    if want is float:
        return float(value) if type(value) in (int, float) else _NO
    if want is str:
        return value if isinstance(value, str) and value.isprintable() and len(value) <= MAX_TEXT else _NO
    if want in (list, tuple):
        return want(value) if isinstance(value, list) else _NO
    if want is dict:
        return value if isinstance(value, dict) else _NO
    return _NO
