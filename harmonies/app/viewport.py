"""Scaling between the virtual 1280x720 design canvas and the real window.

Scenes lay themselves out in virtual units; the viewport scales them uniformly to
fit the window (1920x1080 is exactly x1.5) and centres the result, so nothing
overlaps or is cut off at any size or aspect ratio. Text is rendered at the real
pixel size, so it stays sharp.
"""

from __future__ import annotations

import pygame

VIRTUAL_W = 1280
VIRTUAL_H = 720


class Viewport:
    def __init__(self, size: tuple[int, int]) -> None:
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        self.size = (w, h)
        self.scale = min(w / VIRTUAL_W, h / VIRTUAL_H)
        self.ox = (w - VIRTUAL_W * self.scale) / 2
        self.oy = (h - VIRTUAL_H * self.scale) / 2

    def s(self, n: float) -> int:
        """A virtual length in real pixels (at least 1 for non-zero lengths)."""
        v = int(round(n * self.scale))
        return v if v or n == 0 else (1 if n > 0 else -1)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (int(round(self.ox + x * self.scale)), int(round(self.oy + y * self.scale)))

    def pf(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.scale, self.oy + y * self.scale)

    def r(self, rect: pygame.Rect | tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = rect
        x0, y0 = self.p(x, y)
        x1, y1 = self.p(x + w, y + h)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def to_virtual(self, pos: tuple[float, float]) -> tuple[float, float]:
        return ((pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale)
