"""The replay viewer's log: the play screen's log lines (``play/logpanel.py``) at a size readable in any
window, each reviewed turn's heading with its mark, and the turn shown framed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from .. import paint
from ..play.logpanel import LogPanel, LogRow
from .marks import draw_mark

if TYPE_CHECKING:
    from ..look import Look

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


class ViewerLog(LogPanel):
    """The log's lines with a row height and title band that follow the text size (:meth:`size_for`)."""

    row_h = 21.0
    head_h = 34.0
    px = 14.0

    def size_for(self, px: float, text_scale: float = 1.0) -> None:
        """Rows for text of virtual size ``px`` drawn ``text_scale`` times as large (the text size setting):
        at 150 % a row is 1.3 lines of the larger text, so two rows never touch."""
        self.px = px
        self.row_h = round(px * max(1.5, 1.3 * text_scale))
        self.head_h = round(px * max(2.4, 1.9 * text_scale))

    def page(self, rect: Rect) -> int:
        return max(1, int((rect[3] - self.head_h - 8) // self.row_h))

    def row_at(self, rect: Rect, pos: Point) -> LogRow | None:
        x, y, w, h = rect
        if not (x <= pos[0] < x + w and y + self.head_h <= pos[1] < y + h):
            return None
        i = int((pos[1] - y - self.head_h) // self.row_h)
        if i >= self.page(rect):
            return None
        index = self.top + i
        return self.rows[index] if index < len(self.rows) else None

    def row_rect(self, rect: Rect, row: LogRow) -> Rect | None:
        """Where ``row`` is drawn, if it is on the page."""
        shown = self.visible(rect)
        if row not in shown:
            return None
        x, y, w, _h = rect
        return (x + 6, y + self.head_h + shown.index(row) * self.row_h, w - 20, self.row_h)

    def show_turn(self, rect: Rect, first_step: int) -> None:
        """Scroll so that the heading of the turn starting at ``first_step`` is on the page."""
        index = next((i for i, r in enumerate(self.rows) if r.entry is None and r.turn.first_step == first_step), None)
        if index is None:
            return
        page = self.page(rect)
        if not self.top <= index < self.top + page:
            self.top = max(0, min(self.max_top(page), index - page // 3))


def draw_viewer_log(surface: pygame.Surface, app: Look, panel: ViewerLog, rect: Rect, hover: LogRow | None,
                    title: str, marks: Mapping[int, str], shown_turn: int | None) -> None:
    """The lines that fit in ``rect``, newest first; a turn's heading bold with the seat's badge and, when
    the turn is reviewed, its mark at the right; the heading of the turn on show framed."""
    th = app.theme
    px, row_h = panel.px, panel.row_h
    paint.panel(surface, app, rect, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    x, y, w, _h = rect
    paint.text(surface, app, title, (x + 12, y + panel.head_h / 2), px, th.c("ink_dim"), "midleft", bold=True)
    if not panel.rows:
        paint.text(surface, app, app.t("log.empty"), (x + 16, y + panel.head_h + 4), px, th.c("ink_dim"))
        return
    for i, row in enumerate(panel.visible(rect)):
        ry = y + panel.head_h + i * row_h
        mid = ry + row_h / 2
        heading = row.entry is None
        if row is hover:
            paint.panel(surface, app, (x + 6, ry, w - 20, row_h), th.c("button_hover"), radius=5,
                        edge=th.c("legal_edge"), width=1.5)
        elif heading and row.turn.first_step == shown_turn:
            paint.panel(surface, app, (x + 6, ry, w - 20, row_h), th.c("button_hover"), radius=5,
                        edge=th.c("accent"), width=2)
        if heading:
            _badge(surface, app, row.turn.seat, (x + 20, mid), px * 0.5)
            room = w - 60
            mark = marks.get(row.turn.first_step)
            if mark is not None:
                room -= draw_mark(surface, app, mark, (x + w - 22, mid), px * 0.9) + 10
            paint.text(surface, app, paint.ellipsize(app, row.text, px, room, True), (x + 34, mid), px, th.c("ink"),
                       "midleft", bold=True)
        else:
            paint.text(surface, app, paint.ellipsize(app, row.text, px, w - 62, False), (x + 34, mid), px,
                       th.c("ink"), "midleft")
    _scrollbar(surface, app, panel, rect)
    if hover is not None and hover.entry is not None and hover in panel.visible(rect):
        _whole_line(surface, app, panel, hover.text, rect, y + panel.head_h + panel.visible(rect).index(hover) * row_h)


def _whole_line(surface: pygame.Surface, app: Look, panel: ViewerLog, text: str, rect: Rect, row_y: float) -> None:
    """The pointed line in full, on a card just under it, when the panel had to cut it."""
    x, y, w, h = rect
    px = panel.px
    if paint.text_width(app, text, px) <= w - 62:
        return
    height = paint.block_height(app, text, px, w - 40) + 10
    top = row_y + panel.row_h + 2 if row_y + panel.row_h + 2 + height <= y + h else row_y - 2 - height
    th = app.theme
    paint.panel(surface, app, (x + 6, top, w - 20, height), th.c("button_hover"), radius=6, edge=th.c("legal_edge"),
                width=1.5, shadow=True)
    paint.text_block(surface, app, text, (x + 16, top + 5), px, th.c("ink"), w - 40)


def _badge(surface: pygame.Surface, app: Look, seat: int, pos: Point, r: float) -> None:
    th = app.theme
    style = th.seats[seat % len(th.seats)]
    pygame.draw.circle(surface, style.colour, app.vp.p(*pos), app.vp.s(r))
    pygame.draw.circle(surface, th.c("ink"), app.vp.p(*pos), app.vp.s(r), max(1, app.vp.s(1)))


def _scrollbar(surface: pygame.Surface, app: Look, panel: ViewerLog, rect: Rect) -> None:
    page = panel.page(rect)
    if len(panel.rows) <= page:
        return
    x, y, w, h = rect
    track = h - panel.head_h - 12
    bar = max(18.0, track * page / len(panel.rows))
    top = y + panel.head_h + (track - bar) * panel.top / max(1, panel.max_top(page))
    paint.panel(surface, app, (x + w - 12, top, 6, bar), app.theme.c("panel_edge"), radius=3)
