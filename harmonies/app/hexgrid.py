"""Flat-topped axial hex maths for drawing boards (Red Blob Games' Layout model).

Coordinates follow reference/components.md §3: ``(q, r)``, ``q`` the column,
``r`` growing downward along a column. Pure functions on tuples; no pygame.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Hex = tuple[int, int]
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class HexLayout:
    """Maps hexes to pixels: ``size`` is the centre-to-corner radius."""

    size: float
    origin: tuple[float, float]

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        q, r = h
        x = self.size * 1.5 * q
        y = self.size * SQRT3 * (r + q / 2.0)
        return (self.origin[0] + x, self.origin[1] + y)

    def to_hex_fraction(self, p: tuple[float, float]) -> tuple[float, float]:
        x = (p[0] - self.origin[0]) / self.size
        y = (p[1] - self.origin[1]) / self.size
        q = 2.0 / 3.0 * x
        r = -1.0 / 3.0 * x + SQRT3 / 3.0 * y
        return (q, r)

    def to_hex(self, p: tuple[float, float]) -> Hex:
        return hex_round(*self.to_hex_fraction(p))

    def corners(self, h: Hex, shrink: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(h)
        return hex_corners((cx, cy), self.size * shrink)


def hex_corners(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, starting at the right-hand corner."""
    cx, cy = centre
    return [(cx + radius * math.cos(math.pi / 3 * i), cy + radius * math.sin(math.pi / 3 * i)) for i in range(6)]


def hex_round(qf: float, rf: float) -> Hex:
    """Nearest hex to fractional axial coordinates (round in cube space, fix the worst axis)."""
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


def bounds(cells: Iterable[Hex], size: float = 1.0) -> tuple[float, float, float, float]:
    """(min_x, min_y, width, height) of the hexes' outlines for a layout at the origin."""
    layout = HexLayout(size, (0.0, 0.0))
    xs: list[float] = []
    ys: list[float] = []
    for h in cells:
        x, y = layout.to_pixel(h)
        xs += [x - size, x + size]
        ys += [y - size * SQRT3 / 2, y + size * SQRT3 / 2]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def fit_layout(cells: Iterable[Hex], box: tuple[float, float, float, float], max_size: float = 1e9) -> HexLayout:
    """The largest layout (up to ``max_size``) that fits ``cells`` centred in ``box`` (x, y, w, h)."""
    cells = list(cells)
    mx, my, w, h = bounds(cells, 1.0)
    bx, by, bw, bh = box
    size = min(bw / w if w else max_size, bh / h if h else max_size, max_size)
    ox = bx + (bw - w * size) / 2 - mx * size
    oy = by + (bh - h * size) / 2 - my * size
    return HexLayout(size, (ox, oy))
