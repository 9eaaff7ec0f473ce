"""A reviewed turn on the reviewed seat's board: the suggested turn as see-through numbered tokens and cubes
in the hint's violet (as the play screen's hint draws them), and the turn played as rings numbered in
ink, so the two are told apart by shape and not only by colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import Command, PlaceCube, PlaceToken

from .. import paint
from ..hexgrid import HexLayout
from ..tokens import TokenArt, cname
from .layout import text_px

if TYPE_CHECKING:
    from ..look import Look

Cell = tuple[int, int]
#: How opaque a ghost token is (the hint's own value).
GHOST_ALPHA = 165
#: A level of a stack lifts a disc by this share of the cell's radius (as the stacks art draws them).
LIFT = 0.17


def badge_radius(app: Look, r: float) -> float:
    """A numbered disc's radius: about ``r``, grown so that its number is never under the viewer's smallest
    text."""
    return max(r, text_px(app.vp, 0) / 1.3)


def _badge(surface: pygame.Surface, app: Look, text: str, pos: tuple[float, float], r: float, fill: pygame.Color,
           ink: pygame.Color) -> None:
    vp = app.vp
    r = badge_radius(app, r)
    px = r * 1.3
    pygame.draw.circle(surface, fill, vp.p(*pos), vp.s(r))
    pygame.draw.circle(surface, ink, vp.p(*pos), vp.s(r), max(1, vp.s(1.5)))
    paint.text(surface, app, text, (pos[0], pos[1] + 0.5), px, ink, "center", bold=True)


def draw_played(surface: pygame.Surface, app: Look, board: HexLayout, played: Sequence[Command]) -> None:
    """The cells the played turn covered: a ring in ink with the order the tokens went there."""
    vp, th = app.vp, app.theme
    size = board.size
    on_cell: dict[Cell, int] = {}
    k = 0
    for cmd in played:
        if not isinstance(cmd, (PlaceToken, PlaceCube)):
            continue
        x, y = board.to_pixel(cmd.cell)
        i = on_cell[cmd.cell] = on_cell.get(cmd.cell, -1) + 1
        if i == 0:
            pygame.draw.circle(surface, th.c("ink"), vp.p(x, y), vp.s(size * 0.92), max(2, vp.s(2.5)))
        if isinstance(cmd, PlaceToken):
            k += 1
            r = badge_radius(app, 0.22 * size)
            _badge(surface, app, str(k), (x + 0.56 * size - 2.1 * r * i, y + 0.55 * size), r, th.c("panel"),
                   th.c("ink"))


def draw_suggested(surface: pygame.Surface, app: Look, art: TokenArt, board: HexLayout,
                   stacks: dict[Cell, int], best: Sequence[Command]) -> None:
    """The suggested turn's tokens see-through at their height on the position ``stacks`` (heights at the
    turn's start), numbered in order, and its cubes see-through."""
    vp, th = app.vp, app.theme
    col = th.c("hint")
    size = board.size
    radius = max(3, vp.s(size))
    ring_w = max(1, vp.s(2))
    heights = dict(stacks)
    lift = LIFT * size
    badges: list[tuple[str, tuple[float, float]]] = []
    on_cell: dict[Cell, int] = {}
    k = 0
    for cmd in best:
        if isinstance(cmd, PlaceToken):
            k += 1
            h = heights.get(cmd.cell, 0)
            x, y = board.to_pixel(cmd.cell)
            dy = 0.0 if h == 0 else (0.5 * (h - 1) + 1) * lift
            ghost = art.stack((cname(cmd.colour),), radius, app.settings.symbols, "", False).copy()
            ghost.set_alpha(GHOST_ALPHA)
            surface.blit(ghost, ghost.get_rect(center=vp.p(x, y - dy)))
            pygame.draw.circle(surface, col, vp.p(x, y - dy + 0.017 * size), vp.s(0.6 * size) + ring_w, ring_w)
            heights[cmd.cell] = h + 1
            i = on_cell[cmd.cell] = on_cell.get(cmd.cell, -1) + 1
            badges.append((str(k), (x - 0.56 * size + 2.1 * badge_radius(app, 0.23 * size) * i, y - 0.52 * size)))
        elif isinstance(cmd, PlaceCube):
            n = max(1, heights.get(cmd.cell, 1))
            x, y = board.to_pixel(cmd.cell)
            cube = art.cube(max(4, int(radius * 0.53))).copy()
            cube.set_alpha(GHOST_ALPHA + 40)
            surface.blit(cube, cube.get_rect(center=vp.p(x + 0.05 * size, y - 0.5 * (n - 1) * lift - 0.05 * size)))
            pygame.draw.circle(surface, col, vp.p(x, y), vp.s(size * 0.5), ring_w)
    for text, pos in badges:
        _badge(surface, app, text, pos, badge_radius(app, 0.23 * size), col, th.c("panel"))
