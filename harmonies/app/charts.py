"""The Statistics view's four charts, drawn with pygame alone, each inside the rectangle it is given.

- :func:`draw_scores`: the solo scores in time order over the bands of the suns the score earns, with
  the personal-best line;
- :func:`draw_categories`: average points per category, the player's (solo, at a table) beside the
  hard computer player's (hollow bars);
- :func:`draw_suns`: how many solo games earned each number of suns;
- :func:`draw_levels`: games at a table won and lost against each computer level.

Each takes the virtual rectangle (1280×720 canvas, :mod:`harmonies.app.viewport`) and the figures of
:mod:`harmonies.persist.stats`, and draws nothing outside the rectangle: labels are fitted or cut to the
room they have. With no game to show a chart says so in words instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

import pygame
from babel.numbers import format_decimal

from harmonies.persist.stats import Averages, SoloSeries
from harmonies.persist.bests import LevelRecord
from harmonies.persist.summary import CATEGORIES

from . import paint

if TYPE_CHECKING:
    from .look import Look

Rect = tuple[float, float, float, float]
#: A chart's mapping of a value (a game's number, a score) to a virtual coordinate.
Scale = Callable[[float], float]
LABEL_PX = 17.0
LEGEND_PX = 18.0


# ---------------------------------------------------------------------------- shared pieces
def nice_step(span: float, most: int) -> float:
    """A step of 1, 2 or 5 times a power of ten giving at most ``most`` ticks over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / max(1, most)
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return float(m * power)
    return float(10 * power)


def decimal(app: Look, value: float) -> str:
    """``value`` with one decimal, written the way the player's language writes numbers (67.7, 67,7)."""
    try:
        return str(format_decimal(value, format="0.0", locale=app.catalogue.language))
    except (ValueError, LookupError):
        return f"{value:.1f}"


def _label(surface: pygame.Surface, app: Look, s: str, pos: tuple[float, float], room: float, colour: pygame.Color,
           anchor: str = "topleft", px: float = LABEL_PX, bold: bool = False) -> None:
    """``s`` in at most ``room`` virtual units: smaller first, then cut."""
    size = paint.fit_px(app, s, px, room, bold, min_px=12)
    paint.text(surface, app, paint.ellipsize(app, s, size, room, bold), pos, size, colour, anchor, bold)


def _message(surface: pygame.Surface, app: Look, rect: Rect, words: str) -> None:
    """A chart with nothing to show: what it will show, centred in words."""
    x, y, w, h = rect
    px = 20.0
    width = min(w - 80, 720.0)
    height = paint.block_height(app, words, px, width)
    top = y + max(10.0, (h - height) / 2)
    if top - 50 > y:
        sun(surface, app, (x + w / 2, top - 34), 11)
    paint.text_block(surface, app, words, (x + (w - width) / 2, top), px, app.theme.c("ink_dim"), width,
                     align="center")


def sun(surface: pygame.Surface, app: Look, centre: tuple[float, float], radius: float) -> None:
    """A small sun: a disc with eight rays."""
    vp, th = app.vp, app.theme
    cx, cy = centre
    for k in range(8):
        a = k * math.pi / 4
        pygame.draw.line(surface, th.c("accent"), vp.p(cx + math.cos(a) * radius * 1.15, cy + math.sin(a) * radius * 1.15),
                         vp.p(cx + math.cos(a) * radius * 1.6, cy + math.sin(a) * radius * 1.6), max(1, vp.s(1.5)))
    pygame.draw.circle(surface, th.c("accent"), vp.p(cx, cy), max(2, vp.s(radius)))


def _swatch(surface: pygame.Surface, app: Look, x: float, y: float, colour: pygame.Color, kind: str) -> float:
    """A legend's sample (a line, a bar, a hollow bar or a band) at ``(x, y)`` (its middle); its width."""
    vp = app.vp
    if kind in ("line", "plain"):
        pygame.draw.line(surface, colour, vp.p(x, y), vp.p(x + 26, y), max(2, vp.s(3)))
        if kind == "line":
            pygame.draw.circle(surface, colour, vp.p(x + 13, y), max(2, vp.s(4)))
    elif kind == "hollow":
        pygame.draw.rect(surface, colour, vp.r((x + 4, y - 8, 18, 16)), max(2, vp.s(3)))
    else:
        pygame.draw.rect(surface, colour, vp.r((x + 4, y - 8, 18, 16)))
        if kind == "band":
            pygame.draw.rect(surface, app.theme.c("chart_grid"), vp.r((x + 4, y - 8, 18, 16)), 1)
    return 32.0


