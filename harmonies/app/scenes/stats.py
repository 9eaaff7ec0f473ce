"""Statistics, from Finished games: the player's progress in four charts (:mod:`harmonies.app.charts`).

Solo scores over time (with the personal best and the suns bands), average points per category beside
the hard computer player's, the suns of the solo games, and the games won and lost against each computer
level. The figures come from the index of finished games (:mod:`harmonies.persist.stats`), read when
the view opens, when a filter (board side, spirits) changes, and when the index lists another number of
games (the Finished games screen below may still be indexing new files).

Keys: 1 to 4 choose a chart, and Left/Right while the chart tabs have the focus (they do on opening);
Tab and Up/Down move between the tabs, the filters and Back; Left/Right change a filter; Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from harmonies.persist.index import FinishedIndex
from harmonies.persist.stats import NO_STATS, Stats, StatsFilter, read_stats
from harmonies.rules import rules_data

from .. import charts, paint
from ..input import PICK, Intent
from ..widgets import Button, Choice, Rect, Widget, sideways
from ..look import Look
from ..scene import Keeping, Navigation
from .common import WidgetScene, draw_backdrop

CHARTS = ("scores", "categories", "suns", "levels")
TABS_RECT = (30.0, 82.0, 1220.0, 44.0)
CHART_RECT = (30.0, 160.0, 1220.0, 478.0)
SIDES = ("all", "A", "B")
SPIRITS = ("all", "on", "off")
#: While the view is open, how often it asks whether the index has more games (seconds): the Finished
#: games screen below may still be indexing new files.
RECOUNT_EVERY = 0.5


def tab_rect(row: Rect, k: int) -> Rect:
    """The ``k``-th chart's tab in the row of tabs ``row``."""
    x, y, w, h = row
    width = w / len(CHARTS)
    return (x + k * width + 4, y, width - 8, h)


class ChartTabs(Widget):
    """One tab per chart in a row: a click chooses one, and Left/Right step while the row has the focus."""

    def __init__(self, rect: Rect, label: Callable[[str], str], get: Callable[[], str],
                 set_: Callable[[str], None]) -> None:
        super().__init__(rect)
        self.label = label
        self.get = get
        self.set = set_
        self.name = "tabs"

    def tab_rect(self, k: int) -> Rect:
        return tab_rect(self.rect, k)

    def step(self, delta: int) -> None:
        self.set(CHARTS[(CHARTS.index(self.get()) + delta) % len(CHARTS)])

    def activate(self) -> None:
        self.step(1)

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.vpos):
            for k, chart in enumerate(CHARTS):
                x, y, w, h = self.tab_rect(k)
                if x <= event.vpos[0] < x + w:
                    self.set(chart)
            return True
        step = sideways(app.input.intents(event)) if focused else 0
        if step:
            self.step(step)
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        th, vp = app.theme, app.vp
        hover = app.mouse_virtual()
        for k, chart in enumerate(CHARTS):
            rect = self.tab_rect(k)
            x, y, w, h = rect
            chosen = chart == self.get()
            over = x <= hover[0] < x + w and y <= hover[1] < y + h
            fill = th.c("primary") if chosen else th.c("button_hover" if over else "button")
            paint.panel(surface, app, rect, fill, radius=h / 2.6, shadow=chosen)
            if chosen and focused:
                pygame.draw.rect(surface, th.c("table_text"), vp.r((x - 3, y - 3, w + 6, h + 6)), max(2, vp.s(2.5)),
                                 border_radius=vp.s(h / 2.6 + 3))
            words = f"{k + 1}  {self.label(chart)}"
            px = paint.fit_px(app, words, 19, w - 20, bold=True, min_px=12)
            paint.text(surface, app, paint.ellipsize(app, words, px, w - 20, True), (x + w / 2, y + h / 2), px,
                       th.c("accent_ink" if chosen else "button_text"), "center", bold=True)


class StatsServices(Look, Navigation, Keeping, Protocol):
    """What the statistics use: the look, and the finished games of the data folder."""


