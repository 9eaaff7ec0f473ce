"""The central board: the token spaces and the pouch."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ... import paint
from ...tokens import cname
from ..anim import SpaceSpot
from ..layout import TOKEN_R, PlayLayout, Point
from ..targets import SpaceTarget
from .common import Hidden, blit_centred, mouse_at, titled_panel

from ..table import Table

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def draw_central(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.table, sc.layout
    vp = app.vp
    titled_panel(sc, surface, L.central_panel, "play.central")
    x, y, w, h = L.central_panel
    mouse = mouse_at(sc)
    can_take = sc.human_turn() and not g.taken_tokens_this_turn and not sc.must_choose_spirit()
    dragging_space = sc.drag.target.space if sc.drag and isinstance(sc.drag.target, SpaceTarget) else None
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
        if hidden.get(SpaceSpot(s)) or dragging_space == s:
            continue
        for i, colour in enumerate(space):
            px, py = L.space_token_pos(s, i, len(space))
            blit_centred(surface, sc.art.token(cname(colour), tok_px, symbols), vp.p(px, py))
    # the pouch
    px, py = L.pouch_pos
    pygame.draw.circle(surface, th.c("table"), vp.p(px, py + 6), vp.s(19))
    pygame.draw.polygon(surface, th.c("table"), [vp.p(px - 9, py - 16), vp.p(px + 9, py - 16), vp.p(px + 4, py - 8),
                                                 vp.p(px - 4, py - 8)])
    paint.text(surface, app, str(g.pouch_size), (px, py + 6), 15, th.c("table_text"), "center", bold=True)
    paint.text(surface, app, app.t("play.pouch_label"), (px, y + 8), 13, th.c("ink_dim"), "midtop", bold=True)


def hit(L: PlayLayout, table: Table, pos: Point) -> SpaceTarget | None:
    """The space under ``pos`` that has tokens on it."""
    for i, (cx, cy) in enumerate(L.spaces):
        if i < len(table.central) and table.central[i] and math.hypot(pos[0] - cx, pos[1] - cy) <= L.space_radius:
            return SpaceTarget(i)
    return None
