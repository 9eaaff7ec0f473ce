"""Where a card's habitat pattern is formed on a board.

Every placement of every pattern (each of the 6 rotations, at each cube cell, kept only when all its
cells are on the board) is computed once per card and board side. Matching is then a few mask tests
per candidate cube cell; nothing is rotated or looked up by coordinates during play.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from .boards import BoardShape, board_shape, rotate
from .cards import AnimalCard, CardSet, SpiritCard
from .tables import Stack, stack_table

# One placement: the non-cube cells of the pattern as (cell index, mask of accepted stack ids).
Placement = tuple[tuple[int, int], ...]

# Tokens needed (tokens_needed) where no legal stacking leads to an accepted stack.
FAR = 99


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
    cube_stacks: tuple[int, ...]                            # the same, as a list of stack ids
    candidates: tuple[tuple[int, tuple[Placement, ...]], ...]  # (cube cell, its placements)
    by_cell: tuple[tuple[Placement, ...], ...]              # placements by cube cell (may be empty)
    relevant: int                                           # every stack id the pattern accepts anywhere
    reach: tuple[int, ...]                                  # by cell: bit set of the cube cells it can decide


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
    cube_mask = _mask(cube_cell.stacks)  # type: ignore[attr-defined]
    by_cell: list[tuple[Placement, ...]] = [()] * shape.size
    for idx, found in candidates:
        by_cell[idx] = found
    cube_stacks = tuple(i for i in range(cube_mask.bit_length()) if (cube_mask >> i) & 1)
    relevant = cube_mask
    for _, _, mask in others:
        relevant |= mask
    # A change at a cell can only change whether the cube may go on that cell itself or on a cube cell
    # with a placement through it.
    reach = [1 << idx for idx in range(shape.size)]
    for idx, found in candidates:
        for placement in found:
            for j, _ in placement:
                reach[j] |= 1 << idx
    return HabitatTable(card.id, cube_mask, cube_stacks, tuple(candidates), tuple(by_cell), relevant, tuple(reach))


def matching_cells(table: HabitatTable, stacks: Sequence[int], where: Sequence[int], cube_bits: int) -> list[int]:
    """Cell indices where the next cube of ``table``'s card may go (its cell free of cubes)."""
    found = matching_bits(table, stacks, where, cube_bits)
    return [i for i in range(found.bit_length()) if found >> i & 1]


def matching_bits(table: HabitatTable, stacks: Sequence[int], where: Sequence[int], cube_bits: int,
                  among: int = -1) -> int:
    """The bit set of the cells, of those in ``among``, where the next cube of ``table``'s card may go.

    ``where[s]`` is the bit set of cells holding stack id ``s`` and ``cube_bits`` those holding a
    cube, so only cells that already carry the cube's landscape are looked at.
    """
    bits = 0
    for s in table.cube_stacks:
        bits |= where[s]
    return matching_among(table, stacks, bits & among & ~cube_bits)


def matching_among(table: HabitatTable, stacks: Sequence[int], bits: int) -> int:
    """The bit set of the cells of ``bits`` (free cells carrying the cube's landscape) where some
    placement of ``table``'s pattern is formed."""
    found = 0
    by_cell = table.by_cell
    while bits:
        low = bits & -bits
        bits ^= low
        for placement in by_cell[low.bit_length() - 1]:
            for j, mask in placement:
                if not (mask >> stacks[j]) & 1:
                    break
            else:
                found |= low
                break
    return found


def formed_cells(table: HabitatTable, stacks: Sequence[int], among: int) -> int:
    """The bit set of the cells of ``among`` (cells free of cubes) where the pattern of ``table``'s
    card is formed: the cell carries the cube's landscape and a placement around it matches."""
    bits = 0
    cube_mask = table.cube_mask
    rest = among
    while rest:
        low = rest & -rest
        rest ^= low
        if (cube_mask >> stacks[low.bit_length() - 1]) & 1:
            bits |= low
    return matching_among(table, stacks, bits)


@lru_cache(maxsize=None)
def tokens_needed(accepted: int) -> tuple[int, ...]:
    """By stack id, the fewest tokens that legal stacking (the stack table's ``add``) puts on it to
    make one of the stack ids of the bit set ``accepted``; :data:`FAR` when none does."""
    add = stack_table().add
    out: list[int] = []
    for start in range(len(add)):
        seen = {start: 0}
        queue = deque([start])
        best = FAR
        while queue:
            s = queue.popleft()
            if (accepted >> s) & 1:
                best = seen[s]
                break
            for nxt in add[s]:
                if nxt >= 0 and nxt not in seen:
                    seen[nxt] = seen[s] + 1
                    queue.append(nxt)
        out.append(best)
    return tuple(out)


_TABLES: dict[tuple[int, str], tuple[CardSet, dict[str, HabitatTable]]] = {}


def habitat_tables(cards: CardSet, side: str) -> dict[str, HabitatTable]:
    """Placement tables of every card (animals and spirits) on one side, built once per card set and side."""
    key = (id(cards), side)
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not cards:
        shape = board_shape(side)
        patterns: list[AnimalCard | SpiritCard] = [*cards.animals, *cards.spirits]
        tables = {c.id: build_table(c, shape) for c in patterns}
        hit = _TABLES[key] = (cards, tables)  # keeping ``cards`` alive keeps id(cards) unique
    return hit[1]
