"""The animal cards face up (and, solo, the deck and the swap buttons)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from harmonies.rules import SoloSwap, TakeCard

from ... import paint
from ..anim import SlotSpot
from ..layout import PlayLayout, Point, Rect, centre, inside
from ..targets import SlotTarget, SwapTarget
from .common import Hidden, mouse_at, titled_panel

from ..table import Table

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def draw_display(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.table, sc.layout
    vp = app.vp
    titled_panel(sc, surface, L.display_panel, "play.display")
    x, y, w, h = L.display_panel
    mouse = mouse_at(sc)
    dragging = sc.drag.target.slot if sc.drag and isinstance(sc.drag.target, SlotTarget) else None
    symbols = app.settings.symbols
    human = sc.human_turn() and not sc.must_choose_spirit()
    if L.solo:
        dx, dy, dw, dh = L.deck_rect
        if g.deck_size:
            back = sc.cardart.back(vp.s(dw), vp.s(dh))
            for k in range(min(3, g.deck_size), 0, -1):
                surface.blit(back, vp.p(dx + k * 2, dy - k * 2))
        paint.text(surface, app, app.t("play.deck", n=g.deck_size), (dx + dw / 2, dy + dh + 15), 14, th.c("ink_dim"),
                   "center", bold=True)
    else:
        paint.text(surface, app, app.t("play.deck", n=g.deck_size), (x + w - 12, y + 8), 14, th.c("ink_dim"),
                   "topright", bold=True)
    for j, rect in enumerate(L.slots):
        cid = g.display[j] if j < len(g.display) else None
        r = vp.r(rect)
        if cid is None or hidden.get(SlotSpot(j)) or dragging == j:
            pygame.draw.rect(surface, th.c("panel_edge"), r, max(1, vp.s(1.5)), border_radius=vp.s(7))
            continue
        hov = human and inside(rect, mouse) and sc.allows(TakeCard(cid))
        img = sc.cardart.animal(cid, r.w, r.h, None, symbols, hov)
        surface.blit(img, r.move(0, -vp.s(4)) if hov else r)
        if L.solo and j < len(L.swap_btns):
            sw = L.swap_btns[j]
            ok = human and sc.allows(SoloSwap(cid))
            fill = th.c("button_hover") if ok and inside(sw, mouse) else th.c("button") if ok else th.c("panel")
            paint.panel(surface, app, sw, fill, radius=9, edge=th.c("panel_edge"))
            paint.text(surface, app, "⇄ " + app.t("play.swap"), centre(sw), 13,
                       th.c("ink") if ok else th.c("panel_edge"), "center", bold=True)


def draw_swap_tip(sc: PlayScene, surface: pygame.Surface) -> None:
    """Over a usable swap button (pointer or keyboard ring): what the swap does, and that it is final,
    before the player commits to it (Undo never crosses a draw)."""
    g, L = sc.table, sc.layout
    if not L.solo or not sc.human_turn() or sc.drag is not None:
        return
    mouse = mouse_at(sc)
    focus = sc.pointer.cursor.focus
    for j, sw in enumerate(L.swap_btns):
        cid = g.display[j] if j < len(g.display) else None
        if cid is None or not (inside(sw, mouse) or focus == SwapTarget(j)) or not sc.allows(SoloSwap(cid)):
            continue
        app, th = sc.app, sc.app.theme
        tip = app.t("play.swap_hint")
        x, y, w, h = L.display_panel
        width = w - 28
        height = paint.block_height(app, tip, 15, width) + 16
        top = sw[1] + sw[3] + 8
        paint.panel(surface, app, (x + 6, top, w - 12, height), th.c("notice"), radius=9, edge=th.c("accent"))
        paint.text_block(surface, app, tip, (x + 14, top + 8), 15, th.c("ink"), width)
        return


def hit(L: PlayLayout, table: Table, pos: Point) -> SlotTarget | SwapTarget | None:
    """The face-up card, or (solo) its swap button, under ``pos``."""
    for j, r in enumerate(L.slots):
        if inside(r, pos) and j < len(table.display) and table.display[j] is not None:
            return SlotTarget(j)
    for j, r in enumerate(L.swap_btns):
        if inside(r, pos) and j < len(table.display) and table.display[j] is not None:
            return SwapTarget(j)
    return None


def card_at(L: PlayLayout, table: Table, pos: Point) -> tuple[str, Rect] | None:
    """The face-up card under ``pos`` and where it is drawn (for the preview)."""
    for j, r in enumerate(L.slots):
        cid = table.display[j] if j < len(table.display) else None
        if inside(r, pos) and cid is not None:
            return (cid, r)
    return None
