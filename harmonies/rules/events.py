"""Events: what a command did, for the UI to animate. Every event names the seat that acted.

An event names only what every seat may see: a card or token it names is face up before or after the
command (tests/rules/test_hidden.py checks every event of random games). So the spirit card a seat
puts back is not in :class:`SpiritChosen`: the other seats never see it.

An event holds copies (ids, counts, tuples), never the game's own lists, so nothing done to an event
reaches the game. Events are plain slotted dataclasses rather than frozen ones: every command makes
a few and the frozen kind takes several times longer to build. They compare and hash by value. Each
writes its own ``__init__`` (init=False): the one dataclasses generates would run as Python even in
the compiled build, and events are built on every command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .boards import Hex
from .colours import Colour
from .commands import Command
from .outcome import Outcome


@dataclass(slots=True, unsafe_hash=True, init=False)
class SpiritChosen:
    player: int
    spirit_id: str

    def __init__(self, player: int, spirit_id: str) -> None:
        self.player = player
        self.spirit_id = spirit_id


@dataclass(slots=True, unsafe_hash=True, init=False)
class TokensTaken:
    player: int
    space: int
    colours: tuple[Colour, ...]

    def __init__(self, player: int, space: int, colours: tuple[Colour, ...]) -> None:
        self.player = player
        self.space = space
        self.colours = colours


@dataclass(slots=True, unsafe_hash=True, init=False)
class TokenPlaced:
    player: int
    colour: Colour
    cell: Hex
    height: int

    def __init__(self, player: int, colour: Colour, cell: Hex, height: int) -> None:
        self.player = player
        self.colour = colour
        self.cell = cell
        self.height = height


@dataclass(slots=True, unsafe_hash=True, init=False)
class CardTaken:
    player: int
    card_id: str
    slot: int

    def __init__(self, player: int, card_id: str, slot: int) -> None:
        self.player = player
        self.card_id = card_id
        self.slot = slot


@dataclass(slots=True, unsafe_hash=True, init=False)
class CubePlaced:
    player: int
    card_id: str
    cell: Hex
    cubes_left: int
    spirit: bool

    def __init__(self, player: int, card_id: str, cell: Hex, cubes_left: int, spirit: bool) -> None:
        self.player = player
        self.card_id = card_id
        self.cell = cell
        self.cubes_left = cubes_left
        self.spirit = spirit


@dataclass(slots=True, unsafe_hash=True, init=False)
class CardCompleted:
    player: int
    card_id: str

    def __init__(self, player: int, card_id: str) -> None:
        self.player = player
        self.card_id = card_id


@dataclass(slots=True, unsafe_hash=True, init=False)
class SoloSwapped:
    player: int
    discarded: str
    drawn: str
    slot: int

    def __init__(self, player: int, discarded: str, drawn: str, slot: int) -> None:
        self.player = player
        self.discarded = discarded
        self.drawn = drawn
        self.slot = slot


@dataclass(slots=True, unsafe_hash=True, init=False)
class TokensDiscarded:
    player: int
    colours: tuple[Colour, ...]

    def __init__(self, player: int, colours: tuple[Colour, ...]) -> None:
        self.player = player
        self.colours = colours


@dataclass(slots=True, unsafe_hash=True, init=False)
class SpaceRefilled:
    player: int
    space: int
    colours: tuple[Colour, ...]

    def __init__(self, player: int, space: int, colours: tuple[Colour, ...]) -> None:
        self.player = player
        self.space = space
        self.colours = colours


@dataclass(slots=True, unsafe_hash=True, init=False)
class DisplayRefilled:
    player: int
    slot: int
    card_id: str

    def __init__(self, player: int, slot: int, card_id: str) -> None:
        self.player = player
        self.slot = slot
        self.card_id = card_id


@dataclass(slots=True, unsafe_hash=True, init=False)
class EndTriggered:
    player: int
    reason: str  # "pouch" or "board"

    def __init__(self, player: int, reason: str) -> None:
        self.player = player
        self.reason = reason


@dataclass(slots=True, unsafe_hash=True, init=False)
class TurnStarted:
    player: int
    round: int

    def __init__(self, player: int, round: int) -> None:
        self.player = player
        self.round = round


@dataclass(slots=True, unsafe_hash=True, init=False)
class Undone:
    player: int
    command: "Command"

    def __init__(self, player: int, command: "Command") -> None:
        self.player = player
        self.command = command


@dataclass(slots=True, unsafe_hash=True, init=False)
class GameEnded:
    player: int
    outcome: "Outcome"

    def __init__(self, player: int, outcome: "Outcome") -> None:
        self.player = player
        self.outcome = outcome


Event = Union[
    SpiritChosen, TokensTaken, TokenPlaced, CardTaken, CubePlaced, CardCompleted, SoloSwapped,
    TokensDiscarded, SpaceRefilled, DisplayRefilled, EndTriggered, TurnStarted, Undone, GameEnded,
]
