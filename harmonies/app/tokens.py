"""Drawing of tokens, stacks and cubes as small cached sprites.

A stack is drawn as discs seen slightly from the side, each level lifted, so the
side bands show what lies underneath (a 3-high tree shows two brown bands under a
green top; a building shows red on gray/brown/red), plus height pips. The top face
can carry a symbol per colour so colour is never the only cue. Sprites are drawn
supersampled once and cached by everything that changes their look.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from .memo import memo
from .theme import Theme

SS = 3  # supersampling factor for smooth edges

#: Colour names of a pattern cell that accepts any building base.
ANY_BASE = "any"


def cname(colour: object) -> str:
    """Lower-case colour name of a rules Colour, or a name passed through."""
    return colour if isinstance(colour, str) else str(getattr(colour, "name", colour)).lower()


def _shade(c: pygame.Color, f: float) -> pygame.Color:
    return pygame.Color(max(0, min(255, int(c.r * f))), max(0, min(255, int(c.g * f))),
                        max(0, min(255, int(c.b * f))), c.a)


def draw_symbol(surf: pygame.Surface, name: str, centre: tuple[float, float], r: float, col: pygame.Color) -> None:
    """A pictogram for a token colour inside a circle of radius ``r``."""
    cx, cy = centre
    w = max(1, int(r * 0.16))
    if name == "blue":
        for dy in (-0.22, 0.22):
            pts = [(cx + r * (-0.6 + 1.2 * i / 12), cy + r * dy + r * 0.13 * math.sin(i / 12 * 2 * math.pi * 1.5))
                   for i in range(13)]
            pygame.draw.lines(surf, col, False, pts, w)
    elif name == "gray":
        pygame.draw.polygon(surf, col, [(cx - r * 0.58, cy + r * 0.38), (cx, cy - r * 0.52), (cx + r * 0.58, cy + r * 0.38)], w)
        pygame.draw.polygon(surf, col, [(cx - r * 0.2, cy - r * 0.22), (cx, cy - r * 0.52), (cx + r * 0.2, cy - r * 0.22)])
    elif name == "brown":
        pygame.draw.rect(surf, col, pygame.Rect(cx - r * 0.13, cy - r * 0.55, r * 0.26, r * 1.1), border_radius=int(r * 0.08))
        pygame.draw.line(surf, col, (cx, cy - r * 0.05), (cx + r * 0.35, cy - r * 0.35), w)
    elif name == "green":
        pygame.draw.ellipse(surf, col, pygame.Rect(cx - r * 0.32, cy - r * 0.58, r * 0.64, r * 0.95), w)
        pygame.draw.line(surf, col, (cx, cy - r * 0.35), (cx, cy + r * 0.6), w)
    elif name == "yellow":
        for dy in (-0.32, 0.0, 0.32):
            pygame.draw.line(surf, col, (cx - r * 0.5, cy + r * dy), (cx + r * 0.5, cy + r * dy), w)
    elif name == "red":
        pygame.draw.polygon(surf, col, [(cx - r * 0.52, cy - r * 0.02), (cx, cy - r * 0.55), (cx + r * 0.52, cy - r * 0.02)])
        pygame.draw.rect(surf, col, pygame.Rect(cx - r * 0.36, cy - r * 0.04, r * 0.72, r * 0.56))


def _disc(surf: pygame.Surface, theme: Theme, name: str, cx: float, cy: float, rad: float, thick: float,
          symbols: bool, top: bool) -> None:
    """One token: side band (thickness ``thick``) below a round top face."""
    if name == ANY_BASE:
        # A building cell on a card accepts a brown, gray or red base: show all three.
        band = pygame.Rect(cx - rad, cy, 2 * rad, thick)
        for i, n in enumerate(("brown", "gray", "red")):
            st = theme.token(n)
            x0 = cx - rad + 2 * rad * i / 3
            pygame.draw.rect(surf, _shade(st.fill, 0.8), pygame.Rect(x0, cy - rad, 2 * rad / 3 + 1, rad + thick + rad))
        mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (cx, cy + thick), rad)
        pygame.draw.rect(mask, (255, 255, 255, 255), band)
        pygame.draw.circle(mask, (255, 255, 255, 255), (cx, cy), rad)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return
    st = theme.token(name)
    edge = st.edge
    pygame.draw.circle(surf, edge, (cx, cy + thick), rad)
    pygame.draw.rect(surf, _shade(st.fill, 0.72), pygame.Rect(cx - rad, cy, 2 * rad, thick))
    pygame.draw.circle(surf, _shade(st.fill, 0.72), (cx, cy + thick), rad - max(1, rad * 0.06))
    pygame.draw.circle(surf, st.fill, (cx, cy), rad)
    pygame.draw.circle(surf, edge, (cx, cy), rad, max(1, int(rad * 0.07)))
    if top:
        # a soft highlight so the top face reads as the upper side
        # blended through a layer: drawing a translucent colour straight onto an
        # alpha surface would punch a hole instead of lightening
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.circle(layer, (255, 255, 255, 40), (cx - rad * 0.3, cy - rad * 0.34), rad * 0.4)
        surf.blit(layer, (0, 0))
        if symbols:
            draw_symbol(surf, name, (cx, cy), rad * 0.78, st.symbol)


def draw_cube(surf: pygame.Surface, centre: tuple[float, float], size: float, face: pygame.Color,
              edge: pygame.Color) -> None:
    """A small cube in cabinet projection (top, front and right faces)."""
    cx, cy = centre
    s = size
    d = s * 0.35
    x0, y0 = cx - s / 2 - d / 2, cy - s / 2 + d / 2
    front = [(x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s)]
    top = [(x0, y0), (x0 + d, y0 - d), (x0 + s + d, y0 - d), (x0 + s, y0)]
    side = [(x0 + s, y0), (x0 + s + d, y0 - d), (x0 + s + d, y0 + s - d), (x0 + s, y0 + s)]
    lw = max(1, int(s * 0.08))
    pygame.draw.polygon(surf, face, front)
    pygame.draw.polygon(surf, _shade(face, 1.08), top)
    pygame.draw.polygon(surf, _shade(face, 0.78), side)
    for poly in (front, top, side):
        pygame.draw.polygon(surf, edge, poly, lw)


class TokenArt:
    """Cached sprites for one theme; ``stack`` and ``token`` return surfaces centred on the cell."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme

    @memo(1024)
    def stack(self, names: tuple[str, ...], radius: int, symbols: bool, cube: str = "", pips: bool = True) -> pygame.Surface:
        """Sprite for a stack (bottom->top colour names) in a hex of ``radius`` px; centre = cell centre."""
        size = radius * 2
        R = radius * SS
        surf = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        cx = cy = R
        n = len(names)
        rad = R * 0.6
        thick = R * 0.17
        base_y = cy + thick * (n - 1) * 0.5 + thick * 0.1
        for i, name in enumerate(names):
            _disc(surf, self.theme, name, cx, base_y - i * thick, rad, thick, symbols, top=(i == n - 1))
        if n >= 2 and pips:
            # height pips: one dot per token, bottom-right, readable without hovering
            ink = self.theme.c("ink")
            for i in range(n):
                px = cx + R * 0.62
                py = cy + R * 0.52 - i * R * 0.2
                pygame.draw.circle(surf, (255, 255, 255), (px, py), R * 0.085)
                pygame.draw.circle(surf, ink, (px, py), R * 0.085, max(1, int(R * 0.025)))
                pygame.draw.circle(surf, ink, (px, py), R * 0.045)
        if cube:
            face = self.theme.c("spirit_cube" if cube == "spirit" else "cube")
            draw_cube(surf, (cx + R * 0.05, base_y - (n - 1) * thick - R * 0.05), R * 0.42, face, self.theme.c("cube_edge"))
        return pygame.transform.smoothscale(surf, (size, size))

    @memo(512)
    def token(self, name: str, radius: int, symbols: bool) -> pygame.Surface:
        """A single loose token (central board, hand) of visible radius about ``radius`` px."""
        return self.stack((name,), int(radius / 0.6 + 0.5), symbols)

    @memo(256)
    def cube(self, size: int, spirit: bool = False) -> pygame.Surface:
        S = size * SS
        surf = pygame.Surface((int(S * 1.5), int(S * 1.5)), pygame.SRCALPHA)
        face = self.theme.c("spirit_cube" if spirit else "cube")
        draw_cube(surf, (S * 0.75, S * 0.75), S * 0.8, face, self.theme.c("cube_edge"))
        return pygame.transform.smoothscale(surf, (int(size * 1.5), int(size * 1.5)))

    @memo(64)
    def hex_cell(self, radius: int, fill: tuple[int, ...], edge: tuple[int, ...],
                 width: float = 0.05) -> pygame.Surface:
        """An empty board cell (flat-topped hex), sized 2*radius square, centred."""
        R = radius * SS
        surf = pygame.Surface((2 * R, 2 * R), pygame.SRCALPHA)
        pts = [(R + R * 0.96 * math.cos(math.pi / 3 * i), R + R * 0.96 * math.sin(math.pi / 3 * i)) for i in range(6)]
        pygame.draw.polygon(surf, fill, pts)
        if edge[3]:
            pygame.draw.polygon(surf, edge, pts, max(1, int(R * width)))
        return pygame.transform.smoothscale(surf, (2 * radius, 2 * radius))


def stack_names(stack: Sequence[object]) -> tuple[str, ...]:
    return tuple(cname(c) for c in stack)
