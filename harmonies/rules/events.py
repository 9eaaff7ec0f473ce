"""Events: what a command did, for the UI to animate. Every event names the seat that acted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from .boards import Hex
from .colours import Colour

if TYPE_CHECKING:
    from .commands import Command
    from .outcome import Outcome


@dataclass(frozen=True, slots=True)
class SpiritChosen:
    player: int
    spirit_id: str
    returned_id: str


@dataclass(frozen=True, slots=True)
class TokensTaken:
    player: int
    space: int
    colours: tuple[Colour, ...]


@dataclass(frozen=True, slots=True)
class TokenPlaced:
    player: int
    colour: Colour
    cell: Hex
    height: int


@dataclass(frozen=True, slots=True)
class CardTaken:
    player: int
    card_id: str
    slot: int


@dataclass(frozen=True, slots=True)
class CubePlaced:
    player: int
    card_id: str
    cell: Hex
    cubes_left: int
    spirit: bool


@dataclass(frozen=True, slots=True)
class CardCompleted:
    player: int
    card_id: str


@dataclass(frozen=True, slots=True)
class SoloSwapped:
    player: int
    discarded: str
    drawn: str
    slot: int


@dataclass(frozen=True, slots=True)
class TokensDiscarded:
    player: int
    colours: tuple[Colour, ...]


@dataclass(frozen=True, slots=True)
class SpaceRefilled:
    player: int
    space: int
    colours: tuple[Colour, ...]


@dataclass(frozen=True, slots=True)
class DisplayRefilled:
    player: int
    slot: int
    card_id: str


@dataclass(frozen=True, slots=True)
class EndTriggered:
    player: int
    reason: str  # "pouch" or "board"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: int
    round: int


@dataclass(frozen=True, slots=True)
class Undone:
    player: int
    command: "Command"


@dataclass(frozen=True, slots=True)
class GameEnded:
    player: int
    outcome: "Outcome"


Event = Union[
    SpiritChosen, TokensTaken, TokenPlaced, CardTaken, CubePlaced, CardCompleted, SoloSwapped,
    TokensDiscarded, SpaceRefilled, DisplayRefilled, EndTriggered, TurnStarted, Undone, GameEnded,
]
