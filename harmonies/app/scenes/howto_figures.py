"""The drawings of How to play: the legal stacks and the point tables, drawn from the rules' data.

Every number drawn here is read from ``RulesData`` (rules.yaml) or the stack table, so a table on screen
cannot say something the scoring does not do. A figure draws inside the box it is given (virtual units).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...rules import RulesData
from ...rules.tables import stack_table
from .. import paint
from ..tokens import TokenArt, stack_names

if TYPE_CHECKING:
    from ..app import App

Box = tuple[float, float, float, float]
Figure = Callable[[pygame.Surface, "App", TokenArt, RulesData, Box], None]


def _cell(surface: pygame.Surface, app: App, art: TokenArt, names: tuple[str, ...], centre: tuple[float, float],
          radius: float, cube: str = "") -> None:
    """One board cell with a stack on it, centred at a virtual point."""
    r = app.vp.s(radius)
    th = app.theme
    cell = art.hex_cell(r, tuple(th.c("board")), tuple(th.c("board_edge")))
    surface.blit(cell, cell.get_rect(center=app.vp.p(*centre)))
    if names:
        spr = art.stack(names, r, app.settings.symbols, cube)
        surface.blit(spr, spr.get_rect(center=app.vp.p(*centre)))


def _points(surface: pygame.Surface, app: App, value: str, centre: tuple[float, float], size: float = 22) -> None:
    """A number on a round sun-yellow badge, as the points are shown on the scoresheet."""
    th = app.theme
    pygame.draw.circle(surface, th.c("accent"), app.vp.p(*centre), app.vp.s(size))
    px = paint.fit_px(app, value, 20, size * 1.7, bold=True)
    paint.text(surface, app, value, centre, px, th.c("accent_ink"), "center", bold=True)


def _heading(surface: pygame.Surface, app: App, key: str, pos: tuple[float, float], width: float) -> None:
    label = app.t(key)
    paint.text(surface, app, label, pos, paint.fit_px(app, label, 20, width, bold=True), app.theme.c("ink"),
               "midtop", bold=True)


def _column(surface: pygame.Surface, app: App, art: TokenArt, key: str, rows: list[tuple[tuple[str, ...], int]],
            x: float, y: float, width: float) -> None:
    """A titled column of 'this stack scores this many points' rows."""
    _heading(surface, app, key, (x + width / 2, y), width)
    for i, (names, pts) in enumerate(rows):
        cy = y + 70 + i * 78
        height = str(len(names))
        paint.text(surface, app, height, (x + width / 2 - 100, cy), 18, app.theme.c("ink_dim"), "center", bold=True)
        _cell(surface, app, art, names, (x + width / 2 - 50, cy), 34)
        _arrow(surface, app, (x + width / 2 - 4, cy))
        _points(surface, app, str(pts), (x + width / 2 + 40, cy))


def _arrow(surface: pygame.Surface, app: App, centre: tuple[float, float]) -> None:
    x, y = app.vp.p(*centre)
    s = app.vp.s(7)
    pygame.draw.polygon(surface, app.theme.c("ink_dim"), [(x - s, y - s), (x + s, y), (x - s, y + s)])


def stacks(surface: pygame.Surface, app: App, art: TokenArt, rd: RulesData, box: Box) -> None:
    """Every legal stack of the rules' stack table, tallest last, in rows."""
    x, y, w, _h = box
    legal = sorted((s for s in stack_table().stacks if s), key=len)
    per_row = 5
    for i, s in enumerate(legal):
        col, row = i % per_row, i // per_row
        _cell(surface, app, art, stack_names(s), (x + 52 + col * (w - 104) / (per_row - 1), y + 50 + row * 92), 38)


def trees_mountains(surface: pygame.Surface, app: App, art: TokenArt, rd: RulesData, box: Box) -> None:
    """Trees by height, mountains by height (the 'next to a mountain' condition is in the page's text)."""
    x, y, w, _h = box
    trees = [(("brown",) * (h - 1) + ("green",), pts) for h, pts in sorted(rd.tree_points.items())]
    mountains = [(("gray",) * h, pts) for h, pts in sorted(rd.mountain_points.items())]
    _column(surface, app, art, "score.trees", trees, x, y, w / 2)
    _column(surface, app, art, "score.mountains", mountains, x + w / 2, y, w / 2)


