"""The two Nature's Spirit cards dealt, shown over the board while the seat keeps one."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import paint
from ..layout import PlayLayout, Point, Rect, inside
from ..table import Table
from ..targets import SpiritTarget
from .common import mouse_at
from .hint import hint_frame

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def rects(L: PlayLayout, table: Table) -> list[tuple[str, Rect]]:
    """Where each spirit dealt is shown, side by side over the board."""
    bx, by, bw, bh = L.board_box
    w, h = 190.0, 270.0
    ids = list(table.spirit_choices)
    gap = 30.0
    x0 = bx + (bw - (len(ids) * w + (len(ids) - 1) * gap)) / 2
    return [(cid, (x0 + i * (w + gap), by + 90, w, h)) for i, cid in enumerate(ids)]


def hit(L: PlayLayout, table: Table, pos: Point) -> SpiritTarget | None:
    for cid, rect in rects(L, table):
        if inside(rect, pos):
            return SpiritTarget(cid)
    return None


def draw_spirit_choice(sc: PlayScene, surface: pygame.Surface) -> None:
    app, th, L = sc.app, sc.app.theme, sc.layout
    vp = app.vp
    bx, by, bw, bh = L.board_box
    r = vp.r((bx, by - 140, bw, bh + 140))
    shade = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (20, 28, 24, 238), shade.get_rect(), border_radius=vp.s(14))
    surface.blit(shade, r)
    paint.text(surface, app, app.t("play.choose_spirit"), (bx + bw / 2, by - 100), 24, th.c("table_text"), "center",
               bold=True)
    # the line under the title wraps (two lines at most fit above the cards) rather than shrinking
    paint.text_block(surface, app, app.t("play.choose_spirit_hint"), (bx + 12, by - 78), 15, th.c("table_text_dim"),
                     bw - 24, align="center")
    mouse = mouse_at(sc)
    for cid, rect in rects(L, sc.table):
        rr = vp.r(rect)
        hov = inside(rect, mouse)
        img = sc.cardart.spirit(cid, rr.w, rr.h, True, app.settings.symbols, True, hov)
        surface.blit(img, rr.move(0, -vp.s(6)) if hov else rr)
        if sc.hints.plan is not None and sc.hints.plan.spirit == cid:
            hint_frame(sc, surface, rect, 12)
    if sc.table.players == 1:
        _solo_suns(sc, surface)


def _solo_suns(sc: PlayScene, surface: pygame.Surface) -> None:
    """Under each spirit dealt in solo: the suns its family adds to the end's count (the cards' data),
    every line at one size."""
    app = sc.app
    lines = []
    for cid, rect in rects(sc.layout, sc.table):
        suns = sc.table.cards.spirit(cid).solo_suns
        lines.append((app.t("play.spirit_solo_sun", n=suns) if suns else app.t("play.spirit_solo_no_sun"), rect))
    px = min(paint.fit_px(app, line, 16, rect[2] + 24, min_px=12) for line, rect in lines)
    for line, (x, y, w, h) in lines:
        paint.text(surface, app, line, (x + w / 2, y + h + 14), px, app.theme.c("table_text"), "midtop", bold=True)
