"""The scrollable list of finished games: one row per game, chosen with the mouse, the wheel or the keys.

The list holds only the rows it shows: it asks its source for the number of rows and for one page of
them whenever it scrolls or is told the source changed (:meth:`GameList.reload`), so it costs the same
at ten games and at fifty thousand. After the games come the entries of the archive that were
skipped, one row each with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from harmonies import dates
from harmonies.persist.summary import FinishedSummary
from harmonies.session.challenges_file import default_challenges
from harmonies.session.daily import deal_for

from .. import paint
from ..widgets import OPEN_INTENTS, Rect, Widget, list_move
from .daily_words import short_date

if TYPE_CHECKING:
    from ..look import Look

HEAD_H = 34.0
#: A row holds two lines: the day over the time, what game over who played it.
ROW_H = 48.0
#: Left edge (from the list's left) and width of each column: when, the game and its players, scores, result.
COLUMNS = ((14.0, 128.0), (146.0, 458.0), (606.0, 130.0), (742.0, 112.0))
#: The catalogue keys of the column heads (``finished.*``); the second column names both its lines.
HEADS = (("col_date",), ("col_game", "col_seats"), ("col_scores",), ("col_result",))
TEXT_PX = 16.0


@dataclass(frozen=True)
class Skipped:
    """An entry of the archive that gave no game: its name and why (``"<name>: <reason>"`` split)."""

    name: str
    reason: str

    @classmethod
    def of(cls, line: str) -> Skipped:
        name, _, reason = line.partition(": ")
        return cls(name, reason)


#: A row of the list: a game, or a skipped entry.
Row = FinishedSummary | Skipped


def when_lines(app: Look, when: str) -> tuple[str, str]:
    """The day and the time of day a game ended, in the player's local time and language."""
    try:
        return dates.day_and_time(app.catalogue.language, datetime.fromisoformat(when))
    except ValueError:
        return when, ""


def when_text(app: Look, when: str) -> str:
    """When a game ended, on one line."""
    return " ".join(part for part in when_lines(app, when) if part)


#: How many days before a game's end its daily deal may be (past days stay playable).
DAILY_DAYS_BACK = 3 * 366


@lru_cache(maxsize=512)
def daily_day(seed: int, side: str, spirits: bool, ended: date) -> date | None:
    """The day whose daily deal is this solo set-up (up to :data:`DAILY_DAYS_BACK` days before it ended, or
    the day after, for a try begun before midnight elsewhere), if one is: the deal comes from the date alone."""
    for back in range(-1, DAILY_DAYS_BACK):
        day = ended - timedelta(days=back)
        deal = deal_for(day)
        if (deal.seed, deal.side, deal.spirits) == (seed, side, spirits):
            return day
    return None


@lru_cache(maxsize=512)
def challenge_number(seed: int, side: str, spirits: bool) -> int | None:
    """The number of the solo challenge dealt with this set-up, if one is."""
    try:
        found = next((c for c in default_challenges() if (c.seed, c.side, c.spirits) == (seed, side, spirits)), None)
    except (OSError, ValueError):
        return None  # the challenges file cannot be read: the Challenges screen says why
    return found.number if found is not None else None


def deal_mark(app: Look, g: FinishedSummary) -> str | None:
    """"Daily deal 26 Nov" or "Challenge 4" for a solo game dealt by one, found from its set-up (the list's
    index keeps no more than the seed, the side and the spirits)."""
    if not g.solo or g.seed is None:
        return None
    number = challenge_number(g.seed, g.side, g.spirits)
    if number is not None:
        return app.t("finished.challenge_mark", number=number)
    try:
        ended = datetime.fromisoformat(g.finished).astimezone().date()
    except ValueError:
        return None
    day = daily_day(g.seed, g.side, g.spirits, ended)
    if day is None:
        return None
    return app.t("finished.daily_mark", day=short_date(app, day))


def row_cells(app: Look, g: FinishedSummary) -> tuple[str, str, str, str, str]:
    """The texts of one row: when, what game (marked when a daily deal or a challenge dealt it), who played,
    the scores, the result."""
    kind = app.t("finished.solo") if g.solo else app.t("finished.table", n=g.players)
    mark = deal_mark(app, g)
    game = " · ".join(([mark] if mark else []) + [kind, app.t("finished.side", side=g.side)]
                      + ([app.t("finished.spirits")] if g.spirits else []))
    seats = ", ".join(app.t("finished.seat_computer", name=s.name, level=app.t(f"level.{s.level}", default=s.level))
                      if s.kind == "computer" else s.name for s in g.seats)
    scores = "  ".join(str(t) for t in g.totals)
    if g.solo:
        result = app.t("finished.suns", n=g.suns or 0)
    elif len(g.winners) == 1:
        result = g.seats[g.winners[0]].name
    else:
        result = app.t("finished.shared")
    return when_text(app, g.finished), game, seats, scores, result


def row_lines(app: Look, g: Row) -> tuple[tuple[str, ...], ...]:
    """The lines of each column of one row: the day and the time, the game and its players, the scores,
    the result. A skipped entry: the word, then its name over the reason."""
    if isinstance(g, Skipped):
        return (app.t("finished.skipped_row"),), (g.name, g.reason), (), ()
    _, game, seats, scores, result = row_cells(app, g)
    return when_lines(app, g.finished), (game, seats), (scores,), (result,)


