"""The Daily screen: the chosen day's deal, par and tries with Play, a month calendar of past days, the streak.

It opens on today, and follows the clock: when the date changes while it shows (left open over
midnight), the screen moves to the new today, and a chosen day that was today is now the new today
(yesterday's deal, started after midnight, would count for no streak). The arrows move the chosen day (Left/Right a day, Up/Down a week), Page Up/Down
a month, Home back to today; a click on a day chooses it; Enter or Play starts a try at the chosen
day (a new game, counted at once: see :mod:`harmonies.persist.daily`). Tab reaches the buttons. Today's
par is worked out in the background when the screen opens, a past day's when it is played.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from typing import TYPE_CHECKING

import pygame

from harmonies.persist.daily import TRIES_PER_DAY, DayRecord
from harmonies.session.daily import FIRST_DAY, DailyDeal, deal_for

from .. import paint
from ..input import Intent
from ..widgets import Button
from .common import POLL_EVERY, WidgetScene, draw_backdrop
from .daily_calendar import GRID, day_at, draw_month, draw_weekdays, playable
from .daily_start import daily_service, start_try
from .daily_words import long_date, month_title, par_words, result_words, weekday_names

if TYPE_CHECKING:
    from .saving import SavingServices

#: The chosen day's panel, left of the calendar.
PANEL = (56.0, 112.0, 530.0, 508.0)
_ARROWS = {Intent.LEFT: -1, Intent.RIGHT: 1, Intent.UP: -7, Intent.DOWN: 7}


class DailyScene(WidgetScene):
    name = "daily"
    title_key = "daily.title"

    app: SavingServices  # the daily record is in the data folder; a try asks first what it replaces

    def __init__(self, app: SavingServices) -> None:
        super().__init__(app)
        self.service = daily_service(app)
        self.today = self.service.today()
        self.chosen = self.today
        self.month = (self.today.year, self.today.month)
        t = app.t
        px, py, pw, ph = PANEL
        self.play_button = Button((px + 24, py + ph - 76, pw - 48, 56), self.play_label, self.play, enabled=self.can_play,
                                  primary=True, name="play")
        self.ui.add(self.play_button)
        self.ui.add(Button((GRID[0], 126, 52, 44), lambda: "‹", lambda: self.shift_month(-1), name="prev",
                           enabled=lambda: self._month_open(-1)))
        self.ui.add(Button((GRID[0] + GRID[2] - 52, 126, 52, 44), lambda: "›", lambda: self.shift_month(1), name="next",
                           enabled=lambda: self._month_open(1)))
        self.ui.add(Button((56, 646, 220, 50), lambda: t("daily.back"), self.back, name="back"))
        self.ui.home = 0  # Enter with no focus plays the chosen day

    # ------------------------------------------------------------------ state
    @property
    def deal(self) -> DailyDeal:
        return deal_for(self.chosen)

    @property
    def record(self) -> DayRecord:
        return self.service.day(self.chosen.isoformat())

    def can_play(self) -> bool:
        return playable(self.chosen, self.today) and self.record.tries_left > 0

    def play_label(self) -> str:
        record = self.record
        if record.tries_left <= 0:
            return self.app.t("daily.no_tries")
        return self.app.t("daily.play", n=len(record.attempts) + 1, total=TRIES_PER_DAY)

    def on_enter(self) -> None:
        self.service.refresh()
        self.today = self.service.today()
        self.service.open_day(deal_for(self.today))

    def on_resume(self) -> None:
        self.service.refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.service.poll():
            self.redraw()
        if self.follow_clock():  # the loop wakes at least once a second, so midnight is seen within one
            self.redraw()

    def follow_clock(self) -> bool:
        """Move to the clock's today if the date changed since the screen last looked; whether it did.

        A chosen day that was today becomes the new today (so Play never starts the day that just
        ended as if it were today); a past day chosen stays chosen, within the days now playable.
        """
        today = self.service.today()
        if today == self.today:
            return False
        was_today = self.chosen == self.today
        self.today = today
        self.choose(today if was_today else self.chosen)
        self.service.refresh()
        self.service.open_day(deal_for(today))
        return True

    def wake_in(self) -> float | None:
        """While the par of today or of the day chosen is worked out, its answer is looked for."""
        working = self.service.keeper.working
        return POLL_EVERY if working(self.today.isoformat()) or working(self.chosen.isoformat()) else None

    # ------------------------------------------------------------------ actions
    def choose(self, day: date) -> None:
        """Make ``day`` the chosen one (kept between the first deal and today) and show its month."""
        day = max(FIRST_DAY, min(self.today, day))
        self.chosen = day
        self.month = (day.year, day.month)

    def shift_month(self, delta: int) -> None:
        year, month = self.month
        month += delta
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        if not self._in_range(year, month):
            return
        # the same day of the month where there is one, else the month's last (kept up to today)
        self.choose(date(year, month, min(self.chosen.day, calendar.monthrange(year, month)[1])))

    def _in_range(self, year: int, month: int) -> bool:
        return (FIRST_DAY.year, FIRST_DAY.month) <= (year, month) <= (self.today.year, self.today.month)

    def _month_open(self, delta: int) -> bool:
        year, month = self.month
        month += delta
        return self._in_range(year + (month - 1) // 12, (month - 1) % 12 + 1)

    def play(self) -> None:
        if self.follow_clock() or not self.can_play():
            return  # the date changed under the player's eyes: they see the new day first
        self.service.open_day(self.deal)  # a past day's par is worked out once it is played
        start_try(self.app, self.chosen)

    def back(self) -> None:
        self.app.scenes.pop()

    def on_enter_key(self) -> None:
        if self.ui.focused is None:
            self.play()
        else:
            super().on_enter_key()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        intents = self.app.input.intents(event)
        if Intent.BACK in intents:
            self.back()
            return None
        arrows = [_ARROWS[i] for i in intents if i in _ARROWS]
        if arrows:
            self.choose(self.chosen + timedelta(days=arrows[0]))
            self.ui.focus = -1  # the arrows are the calendar's; Enter then plays the chosen day
            return None
        if intents & {Intent.PAGE_UP, Intent.PAGE_DOWN}:
            self.shift_month(-1 if Intent.PAGE_UP in intents else 1)
            return None
        if Intent.HOME in intents:
            self.choose(self.today)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            day = day_at(*self.month, event.vpos)
            if day is not None and playable(day, self.today):
                self.choose(day)
                return None
        if event.type == pygame.MOUSEWHEEL:
            self.shift_month(-1 if event.y > 0 else 1)
            return None
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        draw_backdrop(surface, app)
        self.draw_title(surface)
        self._draw_day(surface)
        title = month_title(app, *self.month)
        paint.text(surface, app, title, (GRID[0] + GRID[2] / 2, 148), paint.fit_px(app, title, 26, GRID[2] - 140, True),
                   th.c("table_text"), "center", bold=True)
        draw_weekdays(surface, app, weekday_names(app))
        draw_month(surface, app, *self.month, self.service.book(), self.chosen, self.today, app.t("daily.cell_par"))
        keys = app.t("daily.keys")
        paint.text(surface, app, keys, (GRID[0] + GRID[2] / 2, 612), paint.fit_px(app, keys, 15, GRID[2]),
                   th.c("table_text_dim"), "midtop")
        legend = app.t("daily.legend")
        paint.text(surface, app, legend, (GRID[0] + GRID[2] / 2, 636), paint.fit_px(app, legend, 15, GRID[2]),
                   th.c("table_text_dim"), "midtop")
        problem = self.service.problem
        if problem:
            px = paint.fit_px(app, problem, 15, 900, min_px=10)
            paint.text(surface, app, paint.ellipsize(app, problem, px, 900), (GRID[0] + GRID[2], 672), px,
                       th.c("notice"), "topright")
        self.ui.draw(surface, app)

    def _draw_day(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        x, y, w, h = PANEL
        paint.panel(surface, app, PANEL, th.c("panel"), radius=14, edge=th.c("panel_edge"), shadow=True)
        deal, record = self.deal, self.record
        head = app.t("daily.today" if self.chosen == self.today else "daily.past_day", date=long_date(app, self.chosen))

        def line(words: str, yy: float, px: float = 18, colour: str = "ink", bold: bool = False) -> None:
            paint.text(surface, app, words, (x + 24, y + yy), paint.fit_px(app, words, px, w - 48, bold),
                       th.c(colour), "topleft", bold=bold)

        line(head, 18, 24, bold=True)
        setup = app.t("daily.setup", side=deal.side,
                      spirits=app.t("daily.spirits_on" if deal.spirits else "daily.spirits_off"))
        line(setup, 60)
        working = self.service.keeper.working(deal.iso)
        line(par_words(app, self.service.par(deal.iso), working), 92, bold=True)
        line(app.t("daily.tries_head", n=len(record.attempts), total=TRIES_PER_DAY), 140, 17, "ink_dim")
        for i in range(TRIES_PER_DAY):
            attempt = record.attempts[i] if i < len(record.attempts) else None
            if attempt is None:
                words = app.t("daily.try_unused", k=i + 1)
            elif attempt.score is None:
                words = app.t("daily.try_unfinished", k=i + 1)
            else:
                words = app.t("daily.try_done", k=i + 1, score=attempt.score, n=attempt.suns or 0)
            line(words, 170 + 30 * i, 18, "ink" if attempt is not None else "ink_dim")
        line(result_words(app, record), 278, 19, bold=True)
        streak = self.service.book().streak(self.today)
        line(app.t("daily.streak", n=streak), 330, 20, bold=True)
        # the rule fills what is left above Play, smaller at a large text size if it must
        rule, room, px = app.t("daily.streak_rule"), h - 76 - 6 - 362, 15.0
        while px > 15 / app.vp.text_scale and paint.block_height(app, rule, px, w - 48, line=1.2) > room:
            px -= 1
        paint.text_block(surface, app, rule, (x + 24, y + 362), px, th.c("ink_dim"), w - 48, line=1.2)
