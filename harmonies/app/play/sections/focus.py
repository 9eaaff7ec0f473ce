"""The keyboard cursor's ring: a thick sun-yellow outline (the theme's focus colour) on a dark edge,
round a cell, a token, a central space, a card or a button."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...hexgrid import hex_corners

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def draw_focus(sc: PlayScene, surface: pygame.Surface) -> None:
    ring = sc.pointer.cursor.ring()
    if ring is None:
        return
    vp, th = sc.app.vp, sc.app.theme
    width = max(2, vp.s(4))
    edge, col = th.c("ink"), th.c("accent")
    kind, where, size = ring
    if kind == "hex":
        for r, line, c in ((size * 1.02 + 2, width + 4, edge), (size * 1.02, width, col)):
            pts = [vp.p(x, y) for x, y in hex_corners((where[0], where[1]), r)]
            pygame.draw.lines(surface, c, True, pts, line)
    elif kind == "circle":
        centre = vp.p(where[0], where[1])
        pygame.draw.circle(surface, edge, centre, vp.s(size + 2), width + 4)
        pygame.draw.circle(surface, col, centre, vp.s(size), width)
    else:
        x, y, w, h = where
        outer = pygame.Rect(*vp.p(x - 6, y - 6), vp.s(w + 12), vp.s(h + 12))
        pygame.draw.rect(surface, edge, outer, width + 4, border_radius=vp.s(10))
        pygame.draw.rect(surface, col, outer.inflate(-4, -4), width, border_radius=vp.s(9))
