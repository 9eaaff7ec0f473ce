"""Events: what a command did, for the UI to animate. Every event names the seat that acted.

An event names only what every seat may see: a card or token it names is face up before or after the
command (tests/rules/test_hidden.py checks every event of random games). So the spirit card a seat
puts back is not in :class:`SpiritChosen`: the other seats never see it.

An event holds copies (ids, counts, tuples), never the game's own lists, so nothing done to an event
reaches the game. Events are plain slotted dataclasses rather than frozen ones: every command makes
a few and the frozen kind takes several times longer to build. They compare and hash by value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .boards import Hex
from .colours import Colour
from .commands import Command
from .outcome import Outcome


@dataclass(slots=True, unsafe_hash=True)
class SpiritChosen:
    player: int
    spirit_id: str


@dataclass(slots=True, unsafe_hash=True)
class TokensTaken:
    player: int
    space: int
    colours: tuple[Colour, ...]


@dataclass(slots=True, unsafe_hash=True)
class TokenPlaced:
    player: int
    colour: Colour
    cell: Hex
    height: int


@dataclass(slots=True, unsafe_hash=True)
class CardTaken:
    player: int
    card_id: str
    slot: int


@dataclass(slots=True, unsafe_hash=True)
class CubePlaced:
    player: int
    card_id: str
    cell: Hex
    cubes_left: int
    spirit: bool


@dataclass(slots=True, unsafe_hash=True)
class CardCompleted:
    player: int
    card_id: str


@dataclass(slots=True, unsafe_hash=True)
class SoloSwapped:
    player: int
    discarded: str
    drawn: str
    slot: int


@dataclass(slots=True, unsafe_hash=True)
class TokensDiscarded:
    player: int
    colours: tuple[Colour, ...]


@dataclass(slots=True, unsafe_hash=True)
class SpaceRefilled:
    player: int
    space: int
    colours: tuple[Colour, ...]


@dataclass(slots=True, unsafe_hash=True)
class DisplayRefilled:
    player: int
    slot: int
    card_id: str


@dataclass(slots=True, unsafe_hash=True)
class EndTriggered:
    player: int
    reason: str  # "pouch" or "board"


@dataclass(slots=True, unsafe_hash=True)
class TurnStarted:
    player: int
    round: int


@dataclass(slots=True, unsafe_hash=True)
class Undone:
    player: int
    command: "Command"


@dataclass(slots=True, unsafe_hash=True)
class GameEnded:
    player: int
    outcome: "Outcome"


Event = Union[
    SpiritChosen, TokensTaken, TokenPlaced, CardTaken, CubePlaced, CardCompleted, SoloSwapped,
    TokensDiscarded, SpaceRefilled, DisplayRefilled, EndTriggered, TurnStarted, Undone, GameEnded,
]
