"""A review mark as the viewer draws it: a small coloured disc with its own symbol, and its word beside it,
so a mark is told by its shape and its word, never by colour alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import paint

if TYPE_CHECKING:
    from ..app import App

#: Each mark's symbol (as chess sites mark moves: "?!" an inaccuracy, "?" a mistake).
SYMBOLS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?"}


def mark_colour(app: App, mark: str) -> pygame.Color:
    return app.theme.c(f"mark_{mark}")


def draw_symbol(surface: pygame.Surface, app: App, mark: str, centre: tuple[float, float], radius: float) -> None:
    """The mark's disc with its symbol in it, ``radius`` in virtual units."""
    vp, th = app.vp, app.theme
    pygame.draw.circle(surface, mark_colour(app, mark), vp.p(*centre), vp.s(radius))
    pygame.draw.circle(surface, th.c("ink"), vp.p(*centre), vp.s(radius), max(1, vp.s(1)))
    symbol = SYMBOLS.get(mark, "?")
    px = radius * (1.15 if len(symbol) == 1 else 0.95)
    paint.text(surface, app, symbol, (centre[0], centre[1] + radius * 0.05), px, th.c("ink"), "center", bold=True)


def draw_mark(surface: pygame.Surface, app: App, mark: str, right: tuple[float, float], px: float,
              colour: pygame.Color | None = None) -> float:
    """The symbol and the mark's word ending at ``right`` (x, middle y); returns the width used."""
    word = app.t(f"review_view.mark.{mark}")
    w = paint.text_width(app, word, px, True)
    x, y = right
    paint.text(surface, app, word, (x, y), px, colour or app.theme.c("ink"), "midright", bold=True)
    r = px * 0.62
    draw_symbol(surface, app, mark, (x - w - 6 - r, y), r)
    return w + 6 + 2 * r
