"""The replay viewer's strip over the boards: the central board's spaces as rows of small tokens, then the
face-up cards by name, wrapped onto as many lines as they need (never cut)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from harmonies.rules import Game

from .. import paint

if TYPE_CHECKING:
    from ..look import Look

Rect = tuple[float, float, float, float]
#: Gap between two spaces, in token radii.
SPACE_GAP = 2.0
#: Under this width the card names go under the spaces instead of beside them.
BESIDE_MIN_W = 260.0


def _radius(px: float) -> float:
    """A small token's radius for text of ``px``: as tall as the text."""
    return px * 0.5


def _central_width(app: Look, game: Game, px: float) -> float:
    r = _radius(px)
    return paint.text_width(app, app.t("play.central"), px, True) + 14 + len(game.central) * (6.3 * r + SPACE_GAP * r)


def _cards_text(app: Look, game: Game, names: list[str]) -> str:
    return app.t("play.display") + ": " + ", ".join(names)


def _cards_box(app: Look, game: Game, rect: Rect, px: float) -> tuple[float, float, float]:
    """Where the card names start (x, y) and the width they wrap in."""
    x, y, w, _h = rect
    central = _central_width(app, game, px)
    if w - central - 16 >= BESIDE_MIN_W:
        return x + central + 16, y, w - central - 16
    return x, y + px * 1.6, w


def strip_height(app: Look, game: Game, names: list[str], width: float, px: float) -> float:
    """The height the strip needs at ``width``."""
    cx, cy, cw = _cards_box(app, game, (0.0, 0.0, width, 0.0), px)
    return max(px * 1.6, cy + paint.block_height(app, _cards_text(app, game, names), px, cw, True))


def draw_strip(surface: pygame.Surface, app: Look, game: Game, names: list[str], rect: Rect, px: float) -> None:
    th, vp = app.theme, app.vp
    x, y, _w, _h = rect
    mid = y + px * 0.8
    label = app.t("play.central")
    paint.text(surface, app, label, (x, mid), px, th.c("table_text_dim"), "midleft", bold=True)
    x += paint.text_width(app, label, px, True) + 14
    r = _radius(px)
    for space in game.central:
        for k, colour in enumerate(space):
            pos = vp.p(x + r + k * 2.15 * r, mid)
            style = th.token(colour.label)
            pygame.draw.circle(surface, style.fill, pos, vp.s(r))
            pygame.draw.circle(surface, style.edge, pos, vp.s(r), max(1, vp.s(1)))
        x += 6.3 * r + SPACE_GAP * r
    cx, cy, cw = _cards_box(app, game, rect, px)
    paint.text_block(surface, app, _cards_text(app, game, names), (cx, cy), px, th.c("table_text_dim"), cw, True)