def fields_buildings(surface: pygame.Surface, app: App, art: TokenArt, rd: RulesData, box: Box) -> None:
    """A field of the smallest size that scores, and a building with just enough colours around it."""
    x, y, w, _h = box
    half = w / 2
    _heading(surface, app, "score.fields", (x + half / 2, y), half)
    step = 60
    n = rd.field_min_size
    for i in range(n):
        _cell(surface, app, art, ("yellow",), (x + half / 2 - (n - 1) * step / 2 + i * step, y + 110 + (i % 2) * 34), 34)
    _points(surface, app, str(rd.field_points), (x + half / 2, y + 230))
    _heading(surface, app, "score.buildings", (x + half + half / 2, y), half)
    cx, cy = x + half + half / 2, y + 140
    around = ("blue", "yellow", "green", "gray", "brown", "red")[:rd.building_min_colours]
    offsets = ((0, -68), (59, 34), (-59, 34), (59, -34), (-59, -34), (0, 68))
    _cell(surface, app, art, ("gray", "red"), (cx, cy), 34)
    for colour, (dx, dy) in zip(around, offsets):
        _cell(surface, app, art, (colour,), (cx + dx, cy + dy), 34)
    _points(surface, app, str(rd.building_points), (cx, cy + 130))


def water(surface: pygame.Surface, app: App, art: TokenArt, rd: RulesData, box: Box) -> None:
    """Side A: river length against points (and what each token past the table adds); side B: one island."""
    x, y, w, _h = box
    th = app.theme
    _heading(surface, app, "score.water_river", (x + w / 2, y), w)
    lengths = sorted(rd.river_points)
    col_w = (w - 20) / (len(lengths) + 1)
    for i, length in enumerate(lengths + [lengths[-1] + 1]):
        cx = x + 10 + col_w * (i + 0.5)
        label = str(length) if i < len(lengths) else f"{length}+"
        pts = str(rd.river_points[length]) if i < len(lengths) else f"+{rd.river_beyond_6}"
        paint.text(surface, app, label, (cx, y + 44), paint.fit_px(app, label, 18, col_w - 8, bold=True),
                   th.c("ink"), "midtop", bold=True)
        _cell(surface, app, art, ("blue",), (cx, y + 92), 24)
        _points(surface, app, pts, (cx, y + 140), 19)
    caption = app.t("howto.fig.river_caption")
    paint.text(surface, app, caption, (x + w / 2, y + 166), paint.fit_px(app, caption, 15, w), th.c("ink_dim"), "midtop")
    _heading(surface, app, "score.water_islands", (x + w / 2, y + 204), w)
    cx, cy = x + w / 2 - 60, y + 318
    ring = ((0, -68), (59, -34), (59, 34), (0, 68), (-59, 34), (-59, -34))
    _cell(surface, app, art, ("green",), (cx, cy), 32)
    for dx, dy in ring:
        _cell(surface, app, art, ("blue",), (cx + dx, cy + dy), 32)
    _arrow(surface, app, (cx + 104, cy))
    _points(surface, app, str(rd.island_points), (cx + 150, cy))


def solo_suns(surface: pygame.Surface, app: App, art: TokenArt, rd: RulesData, box: Box) -> None:
    """The score thresholds for suns, then the suns the side and playing without a spirit add."""
    x, y, w, _h = box
    th = app.theme
    _heading(surface, app, "score.suns_title", (x + w / 2, y), w)
    rows = sorted(rd.suns_from_score)
    col_w = w / len(rows)
    for i, (score, suns) in enumerate(rows):
        cx = x + col_w * (i + 0.5)
        label = f"{score}+"
        paint.text(surface, app, label, (cx, y + 46), paint.fit_px(app, label, 18, col_w - 6, bold=True), th.c("ink"),
                   "midtop", bold=True)
        _points(surface, app, str(suns), (cx, y + 100), min(20, col_w / 2 - 3))
    mods = [(app.t("score.suns_side", side=side), n) for side, n in sorted(rd.side_suns.items())]
    mods.append((app.t("score.suns_no_spirit"), rd.no_spirit_suns))
    for i, (label, n) in enumerate(mods):
        ry = y + 170 + i * 56
        paint.text(surface, app, label, (x + w - 90, ry), paint.fit_px(app, label, 18, w - 110), th.c("ink"), "midright")
        _points(surface, app, f"+{n}", (x + w - 40, ry), 20)


def cubes(surface: pygame.Surface, app: App, art: TokenArt, rd: RulesData, box: Box) -> None:
    """An animal cube and a Nature's Spirit cube on the spaces of a habitat: nothing more goes on them."""
    x, y, w, _h = box
    for i, (names, cube, key) in enumerate(((("brown", "green"), "animal", "score.animals"),
                                            (("gray", "gray"), "spirit", "score.spirit"))):
        cx = x + w * (0.25 + 0.5 * i)
        _cell(surface, app, art, names, (cx, y + 110), 54, cube)
        label = app.t(key)
        paint.text(surface, app, label, (cx, y + 186), paint.fit_px(app, label, 18, w / 2 - 10, bold=True),
                   app.theme.c("ink"), "midtop", bold=True)


#: The figure beside each page of ``howto.pages``, in page order (None: the text takes the page's width).
FIGURES: tuple[Figure | None, ...] = (None, stacks, cubes, trees_mountains, fields_buildings, water, cubes, solo_suns, None)
