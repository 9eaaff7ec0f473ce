"""The score table: every seat's score so far, row by row as on the pad."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import paint
from ..frame import Frame, Kit
from ..table import Table
from .common import Section, badge, cached, titled_panel
from .log import TOGGLE_H, draw_log

if TYPE_CHECKING:
    from ...look import Look


#: The narrowest label column, and the size of the row names.
LABEL_W, LABEL_PX = 128.0, 16.0
#: What the log's button takes at the right of the row of totals.
TOGGLE_ROOM = 124.0
_ROWS = ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit", "total")


class Scores(Section):
    """The scores so far; with the game log open (L, or the Log button), the log under them and the scores
    kept above it, in full where the window allows, else as one row of totals."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.scores_panel)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        app, L = self.kit.app, self.kit.layout
        if f.log is not None and f.log.shown:
            top = L.scores_with_log
            if L.scores_compact:
                cached(app, surface, ("totals", f.version, f.table.current), top,
                       lambda s: draw_totals(app, s, f.table, top))
            else:
                cached(app, surface, ("scores", f.version, f.table.current), top,
                       lambda s: draw_scores(app, s, f.table, top))
            draw_log(surface, app, f.log, L.log_panel, f.log_hover, app.t("log.title"))
        else:
            cached(app, surface, ("scores", f.version, f.table.current), self.rect,
                   lambda s: draw_scores(app, s, f.table, self.rect))


def draw_totals(app: Look, surface: pygame.Surface, g: Table, rect: tuple[float, float, float, float]) -> None:
    """Every seat's total in one row (its badge and name over it), left of the log's button."""
    th = app.theme
    paint.panel(surface, app, rect, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    x, y, w, h = rect
    col_w = (w - 24 - TOGGLE_ROOM * max(1.0, app.vp.tv(14) / 14)) / g.players
    name_y = y + 6 + app.vp.tv(13) / 2
    total_y = y + h - 6 - app.vp.tv(19) / 2
    for i in range(g.players):
        cx = x + 12 + col_w * i
        if i == g.current and not g.over:
            paint.panel(surface, app, (cx + 1, y + 3, col_w - 2, h - 6), th.c("button_hover"), radius=8,
                        edge=th.c("accent"), width=1.5)
        badge(app, surface, i, (cx + 13, name_y), 8)
        # a little smaller rather than cut, down to the normal text size; a name longer still is cut
        smallest = min(13.0, 11 / app.vp.text_scale)
        fits = paint.text_width(app, g.seats[i].name, smallest) <= col_w - 30
        px = paint.fit_px(app, g.seats[i].name, 13, col_w - 30, min_px=smallest) if fits else smallest
        name = paint.ellipsize(app, g.seats[i].name, px, col_w - 30)
        paint.text(surface, app, name, (cx + 25, name_y), px, th.c("ink"), "midleft")
        paint.text(surface, app, str(g.scores[i].total), (cx + col_w / 2, total_y), 19, th.c("ink"), "center",
                   bold=True)


def draw_scores(app: Look, surface: pygame.Surface, g: Table, rect: tuple[float, float, float, float]) -> None:
    th = app.theme
    titled_panel(app, surface, rect, "play.scores")
    x, y, w, h = rect
    rows = [r for r in _ROWS if r != "spirit" or g.spirits]
    n = g.players
    water_key = "score.water_river" if g.water == "river" else "score.water_islands"
    labels = [app.t(water_key if row == "water" else f"score.{row}") for row in rows]
    # the label column is as wide as this language's longest row name needs, within bounds that leave
    # each seat's column room for its name
    label_w = min(max(LABEL_W, max(paint.text_width(app, s, LABEL_PX, r == "total") for s, r in zip(labels, rows)) + 10),
                  (w - 24) * 0.42)
    col_w = (w - 24 - label_w) / n
    # the column heads start under the log's button at the panel's top right, however tall the text size
    # makes it (log.toggle_button), so the button never covers a seat's badge
    top = y + max(36.0, 7 + TOGGLE_H * max(1.0, app.vp.tv(14) / 14))
    # the Total row stands apart from the rows above it, its rule in the gap between them; the rows share
    # what is left under the heads down to the Total's figures, as large as the text size draws them
    gap = 8.0
    head = 44 + (app.vp.tv(13) - 13)
    room = y + h - 4 - app.vp.tv(19) * 0.55 - gap - (top + head)
    row_h = min(32.0, (h - (top - y) - 40 - gap) / len(rows), room / (len(rows) - 0.5))
    # column heads
    for i in range(n):
        cx = x + 12 + label_w + col_w * (i + 0.5)
        if i == g.current and not g.over:
            # down to the Total row's bottom, however tall its figures are drawn
            bottom = top + head + (len(rows) - 0.5) * row_h + gap + app.vp.tv(19) / 2 + 4
            paint.panel(surface, app, (cx - col_w / 2 + 2, top - 4, col_w - 4, bottom - top + 4),
                        th.c("button_hover"), radius=8, edge=th.c("accent"), width=1.5)
        badge(app, surface, i, (cx, top + 10), 9)
        name = g.seats[i].name
        px = paint.fit_px(app, name, 13, col_w - 8, min_px=11 / app.vp.text_scale)
        paint.text(surface, app, paint.ellipsize(app, name, px, col_w - 6), (cx, top + 24), px, th.c("ink"), "midtop")
    for k, (row, label) in enumerate(zip(rows, labels)):
        is_total = row == "total"
        ry = top + head + k * row_h + (gap if is_total else 0)
        if is_total:
            rule_y = ry - gap / 2 - 1
            pygame.draw.line(surface, th.c("panel_edge"), app.vp.p(x + 12, rule_y), app.vp.p(x + w - 12, rule_y),
                             max(1, app.vp.s(1.5)))
        paint.text(surface, app, label, (x + 16, ry + row_h / 2), paint.fit_px(app, label, LABEL_PX, label_w - 6, is_total),
                   th.c("ink"), "midleft", bold=is_total)
        for i in range(n):
            cx = x + 12 + label_w + col_w * (i + 0.5)
            value = getattr(g.scores[i], row)
            paint.text(surface, app, str(value), (cx, ry + row_h / 2), 19 if is_total else 16,
                       th.c("ink") if value or is_total else th.c("ink_dim"), "center", bold=is_total)
