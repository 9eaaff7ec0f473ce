"""Personal board shapes (side A and side B) and the hex arithmetic on them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .tables import rules_data

Hex = tuple[int, int]

# components.md §3: the six axial neighbour offsets of a flat-topped hex.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def rotate(h: Hex, times: int = 1) -> Hex:
    """Rotate an offset by 60 degrees ``times`` times about the origin."""
    q, r = h
    for _ in range(times % 6):
        q, r = -r, q + r
    return (q, r)


@dataclass(frozen=True)
class BoardShape:
    """The cells of one board side, numbered 0..n-1 in (q, r) order."""

    side: str
    water: str                              # "river" (side A) or "islands" (side B)
    cells: tuple[Hex, ...]
    index: dict[Hex, int]
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_bits: tuple[int, ...] = ()    # by cell: its neighbours as a bit set of cell indices

    @property
    def size(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self.index


@lru_cache(maxsize=None)
def board_shape(side: str) -> BoardShape:
    """The board of ``side`` ("A" or "B"); ``ValueError`` for any other side."""
    boards = rules_data().boards
    if side not in boards:
        raise ValueError(f"unknown board side {side!r} (expected one of {', '.join(sorted(boards))})")
    spec = boards[side]
    cells = tuple(
        (int(q), r)
        for q, (r_min, r_max) in sorted(spec["columns"].items(), key=lambda kv: int(kv[0]))
        for r in range(int(r_min), int(r_max) + 1)
    )
    index = {c: i for i, c in enumerate(cells)}
    neighbours = tuple(
        tuple(index[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in index) for q, r in cells
    )
    neighbour_bits = tuple(sum(1 << n for n in near) for near in neighbours)
    return BoardShape(side=side, water=str(spec["water"]), cells=cells, index=index, neighbours=neighbours,
                      neighbour_bits=neighbour_bits)
