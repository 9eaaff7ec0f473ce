"""The moment a game ends, over its scoresheet: each landscape's points and the animals' revealed one row at
a time, the totals counted up, then the winner (or, solo, the suns one by one with a chime) and a new
personal best. It lasts a few seconds, and any key or click skips it.

The scoresheet holds one :class:`Finale` while it plays, hands it its time, input and frames, and drops it
once :attr:`Finale.done`. Everything shown comes from the finished game's outcome; nothing here decides a
rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from . import paint
from .input import Intent
from .look import Look
from .scene import Telling
from .widgets import Widget

if TYPE_CHECKING:
    from harmonies.persist.bests import NewBest

#: Seconds before the first row, between two rows, for the totals to count up, between two suns, that the
#: last of it stays on show, and of the fade back to the sheet.
LEAD, ROW_GAP, COUNT, SUN_GAP, HOLD, FADE = 0.35, 0.22, 0.6, 0.16, 1.6, 0.4
#: The panel, in virtual units: it leaves the sheet's buttons (from y 656) uncovered.
PANEL_W, PANEL_TOP, PANEL_BOTTOM = 640.0, 40.0, 640.0
#: The height of the row of suns (at most 11 suns: one row fits the panel).
SUN_ROW = 44.0
#: The sizes of a row's words and of the total's.
ROW_PX, TOTAL_PX = 19.0, 24.0


@dataclass(frozen=True)
class Row:
    """One line revealed: its label and each seat's points."""

    label: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class Ending:
    """What the finale says: the rows, the totals, the seats' names, the winners (empty: solo), the suns
    (None: not solo) and the personal best's line ("" for none)."""

    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    names: tuple[str, ...]
    winners: tuple[int, ...]
    suns: int | None
    best: str = ""


def best_line(app: Look, news: NewBest | None) -> str:
    """The personal best a game set, in a line ("" for none)."""
    if news is None:
        return ""
    return app.t("score.new_best") if news.previous is not None else app.t("score.first_best")


def ending_of(app: Look, game: Any, names: list[str], best: str) -> Ending:
    """The finale of a finished ``game`` (its outcome's score sheets), worded by the app's catalogue."""
    oc = game.outcome
    water = "score.water_river" if game.shape.water == "river" else "score.water_islands"
    rows = [Row(app.t(water if key == "water" else f"score.{key}"), tuple(getattr(s, key) for s in oc.scores))
            for key in ("trees", "mountains", "fields", "buildings", "water", "animals")]
    if game.setup.spirits:
        rows.append(Row(app.t("score.spirit"), tuple(s.spirit for s in oc.scores)))
    solo = len(oc.scores) == 1
    return Ending(tuple(rows), tuple(s.total for s in oc.scores), tuple(names),
                  () if solo else tuple(oc.winners), oc.suns.total if solo and oc.suns is not None else None, best)


class FinaleServices(Look, Telling, Protocol):
    """What the finale uses: the look, and the sounds of its suns and its chime."""


