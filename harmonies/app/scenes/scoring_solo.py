"""The panels beside a solo game's scoresheet: the suns and why they came, a new best, and a daily
game's result against par."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import pygame

from harmonies.persist.bests import NewBest
from harmonies.persist.daily import DayRecord
from harmonies.rules import Game, SunReport

from .. import paint
from ..cardart import CardArt
from .daily_words import scoresheet_line

if TYPE_CHECKING:
    from ..look import Look

#: The size of the words under the suns' total saying why the side and the spirit gave suns.
SUNS_WHY_PX = 14


def suns_why(app: Look, suns: SunReport | None) -> str:
    """Why suns came besides the score's: the board side's and the spirit's come whatever the score, which a
    weak game's total would otherwise leave unexplained ("" when there are none)."""
    if suns is None or suns.side_suns + suns.spirit_suns == 0:
        return ""
    return app.t("score.suns_why")


def suns_height(app: Look, suns: SunReport | None) -> float:
    """The suns panel's height: 300, or more when its words take more lines at a large text size."""
    why = suns_why(app, suns)
    below = 180 + (app.vp.tv(22) - 22) * 0.6 + app.vp.tv(20) * 0.7 + (paint.block_height(app, why, SUNS_WHY_PX, 268) + 12 if why else 0.0)
    count = suns.total if suns is not None else 0
    rows = max(1, 1 + (count - 1) // 8)
    return max(300.0, max(226.0, below + 26) + 34 * (rows - 1) + 28)


def draw_suns(surface: pygame.Surface, app: Look, game: Game, suns: SunReport, score: int, x: float, y: float) -> None:
    """The suns panel at ``x, y``: the suns of the score (``score``), the side and the spirit, their total, why,
    and the suns themselves."""
    th = app.theme
    paint.panel(surface, app, (x, y, 300, suns_height(app, suns)), th.c("panel"), radius=12, edge=th.c("panel_edge"),
                shadow=True)
    paint.text(surface, app, app.t("score.suns_title"), (x + 16, y + 14), 22, th.c("ink"), bold=True)
    lines = [
        (app.t("score.suns_score", score=score), suns.score_suns),
        (app.t("score.suns_side", side=game.setup.side), suns.side_suns),
        (app.t("score.suns_spirit") if game.setup.spirits else app.t("score.suns_no_spirit"), suns.spirit_suns),
    ]
    yy = y + 60 + (app.vp.tv(22) - 22) * 0.6   # under the title however large the text size makes it
    for label, n in lines:
        paint.text(surface, app, label, (x + 16, yy), paint.fit_scaled(app, label, 17, 220), th.c("ink"), "midleft")
        paint.text(surface, app, f"+{n}", (x + 284, yy), 18, th.c("ink"), "midright", bold=True)
        yy += 38
    pygame.draw.line(surface, th.c("panel_edge"), app.vp.p(x + 14, yy - 14), app.vp.p(x + 286, yy - 14), 2)
    paint.text(surface, app, app.t("score.suns_total", n=suns.total), (x + 16, yy + 6), 20, th.c("ink"), "midleft",
               bold=True)
    why = suns_why(app, suns)
    below = yy + 6 + app.vp.tv(20) * 0.7
    if why:
        below += paint.text_block(surface, app, why, (x + 16, below + 4), SUNS_WHY_PX, th.c("ink_dim"), 268) + 8
    for k in range(suns.total):
        cx = x + 30 + (k % 8) * 34
        cy = max(yy + 52, below + 26) + (k // 8) * 34
        paint.sun(surface, app, cx, cy, 12)


def draw_news(surface: pygame.Surface, app: Look, news: NewBest, game: Game, cardart: CardArt | None,
              x: float, y: float) -> None:
    """The solo best this game has just beaten (or set), in a panel at ``x, y``."""
    th = app.theme
    setup = game.setup
    spirit = game.player(0).spirit
    config = app.t("score.best_config", side=setup.side,
                   spirit=cardart.name(spirit) if spirit and cardart else app.t("finished.no_spirit"))
    title = app.t("score.new_best") if news.previous is not None else app.t("score.first_best")
    detail = app.t("score.best_before", score=news.score, previous=news.previous) \
        if news.previous is not None else app.t("score.best_first", score=news.score)
    paint.panel(surface, app, (x, y, 300, 104), th.c("panel"), radius=12, edge=th.c("accent"), width=3, shadow=True)
    paint.text(surface, app, title, (x + 16, y + 12), 20, th.c("ink"), bold=True)
    paint.text(surface, app, paint.ellipsize(app, config, 15, 268), (x + 16, y + 46), 15, th.c("ink_dim"))
    paint.text(surface, app, paint.ellipsize(app, detail, 16, 268), (x + 16, y + 72), 16, th.c("ink"))


def draw_daily(surface: pygame.Surface, app: Look, day: str, record: DayRecord, score: int, x: float, y: float) -> None:
    """After a daily game: this result (``score``) against par, and the tries left for its ``day``."""
    th = app.theme
    first, second = scoresheet_line(app, date.fromisoformat(day), record, score)
    paint.panel(surface, app, (x, y, 300, 100), th.c("panel"), radius=12, edge=th.c("guide"), width=3, shadow=True)
    paint.text(surface, app, app.t("daily.sheet_title"), (x + 16, y + 8), 17, th.c("ink"), bold=True)
    paint.text(surface, app, first, (x + 16, y + 32), 15, th.c("ink"), wrap=268)
    paint.text(surface, app, second, (x + 16, y + 76), paint.fit_px(app, second, 14, 268, min_px=11),
               th.c("ink_dim"))