LegendItem = tuple[str, pygame.Color, str]
#: The height of one row of a legend.
LEGEND_ROW = 26.0


def legend_rows(app: Look, items: Sequence[LegendItem], room: float) -> list[list[LegendItem]]:
    """``items`` packed into rows no wider than ``room`` at the legend's size, in order."""
    rows: list[list[LegendItem]] = [[]]
    used = 0.0
    for item in items:
        want = 32 + paint.text_width(app, item[0], LEGEND_PX) + 22
        if rows[-1] and used + want > room:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += want
    return rows


def legend(surface: pygame.Surface, app: Look, items: Sequence[LegendItem], x: float, y: float, room: float) -> float:
    """Samples and their words from ``(x, y)`` (the first row's middle), in as many rows as they need
    within ``room``; returns the height the rows take. A single item wider than ``room`` is cut."""
    rows = legend_rows(app, items, room)
    for k, row in enumerate(rows):
        xx, yy = x, y + k * LEGEND_ROW
        for s, colour, kind in row:
            want = min(room - (xx - x), 32 + paint.text_width(app, s, LEGEND_PX) + 22)
            xx += _swatch(surface, app, xx, yy, colour, kind)
            _label(surface, app, s, (xx, yy), want - 32 - 14, app.theme.c("ink"), "midleft", LEGEND_PX)
            xx += want - 32
    return len(rows) * LEGEND_ROW


# ---------------------------------------------------------------------------- solo scores over time
def draw_scores(surface: pygame.Surface, app: Look, rect: Rect, series: SoloSeries,
                thresholds: Sequence[tuple[int, int]]) -> None:
    """The solo scores (``series``) in time order over the bands of ``thresholds`` ((minimum score, suns),
    any order), with the personal-best line."""
    t, th, vp = app.t, app.theme, app.vp
    if not series.count:
        _message(surface, app, rect, t("stats.scores_empty"))
        return
    x0, y0, w, h = rect
    grouped = series.groups[0].last > series.groups[0].first
    score_words = t("stats.legend_mean", n=series.groups[0].last) if grouped else t("stats.legend_score")
    head = 24 + legend(surface, app, [(score_words, th.c("chart_you"), "line"),
                                      (t("stats.legend_best"), th.c("chart_best"), "plain"),
                                      (t("stats.legend_band"), th.c("chart_band"), "band")], x0 + 20, y0 + 24, w - 40)
    area = (x0 + 58, y0 + head, w - 58 - 70, h - head - 70)
    ax, ay, aw, ah = area
    top = max(g.high for g in series.groups)
    ymax = max(170, int(math.ceil((top + 5) / 10.0)) * 10)

    def y_of(v: float) -> float:
        return ay + ah - ah * min(max(v, 0), ymax) / ymax

    def x_of(game: float) -> float:
        return ax + aw / 2 if series.count == 1 else ax + aw * (game - 1) / (series.count - 1)

    _sun_bands(surface, app, area, thresholds, ymax, y_of)
    step = nice_step(ymax, 9)
    v = 0.0
    while v <= ymax:
        paint.text(surface, app, f"{v:.0f}", (ax - 8, y_of(v)), 16, th.c("ink_dim"), "midright")
        v += step
    pygame.draw.line(surface, th.c("ink_dim"), vp.p(ax, ay + ah), vp.p(ax + aw, ay + ah), 1)
    pygame.draw.line(surface, th.c("ink_dim"), vp.p(ax, ay), vp.p(ax, ay + ah), 1)
    _game_axis(surface, app, series, area, x_of)
    _score_marks(surface, app, series, x_of, y_of)
    _best_line(surface, app, series, area, x_of, y_of)


