"""The game log panel (play screen, under the scores; replay viewer) and the mark on what a line touched."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ... import paint
from ...widgets import Button
from ..frame import Frame
from ..layout import PlayLayout, Point, Rect, centre, inside
from ..logpanel import HEAD_H, LogPanel, LogRow
from ..where import cell_pos, held_pos, seat_layout
from .common import Section

if TYPE_CHECKING:
    from ...look import Look


def draw_log(surface: pygame.Surface, app: Look, panel: LogPanel, rect: Rect, hover: LogRow | None,
             title: str) -> None:
    """The lines that fit in ``rect``, newest first; turn headings bold with the seat's badge."""
    th = app.theme
    row_h = panel.row_h
    paint.panel(surface, app, rect, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    x, y, w, h = rect
    paint.text(surface, app, title, (x + 12, y + 8), 15, th.c("ink_dim"), "topleft", bold=True)
    if not panel.rows:
        paint.text(surface, app, app.t("log.empty"), (x + 16, y + HEAD_H + 4), 14, th.c("ink_dim"))
        return
    for i, row in enumerate(panel.visible(rect)):
        ry = y + HEAD_H + i * row_h
        if row is hover:
            paint.panel(surface, app, (x + 6, ry, w - 20, row_h), th.c("button_hover"), radius=5,
                        edge=th.c("legal_edge"), width=1.5)
        if row.entry is None:
            badge_at = (x + 20, ry + row_h / 2)
            _badge(surface, app, row.turn.seat, badge_at)
            text = paint.ellipsize(app, row.text, 14, w - 60, True)
            paint.text(surface, app, text, (x + 34, ry + row_h / 2), 14, th.c("ink"), "midleft", bold=True)
        else:
            # every line at one size; a line too long for the panel ends with "…", and pointing at it
            # shows it whole (below)
            text = paint.ellipsize(app, row.text, 14, w - 62, False)
            paint.text(surface, app, text, (x + 34, ry + row_h / 2), 14, th.c("ink"), "midleft")
    _scrollbar(surface, app, panel, rect)
    if hover is not None and hover.entry is not None and hover in panel.visible(rect):
        _whole_line(surface, app, hover.text, rect, y + HEAD_H + panel.visible(rect).index(hover) * row_h, row_h)


def _whole_line(surface: pygame.Surface, app: Look, text: str, rect: Rect, row_y: float, row_h: float) -> None:
    """The pointed line in full, on a card just under it, when the panel had to cut it."""
    x, y, w, h = rect
    if paint.text_width(app, text, 14) <= w - 62:
        return
    height = paint.block_height(app, text, 14, w - 40) + 10
    top = row_y + row_h + 2 if row_y + row_h + 2 + height <= y + h else row_y - 2 - height
    th = app.theme
    paint.panel(surface, app, (x + 6, top, w - 20, height), th.c("button_hover"), radius=6, edge=th.c("legal_edge"),
                width=1.5, shadow=True)
    paint.text_block(surface, app, text, (x + 16, top + 5), 14, th.c("ink"), w - 40)


def _badge(surface: pygame.Surface, app: Look, seat: int, pos: Point) -> None:
    th = app.theme
    style = th.seats[seat % len(th.seats)]
    pygame.draw.circle(surface, style.colour, app.vp.p(*pos), app.vp.s(7))
    pygame.draw.circle(surface, th.c("ink"), app.vp.p(*pos), app.vp.s(7), max(1, app.vp.s(1)))


def _scrollbar(surface: pygame.Surface, app: Look, panel: LogPanel, rect: Rect) -> None:
    page = panel.page(rect)
    if len(panel.rows) <= page:
        return
    x, y, w, h = rect
    track = h - HEAD_H - 12
    bar = max(18.0, track * page / len(panel.rows))
    top = y + HEAD_H + (track - bar) * panel.top / max(1, panel.max_top(page))
    paint.panel(surface, app, (x + w - 12, top, 6, bar), app.theme.c("panel_edge"), radius=3)


class LogMark(Section):
    """A ring on the cell or card the log line under the pointer touched (drawn over the boards)."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if f.log_hover is None:
            return
        mark = touched(self.kit.layout, f, f.log_hover)
        if mark is not None:
            app = self.kit.app
            pygame.draw.circle(surface, app.theme.c("legal_edge"), app.vp.p(*mark[0]), app.vp.s(mark[1]),
                               max(2, app.vp.s(3)))


def touched(L: PlayLayout, f: Frame, row: LogRow) -> tuple[Point, float] | None:
    """Where the line's cell or card is drawn now, and the radius of the ring around it."""
    entry = row.entry
    if entry is None:
        return None
    g = f.table
    if entry.cell is not None:
        size = seat_layout(L, g, f.shown, entry.seat).size
        return cell_pos(L, g, f.shown, entry.seat, entry.cell), size * 1.05
    if entry.card is None:
        return None
    if entry.card in g.display:
        return centre(L.slots[g.display.index(entry.card)]), 48.0
    held = [cid for cid, _s, _n in g.held_items(entry.seat)]
    done = [cid for cid, _s in g.completed_items(entry.seat)]
    if entry.card in held or entry.card in done:
        return held_pos(L, g, f.shown, entry.seat, entry.card), 48.0 if entry.seat == f.shown else 30.0
    return None


#: The height of the log's button at the normal text size.
TOGGLE_H = 26.0


def toggle_button(L: PlayLayout, panel: LogPanel, t: Callable[..., str]) -> Button:
    """The button at the top of the scores panel that swaps the scores for the log and back (also L)."""
    x, y, w, _h = L.scores_panel
    bw = 112 * max(1.0, L.em)    # its longest word ("Cronologia") at a larger text size
    return Button((x + w - bw - 8, y + 5, bw, TOGGLE_H * max(1.0, L.em)), lambda: t("log.scores" if panel.shown else "log.show"),
                  panel.toggle, px=14, name="log")


def wheel(log: LogPanel, rect: Rect, mouse: Point, event: pygame.event.Event) -> bool:
    """The wheel over the shown log scrolls it; whether the event was used."""
    if event.type != pygame.MOUSEWHEEL or not log.shown or not inside(rect, mouse):
        return False
    log.scroll(-3 * int(event.y), rect)
    return True
