"""A review mark as the viewer draws it: a small coloured disc with its own symbol, and its word beside it,
so a mark is told by its shape and its word, never by colour alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import paint
from .layout import text_px

if TYPE_CHECKING:
    from ..look import Look

#: Each mark's symbol (as chess sites mark moves: "?!" an inaccuracy, "?" a mistake).
SYMBOLS = {"best": "★", "good": "✓", "inaccuracy": "?!", "mistake": "?"}


def mark_colour(app: Look, mark: str) -> pygame.Color:
    return app.theme.c(f"mark_{mark}")


def _symbol_px(app: Look, mark: str, radius: float) -> tuple[float, float]:
    """The symbol's text size and the disc's radius for a disc of about ``radius``: the symbol is text, so
    never under the smallest size the viewer draws, and the disc grows to hold it."""
    symbol = SYMBOLS.get(mark, "?")
    px = max(radius * (1.15 if len(symbol) == 1 else 0.95), text_px(app.vp, 0))
    return px, max(radius, px * (0.87 if len(symbol) == 1 else 1.05))


def symbol_radius(app: Look, mark: str, radius: float) -> float:
    """The radius :func:`draw_symbol` draws a disc of about ``radius`` at."""
    return _symbol_px(app, mark, radius)[1]


def draw_symbol(surface: pygame.Surface, app: Look, mark: str, centre: tuple[float, float], radius: float) -> None:
    """The mark's disc with its symbol in it, ``radius`` in virtual units (grown if the symbol needs it)."""
    vp, th = app.vp, app.theme
    symbol = SYMBOLS.get(mark, "?")
    px, radius = _symbol_px(app, mark, radius)
    pygame.draw.circle(surface, mark_colour(app, mark), vp.p(*centre), vp.s(radius))
    pygame.draw.circle(surface, th.c("ink"), vp.p(*centre), vp.s(radius), max(1, vp.s(1)))
    paint.text(surface, app, symbol, (centre[0], centre[1] + radius * 0.05), px, th.c("ink"), "center", bold=True)


def draw_mark(surface: pygame.Surface, app: Look, mark: str, right: tuple[float, float], px: float,
              colour: pygame.Color | None = None) -> float:
    """The symbol and the mark's word ending at ``right`` (x, middle y); returns the width used."""
    word = app.t(f"review.mark.{mark}")
    px = max(px, text_px(app.vp, 0))
    w = paint.text_width(app, word, px, True)
    x, y = right
    paint.text(surface, app, word, (x, y), px, colour or app.theme.c("ink"), "midright", bold=True)
    r = symbol_radius(app, mark, px * 0.62)
    draw_symbol(surface, app, mark, (x - w - 6 - r, y), r)
    return w + 6 + 2 * r
