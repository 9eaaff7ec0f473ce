"""Every seat on the right: name, kind, cards, score and the board in small."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import paint
from ..layout import PlayLayout, Point, inside
from .board import draw_board
from .common import Hidden, badge, mouse_at

from ..targets import SeatTarget

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def draw_seats(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.table, sc.layout
    mouse = mouse_at(sc)
    for i, rect in enumerate(L.seat_panels):
        x, y, w, h = rect
        current = i == g.current and not g.over
        shown = i == sc.shown_seat
        hov = inside(rect, mouse)
        fill = th.c("panel") if current or hov else th.c("button_disabled").lerp(th.c("panel"), 0.75)
        edge = th.c("accent") if current else th.c("ink") if shown else th.c("panel_edge")
        paint.panel(surface, app, rect, fill, radius=12, edge=edge, width=3 if current or shown else 1, shadow=True)
        badge(sc, surface, i, (x + 18, y + 20), 10)
        seat = sc.table.seats[i]
        px = paint.fit_px(app, seat.name, 16, 84, True, min_px=12)
        paint.text(surface, app, paint.ellipsize(app, seat.name, px, 84, True), (x + 33, y + 20), px,
                   th.c("ink"), "midleft", bold=True)
        # what plays this seat, and a computer's level on a line of its own ("Ordinateur · Difficile" is
        # wider than the column)
        kind = [app.t("setup.computer"), app.t(f"level.{seat.level}", default=seat.level.title())] \
            if seat.is_computer else [app.t("setup.human")]
        for k, line in enumerate(kind):
            paint.text(surface, app, line, (x + 12, y + 36 + 15 * k), paint.fit_px(app, line, 12, 104), th.c("ink_dim"),
                       "topleft")
        # the cards above this board as small coloured tabs (stripe colour), then completed ones
        cx = x + 12
        cy = y + 70
        for cid, spirit, _n in sc.table.held_items(i):
            colour = th.c("spirit_cube") if spirit else th.token(g.cards.animal(cid).stripe).fill
            paint.panel(surface, app, (cx, cy, 11, 15), colour, radius=2, edge=th.c("ink"), width=1)
            cx += 14
        done = len(sc.table.completed_items(i))
        if done:
            paint.text(surface, app, f"✓{done}", (cx + 2, cy + 7.5), 12, th.c("ink_dim"), "midleft", bold=True)
        total = sc.table.scores[i].total
        paint.text(surface, app, str(total), (x + 12, y + h - 14), 30 if h > 120 else 24, th.c("ink"), "bottomleft",
                   bold=True)
        paint.text(surface, app, app.t("play.score"), (x + 12, y + h - 46 if h > 120 else y + h - 40), 12,
                   th.c("ink_dim"), "bottomleft")
        mini = L.mini_layout(i, list(sc.table.cells))
        draw_board(sc, surface, i, mini, hidden, False)


def hit(L: PlayLayout, pos: Point) -> SeatTarget | None:
    """The seat panel under ``pos``."""
    for i, r in enumerate(L.seat_panels):
        if inside(r, pos):
            return SeatTarget(i)
    return None
