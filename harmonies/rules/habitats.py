"""Where a card's habitat pattern is formed on a board.

Every placement of every pattern (each of the 6 rotations, at each cube cell, kept only when all its
cells are on the board) is computed once per card and board side. Matching is then a few mask tests
per candidate cube cell; nothing is rotated or looked up by coordinates during play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .boards import BoardShape, rotate
from .tables import Stack, stack_table

# One placement: the non-cube cells of the pattern as (cell index, mask of accepted stack ids).
Placement = tuple[tuple[int, int], ...]


class Pattern(Protocol):
    """What habitat matching needs of a card (animal or spirit)."""

    @property
    def id(self) -> str: ...

    @property
    def cells(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class HabitatTable:
    """All placements of one card's pattern on one board side."""

    card_id: str
    cube_mask: int                                          # stack ids accepted under the cube
    candidates: tuple[tuple[int, tuple[Placement, ...]], ...]  # (cube cell, its placements)


def _mask(stacks: Sequence[Stack]) -> int:
    ids = stack_table().ids
    mask = 0
    for s in stacks:
        mask |= 1 << ids[tuple(s)]
    return mask


def build_table(card: Pattern, shape: BoardShape) -> HabitatTable:
    """Precompute every placement of ``card`` on ``shape``."""
    cells = list(card.cells)
    cube_cell = cells[0]
    others = [(int(c.q), int(c.r), _mask(c.stacks)) for c in cells[1:]]  # type: ignore[attr-defined]
    candidates: list[tuple[int, tuple[Placement, ...]]] = []
    for idx, (q, r) in enumerate(shape.cells):
        seen: set[frozenset[tuple[int, int]]] = set()
        placements: list[Placement] = []
        for turn in range(6):
            placed: list[tuple[int, int]] = []
            for dq, dr, mask in others:
                rq, rr = rotate((dq, dr), turn)
                j = shape.index.get((q + rq, r + rr))
                if j is None:
                    break
                placed.append((j, mask))
            else:
                key = frozenset(placed)
                if key not in seen:  # symmetric patterns repeat a placement under rotation
                    seen.add(key)
                    placements.append(tuple(placed))
        if placements:
            candidates.append((idx, tuple(placements)))
    return HabitatTable(card.id, _mask(cube_cell.stacks), tuple(candidates))  # type: ignore[attr-defined]


def matching_cells(table: HabitatTable, stacks: Sequence[int], cubes: Sequence[object]) -> list[int]:
    """Cell indices where the next cube of ``table``'s card may go (its cell free of cubes)."""
    found: list[int] = []
    cube_mask = table.cube_mask
    for idx, placements in table.candidates:
        if cubes[idx] is not None or not (cube_mask >> stacks[idx]) & 1:
            continue
        for placement in placements:
            for j, mask in placement:
                if not (mask >> stacks[j]) & 1:
                    break
            else:
                found.append(idx)
                break
    return found


def matches_at(table: HabitatTable, stacks: Sequence[int], cubes: Sequence[object], idx: int) -> bool:
    """Whether the card's next cube may go on cell ``idx``."""
    if cubes[idx] is not None or not (table.cube_mask >> stacks[idx]) & 1:
        return False
    for cell, placements in table.candidates:
        if cell == idx:
            return any(all((mask >> stacks[j]) & 1 for j, mask in p) for p in placements)
    return False
