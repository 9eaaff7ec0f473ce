"""The keyboard cursor's ring: a thick sun-yellow outline (the theme's focus colour) between two dark
lines, with a light line outside each, round a cell, a token, a central space, a card or a button.

Light against dark and dark against light: whatever is under or beside it (a yellow token, the yellow
End turn button, the dark table), one of its edges stands out from it."""

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
        # outermost first: light, dark, then the yellow line, each 2 px narrower on both sides
        layers = ((th.c("table_text"), width + 8, 2), (th.c("ink"), width + 4, 0), (th.c("accent"), width, -2))
        if ring.kind == "hex":
            for colour, line, _grow in layers:
                pts = [vp.p(x, y) for x, y in hex_corners(ring.centre, ring.radius * 1.02 + 2)]
                pygame.draw.lines(surface, colour, True, pts, line)
        elif ring.kind == "circle":
            centre = vp.p(*ring.centre)
            for colour, line, grow in layers:
                pygame.draw.circle(surface, colour, centre, vp.s(ring.radius + 2) + grow, line)
        else:
            x, y, w, h = ring.rect
            outer = pygame.Rect(*vp.p(x - 6, y - 6), vp.s(w + 12), vp.s(h + 12))
            for colour, line, grow in layers:
                pygame.draw.rect(surface, colour, outer.inflate(2 * grow, 2 * grow), line,
                                 border_radius=vp.s(10) + grow)
