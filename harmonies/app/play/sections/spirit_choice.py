"""The two Nature's Spirit cards dealt, shown over the board while the seat keeps one."""

from __future__ import annotations

import pygame

from ... import paint
from ..frame import Frame, Kit
from ..layout import PlayLayout, Point, Rect, inside
from ..places import Ring, SpiritOffer, Stop
from ..table import Table
from .common import Section
from .hint import hint_frame


def rects(L: PlayLayout, table: Table) -> list[tuple[str, Rect]]:
    """Where each spirit dealt is shown, side by side over the board."""
    bx, by, bw, bh = L.board_box
    w, h = 190.0, 270.0
    ids = list(table.spirit_choices)
    gap = 30.0
    x0 = bx + (bw - (len(ids) * w + (len(ids) - 1) * gap)) / 2
    return [(cid, (x0 + i * (w + gap), by + 90, w, h)) for i, cid in enumerate(ids)]


class SpiritChoice(Section):
    """While the seat to move chooses its spirit: both spirits over the board (the only stops of the ring)."""

    def __init__(self, kit: Kit) -> None:
        bx, by, bw, bh = kit.layout.board_box
        super().__init__(kit, (bx, by - 140, bw, bh + 140))

    def hit(self, f: Frame, pos: Point) -> SpiritOffer | None:
        if not f.choosing_spirit:
            return None
        for cid, rect in rects(self.kit.layout, f.table):
            if inside(rect, pos):
                return SpiritOffer(cid)
        return None

    def stops(self, f: Frame) -> list[Stop]:
        if f.ring_mode != "spirit":
            return []
        return [Stop(SpiritOffer(sid), Ring("rect", rect=r)) for sid, r in rects(self.kit.layout, f.table)]

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if not f.choosing_spirit:
            return
        app, L = self.kit.app, self.kit.layout
        th, vp = app.theme, app.vp
        bx, by, bw, bh = L.board_box
        r = vp.r(self.rect)
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        # opaque: the held panel's "Completed" label and a fading banner must not show through
        pygame.draw.rect(shade, (20, 28, 24, 255), shade.get_rect(), border_radius=vp.s(14))
        surface.blit(shade, r)
        title = app.t("play.choose_spirit")
        paint.text(surface, app, title, (bx + bw / 2, by - 100), paint.fit_px(app, title, 24, bw - 8, True, min_px=18),
                   th.c("table_text"), "center", bold=True)
        # the line under the title wraps (two lines at most fit above the cards) rather than shrinking
        paint.text_block(surface, app, app.t("play.choose_spirit_hint"), (bx + 12, by - 78), 15,
                         th.c("table_text_dim"), bw - 24, align="center")
        for cid, rect in rects(L, f.table):
            rr = vp.r(rect)
            hov = inside(rect, f.mouse)
            img = self.kit.cardart.spirit(cid, rr.w, rr.h, True, app.settings.symbols, True, hov)
            surface.blit(img, rr.move(0, -vp.s(6)) if hov else rr)
            if f.hint.plan is not None and f.hint.plan.spirit == cid:
                hint_frame(app, surface, rect, 12)
        if f.table.players == 1:
            self._solo_suns(surface, f)

    def _solo_suns(self, surface: pygame.Surface, f: Frame) -> None:
        """Under each spirit dealt in solo: the suns its family adds to the end's count (the cards' data),
        every line at one size."""
        app = self.kit.app
        lines = []
        for cid, rect in rects(self.kit.layout, f.table):
            suns = f.table.cards.spirit(cid).solo_suns
            lines.append((app.t("play.spirit_solo_sun", n=suns) if suns else app.t("play.spirit_solo_no_sun"), rect))
        px = min(paint.fit_px(app, line, 16, rect[2] + 24, min_px=12) for line, rect in lines)
        for line, (x, y, w, h) in lines:
            paint.text(surface, app, line, (x + w / 2, y + h + 14), px, app.theme.c("table_text"), "midtop", bold=True)