class StatsScene(WidgetScene):
    name = "stats"
    title_key = "stats.title"

    app: StatsServices

    def __init__(self, app: StatsServices) -> None:
        super().__init__(app)
        store = app.saves.store
        self.index = FinishedIndex(store.dirs, store.cards, auto_refresh=False) if store is not None else None
        self.chart = CHARTS[0]
        self.side = "all"
        self.spirits = "all"
        self.notice = ""
        self.stats: Stats | None = None
        #: How many games the figures were read over, and the time since the index was last counted.
        self._counted = -1
        self._since_count = 0.0
        t = app.t
        self.tabs = ChartTabs(TABS_RECT, lambda c: t(f"stats.tab_{c}"), lambda: self.chart, self.choose)
        self.ui.add(self.tabs)
        self.ui.add(Choice((30, 656, 420, 50), lambda: t("stats.side"), list(SIDES), lambda: self.side,
                           self.set_side, lambda v: t("stats.side_all") if v == "all" else v, label_w=0.46,
                           name="side"))
        self.ui.add(Choice((470, 656, 520, 50), lambda: t("stats.spirits"), list(SPIRITS), lambda: self.spirits,
                           self.set_spirits, lambda v: t(f"stats.spirits_{v}"), label_w=0.44, name="spirits"))
        self.ui.add(Button((1250 - 240, 656, 240, 50), lambda: t("stats.back"), lambda: app.scenes.pop(),
                           name="back"))
        self.ui.focus = 0
        self.reload()

    # ------------------------------------------------------------------ data
    @property
    def filter(self) -> StatsFilter:
        return StatsFilter(None if self.side == "all" else self.side,
                           None if self.spirits == "all" else self.spirits == "on")

    def reload(self) -> None:
        """Read the figures again for the filters chosen; a failure is said in one line."""
        if self.index is None:
            self.stats = None
            return
        try:
            self._counted = self.index.count()
            self.stats = read_stats(self.index, self.filter)
            self.notice = ""
        except Exception as exc:  # an index that cannot be read is said in one line, never a crash
            self.stats = None
            self.notice = self.app.t("stats.read_failed", reason=str(exc))

    def update(self, dt: float) -> None:
        """Read the figures again when the index lists more (or fewer) games than they were read over."""
        super().update(dt)
        self._since_count += dt
        if self.index is None or self._since_count < RECOUNT_EVERY:
            return
        self._since_count = 0.0
        try:
            changed = self.index.count() != self._counted
        except Exception:  # said by reload, which meets the same failure
            changed = True
        if changed and not self.notice:
            self.reload()
            self.redraw()

    def wake_in(self) -> float | None:
        """The index is counted again now and then (another window may record games)."""
        return max(0.0, RECOUNT_EVERY - self._since_count) if self.index is not None else None

    def choose(self, chart: str) -> None:
        self.chart = chart

    def set_side(self, side: str) -> None:
        self.side = side
        self.reload()

    def set_spirits(self, spirits: str) -> None:
        self.spirits = spirits
        self.reload()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        intents = self.app.input.intents(event)
        if Intent.BACK in intents:
            self.app.scenes.pop()
            return None
        picked = [PICK[i] for i in intents if i in PICK]
        if picked:
            self.chart = CHARTS[picked[0]]
            return None
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        draw_backdrop(surface, app)
        self.draw_title(surface, 44)
        self.ui.draw(surface, app)
        line, warn = self.top_line()
        paint.text(surface, app, paint.ellipsize(app, line, 17, 1220), (640, 144), 17,
                   th.c("notice") if warn else th.c("table_text_dim"), "center")
        paint.panel(surface, app, CHART_RECT, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
        x, y, w, h = CHART_RECT
        self.draw_chart(surface, (x + 10, y + 6, w - 20, h - 12))

    def draw_chart(self, surface: pygame.Surface, rect: charts.Rect) -> None:
        """The chosen chart inside ``rect`` (an empty history: each chart's own words)."""
        stats = self.stats or NO_STATS
        if self.chart == "scores":
            charts.draw_scores(surface, self.app, rect, stats.solo, rules_data().suns_from_score)
        elif self.chart == "categories":
            charts.draw_categories(surface, self.app, rect, stats.solo_averages, stats.table_averages, stats.hard,
                                   spirits=self.spirits != "off")
        elif self.chart == "suns":
            charts.draw_suns(surface, self.app, rect, stats.suns)
        else:
            charts.draw_levels(surface, self.app, rect, stats.levels)

    def top_line(self) -> tuple[str, bool]:
        """The line over the chart: a problem if there is one, else what the chart sums up, and the keys."""
        t = self.app.t
        if self.notice:
            return self.notice, True
        stats = self.stats
        if stats is not None and stats.hard_problem and self.chart == "categories":
            return t("stats.hard_missing", reason=stats.hard_problem), True
        return t("stats.keys"), False
