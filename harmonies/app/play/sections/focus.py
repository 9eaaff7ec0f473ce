"""The keyboard cursor's ring: a thick sun-yellow outline (the theme's focus colour) on a dark edge,
round a cell, a token, a central space, a card or a button."""

from __future__ import annotations

import pygame

from ...hexgrid import hex_corners
from ..frame import Frame
from .common import Section


class FocusRing(Section):
    """The ring round the keyboard's stop (the stop's section says its shape)."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        ring = f.ring
        if ring is None:
            return
        app = self.kit.app
        vp, th = app.vp, app.theme
        width = max(2, vp.s(4))
        edge, col = th.c("ink"), th.c("accent")
        if ring.kind == "hex":
            for r, line, c in ((ring.radius * 1.02 + 2, width + 4, edge), (ring.radius * 1.02, width, col)):
                pts = [vp.p(x, y) for x, y in hex_corners(ring.centre, r)]
                pygame.draw.lines(surface, c, True, pts, line)
        elif ring.kind == "circle":
            centre = vp.p(*ring.centre)
            pygame.draw.circle(surface, edge, centre, vp.s(ring.radius + 2), width + 4)
            pygame.draw.circle(surface, col, centre, vp.s(ring.radius), width)
        else:
            x, y, w, h = ring.rect
            outer = pygame.Rect(*vp.p(x - 6, y - 6), vp.s(w + 12), vp.s(h + 12))
            pygame.draw.rect(surface, edge, outer, width + 4, border_radius=vp.s(10))
            pygame.draw.rect(surface, col, outer.inflate(-4, -4), width, border_radius=vp.s(9))