def _sun_bands(surface: pygame.Surface, app: Look, area: Rect, thresholds: Sequence[tuple[int, int]], ymax: float,
               y_of: Scale) -> None:
    """The suns the score earns: a band from each threshold to the next (every other one shaded), numbered
    with a sun on the right of the plot."""
    th, vp = app.theme, app.vp
    ax, _, aw, _ = area
    bands = sorted(thresholds)
    for i, (low, suns) in enumerate(bands):
        if low >= ymax:
            break
        high = bands[i + 1][0] if i + 1 < len(bands) else ymax
        top_y, bottom_y = y_of(high), y_of(low)
        if i % 2 == 0:
            pygame.draw.rect(surface, th.c("chart_band"), vp.r((ax, top_y, aw, bottom_y - top_y)))
        pygame.draw.line(surface, th.c("chart_grid"), vp.p(ax, bottom_y), vp.p(ax + aw, bottom_y), 1)
        mid = (top_y + bottom_y) / 2
        sun(surface, app, (ax + aw + 16, mid), 4.5)
        paint.text(surface, app, str(suns), (ax + aw + 28, mid), 16, th.c("ink_dim"), "midleft", bold=True)


def _best_line(surface: pygame.Surface, app: Look, series: SoloSeries, area: Rect, x_of: Scale, y_of: Scale) -> None:
    """The personal best: a step up at each game that beat every one before it, on to the right edge, where
    its value is written (one game: a short line across its dot)."""
    th, vp = app.theme, app.vp
    ax, _, aw, _ = area
    best = [(x_of(series.groups[0].first), y_of(series.groups[0].best))]
    for g in series.groups[1:]:
        gx = x_of((g.first + g.last) / 2)
        if y_of(g.best) != best[-1][1]:
            best += [(gx, best[-1][1]), (gx, y_of(g.best))]
    best.append((ax + aw if series.count > 1 else x_of(1) + 40, best[-1][1]))
    if series.count == 1:
        best[0] = (x_of(1) - 40, best[0][1])
    pygame.draw.lines(surface, th.c("chart_best"), False, [vp.p(*p) for p in best], max(2, vp.s(2.5)))
    paint.text(surface, app, str(series.best), (best[-1][0] - 2, best[-1][1] - 3), 16, th.c("chart_best"),
               "bottomright", bold=True)


def day(when: str | None) -> str:
    """The local day of an ISO time (the text itself if it is none)."""
    try:
        return datetime.fromisoformat(when or "").astimezone().strftime("%Y-%m-%d")
    except ValueError:
        return when or ""


def _game_axis(surface: pygame.Surface, app: Look, series: SoloSeries, area: Rect, position: Scale) -> None:
    """Game numbers under the plot, and under them the dates the games span, the best and the mean."""
    th = app.theme
    ax, ay, aw, ah = area
    if series.count == 1:
        ticks = [1]
    else:
        step = max(1, int(nice_step(series.count - 1, 8)))
        ticks = sorted({1, *range(step, series.count + 1, step)})
    for k in ticks:
        x = position(k)
        pygame.draw.line(surface, th.c("ink_dim"), app.vp.p(x, ay + ah), app.vp.p(x, ay + ah + 5), 1)
        paint.text(surface, app, str(k), (x, ay + ah + 7), 16, th.c("ink_dim"), "midtop")
    words = (app.t("stats.scores_axis_one", since=day(series.since)) if series.count == 1 else
             app.t("stats.scores_axis", n=series.count, since=day(series.since), until=day(series.until)))
    words += " · " + app.t("stats.summary_scores", best=series.best, mean=decimal(app, series.mean or 0.0))
    _label(surface, app, words, (ax + aw / 2, ay + ah + 32), aw + 40, th.c("ink"), "midtop")


def _score_marks(surface: pygame.Surface, app: Look, series: SoloSeries, xs: Scale, ys: Scale) -> None:
    """Each game's score as a dot joined by a thin line; for groups, their spread and the line of their means."""
    vp, th = app.vp, app.theme
    colour = th.c("chart_you")
    grouped = series.groups[0].last > series.groups[0].first
    points = [(xs((g.first + g.last) / 2), ys(g.mean)) for g in series.groups]
    if grouped:
        spread = pygame.Color(colour).lerp(th.c("panel"), 0.65)
        for g, (x, _) in zip(series.groups, points):
            pygame.draw.line(surface, spread, vp.p(x, ys(g.low)), vp.p(x, ys(g.high)), max(1, vp.s(2)))
    if len(points) > 1:
        pygame.draw.lines(surface, colour, False, [vp.p(*p) for p in points], max(1, vp.s(2 if grouped else 1.5)))
    if not grouped and len(points) <= 80:
        for p in points:
            pygame.draw.circle(surface, colour, vp.p(*p), max(2, vp.s(4 if len(points) > 1 else 6)))


