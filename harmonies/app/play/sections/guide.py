"""The guided first game on the play screen: a ring round what the step asks for (a central space, a token
in hand, a cell, a card, End turn or the scores) and the speech panel saying what to do and why, with a
Next button on a step the player reads. All of it comes from the frame's :class:`~..guide.GuideShown`."""

from __future__ import annotations

import pygame

from ... import paint
from ...hexgrid import hex_corners
from ..frame import Frame, Kit
from ..layout import HAND_R, Point, Rect, inside
from ..places import (
    Cell, EndButton, GuideMark, GuideNext, HandToken, HeldCard, Ring, ScoresPanel, Slot, Space, Stop, Swap, Target,
)
from ..where import big_layout
from .common import Section

#: The size of the step's words and of the line above them, and the panel's inner margin.
SAY_PX, HEAD_PX, PAD = 17.0, 13.0, 14.0
#: The Next button's height and width.
NEXT_H, NEXT_W = 40.0, 132.0


class GuideBubble(Section):
    """The guided game's rings and speech panel (in the right-hand column, under the seat's board)."""

    def __init__(self, kit: Kit) -> None:
        L = kit.layout
        x, y, w, h = L.seat_panels[-1]
        top = y + h + 10
        cx, cy, cw, ch = L.seats_column
        super().__init__(kit, (x, top, w, cy + ch - top))

    def box(self, f: Frame) -> tuple[Rect, Rect]:
        """The panel, as tall as the step's words need, and its Next button."""
        assert f.guide is not None
        x, y, w, _h = self.rect
        h = self._height(f, self.say_px(f))
        h = min(h, self.rect[3])
        return (x, y, w, h), (x + w - PAD - NEXT_W, y + h - PAD - NEXT_H, NEXT_W, NEXT_H)

    def _height(self, f: Frame, px: float) -> float:
        assert f.guide is not None
        app = self.kit.app
        words = paint.block_height(app, f.guide.text, px, self.rect[2] - 2 * PAD)
        return PAD + self._head_h(f) + words + PAD + ((NEXT_H + PAD) if f.guide.reading else 0)

    def _head(self, f: Frame) -> str:
        assert f.guide is not None
        return self.kit.app.t("guide.heading", step=f.guide.number, steps=f.guide.count)

    def _head_h(self, f: Frame) -> float:
        """The heading's height: it wraps in a narrow column rather than running out of the panel."""
        app = self.kit.app
        return paint.block_height(app, self._head(f), HEAD_PX, self.rect[2] - 2 * PAD, True, 1.2) + app.vp.tv(HEAD_PX) * 0.4

    def say_px(self, f: Frame) -> float:
        """The size of the step's words: the normal one, and with a larger text size as large as the panel's
        room allows, never under the normal size."""
        least = SAY_PX / self.kit.app.vp.text_scale
        px = SAY_PX
        while px > least and self._height(f, px) > self.rect[3]:
            px = max(least, px - 1)
        return px

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if f.guide is None:
            return
        for mark in f.guide.rings:
            ring = self.ring(f, mark)
            if ring is not None:
                self._ring(surface, ring)
        app = self.kit.app
        th = app.theme
        (x, y, w, h), button = self.box(f)
        paint.panel(surface, app, (x, y, w, h), th.c("panel"), radius=14, edge=th.c("guide"), width=3, shadow=True)
        paint.text_block(surface, app, self._head(f), (x + PAD, y + PAD - 2), HEAD_PX, th.c("ink_dim"), w - 2 * PAD,
                         True, 1.2)
        paint.text_block(surface, app, f.guide.text, (x + PAD, y + PAD + self._head_h(f)), self.say_px(f), th.c("ink"),
                         w - 2 * PAD)
        if f.guide.reading:
            label = app.t("guide.next")
            paint.panel(surface, app, button, th.c("primary"), radius=10, edge=th.c("ink"), width=1.5)
            bx, by, bw, bh = button
            paint.text(surface, app, label, (bx + bw / 2, by + bh / 2), paint.fit_px(app, label, 18, bw - 12, True),
                       th.c("button_text"), "center", bold=True)

    def hit(self, f: Frame, pos: Point) -> Target | None:
        if f.guide is None or not f.guide.reading:
            return None
        return GuideNext() if inside(self.box(f)[1], pos) else None

    def stops(self, f: Frame) -> list[Stop]:
        """The Next button, on a step the player reads."""
        if f.guide is None or not f.guide.reading:
            return []
        return [Stop(GuideNext(), Ring("rect", rect=self.box(f)[1]))]

    def ring(self, f: Frame, mark: GuideMark) -> Ring | None:
        """Where the ring round ``mark`` goes (None: it is not on the screen now)."""
        L, g = self.kit.layout, f.table
        if isinstance(mark, Space) and mark.space < len(L.spaces):
            return Ring("circle", L.spaces[mark.space], L.space_radius + 6)
        if isinstance(mark, HandToken) and mark.index < len(L.hand_slots):
            return Ring("circle", L.hand_slots[mark.index], HAND_R + 5)
        if isinstance(mark, Cell) and mark.cell in g.cells and f.own_board:
            lay = big_layout(L, g)
            return Ring("hex", lay.to_pixel(mark.cell), lay.size)
        if isinstance(mark, Slot) and mark.slot < len(L.slots):
            return Ring("rect", rect=L.slots[mark.slot])
        if isinstance(mark, Swap) and mark.slot < len(L.swap_btns):
            return Ring("rect", rect=L.swap_btns[mark.slot])
        if isinstance(mark, HeldCard):
            held = [cid for cid, _s, _n in g.held_items(g.current)]
            i = held.index(mark.card_id) if mark.card_id in held else len(L.held_slots)
            return Ring("rect", rect=L.held_slots[i]) if i < len(L.held_slots) else None
        if isinstance(mark, EndButton):
            return Ring("rect", rect=L.end_btn)
        if isinstance(mark, ScoresPanel):
            return Ring("rect", rect=L.scores_panel)
        return None

    def _ring(self, surface: pygame.Surface, ring: Ring) -> None:
        """A sky-blue line between two dark ones, a little outside the focus ring's place."""
        vp, th = self.kit.app.vp, self.kit.app.theme
        width = max(2, vp.s(4))
        layers = ((th.c("ink"), width + 4, 0), (th.c("guide"), width, -2))
        if ring.kind == "hex":
            for colour, line, _grow in layers:
                pts = [vp.p(px, py) for px, py in hex_corners(ring.centre, ring.radius * 0.9)]
                pygame.draw.lines(surface, colour, True, pts, line)
        elif ring.kind == "circle":
            for colour, line, grow in layers:
                pygame.draw.circle(surface, colour, vp.p(*ring.centre), vp.s(ring.radius) + grow, line)
        else:
            x, y, w, h = ring.rect
            outer = pygame.Rect(*vp.p(x - 3, y - 3), vp.s(w + 6), vp.s(h + 6))
            for colour, line, grow in layers:
                pygame.draw.rect(surface, colour, outer.inflate(2 * grow, 2 * grow), line, border_radius=vp.s(8) + grow)
