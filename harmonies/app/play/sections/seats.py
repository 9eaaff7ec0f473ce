"""Every seat on the right: name, kind, cards, score and the board in small."""

from __future__ import annotations

import pygame

from harmonies.net import REMOTE

from ... import paint
from ..frame import Frame, Kit
from ..layout import PlayLayout, Point, inside
from ..places import Ring, SeatBoard, Stop
from .board import draw_board
from .common import Section, badge, cached


class Seats(Section):
    """Every seat on the right: name, kind, cards, score and the board in small (a click looks at it large)."""

    def __init__(self, kit: Kit) -> None:
        x, y, w, h = kit.layout.seats_column
        super().__init__(kit, (x - 6, y - 8, w + 12, h + 16))

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if f.hidden:
            draw_seats(self.kit, f, surface)  # something is flying to a board: draw it live
            return
        hov = tuple(inside(r, f.mouse) for r in self.kit.layout.seat_panels)
        cached(self.kit.app, surface, ("seats", f.version, f.shown, hov), self.rect,
               lambda s: draw_seats(self.kit, f, s))

    def hit(self, f: Frame, pos: Point) -> SeatBoard | None:
        return hit(self.kit.layout, pos)

    def stops(self, f: Frame) -> list[Stop]:
        """Every seat's board while another is looked at (one's own to come back), else the other seats'."""
        L, n = self.kit.layout, f.table.players
        if f.ring_mode == "viewing":
            seats = list(range(n))
        elif f.ring_mode == "own" and n > 1:
            seats = [i for i in range(n) if i != f.table.current]
        else:
            seats = []
        return [Stop(SeatBoard(i), Ring("rect", rect=L.seat_panels[i])) for i in seats]


def draw_seats(kit: Kit, f: Frame, surface: pygame.Surface) -> None:
    app, g, L = kit.app, f.table, kit.layout
    th = app.theme
    mouse = f.mouse
    for i, rect in enumerate(L.seat_panels):
        x, y, w, h = rect
        current = i == g.current and not g.over
        shown = i == f.shown
        hov = inside(rect, mouse)
        fill = th.c("panel") if current or hov else th.c("button_disabled").lerp(th.c("panel"), 0.75)
        edge = th.c("accent") if current else th.c("ink") if shown else th.c("panel_edge")
        paint.panel(surface, app, rect, fill, radius=12, edge=edge, width=3 if current or shown else 1, shadow=True)
        badge(app, surface, i, (x + 18, y + 20), 10)
        seat = g.seats[i]
        words_w = L.mini_boxes[i][0] - x - 14
        px = paint.fit_px(app, seat.name, 16, words_w - 21, True, min_px=12 / app.vp.text_scale)
        paint.text(surface, app, paint.ellipsize(app, seat.name, px, words_w - 21, True), (x + 33, y + 20), px,
                   th.c("ink"), "midleft", bold=True)
        # what plays this seat, and a computer's level on a line of its own ("Ordinateur · Difficile" is
        # wider than the column)
        kind = [app.t("setup.human")] if g.at_screen[i] else [app.t("net.remote_seat")] if seat.kind == REMOTE else \
            [app.t("setup.computer"), app.t(f"level.{seat.level}", default=seat.level.title())]
        step = max(15.0, app.vp.tv(12) + 2)
        for k, line in enumerate(kind):
            paint.text(surface, app, line, (x + 12, y + 36 + step * k), paint.fit_px(app, line, 12, words_w),
                       th.c("ink_dim"), "topleft")
        # the cards above this board as small coloured tabs (stripe colour), then completed ones
        cx = x + 12
        cy = max(y + 70, y + 36 + step * len(kind) + 4)
        for cid, spirit, _n in g.held_items(i):
            colour = th.c("spirit_cube") if spirit else th.token(g.cards.animal(cid).stripe).fill
            paint.panel(surface, app, (cx, cy, 11, 15), colour, radius=2, edge=th.c("ink"), width=1)
            cx += 14
        done = len(g.completed_items(i))
        if done:
            paint.text(surface, app, f"✓{done}", (cx + 2, cy + 7.5), 12, th.c("ink_dim"), "midleft", bold=True)
        total = g.scores[i].total
        big = 30 if h > 120 else 24
        paint.text(surface, app, str(total), (x + 12, y + h - 14), big, th.c("ink"), "bottomleft", bold=True)
        # the label sits on the figure, however large the text size draws it, where it clears the card tabs
        label_bottom = y + h - 14 - app.vp.tv(big) * 1.07
        if label_bottom - app.vp.tv(12) * 1.2 >= cy + 17:
            paint.text(surface, app, app.t("play.score"), (x + 12, label_bottom), 12, th.c("ink_dim"), "bottomleft")
        mini = L.mini_layout(i, list(g.cells))
        draw_board(kit, f, surface, i, mini, False)


def hit(L: PlayLayout, pos: Point) -> SeatBoard | None:
    """The seat panel under ``pos``."""
    for i, r in enumerate(L.seat_panels):
        if inside(r, pos):
            return SeatBoard(i)
    return None
