"""The cards above the shown board (the sources of cubes) and the completed ones beside them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import paint
from ..anim import HeldSpot
from ..layout import PlayLayout, Point, Rect, centre, inside
from ..targets import HeldTarget
from .common import Hidden, dashed_rect, mouse_at

from ..table import Table

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def draw_held(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.table, sc.layout
    vp = app.vp
    seat = sc.shown_seat
    paint.panel(surface, app, L.held_panel, th.c("table_dark"), radius=12)
    items = sc.table.held_items(seat)
    mouse = mouse_at(sc)
    symbols = app.settings.symbols
    own = seat == g.current and sc.human_turn()
    sel = sc.selection.target.card_id if sc.selection and isinstance(sc.selection.target, HeldTarget) else None
    drag = sc.drag.target.card_id if sc.drag and isinstance(sc.drag.target, HeldTarget) else None
    for i, rect in enumerate(L.held_slots):
        r = vp.r(rect)
        if i >= len(items):
            dashed_rect(surface, th.c("table"), r, vp.s(7))
            continue
        cid, spirit, cubes_on = items[i]
        if hidden.get(HeldSpot(seat, cid)):
            continue
        if drag == cid:
            cubes_on -= 1
        can_place = own and cid in sc.table.cube_opts
        lift = own and (sel == cid or (inside(rect, mouse) and can_place))
        if spirit:
            img = sc.cardart.spirit(cid, r.w, r.h, cubes_on > 0, symbols, False, can_place or sel == cid)
        else:
            img = sc.cardart.animal(cid, r.w, r.h, cubes_on, symbols, can_place or sel == cid)
        surface.blit(img, r.move(0, -vp.s(5)) if lift else r)
        if can_place:
            paint.text(surface, app, "●", (rect[0] + rect[2] - 8, rect[1] + 8), 14, th.c("accent"), "center")
    # completed cards as chips with their points
    cx, cy, cw, ch = L.completed_box
    done = sc.table.completed_items(seat)
    paint.text(surface, app, app.t("play.done_cards"), (cx + 4, cy + 2), 13, th.c("table_text_dim"), bold=True)
    chip_h = 19.0
    fit = int((ch - 20) // (chip_h + 3))
    sheet = sc.table.scores[seat]
    for k, (cid, spirit) in enumerate(done[:fit]):
        ry = cy + 20 + k * (chip_h + 3)
        fill = th.c("spirit_cube") if spirit else th.c("panel")
        paint.panel(surface, app, (cx, ry, cw, chip_h), fill, radius=6)
        name = sc.cardart.name(cid)
        pts = sheet.spirit if spirit else sheet.cards.get(cid, 0)
        paint.text(surface, app, name, (cx + 5, ry + chip_h / 2), paint.fit_px(app, name, 12, cw - 34), th.c("ink"), "midleft")
        paint.text(surface, app, str(pts), (cx + cw - 5, ry + chip_h / 2), 12, th.c("ink"), "midright", bold=True)
    if len(done) > fit:
        paint.text(surface, app, app.t("play.more", n=len(done) - fit), (cx + 4, cy + ch - 2), 12,
                   th.c("table_text_dim"), "bottomleft")


def card_at(L: PlayLayout, items: list[tuple[str, bool, int]], pos: Point) -> tuple[str, bool, Rect] | None:
    """(card id, is spirit, rect) of the held card under ``pos`` among ``items`` (see ``Table.held_items``)."""
    for i, (cid, spirit, _n) in enumerate(items):
        if i < len(L.held_slots) and inside(L.held_slots[i], pos):
            return (cid, spirit, L.held_slots[i])
    return None


def hit(L: PlayLayout, table: Table, pos: Point) -> HeldTarget | None:
    """The card of the seat to move under ``pos`` (its cubes are what can be placed)."""
    found = card_at(L, table.held_items(table.current), pos)
    return HeldTarget(found[0]) if found is not None else None


def card_pos(L: PlayLayout, items: list[tuple[str, bool, int]], card_id: str) -> Point:
    """Where a card of the shown seat is drawn: its slot above the board, else the completed cards."""
    for i, (cid, _spirit, _n) in enumerate(items):
        if cid == card_id and i < len(L.held_slots):
            return centre(L.held_slots[i])
    return centre(L.completed_box)
