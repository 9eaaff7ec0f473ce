"""What the main menu draws besides its buttons: the little landscapes beside them, and the notice that
says where and why games cannot be saved."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from harmonies.session import SaveProblem

from .. import paint
from ..hexgrid import HexLayout
from ..tokens import TokenArt
from .saving import menu_lines

if TYPE_CHECKING:
    from ..look import Look

# A little landscape shown beside the title: (cell, stack bottom->top).
VIGNETTE: tuple[tuple[tuple[int, int], tuple[str, ...]], ...] = (
    ((0, 0), ("brown", "brown", "green")), ((1, 0), ("blue",)), ((2, -1), ("gray", "gray")),
    ((1, -1), ("gray", "gray", "gray")), ((0, 1), ("yellow",)), ((2, 0), ("gray", "red")),
    ((-1, 1), ("yellow",)), ((3, -1), ("blue",)), ((-1, 0), ("brown", "green")),
)


def draw_vignette(surface: pygame.Surface, app: Look, art: TokenArt, origin: tuple[float, float], size: float,
                  mirror: bool = False) -> None:
    """The landscape centred at ``origin`` (virtual units), cells ``size`` across; ``mirror``: left to right."""
    vp = app.vp
    layout = HexLayout(size * vp.scale, vp.pf(*origin))
    radius = max(4, int(layout.size))
    cell = art.hex_cell(radius, tuple(app.theme.c("board")), tuple(app.theme.c("board_edge")))
    for (q, r), stack in VIGNETTE:
        h = (-q, q + r) if mirror else (q, r)
        cx, cy = layout.to_pixel(h)
        surface.blit(cell, cell.get_rect(center=(int(cx), int(cy))))
    for (q, r), stack in sorted(VIGNETTE, key=lambda it: layout.to_pixel((-it[0][0], it[0][0] + it[0][1]) if mirror else it[0])[1]):
        h = (-q, q + r) if mirror else (q, r)
        cx, cy = layout.to_pixel(h)
        spr = art.stack(stack, radius, app.settings.symbols)
        surface.blit(spr, spr.get_rect(center=(int(cx), int(cy))))


def draw_folder_problem(surface: pygame.Surface, app: Look, problem: SaveProblem | None, lift: float) -> None:
    """While games cannot be saved, a notice between the title and the buttons says where and why (``lift``:
    how far the title rose)."""
    if problem is None:
        return
    th = app.theme
    first, second = menu_lines(app, problem, 1000)
    px = paint.fit_px(app, first, 16, 1000, bold=True, min_px=12)
    w = max(paint.text_width(app, first, px, True), paint.text_width(app, second, 15)) + 44
    y = 246 - lift
    paint.panel(surface, app, (640 - w / 2, y, w, 58), th.c("panel"), radius=14, edge=th.c("danger"), width=3,
                shadow=True)
    paint.text(surface, app, first, (640, y + 18), px, th.c("danger"), "center", bold=True)
    paint.text(surface, app, second, (640, y + 41), 15, th.c("ink"), "center")
