"""Commands: the only way to change a game. Small frozen values with a JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from .boards import Hex
from .colours import Colour


@dataclass(frozen=True, slots=True)
class ChooseSpirit:
    """Keep one of the two Nature's Spirit cards dealt (first turn, spirits on)."""

    spirit_id: str


@dataclass(frozen=True, slots=True)
class TakeTokens:
    """Take the 3 tokens of one central-board space."""

    space: int


@dataclass(frozen=True, slots=True)
class PlaceToken:
    """Put one token from hand on a board cell."""

    colour: Colour
    cell: Hex


@dataclass(frozen=True, slots=True)
class TakeCard:
    """Take a face-up animal card."""

    card_id: str


@dataclass(frozen=True, slots=True)
class PlaceCube:
    """Move the next cube of a held card (or the spirit cube) onto a board cell."""

    card_id: str
    cell: Hex


@dataclass(frozen=True, slots=True)
class SoloSwap:
    """Solo, end of a turn without a card taken: replace one face-up card from the pile."""

    card_id: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn: refill the central board and the display."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last command of the current turn."""


Command = Union[ChooseSpirit, TakeTokens, PlaceToken, TakeCard, PlaceCube, SoloSwap, EndTurn, Undo]
# The types of the union, for telling a command from anything else sent.
COMMAND_TYPES: frozenset[type] = frozenset({ChooseSpirit, TakeTokens, PlaceToken, TakeCard, PlaceCube, SoloSwap,
                                            EndTurn, Undo})

_KINDS: dict[str, type] = {
    "choose_spirit": ChooseSpirit,
    "take_tokens": TakeTokens,
    "place_token": PlaceToken,
    "take_card": TakeCard,
    "place_cube": PlaceCube,
    "solo_swap": SoloSwap,
    "end_turn": EndTurn,
    "undo": Undo,
}
_NAMES = {cls: name for name, cls in _KINDS.items()}


def command_to_json(cmd: Command) -> dict[str, Any]:
    """``{"do": "place_token", "colour": "gray", "cell": [2, 0]}`` and the like."""
    out: dict[str, Any] = {"do": _NAMES[type(cmd)]}
    for name in type(cmd).__slots__:
        value = getattr(cmd, name)
        if isinstance(value, Colour):
            value = value.label
        elif isinstance(value, tuple):
            value = list(value)
        out[name] = value
    return out


def command_from_json(data: Any) -> Command:
    """Read a command written by :func:`command_to_json`; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict) or "do" not in data:
        raise ValueError(f"a command must be an object with a 'do' field, not {data!r}")
    kind = _KINDS.get(data["do"]) if isinstance(data["do"], str) else None
    if kind is None:
        raise ValueError(f"unknown command {data['do']!r} (expected one of {', '.join(_KINDS)})")
    fields = kind.__slots__  # type: ignore[attr-defined]
    extra = set(data) - set(fields) - {"do"}
    if extra:
        raise ValueError(f"command {data['do']!r} has unknown fields: {', '.join(sorted(extra))}")
    args: dict[str, Any] = {}
    for name in fields:
        if name not in data:
            raise ValueError(f"command {data['do']!r} lacks the field {name!r}")
        value = data[name]
        if name == "colour":
            value = Colour.parse(value)
        elif name == "cell":
            if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
                raise ValueError(f"command {data['do']!r}: cell must be [q, r], not {value!r}")
            value = (value[0], value[1])
        elif name == "space":
            if type(value) is not int:
                raise ValueError(f"command {data['do']!r}: space must be a whole number, not {value!r}")
        elif not isinstance(value, str):
            raise ValueError(f"command {data['do']!r}: {name} must be text, not {value!r}")
        args[name] = value
    return kind(**args)  # type: ignore[no-any-return]
