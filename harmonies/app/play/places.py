"""The places of the play screen: small frozen values, one kind per thing a player can touch or that can
be hidden while something flies to it.

One family serves three purposes: what the pointer is on (:data:`Target`), the stops of the keyboard
ring (:data:`Focus`) and the spots an animation hides until its piece lands (:data:`Spot`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Union

Point = tuple[float, float]
Hex = tuple[int, int]


@dataclass(frozen=True)
class SeatBoard:
    """A seat's panel on the right (click: look at that board)."""

    seat: int


@dataclass(frozen=True)
class SpiritOffer:
    """One of the two spirits dealt, while the seat chooses."""

    spirit_id: str


@dataclass(frozen=True)
class Space:
    """A space of the central board."""

    space: int


@dataclass(frozen=True)
class Slot:
    """A face-up card of the display."""

    slot: int


@dataclass(frozen=True)
class Swap:
    """The swap button under a face-up card (solo)."""

    slot: int


@dataclass(frozen=True)
class HandToken:
    """A token in hand."""

    index: int


@dataclass(frozen=True)
class HeldCard:
    """A card above a seat's board (the source of its cubes)."""

    seat: int
    card_id: str


@dataclass(frozen=True)
class Cell:
    """A cell of a seat's board (as a spot: the top token of its stack)."""

    seat: int
    cell: Hex


@dataclass(frozen=True)
class Cube:
    """The cube on a cell of a seat's board."""

    seat: int
    cell: Hex


@dataclass(frozen=True)
class UndoButton:
    """The Undo button, as a stop of the keyboard ring."""


@dataclass(frozen=True)
class EndButton:
    """The End turn button, as a stop of the keyboard ring."""


@dataclass(frozen=True)
class ScoresPanel:
    """The live scores panel, as something the guided game points at."""


@dataclass(frozen=True)
class GuideNext:
    """The guided game's Next button, on a step the player reads."""


#: What the pointer can be on.
Target = Union[SeatBoard, SpiritOffer, Space, Slot, Swap, HandToken, HeldCard, Cell, GuideNext]
#: What the keyboard ring can stop on.
Focus = Union[Target, UndoButton, EndButton]
#: What is hidden while a piece flies to it.
Spot = Union[HandToken, Slot, Space, Cell, Cube, HeldCard]
#: The spots that belong to one seat's board and cards.
SeatSpot = Union[Cell, Cube, HeldCard]
#: What a step of the guided game rings.
GuideMark = Union[Space, HandToken, Cell, Slot, Swap, HeldCard, EndButton, ScoresPanel]
#: What can be picked up and dragged.
Carried = Union[Space, Slot, HandToken, HeldCard]
#: What can be selected, then put on a cell with a second click.
Selectable = Union[HandToken, HeldCard]


@dataclass(frozen=True)
class Drag:
    """Something carried by the pointer; ``legal`` are the cells it may be dropped on."""

    target: Carried
    start: Point
    pos: Point
    legal: frozenset[Hex] = frozenset()
    active: bool = False


@dataclass(frozen=True)
class Selection:
    """A token or card picked by a click, waiting for the cell it goes on."""

    target: Selectable
    legal: frozenset[Hex]


@dataclass(frozen=True)
class Ring:
    """What the keyboard ring draws round a stop: a hex (centre, radius), a circle (centre, radius) or a
    rectangle."""

    kind: str
    centre: Point = (0.0, 0.0)
    radius: float = 0.0
    rect: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Stop:
    """A stop of the keyboard ring and the ring drawn round it."""

    place: Focus
    ring: Ring


def seat_spots(hidden: Mapping[Spot, int], seat: int) -> frozenset[tuple[SeatSpot, int]]:
    """The hidden spots on ``seat``'s board and cards with their counts (a drawing cache's key)."""
    return frozenset((k, n) for k, n in hidden.items() if isinstance(k, (Cell, Cube, HeldCard)) and k.seat == seat)