# ---------------------------------------------------------------------------- average points per category
def draw_categories(surface: pygame.Surface, app: Look, rect: Rect, solo: Averages, table: Averages,
                    hard: dict[str, float], spirits: bool) -> None:
    """Bars of the average points per category: the player's solo and table means, the hard player's
    solo means (hollow); ``spirits``: whether the spirit category is shown."""
    t, th, vp = app.t, app.theme, app.vp
    if not solo.seats and not table.seats:
        _message(surface, app, rect, t("stats.categories_empty"))
        return
    series: list[tuple[str, pygame.Color, str, dict[str, float]]] = []
    if solo.seats:
        series.append((t("stats.legend_solo", n=solo.seats, total=decimal(app, solo.means["total"])), th.c("chart_you"),
                       "bar", solo.means))
    if table.seats:
        series.append((t("stats.legend_table", n=table.seats, total=decimal(app, table.means["total"])),
                       th.c("chart_table"), "bar", table.means))
    if hard:
        series.append((t("stats.legend_hard", total=decimal(app, hard["total"])), th.c("chart_hard"), "hollow", hard))
    cats = [c for c in CATEGORIES if c != "spirit" or spirits]
    x0, y0, w, h = rect
    head = 30 + legend(surface, app, [(s, colour, kind) for s, colour, kind, _ in series], x0 + 20, y0 + 24, w - 40)
    area = (x0 + 52, y0 + head, w - 52 - 20, h - head - 48)
    ax, ay, aw, ah = area
    top = max(m[c] for _, _, _, m in series for c in cats)
    step = nice_step(max(top, 1.0), 5)
    ymax = step * math.ceil(max(top, 1.0) * 1.12 / step)

    def y_of(v: float) -> float:
        return ay + ah - ah * min(v, ymax) / ymax

    v = 0.0
    while v <= ymax + 1e-9:
        pygame.draw.line(surface, th.c("chart_grid"), vp.p(ax, y_of(v)), vp.p(ax + aw, y_of(v)), 1)
        paint.text(surface, app, f"{v:.0f}", (ax - 8, y_of(v)), 16, th.c("ink_dim"), "midright")
        v += step
    group_w = aw / len(cats)
    bar_w = min(46.0, group_w * 0.82 / len(series))
    for i, c in enumerate(cats):
        gx = ax + group_w * i + (group_w - bar_w * len(series)) / 2
        for k, (_, colour, kind, means) in enumerate(series):
            value = means.get(c, 0.0)
            bx, by = gx + k * bar_w + 2, y_of(value)
            box = vp.r((bx, by, bar_w - 4, ay + ah - by))
            if kind == "hollow":
                pygame.draw.rect(surface, colour, box, max(2, vp.s(3)))
            else:
                pygame.draw.rect(surface, colour, box)
            shown = f"{value:.0f}" if bar_w < 34 else decimal(app, value)
            size = paint.fit_px(app, shown, 14, bar_w + 2, min_px=10)
            paint.text(surface, app, shown, (bx + (bar_w - 4) / 2, by - 2), size, th.c("ink"), "midbottom")
        _label(surface, app, t(f"score.{c}"), (ax + group_w * (i + 0.5), ay + ah + 8), group_w - 6, th.c("ink"),
               "midtop", 17)
    pygame.draw.line(surface, th.c("ink_dim"), vp.p(ax, ay + ah), vp.p(ax + aw, ay + ah), 1)


