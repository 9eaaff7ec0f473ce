"""Bit sets of board cells (bit i set = cell i of a board side) read back as lists of cells, or of
the commands that place a token on them.

The engine keeps where each stack stands and where cubes sit as bit sets; answering "which cells"
then costs a few table lookups, a byte of the set at a time, instead of a test per cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Generic, TypeVar

from .boards import Hex, board_shape
from .colours import Colour
from .commands import PlaceToken

T = TypeVar("T")


class CellBits(Generic[T]):
    """Turns a bit set of cells of one board side into one item per cell (the cell itself, or a
    command on it), in board order."""

    __slots__ = ("_bytes", "_four")

    def __init__(self, cells: Sequence[T]) -> None:
        n = len(cells)
        # For each byte of the set: its shift, and the cells each of the 256 byte values stands for.
        self._bytes = tuple(
            (base, tuple(tuple(cells[base + b] for b in range(8) if value >> b & 1 and base + b < n)
                         for value in range(256)))
            for base in range(0, max(n, 32), 8)
        )
        # Boards of up to 32 cells (every shipped side) are read in one expression, without a loop.
        self._four = tuple(table for _, table in self._bytes) if n <= 32 else None

    def cells(self, bits: int) -> list[T]:
        """The items of the cells whose bits are set, in board order."""
        if self._four is not None:
            t0, t1, t2, t3 = self._four
            return [*t0[bits & 255], *t1[bits >> 8 & 255], *t2[bits >> 16 & 255], *t3[bits >> 24 & 255]]
        out: list[T] = []
        for shift, table in self._bytes:
            out += table[bits >> shift & 255]
        return out


@lru_cache(maxsize=None)
def cell_bits(side: str) -> CellBits[Hex]:
    """The reader of one board side's cell sets, built once."""
    return CellBits(board_shape(side).cells)


@lru_cache(maxsize=None)
def token_moves(side: str) -> tuple[CellBits[PlaceToken], ...]:
    """By colour, the reader of cell sets as the commands placing a token of that colour there.

    Commands are immutable values, so every game on the side shares them.
    """
    cells = board_shape(side).cells
    return tuple(CellBits([PlaceToken(colour, cell) for cell in cells]) for colour in Colour)
