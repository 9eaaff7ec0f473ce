"""The central board: the token spaces and the pouch."""

from __future__ import annotations

import math

import pygame

from ... import paint
from ...tokens import cname
from ..frame import Frame, Kit
from ..layout import TOKEN_R, Point
from ..places import Ring, Space, Stop
from .common import Section, blit_centred, titled_panel


class Central(Section):
    """The central board's spaces (taken by a click, a drag or their digit key) and the pouch's count."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.central_panel)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        app, L, g = self.kit.app, self.kit.layout, f.table
        th, vp = app.theme, app.vp
        titled_panel(app, surface, L.central_panel, "play.central")
        x, y, w, h = L.central_panel
        mouse = f.mouse
        can_take = f.human_turn and not g.taken_tokens_this_turn and not f.choosing_spirit
        dragging_space = f.drag.target.space if f.drag and isinstance(f.drag.target, Space) else None
        symbols = app.settings.symbols
        tok_px = vp.s(TOKEN_R)
        for s, (cx, cy) in enumerate(L.spaces):
            space = g.central[s] if s < len(g.central) else ()
            hov = can_take and bool(space) and math.hypot(mouse[0] - cx, mouse[1] - cy) <= L.space_radius
            pygame.draw.circle(surface, th.c("board_back"), vp.p(cx, cy), vp.s(L.space_radius))
            pygame.draw.circle(surface, th.c("board"), vp.p(cx, cy), vp.s(L.space_radius - 4))
            if hov:
                pygame.draw.circle(surface, th.c("accent"), vp.p(cx, cy), vp.s(L.space_radius), max(2, vp.s(3)))
            paint.text(surface, app, str(s + 1), (cx - L.space_radius + 3, cy - L.space_radius + 5), 12,
                       th.c("ink_dim"), "topleft", bold=True)
            if f.hidden.get(Space(s)) or dragging_space == s:
                continue
            for i, colour in enumerate(space):
                px, py = L.space_token_pos(s, i, len(space))
                blit_centred(surface, self.kit.art.token(cname(colour), tok_px, symbols), vp.p(px, py))
        # the pouch
        px, py = L.pouch_pos
        pygame.draw.circle(surface, th.c("table"), vp.p(px, py + 6), vp.s(19))
        pygame.draw.polygon(surface, th.c("table"), [vp.p(px - 9, py - 16), vp.p(px + 9, py - 16),
                                                     vp.p(px + 4, py - 8), vp.p(px - 4, py - 8)])
        paint.text(surface, app, str(g.pouch_size), (px, py + 6), 15, th.c("table_text"), "center", bold=True)
        label = app.t("play.pouch_label")
        paint.text(surface, app, label, (min(px, x + w - 8 - paint.text_width(app, label, 13, True) / 2), y + 8), 13,
                   th.c("ink_dim"), "midtop", bold=True)

    def hit(self, f: Frame, pos: Point) -> Space | None:
        """The space under ``pos`` that has tokens on it."""
        if f.choosing_spirit:
            return None
        L, table = self.kit.layout, f.table
        for i, (cx, cy) in enumerate(L.spaces):
            if i < len(table.central) and table.central[i] and math.hypot(pos[0] - cx, pos[1] - cy) <= L.space_radius:
                return Space(i)
        return None

    def stops(self, f: Frame) -> list[Stop]:
        """The spaces with tokens, until this turn's tokens are taken."""
        L, g = self.kit.layout, f.table
        if f.ring_mode != "own" or g.taken_tokens_this_turn:
            return []
        return [Stop(Space(i), Ring("circle", L.spaces[i], L.space_radius + 5))
                for i in range(min(len(g.central), len(L.spaces))) if g.central[i]]
