"""The cards above the shown board (the sources of cubes) and the completed ones beside them."""

from __future__ import annotations

import pygame

from ... import paint
from ..frame import Frame, Kit
from ..layout import PlayLayout, Point, Rect, inside
from ..places import HeldCard, Ring, Stop
from .common import Section, dashed_rect


class Held(Section):
    """The shown seat's cards: a card whose habitat is formed is marked, and its cube is picked up from it."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.held_panel)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        app, L, g = self.kit.app, self.kit.layout, f.table
        th, vp = app.theme, app.vp
        seat = f.shown
        paint.panel(surface, app, L.held_panel, th.c("table_dark"), radius=12)
        items = g.held_items(seat)
        mouse = f.mouse
        symbols = app.settings.symbols
        own = seat == g.current and f.human_turn
        sel = f.selection.target.card_id if f.selection and isinstance(f.selection.target, HeldCard) else None
        drag = f.drag.target.card_id if f.drag and isinstance(f.drag.target, HeldCard) else None
        for i, rect in enumerate(L.held_slots):
            r = vp.r(rect)
            if i >= len(items):
                dashed_rect(surface, th.c("table"), r, vp.s(7))
                continue
            cid, spirit, cubes_on = items[i]
            if f.hidden.get(HeldCard(seat, cid)):
                continue
            if drag == cid:
                cubes_on -= 1
            can_place = own and cid in g.cube_opts
            lift = own and (sel == cid or (inside(rect, mouse) and can_place))
            if spirit:
                img = self.kit.cardart.spirit(cid, r.w, r.h, cubes_on > 0, symbols, False, can_place or sel == cid)
            else:
                img = self.kit.cardart.animal(cid, r.w, r.h, cubes_on, symbols, can_place or sel == cid)
            surface.blit(img, r.move(0, -vp.s(5)) if lift else r)
            if can_place:
                self._cube_prompt(surface, f, rect, cid, spirit, lift)
        # completed cards as chips with their points
        cx, cy, cw, ch = L.completed_box
        done = g.completed_items(seat)
        heading = app.t("play.done_cards")
        paint.text(surface, app, heading, (cx + 4, cy + 2), paint.fit_scaled(app, heading, 13, cw - 4, True),
                   th.c("table_text_dim"), bold=True)
        head = app.vp.tv(13) + 7
        chip_h = app.vp.tv(12) + 7
        fit = int((ch - head) // (chip_h + 3))
        sheet = g.scores[seat]
        for k, (cid, spirit) in enumerate(done[:fit]):
            ry = cy + head + k * (chip_h + 3)
            fill = th.c("spirit_cube") if spirit else th.c("panel")
            paint.panel(surface, app, (cx, ry, cw, chip_h), fill, radius=6)
            name = self.kit.cardart.name(cid)
            pts = sheet.spirit if spirit else sheet.cards.get(cid, 0)
            px = paint.fit_px(app, name, 12, cw - 34)
            paint.text(surface, app, paint.ellipsize(app, name, px, cw - 34), (cx + 5, ry + chip_h / 2), px, th.c("ink"),
                       "midleft")
            paint.text(surface, app, str(pts), (cx + cw - 5, ry + chip_h / 2), 12, th.c("ink"), "midright", bold=True)
        if len(done) > fit:
            paint.text(surface, app, app.t("play.more", n=len(done) - fit), (cx + 4, cy + ch - 2), 12,
                       th.c("table_text_dim"), "bottomleft")

    def _cube_prompt(self, surface: pygame.Surface, f: Frame, rect: Rect, cid: str, spirit: bool, lift: bool) -> None:
        """A card whose habitat is formed says so: a green frame (yellow is the keyboard's ring, sky blue the
        guide's), and on its corner a cube with the points the cube brings (the rules' scoring of the best
        drop), kept inside the cards' panel."""
        app = self.kit.app
        th, vp = app.theme, app.vp
        dy = -5 if lift else 0
        x, y, w, h = rect
        pygame.draw.rect(surface, th.c("formed"), vp.r((x - 3, y - 3 + dy, w + 6, h + 6)), max(2, vp.s(3)),
                         border_radius=vp.s(9))
        points = max((d for (what, _cell), gain in f.table.gains.items() if what == cid
                      for row, d in gain if row in ("animals", "spirit")), default=0)
        label = f"+{points}"
        bw = 26 + paint.text_width(app, label, 13, True)
        panel_top = self.kit.layout.held_panel[1]
        bx, by = x + w - bw + 6, max(y - 15 + dy, panel_top + 1)
        paint.panel(surface, app, (bx, by, bw, 20), th.c("formed"), radius=10, edge=th.c("ink"), width=1.5)
        cube = self.kit.art.cube(max(4, vp.s(12)), spirit)
        surface.blit(cube, cube.get_rect(center=vp.p(bx + 11, by + 10)))
        paint.text(surface, app, label, (bx + 21, by + 10.5), 13, th.c("ink"), "midleft", bold=True)

    def hit(self, f: Frame, pos: Point) -> HeldCard | None:
        """The card of the seat to move under ``pos`` (its cubes are what can be placed), on its own board."""
        if f.choosing_spirit or not f.own_board:
            return None
        found = card_at(self.kit.layout, f.table.held_items(f.table.current), pos)
        return HeldCard(f.table.current, found[0]) if found is not None else None

    def stops(self, f: Frame) -> list[Stop]:
        if f.ring_mode != "own":
            return []
        g, slots = f.table, self.kit.layout.held_slots
        return [Stop(HeldCard(g.current, cid), Ring("rect", rect=slots[i]))
                for i, (cid, _s, _n) in enumerate(g.held_items(g.current)[:len(slots)])]


def card_at(L: PlayLayout, items: list[tuple[str, bool, int]], pos: Point) -> tuple[str, bool, Rect] | None:
    """(card id, is spirit, rect) of the held card under ``pos`` among ``items`` (see ``Table.held_items``)."""
    for i, (cid, spirit, _n) in enumerate(items):
        if i < len(L.held_slots) and inside(L.held_slots[i], pos):
            return (cid, spirit, L.held_slots[i])
    return None
