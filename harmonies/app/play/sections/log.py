"""The game log panel (play screen, in place of the scores; replay viewer) and the mark on what a line touched."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ... import paint
from ...widgets import Button
from ..layout import PlayLayout, Point, Rect, centre, inside
from ..logpanel import HEAD_H, ROW_H, LogPanel, LogRow

if TYPE_CHECKING:
    from ...app import App
    from ...scenes.play import PlayScene


def draw_log(surface: pygame.Surface, app: App, panel: LogPanel, rect: Rect, hover: LogRow | None,
             title: str) -> None:
    """The lines that fit in ``rect``, newest first; turn headings bold with the seat's badge."""
    th = app.theme
    paint.panel(surface, app, rect, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    x, y, w, h = rect
    paint.text(surface, app, title, (x + 12, y + 8), 15, th.c("ink_dim"), "topleft", bold=True)
    if not panel.rows:
        paint.text(surface, app, app.t("log.empty"), (x + 16, y + HEAD_H + 4), 14, th.c("ink_dim"))
        return
    for i, row in enumerate(panel.visible(rect)):
        ry = y + HEAD_H + i * ROW_H
        if row is hover:
            paint.panel(surface, app, (x + 6, ry, w - 20, ROW_H), th.c("button_hover"), radius=5,
                        edge=th.c("legal_edge"), width=1.5)
        if row.entry is None:
            badge_at = (x + 20, ry + ROW_H / 2)
            _badge(surface, app, row.turn.seat, badge_at)
            text = paint.ellipsize(app, row.text, 14, w - 60, True)
            paint.text(surface, app, text, (x + 34, ry + ROW_H / 2), 14, th.c("ink"), "midleft", bold=True)
        else:
            # A long line shrinks a little before it is cut, so most lines keep their last words.
            px = paint.fit_px(app, row.text, 14, w - 62, False, min_px=11)
            text = paint.ellipsize(app, row.text, px, w - 62, False)
            paint.text(surface, app, text, (x + 34, ry + ROW_H / 2), px, th.c("ink"), "midleft")
    _scrollbar(surface, app, panel, rect)


def _badge(surface: pygame.Surface, app: App, seat: int, pos: Point) -> None:
    th = app.theme
    style = th.seats[seat % len(th.seats)]
    pygame.draw.circle(surface, style.colour, app.vp.p(*pos), app.vp.s(7))
    pygame.draw.circle(surface, th.c("ink"), app.vp.p(*pos), app.vp.s(7), max(1, app.vp.s(1)))


def _scrollbar(surface: pygame.Surface, app: App, panel: LogPanel, rect: Rect) -> None:
    page = panel.page(rect)
    if len(panel.rows) <= page:
        return
    x, y, w, h = rect
    track = h - HEAD_H - 12
    bar = max(18.0, track * page / len(panel.rows))
    top = y + HEAD_H + (track - bar) * panel.top / max(1, panel.max_top(page))
    paint.panel(surface, app, (x + w - 12, top, 6, bar), app.theme.c("panel_edge"), radius=3)


def hovered(sc: PlayScene) -> LogRow | None:
    """The log line under the pointer on the play screen (only while the log is shown)."""
    if not sc.log.shown:
        return None
    return sc.log.row_at(sc.layout.scores_panel, sc.mouse)


def draw_play_log(sc: PlayScene, surface: pygame.Surface) -> None:
    """The log where the scores are."""
    draw_log(surface, sc.app, sc.log, sc.layout.scores_panel, hovered(sc), sc.app.t("log.title"))


def draw_log_mark(sc: PlayScene, surface: pygame.Surface) -> None:
    """A ring on the cell or card the pointed line touched (drawn over the boards)."""
    hover = hovered(sc)
    if hover is not None:
        mark = touched(sc, hover)
        if mark is not None:
            th = sc.app.theme
            pygame.draw.circle(surface, th.c("legal_edge"), sc.app.vp.p(*mark[0]), sc.app.vp.s(mark[1]),
                               max(2, sc.app.vp.s(3)))


def touched(sc: PlayScene, row: LogRow) -> tuple[Point, float] | None:
    """Where the line's cell or card is drawn now, and the radius of the ring around it."""
    entry = row.entry
    if entry is None:
        return None
    if entry.cell is not None:
        big = entry.seat == sc.shown_seat
        size = sc.big_layout().size if big else sc.layout.mini_layout(entry.seat, list(sc.table.cells)).size
        return sc.cell_pos(entry.seat, entry.cell), size * 1.05
    if entry.card is None:
        return None
    if entry.card in sc.table.display:
        return centre(sc.layout.slots[sc.table.display.index(entry.card)]), 48.0
    held = [cid for cid, _s, _n in sc.table.held_items(entry.seat)]
    done = [cid for cid, _s in sc.table.completed_items(entry.seat)]
    if entry.card in held or entry.card in done:
        return sc.held_pos(entry.seat, entry.card), 48.0 if entry.seat == sc.shown_seat else 30.0
    return None


def toggle_button(L: PlayLayout, panel: LogPanel, t: Callable[..., str]) -> Button:
    """The button at the top of the scores panel that swaps the scores for the log and back (also L)."""
    x, y, w, _h = L.scores_panel
    return Button((x + w - 120, y + 5, 112, 26), lambda: t("log.scores" if panel.shown else "log.show"),
                  panel.toggle, px=14, name="log")


def wheel(sc: PlayScene, event: pygame.event.Event) -> bool:
    """The wheel over the shown log scrolls it; whether the event was used."""
    rect = sc.layout.scores_panel
    if event.type != pygame.MOUSEWHEEL or not sc.log.shown or not inside(rect, sc.mouse):
        return False
    sc.log.scroll(-3 * int(event.y), rect)
    return True
