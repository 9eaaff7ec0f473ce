"""The keys of the game, as the player reads them: one list in the catalogue (``keys.rows``) that the
Keys page of Settings, the Keys page of How to play and the key line of the play screen all draw from,
so the three cannot say different things.

A row is a heading (``heading``) or a key with what it does (``keys``, ``does``); a row may also carry
``line``, its short form on the play screen's key line ("Tab: area")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from . import paint

if TYPE_CHECKING:
    from .app import App

Box = tuple[float, float, float, float]
#: Separator between two parts of the key line.
LINE_GAP = "  ·  "


@dataclass(frozen=True)
class KeyRow:
    keys: str = ""
    does: str = ""
    line: str = ""
    heading: str = ""


def rows(app: App) -> list[KeyRow]:
    """The rows of the catalogue's key list, in order (an entry that is not a mapping is skipped)."""
    found = app.catalogue.strings.get("keys.rows") or []
    return [KeyRow(**{f: str(row.get(f, "")) for f in ("keys", "does", "line", "heading")})
            for row in found if isinstance(row, dict)]


def line_parts(app: App) -> list[str]:
    """The key line's parts, most needed first."""
    return [row.line for row in rows(app) if row.line]


def fitted_line(app: App, px: float, max_w: float, min_px: float = 13) -> tuple[str, float]:
    """The key line and its size for ``max_w``: every part at ``px`` or a little smaller (down to ``min_px``),
    else as many parts as fit, dropping the least needed first; ("", px) when not even one fits."""
    parts = line_parts(app)
    while parts:
        text = LINE_GAP.join(parts)
        size = px
        while size > min_px and paint.text_width(app, text, size) > max_w:
            size -= 1
        if paint.text_width(app, text, size) <= max_w:
            return text, size
        parts.pop()
    return "", px


def table_height(app: App, width: float, px: float) -> float:
    """The virtual height :func:`draw_table` needs at text size ``px`` in a box ``width`` wide."""
    return _layout(app, None, (0.0, 0.0, width, 0.0), px)


def draw_table(surface: pygame.Surface, app: App, box: Box) -> None:
    """The key list in ``box``: the keys in bold on the left, what they do beside them, under headings;
    at the largest text size (18 down to 11) that keeps it inside the box."""
    px = 18.0
    while px > 11 and table_height(app, box[2], px) > box[3]:
        px -= 1
    _layout(app, surface, box, px)


def _layout(app: App, surface: pygame.Surface | None, box: Box, px: float) -> float:
    """Lay the rows out in ``box`` (and draw them when ``surface`` is given); returns the height used."""
    x, y0, w, _h = box
    th = app.theme
    all_rows = rows(app)
    key_w = min(w * 0.34, max((paint.text_width(app, r.keys, px, True) for r in all_rows if r.keys), default=0) + 30)
    does_w = w - key_w
    font = app.fonts.font(app.vp.fs(px), False)
    y = y0
    for i, row in enumerate(all_rows):
        if row.heading:
            y += px * 0.6 if i else 0
            if surface is not None:
                paint.text(surface, app, row.heading, (x, y), px + 2, th.c("ink"), bold=True)
            y += (px + 2) * 1.45
            continue
        lines = paint.wrap_lines(font, row.does, app.vp.s(does_w))
        keys = paint.wrap_lines(app.fonts.font(app.vp.fs(px), True), row.keys, app.vp.s(key_w - 16))
        if surface is not None:
            for k, ln in enumerate(keys):
                paint.text(surface, app, ln, (x + 8, y + k * px * 1.3), px, th.c("ink"), bold=True)
            for k, ln in enumerate(lines):
                paint.text(surface, app, ln, (x + key_w, y + k * px * 1.3), px, th.c("ink_dim"))
        y += max(len(lines), len(keys)) * px * 1.3 + px * 0.25
    return y - y0
