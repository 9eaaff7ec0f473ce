"""The tokens in hand, in their tray under the board."""

from __future__ import annotations

import math

import pygame

from ... import paint
from ...tokens import cname
from ..frame import Frame, Kit
from ..layout import HAND_R, Point
from ..places import HandToken, Ring, Stop
from .common import Section, blit_centred


class Hand(Section):
    """The tokens taken this turn and still to place (picked by a click or dragged to a cell)."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.hand_tray)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        app, L, g = self.kit.app, self.kit.layout, f.table
        th, vp = app.theme, app.vp
        paint.panel(surface, app, L.hand_tray, th.c("table_dark"), radius=12)
        x, y, w, h = L.hand_tray
        human = f.human_turn
        sel = f.selection.target.index if f.selection and isinstance(f.selection.target, HandToken) else None
        drag = f.drag.target.index if f.drag and isinstance(f.drag.target, HandToken) else None
        # the caption sits in the middle of the tray's height, however many lines it takes
        if g.hand or g.taken_tokens_this_turn:
            caption, width = app.t("play.your_tokens"), L.hand_caption_w
            top = y + max(4.0, (h - paint.block_height(app, caption, 14, width, True)) / 2)
            paint.text_block(surface, app, caption, (x + 12, top), 14, th.c("table_text_dim"), width, bold=True)
        elif human and not f.choosing_spirit:
            caption = app.t("play.take_tokens_hint")
            top = y + max(4.0, (h - paint.block_height(app, caption, 14, w - 24, True)) / 2)
            paint.text_block(surface, app, caption, (x + 12, top), 14, th.c("table_text"), w - 24, bold=True)
        symbols = app.settings.symbols
        mouse = f.mouse
        if not g.hand and not g.taken_tokens_this_turn:
            return
        for i, (hx, hy) in enumerate(L.hand_slots):
            pygame.draw.circle(surface, th.c("table"), vp.p(hx, hy), vp.s(HAND_R + 2))
            colour = g.in_slot(i)      # a slot whose token was placed stays empty: the others keep their place
            if colour is None or f.hidden.get(HandToken(i)) or drag == i:
                continue
            lifted = sel == i or (human and math.hypot(mouse[0] - hx, mouse[1] - hy) <= HAND_R)
            if sel == i:
                pygame.draw.circle(surface, th.c("accent"), vp.p(hx, hy), vp.s(HAND_R + 4), max(2, vp.s(3)))
            img = self.kit.art.token(cname(colour), vp.s(HAND_R), symbols)
            blit_centred(surface, img, vp.p(hx, hy - (3 if lifted else 0)))

    def hit(self, f: Frame, pos: Point) -> HandToken | None:
        """The token in hand under ``pos``."""
        if f.choosing_spirit:
            return None
        for i, (hx, hy) in enumerate(self.kit.layout.hand_slots):
            if f.table.in_slot(i) is not None and math.hypot(pos[0] - hx, pos[1] - hy) <= HAND_R + 4:
                return HandToken(i)
        return None

    def stops(self, f: Frame) -> list[Stop]:
        """Each token in hand; the ring sits just outside the token (tokens in hand sit close together)."""
        if f.ring_mode != "own":
            return []
        slots = self.kit.layout.hand_slots
        return [Stop(HandToken(i), Ring("circle", slots[i], HAND_R + 2.5)) for i in range(len(slots))
                if f.table.in_slot(i) is not None]
