"""What the pointer is on in the play scene: small frozen values, one kind per thing a player can touch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Point = tuple[float, float]
Hex = tuple[int, int]


@dataclass(frozen=True)
class SeatTarget:
    """A seat's panel on the right (click: look at that board)."""

    seat: int


@dataclass(frozen=True)
class SpiritTarget:
    """One of the two spirits dealt, while the seat chooses."""

    spirit_id: str


@dataclass(frozen=True)
class SpaceTarget:
    """A space of the central board."""

    space: int


@dataclass(frozen=True)
class SlotTarget:
    """A face-up card of the display."""

    slot: int


@dataclass(frozen=True)
class SwapTarget:
    """The swap button under a face-up card (solo)."""

    slot: int


@dataclass(frozen=True)
class HandTarget:
    """A token in hand."""

    index: int


@dataclass(frozen=True)
class HeldTarget:
    """A card above the board (the source of its cubes)."""

    card_id: str


@dataclass(frozen=True)
class CellTarget:
    """A cell of the shown board."""

    cell: Hex


Target = Union[SeatTarget, SpiritTarget, SpaceTarget, SlotTarget, SwapTarget, HandTarget, HeldTarget, CellTarget]
#: What can be picked up and dragged.
Carried = Union[SpaceTarget, SlotTarget, HandTarget, HeldTarget]
#: What can be selected, then put on a cell with a second click.
Selectable = Union[HandTarget, HeldTarget]


@dataclass
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