class GameList(Widget):
    """The rows ``count()`` says there are; ``selected`` is the chosen row, ``top`` the first row shown.

    ``fetch(offset, limit)`` gives the rows from ``offset`` on (at most ``limit``); :attr:`shown` holds
    those on screen. Keys while focused: Up/Down, Page Up/Page Down, Home/End move the choice, Enter
    opens it. A click on a row opens it; the wheel scrolls.
    """

    def __init__(self, rect: Rect, count: Callable[[], int], fetch: Callable[[int, int], Sequence[Row]],
                 open_game: Callable[[FinishedSummary], None], name: str = "list") -> None:
        super().__init__(rect)
        self.count = count
        self.fetch = fetch
        self.open_game = open_game
        self.selected = 0
        self.top = 0
        self.name = name
        self.pointer: tuple[float, float] | None = None
        #: How many rows there are, and the rows from :attr:`top` that are on screen.
        self.total = 0
        self.shown: list[Row] = []

    @property
    def page(self) -> int:
        """How many rows fit."""
        return max(1, int((self.rect[3] - HEAD_H) // ROW_H))

    def reload(self) -> None:
        """Count the rows and read the page on screen again (the source changed)."""
        self.total = self.count()
        self.selected = min(self.selected, max(0, self.total - 1))
        self._show(self.selected, force=True)

    def row(self, index: int) -> Row | None:
        """Row ``index``, from the page on screen when it is there."""
        if self.top <= index < self.top + len(self.shown):
            return self.shown[index - self.top]
        rows = self.fetch(index, 1) if 0 <= index < self.total else []
        return rows[0] if rows else None

    def chosen(self) -> FinishedSummary | None:
        """The chosen row's game (None when there is none, or the row is a skipped entry)."""
        row = self.row(self.selected) if self.total else None
        return row if isinstance(row, FinishedSummary) else None

    def choose(self, index: int) -> None:
        if self.total:
            self.selected = max(0, min(self.total - 1, index))
            self._show(self.selected)

    def scroll(self, rows: int, force: bool = False) -> None:
        top = max(0, min(max(0, self.total - self.page), self.top + rows))
        if force or top != self.top:
            self.top = top
            self.shown = list(self.fetch(top, self.page)) if self.total else []

    def _show(self, index: int, force: bool = False) -> None:
        top = self.top
        if index < top:
            top = index
        elif index >= top + self.page:
            top = index - self.page + 1
        self.scroll(top - self.top, force)

    def activate(self) -> None:
        game = self.chosen()
        if game is not None:
            self.open_game(game)

    def row_at(self, pos: tuple[float, float]) -> int | None:
        x, y, w, h = self.rect
        if not (x <= pos[0] < x + w and y + HEAD_H <= pos[1] < y + h):
            return None
        index = self.top + int((pos[1] - y - HEAD_H) // ROW_H)
        return index if index < min(self.total, self.top + self.page) else None

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.vpos  # where the wheel scrolls (a wheel event carries no position)
            return False
        if event.type == pygame.MOUSEWHEEL and self.hit(self.pointer or app.mouse_virtual()):
            self.scroll(-3 * int(event.y))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            row = self.row_at(event.vpos)
            if row is None:
                return False
            self.choose(row)
            if event.type == pygame.MOUSEBUTTONUP:
                self.activate()
            return True
        intents = app.input.intents(event)
        if not intents or not focused:
            return False
        move = list_move(intents, self.page, self.total)
        if move is not None:
            self.choose(self.selected + move)
            return True
        if intents & OPEN_INTENTS:
            self.activate()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        th = app.theme
        x, y, w, h = self.rect
        paint.panel(surface, app, self.rect, th.c("panel"), radius=12, edge=th.c("accent" if focused else "panel_edge"),
                    width=3 if focused else 2, shadow=True)
        for (cx, cw), keys in zip(COLUMNS, HEADS):
            head = " · ".join(app.t(f"finished.{key}") for key in keys)
            px = paint.fit_px(app, head, 15, cw - 6, bold=True)
            paint.text(surface, app, head, (x + cx, y + HEAD_H / 2 + 2), px, th.c("ink_dim"), "midleft", bold=True)
        pygame.draw.line(surface, th.c("panel_edge"), app.vp.p(x + 10, y + HEAD_H), app.vp.p(x + w - 10, y + HEAD_H),
                         max(1, app.vp.s(1)))
        for n, g in enumerate(self.shown[:self.page]):
            index = self.top + n
            ry = y + HEAD_H + n * ROW_H
            if index == self.selected:
                paint.panel(surface, app, (x + 6, ry + 2, w - 22, ROW_H - 4), th.c("button_hover"), radius=6,
                            edge=th.c("accent") if focused else None, width=2)
            for (cx, cw), lines in zip(COLUMNS, row_lines(app, g)):
                for k, text in enumerate(lines):
                    # one line in the middle of the row; two lines, the second dimmer
                    cy = ry + ROW_H / 2 if len(lines) == 1 else ry + ROW_H * (0.29 + 0.44 * k)
                    px = paint.fit_px(app, text, TEXT_PX, cw - 6, min_px=12)
                    colour = th.c("danger") if isinstance(g, Skipped) and k == 0 else th.c("ink" if k == 0 else "ink_dim")
                    paint.text(surface, app, paint.ellipsize(app, text, px, cw - 6), (x + cx, cy), px, colour,
                               "midleft")
        self._scrollbar(surface, app)

    def _scrollbar(self, surface: pygame.Surface, app: Look) -> None:
        total = self.total
        if total <= self.page:
            return
        x, y, w, h = self.rect
        track = h - HEAD_H - 12
        size = max(24.0, track * self.page / total)
        top = y + HEAD_H + 6 + (track - size) * self.top / max(1, total - self.page)
        paint.panel(surface, app, (x + w - 13, top, 7, size), app.theme.c("panel_edge"), radius=3)
