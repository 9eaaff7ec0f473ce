"""The tokens in hand, in their tray under the board."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ... import paint
from ...tokens import cname
from ..anim import HandSpot
from ..layout import HAND_R, PlayLayout, Point
from ..targets import HandTarget
from .common import Hidden, blit_centred, mouse_at

from ..table import Table

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def draw_hand(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.table, sc.layout
    vp = app.vp
    paint.panel(surface, app, L.hand_tray, th.c("table_dark"), radius=12)
    x, y, w, h = L.hand_tray
    human = sc.human_turn()
    sel = sc.selection.target.index if sc.selection and isinstance(sc.selection.target, HandTarget) else None
    drag = sc.drag.target.index if sc.drag and isinstance(sc.drag.target, HandTarget) else None
    if g.hand or g.taken_tokens_this_turn:
        paint.text_block(surface, app, app.t("play.your_tokens"), (x + 12, y + 12), 14, th.c("table_text_dim"),
                         L.hand_caption_w, bold=True)
    elif human and not sc.must_choose_spirit():
        paint.text_block(surface, app, app.t("play.take_tokens_hint"), (x + 12, y + 12), 14, th.c("table_text"), w - 24,
                         bold=True)
    symbols = app.settings.symbols
    mouse = mouse_at(sc)
    if not g.hand and not g.taken_tokens_this_turn:
        return
    for i, (hx, hy) in enumerate(L.hand_slots):
        pygame.draw.circle(surface, th.c("table"), vp.p(hx, hy), vp.s(HAND_R + 2))
        if i >= len(g.hand) or hidden.get(HandSpot(i)) or drag == i:
            continue
        lifted = sel == i or (human and math.hypot(mouse[0] - hx, mouse[1] - hy) <= HAND_R)
        if sel == i:
            pygame.draw.circle(surface, th.c("accent"), vp.p(hx, hy), vp.s(HAND_R + 4), max(2, vp.s(3)))
        img = sc.art.token(cname(g.hand[i]), vp.s(HAND_R), symbols)
        blit_centred(surface, img, vp.p(hx, hy - (3 if lifted else 0)))


def hit(L: PlayLayout, table: Table, pos: Point) -> HandTarget | None:
    """The token in hand under ``pos``."""
    for i, (hx, hy) in enumerate(L.hand_slots):
        if i < len(table.hand) and math.hypot(pos[0] - hx, pos[1] - hy) <= HAND_R + 4:
            return HandTarget(i)
    return None
