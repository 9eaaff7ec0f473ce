"""Scaling between the virtual design canvas and the real window.

Scenes lay themselves out in virtual units around a 1280x720 design; the viewport scales
them uniformly so that the design fits the window (1920x1080 is exactly x1.5) and centres
it. The window's real shape is :attr:`Viewport.area`, the whole window in virtual units:
1280x720 at 16:9, taller at 4:3 or 16:10, wider at 21:9. Scenes that fill it (the play
screen, every scene's background) show no empty band at any aspect ratio.

Text is rendered at the real pixel size, so it stays sharp; :meth:`Viewport.fs` turns a
virtual text size into the real one, times the player's text size, never under
:data:`MIN_TEXT_PX`.
"""

from __future__ import annotations

import pygame

VIRTUAL_W = 1280
VIRTUAL_H = 720
#: The smallest text drawn, in real pixels, at any window size and in any language.
MIN_TEXT_PX = 11

Rect = tuple[float, float, float, float]


class Viewport:
    def __init__(self, size: tuple[int, int], text_scale: float = 1.0) -> None:
        self.text_scale = text_scale
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        self.size = (w, h)
        self.scale = min(w / VIRTUAL_W, h / VIRTUAL_H)
        self.ox = (w - VIRTUAL_W * self.scale) / 2
        self.oy = (h - VIRTUAL_H * self.scale) / 2

    @property
    def area(self) -> Rect:
        """The whole window in virtual units: (0, 0, 1280, 720) at 16:9, with negative corners where
        the window is taller or wider than the design."""
        x, y = -self.ox / self.scale, -self.oy / self.scale
        return (x, y, self.size[0] / self.scale, self.size[1] / self.scale)

    def s(self, n: float) -> int:
        """A virtual length in real pixels (at least 1 for non-zero lengths)."""
        v = int(round(n * self.scale))
        return v if v or n == 0 else (1 if n > 0 else -1)

    def fs(self, px: float) -> int:
        """A virtual text size in real pixels: scaled, times the text size setting, at least
        :data:`MIN_TEXT_PX`."""
        return max(MIN_TEXT_PX, int(round(px * self.scale * self.text_scale)))

    def tv(self, px: float) -> float:
        """The size text asked at virtual ``px`` really takes, in virtual units (for line steps)."""
        return self.fs(px) / self.scale

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
