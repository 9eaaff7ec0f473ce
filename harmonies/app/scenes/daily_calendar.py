"""The Daily screen's month calendar: where each day's cell is, and drawing a month from the daily record.

A month is six rows of seven days, Monday first. Each cell shows the day of the month and, once that
day's deal was played, the best score, its suns and the par; a gold frame and a star mark a par
beaten (at the bottom right, the best's suns at the bottom left, the par at the top right), a sky-blue ring today, a light fill the chosen day. Days after today (and before the first
daily deal) are shown dim and cannot be chosen.
"""

from __future__ import annotations

import calendar
import math
from datetime import date
from typing import TYPE_CHECKING

import pygame

from harmonies.persist.daily import DailyBook, DayRecord
from harmonies.session.daily import FIRST_DAY

from .. import paint

if TYPE_CHECKING:
    from ..look import Look

Rect = tuple[float, float, float, float]
#: The grid of days (below the month's title and the weekday names).
GRID: Rect = (628.0, 210.0, 588.0, 384.0)
ROWS, COLS = 6, 7
#: The sizes of a cell's day number, best score, suns and par, and the height of a line for its size.
NUMBER_PX, SCORE_PX, SUNS_PX, PAR_PX = 14.0, 20.0, 13.0, 12.0
LINE = 1.12


def month_cells(year: int, month: int) -> list[date | None]:
    """The 42 cells of a month, Monday first: its days in place, None before and after them."""
    first = date(year, month, 1)
    lead = first.weekday()
    days = calendar.monthrange(year, month)[1]
    cells: list[date | None] = [None] * lead + [date(year, month, d) for d in range(1, days + 1)]
    return cells + [None] * (ROWS * COLS - len(cells))


def cell_rect(index: int) -> Rect:
    x, y, w, h = GRID
    cw, ch = w / COLS, h / ROWS
    return (x + (index % COLS) * cw + 2, y + (index // COLS) * ch + 2, cw - 4, ch - 4)


def day_at(year: int, month: int, pos: tuple[float, float]) -> date | None:
    """The day of the month whose cell is under ``pos`` (virtual coordinates), or None."""
    for i, day in enumerate(month_cells(year, month)):
        x, y, w, h = cell_rect(i)
        if day is not None and x <= pos[0] < x + w and y <= pos[1] < y + h:
            return day
    return None


def playable(day: date, today: date) -> bool:
    """A day that may be chosen and played: from the first daily deal up to today."""
    return FIRST_DAY <= day <= today


def draw_weekdays(surface: pygame.Surface, app: Look, names: list[str]) -> None:
    x, y, w, _ = GRID
    cw = w / COLS
    for i, name in enumerate(names[:COLS]):
        px = paint.fit_px(app, name, 15, cw - 6)
        paint.text(surface, app, name, (x + cw * (i + 0.5), y - 14), px, app.theme.c("table_text_dim"), "center")


def draw_month(surface: pygame.Surface, app: Look, year: int, month: int, book: DailyBook, chosen: date,
               today: date, par_text: str) -> None:
    """Every cell of the month: ``par_text`` words a par for a cell (``{par}``)."""
    th = app.theme
    for i, day in enumerate(month_cells(year, month)):
        if day is None:
            continue
        x, y, w, h = cell_rect(i)
        open_ = playable(day, today)
        record = book.day(day.isoformat())
        beaten = record.beaten is True
        fill = th.c("button_hover") if day == chosen else th.c("panel") if open_ else th.c("table_dark")
        edge = th.c("accent") if beaten else th.c("panel_edge") if open_ else th.c("table")
        paint.panel(surface, app, (x, y, w, h), fill, radius=8, edge=edge, width=3 if beaten else 1.5)
        if day == today:
            pygame.draw.rect(surface, th.c("guide"), app.vp.r((x - 2, y - 2, w + 4, h + 4)), max(2, app.vp.s(3)),
                             border_radius=app.vp.s(10))
        if day == chosen:
            pygame.draw.rect(surface, th.c("accent"), app.vp.r((x - 4, y - 4, w + 8, h + 8)), max(2, app.vp.s(3)),
                             border_radius=app.vp.s(12))
        _draw_cell_text(surface, app, (x, y, w, h), day, record, open_, day == today, beaten,
                        par_text)


def _draw_cell_text(surface: pygame.Surface, app: Look, rect: Rect, day: date, record: DayRecord, open_: bool, today: bool,
                    beaten: bool, par_text: str) -> None:
    """A cell's lines: the day's number with its par beside it, the best score (or a dash for a day tried),
    its suns (and the star of a beaten par). Their sizes follow the text size only as far as the lines fit
    the cell's height, so at 150 % they stay apart."""
    th = app.theme
    x, y, w, h = rect
    vp = app.vp
    best = record.best
    suns = best.suns if best is not None and best.score is not None else None
    number_px = NUMBER_PX * min(1.0, (h - 6) / (LINE * (vp.tv(NUMBER_PX) + vp.tv(SCORE_PX))))
    rest = h - 6 - LINE * vp.tv(number_px)
    below = LINE * (vp.tv(SCORE_PX) + (vp.tv(SUNS_PX) if suns is not None else 0))
    score_px, suns_px = SCORE_PX * min(1.0, rest / below), SUNS_PX * min(1.0, rest / below)
    top = y + 3
    ink = th.c("ink") if open_ else th.c("table_text_dim")
    number = paint.text(surface, app, str(day.day), (x + 7, top), number_px, ink, bold=today)
    if beaten:
        _star(surface, app, x + w - 13, y + h - 12, 7)
    mid = top + LINE * vp.tv(number_px) + LINE * vp.tv(score_px) / 2
    if best is not None and best.score is not None:
        paint.text(surface, app, str(best.score), (x + w / 2, mid), paint.fit_px(app, str(best.score), score_px, w - 8,
                                                                                  True), th.c("ink"), "center", bold=True)
        if suns is not None:
            bottom = y + h - 3 - LINE * vp.tv(suns_px) / 2
            paint.sun(surface, app, x + 13, bottom, 5, reach=1.4, width=1.5)
            paint.text(surface, app, str(suns), (x + 22, bottom), suns_px, th.c("ink"), "midleft")
    elif record.attempts:
        paint.text(surface, app, "–", (x + w / 2, mid), score_px, th.c("ink_dim"), "center", bold=True)
    if record.par is not None:
        # "par 121" where the cell has room beside the day's number, else the number alone (small
        # windows keep text at a readable size, which widens it)
        room = x + w - 6 - (number.right - vp.ox) / vp.scale - 6
        words = par_text.format(par=record.par)
        if paint.text_width(app, words, 9) > room:
            words = str(record.par)
        px = paint.fit_px(app, words, min(PAR_PX, number_px), room)
        paint.text(surface, app, words, (x + w - 6, top + vp.tv(number_px) * LINE / 2), px, th.c("ink_dim"),
                   "midright")


def _star(surface: pygame.Surface, app: Look, cx: float, cy: float, r: float) -> None:
    points = []
    for i in range(10):
        a = -math.pi / 2 + math.pi / 5 * i
        rr = r if i % 2 == 0 else r * 0.45
        points.append(app.vp.p(cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    pygame.draw.polygon(surface, app.theme.c("accent"), points)
    pygame.draw.polygon(surface, app.theme.c("ink"), points, max(1, app.vp.s(1)))