# ---------------------------------------------------------------------------- suns
def draw_suns(surface: pygame.Surface, app: Look, rect: Rect, counts: Sequence[int]) -> None:
    """How many solo games earned each number of suns (at least 0 to 5 along the bottom)."""
    t, th, vp = app.t, app.theme, app.vp
    if not any(counts):
        _message(surface, app, rect, t("stats.suns_empty"))
        return
    x0, y0, w, h = rect
    shown = list(counts) + [0] * max(0, 6 - len(counts))
    area = (x0 + 30, y0 + 56, w - 60, h - 56 - 64)
    ax, ay, aw, ah = area
    most = max(shown)
    slot = aw / len(shown)
    bar_w = min(70.0, slot * 0.7)
    for k, n in enumerate(shown):
        cx = ax + slot * (k + 0.5)
        bh = (ah - 26) * n / most
        if n:
            pygame.draw.rect(surface, th.c("chart_you"), vp.r((cx - bar_w / 2, ay + ah - bh, bar_w, bh)),
                             border_top_left_radius=vp.s(4), border_top_right_radius=vp.s(4))
        paint.text(surface, app, str(n), (cx, ay + ah - bh - 3), 16, th.c("ink"), "midbottom", bold=bool(n))
        label = str(k)
        lw = paint.text_width(app, label, 17, bold=True)
        sun(surface, app, (cx - lw / 2 - 2, ay + ah + 18), 5)
        paint.text(surface, app, label, (cx + 6, ay + ah + 18), 17, th.c("ink"), "midleft", bold=True)
    pygame.draw.line(surface, th.c("ink_dim"), vp.p(ax, ay + ah), vp.p(ax + aw, ay + ah), 1)
    _label(surface, app, t("stats.suns_axis"), (x0 + w / 2, ay + ah + 36), w - 40, th.c("ink"), "midtop")
    total = sum(counts)
    mean = sum(k * n for k, n in enumerate(counts)) / total
    _label(surface, app, t("stats.suns_caption", n=total, mean=decimal(app, mean)), (x0 + 20, y0 + 24), w - 40,
           th.c("ink"), "midleft", LEGEND_PX)


# ---------------------------------------------------------------------------- results per level
#: The table's columns: catalogue key of the head, left edge and width as fractions of the rectangle.
LEVEL_COLUMNS = (("stats.col_level", 0.04, 0.22), ("stats.col_games", 0.27, 0.11), ("stats.col_won", 0.39, 0.11),
                 ("stats.col_lost", 0.51, 0.11), ("stats.col_share", 0.63, 0.34))


def draw_levels(surface: pygame.Surface, app: Look, rect: Rect, levels: Sequence[LevelRecord]) -> None:
    """A table: each computer level played against at a table, the games, won, lost, and the share won."""
    t, th, vp = app.t, app.theme, app.vp
    if not levels:
        _message(surface, app, rect, t("stats.levels_empty"))
        return
    x0, y0, w, h = rect
    y = y0 + 30
    for key, left, width in LEVEL_COLUMNS:
        _label(surface, app, t(key), (x0 + w * left, y), w * width - 8, th.c("ink_dim"), "midleft", 17, bold=True)
    row_h = min(56.0, (h - 90) / max(1, len(levels)))
    pygame.draw.line(surface, th.c("chart_grid"), vp.p(x0 + 16, y + 20), vp.p(x0 + w - 16, y + 20), 1)
    for i, r in enumerate(levels):
        cy = y + 20 + row_h * (i + 0.5)
        games = r.wins + r.losses
        cells = (t(f"level.{r.level}", default=r.level), str(games), str(r.wins), str(r.losses))
        for (_, left, width), s in zip(LEVEL_COLUMNS, cells):
            _label(surface, app, s, (x0 + w * left, cy), w * width - 8, th.c("ink"), "midleft", 19, bold=left < 0.1)
        _, left, width = LEVEL_COLUMNS[-1]
        bx, bw = x0 + w * left, w * width - 70
        share = r.wins / games if games else 0.0
        pygame.draw.rect(surface, th.c("chart_grid"), vp.r((bx, cy - 10, bw, 20)), border_radius=vp.s(4))
        if r.wins:
            pygame.draw.rect(surface, th.c("chart_table"), vp.r((bx, cy - 10, bw * share, 20)), border_radius=vp.s(4))
        paint.text(surface, app, t("stats.percent", p=f"{100 * share:.0f}"), (bx + bw + 62, cy), 18, th.c("ink"),
                   "midright", bold=True)
        pygame.draw.line(surface, th.c("chart_grid"), vp.p(x0 + 16, cy + row_h / 2), vp.p(x0 + w - 16, cy + row_h / 2), 1)
    _label(surface, app, t("stats.levels_caption"), (x0 + w / 2, y0 + h - 24), w - 40, th.c("ink_dim"), "midbottom")
