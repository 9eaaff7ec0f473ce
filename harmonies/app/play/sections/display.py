"""The animal cards face up (and, solo, the deck and the swap buttons)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import keylist, paint
from ..frame import Frame, Kit
from ..layout import Point, Rect, centre, inside
from ..places import Ring, Slot, Stop, Swap
from .common import Section, titled_panel


class Display(Section):
    """The face-up cards (taken by a click or a drag); in solo the deck and a swap button under each card."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.display_panel)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        app, L, g = self.kit.app, self.kit.layout, f.table
        th, vp = app.theme, app.vp
        titled_panel(app, surface, L.display_panel, "play.display")
        x, y, w, h = L.display_panel
        mouse = f.mouse
        dragging = f.drag.target.slot if f.drag and isinstance(f.drag.target, Slot) else None
        symbols = app.settings.symbols
        human = f.human_turn and not f.choosing_spirit
        if L.solo:
            dx, dy, dw, dh = L.deck_rect
            if g.deck_size:
                back = self.kit.cardart.back(vp.s(dw), vp.s(dh))
                for k in range(min(3, g.deck_size), 0, -1):
                    surface.blit(back, vp.p(dx + k * 2, dy - k * 2))
            words = app.t("play.deck", n=g.deck_size)   # under the deck, as wide as it (beside the swaps)
            paint.text(surface, app, words, (dx + dw / 2, dy + dh + 15), paint.fit_px(app, words, 14, dw + 8, True),
                       th.c("ink_dim"), "center", bold=True)
        else:
            paint.text(surface, app, app.t("play.deck", n=g.deck_size), (x + w - 12, y + 8), 14, th.c("ink_dim"),
                       "topright", bold=True)
        for j, rect in enumerate(L.slots):
            cid = g.display[j] if j < len(g.display) else None
            r = vp.r(rect)
            if cid is None or f.hidden.get(Slot(j)) or dragging == j:
                pygame.draw.rect(surface, th.c("panel_edge"), r, max(1, vp.s(1.5)), border_radius=vp.s(7))
                continue
            hov = human and inside(rect, mouse) and cid in g.can_take
            img = self.kit.cardart.animal(cid, r.w, r.h, None, symbols, hov)
            surface.blit(img, r.move(0, -vp.s(4)) if hov else r)
            if L.solo and j < len(L.swap_btns):
                sw = L.swap_btns[j]
                ok = human and cid in g.can_swap
                armed = ok and f.armed_swap == j
                fill = (th.c("accent") if armed else th.c("button_hover") if ok and inside(sw, mouse)
                        else th.c("button") if ok else th.c("panel"))
                paint.panel(surface, app, sw, fill, radius=9, edge=th.c("ink") if armed else th.c("panel_edge"),
                            width=2 if armed else 1.5)
                label = app.t("play.swap_confirm") if armed else "⇄ " + app.t("play.swap")
                paint.text(surface, app, label, centre(sw), paint.fit_scaled(app, label, 13, sw[2] - 8, True),
                           th.c("ink") if ok else th.c("panel_edge"), "center", bold=True)

    def hit(self, f: Frame, pos: Point) -> Slot | Swap | None:
        """The face-up card, or (solo) its swap button, under ``pos``."""
        if f.choosing_spirit:
            return None
        L, table = self.kit.layout, f.table
        for j, r in enumerate(L.slots):
            if inside(r, pos) and j < len(table.display) and table.display[j] is not None:
                return Slot(j)
        for j, r in enumerate(L.swap_btns):
            if inside(r, pos) and j < len(table.display) and table.display[j] is not None:
                return Swap(j)
        return None

    def stops(self, f: Frame) -> list[Stop]:
        """The face-up cards, then (solo) their swap buttons."""
        if f.ring_mode != "own":
            return []
        L, g = self.kit.layout, f.table
        slots = [j for j in range(min(len(g.display), len(L.slots))) if g.display[j] is not None]
        return ([Stop(Slot(j), Ring("rect", rect=L.slots[j])) for j in slots]
                + [Stop(Swap(j), Ring("rect", rect=L.swap_btns[j])) for j in slots if j < len(L.swap_btns)])


class SwapTip(Section):
    """Over a usable swap button (pointer or keyboard ring): what the swap does, and that it is final,
    before the player commits to it (Undo never crosses a draw); while a swap waits for its confirmation,
    how to confirm or cancel it."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        g, L = f.table, self.kit.layout
        if not L.solo or not f.human_turn or f.drag is not None:
            return
        for j, sw in enumerate(L.swap_btns):
            cid = g.display[j] if j < len(g.display) else None
            armed = f.armed_swap == j
            if cid is None or not (armed or inside(sw, f.mouse) or f.focus == Swap(j)) or cid not in g.can_swap:
                continue
            app = self.kit.app
            th = app.theme
            tip = keylist.say(app, "play.swap_confirm_hint" if armed else "play.swap_hint")
            x, y, w, h = L.display_panel
            width = w - 28
            height = paint.block_height(app, tip, 15, width) + 16
            top = sw[1] + sw[3] + 8
            paint.panel(surface, app, (x + 6, top, w - 12, height), th.c("notice"), radius=9, edge=th.c("accent"))
            paint.text_block(surface, app, tip, (x + 14, top + 8), 15, th.c("ink"), width)
            return


def card_at(display: Sequence[str | None], slots: list[Rect], pos: Point) -> tuple[str, Rect] | None:
    """The face-up card of ``display`` under ``pos`` and where it is drawn (for the preview)."""
    for j, r in enumerate(slots):
        cid = display[j] if j < len(display) else None
        if inside(r, pos) and cid is not None:
            return (cid, r)
    return None