class Finale:
    """The finale's clock and drawing."""

    def __init__(self, app: FinaleServices, ending: Ending) -> None:
        self.app = app
        self.ending = ending
        self.t = 0.0
        self.skipped = False
        self._chimed = False
        self._suns_sounded = 0

    # ------------------------------------------------------------------ the clock
    @property
    def climax(self) -> float:
        """When the winner or the suns come: after the rows and the counting."""
        return LEAD + ROW_GAP * len(self.ending.rows) + COUNT + 0.25

    @property
    def length(self) -> float:
        """The whole finale, its fade included."""
        suns = self.ending.suns or 0
        return self.climax + SUN_GAP * suns + HOLD + FADE

    @property
    def done(self) -> bool:
        return self.skipped or self.t >= self.length

    def skip(self) -> None:
        self.skipped = True

    def update(self, dt: float) -> None:
        """Time passes: the suns' pops and the chime sound as they come."""
        self.t += dt
        suns = self.ending.suns or 0
        due = min(suns, max(0, math.floor((self.t - self.climax) / SUN_GAP) + 1)) if self.t >= self.climax else 0
        while self._suns_sounded < due:
            self._suns_sounded += 1
            self.app.play_sound("cube")
        if not self._chimed and self.t >= self.climax + SUN_GAP * suns:
            self._chimed = True
            self.app.play_sound("finale")

    def handle(self, event: pygame.event.Event, intents: frozenset[Intent], buttons: Iterable[Widget]) -> bool:
        """Whether ``event`` was the finale's alone. A key or a click skips it; one that means something on
        the sheet as well (a click on one of ``buttons``, B for the boards) still reaches the sheet, while
        Enter, Space and Esc only skip (Enter would otherwise play again at once)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.skip()
            return not any(w.hit(event.vpos) for w in buttons)
        if event.type == pygame.KEYDOWN:
            self.skip()
            return not intents or bool(intents & {Intent.CONFIRM, Intent.USE, Intent.BACK})
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, bottom: float = PANEL_BOTTOM) -> None:
        """The finale over the sheet, its panel down to ``bottom`` (higher while the sheet's banner says the
        game could not be archived: that banner stays in sight)."""
        app, th = self.app, self.app.theme
        e = self.ending
        tv = app.vp.tv
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        paint.veil(layer, 170)
        x = 640 - PANEL_W / 2
        paint.panel(layer, app, (x, PANEL_TOP, PANEL_W, bottom - PANEL_TOP), th.c("panel"), radius=18,
                    edge=th.c("accent"), width=3, shadow=True)
        title = app.t("finale.title")
        paint.text(layer, app, title, (640, PANEL_TOP + 14 + tv(30) / 2), paint.fit_px(app, title, 30, PANEL_W - 40, True),
                   th.c("ink"), "center", bold=True)
        y = PANEL_TOP + 26 + tv(30)
        n = len(e.totals)
        label_w = 200.0
        col_w = (PANEL_W - 40 - label_w) / max(1, n)
        x0 = x + 20 + label_w
        if n > 1:
            for i, name in enumerate(e.names):
                px = paint.fit_px(app, name, 17, col_w - 10, True, min_px=12)
                paint.text(layer, app, paint.ellipsize(app, name, px, col_w - 10, True),
                           (x0 + col_w * (i + 0.5), y + tv(17) * 0.7), px, th.c("ink_dim"), "center", bold=True)
            y += tv(17) * 1.4
        row_h = self._row_h(y, bottom)
        self._rows(layer, x, x0, col_w, label_w, y, row_h)
        y += row_h * len(e.rows)
        counting = self.t - (LEAD + ROW_GAP * len(e.rows))
        if counting >= 0:
            share = min(1.0, counting / COUNT)
            pygame.draw.line(layer, th.c("panel_edge"), app.vp.p(x + 24, y + 4), app.vp.p(x + PANEL_W - 24, y + 4),
                             max(1, app.vp.s(2)))
            mid = y + 10 + tv(TOTAL_PX) * 0.7
            label = app.t("score.total")
            paint.text(layer, app, label, (x + 28, mid), paint.fit_px(app, label, TOTAL_PX, label_w - 10, True),
                       th.c("ink"), "midleft", bold=True)
            for i, total in enumerate(e.totals):
                cx = x0 + col_w * (i + 0.5)
                if i in e.winners and self.t >= self.climax:    # the winner's total is circled, as on the pad
                    h = tv(TOTAL_PX) * 1.3
                    paint.panel(layer, app, (cx - 42, mid - h / 2, 84, h), th.c("accent"), radius=10, edge=th.c("ink"),
                                width=1.5)
                paint.text(layer, app, str(round(total * share)), (cx, mid), TOTAL_PX, th.c("ink"), "center", bold=True)
        y += 16 + tv(TOTAL_PX) * 1.4
        if self.t >= self.climax:
            self._climax(layer, y)
        hint = app.t("finale.skip")
        paint.text(layer, app, hint, (640, bottom - 8 - tv(13) * 0.7), paint.fit_px(app, hint, 13, PANEL_W - 40),
                   th.c("ink_dim"), "center")
        alpha = max(0.0, min(1.0, (self.length - self.t) / FADE))
        if alpha < 1.0:
            layer.set_alpha(round(255 * alpha))
        surface.blit(layer, (0, 0))

    def _row_h(self, top: float, bottom: float) -> float:
        """A row's height: room for its words at the text size, less if the panel would not hold them all
        with the total, the climax and the skip line under them."""
        tv = self.app.vp.tv
        below = 16 + tv(TOTAL_PX) * 1.4 + self._climax_height() + 12 + tv(13) * 1.4
        room = (bottom - top - below) / max(1, len(self.ending.rows))
        return min(max(30.0, tv(ROW_PX) * 1.35), room)

    def _climax_height(self) -> float:
        tv = self.app.vp.tv
        e = self.ending
        h = tv(26 if e.suns is not None else 28) * 1.4 + (SUN_ROW if e.suns is not None else 0)
        return h + (tv(20) * 1.4 if e.best else 0)

    def _rows(self, layer: pygame.Surface, x: float, x0: float, col_w: float, label_w: float, y: float,
              row_h: float) -> None:
        """The rows revealed so far, each settling into place."""
        app, th = self.app, self.app.theme
        px = min(ROW_PX, row_h / 1.35 / (app.vp.tv(ROW_PX) / ROW_PX))
        for k, row in enumerate(self.ending.rows):
            shown = self.t - (LEAD + ROW_GAP * k)
            if shown < 0:
                break
            mid = y + row_h * (k + 0.5) + 8 * (1 - min(1.0, shown / 0.2))
            lpx = paint.fit_px(app, row.label, px, label_w - 10, min_px=11)
            paint.text(layer, app, row.label, (x + 28, mid), lpx, th.c("ink"), "midleft")
            for i, pts in enumerate(row.points):
                paint.text(layer, app, str(pts), (x0 + col_w * (i + 0.5), mid), px, th.c("ink"), "center")

    def _climax(self, surface: pygame.Surface, y: float) -> None:
        """The winner's line, or the suns popping in one by one; then the personal best."""
        app, th = self.app, self.app.theme
        tv = app.vp.tv
        e = self.ending
        since = self.t - self.climax
        if e.suns is not None:
            words = app.t("score.suns_total", n=e.suns)
            paint.text(surface, app, words, (640, y + tv(26) * 0.7), paint.fit_px(app, words, 26, PANEL_W - 40, True),
                       th.c("ink"), "center", bold=True)
            y += tv(26) * 1.4
            shown = min(e.suns, math.floor(since / SUN_GAP) + 1)
            for k in range(shown):
                grow = min(1.0, (since - SUN_GAP * k) / 0.18)
                paint.sun(surface, app, 640 + (k - (e.suns - 1) / 2) * 44, y + SUN_ROW / 2, 15 * (0.6 + 0.4 * grow))
            y += SUN_ROW
        else:
            names = [e.names[i] for i in e.winners]
            words = app.t("score.winner", name=names[0]) if len(names) == 1 else \
                app.t("score.winners", names=", ".join(names))
            paint.text(surface, app, words, (640, y + tv(28) * 0.7), paint.fit_px(app, words, 28, PANEL_W - 40, True),
                       th.c("ink"), "center", bold=True)
            y += tv(28) * 1.4
        if e.best:
            paint.text(surface, app, e.best, (640, y + tv(20) * 0.7), paint.fit_px(app, e.best, 20, PANEL_W - 40, True),
                       th.c("ink"), "center", bold=True)
