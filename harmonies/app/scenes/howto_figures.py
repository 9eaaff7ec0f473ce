"""The drawings of How to play: the legal stacks and the point tables, drawn from the rules' data.

Every number drawn here is read from ``RulesData`` (rules.yaml) or the stack table, so a table on screen
cannot say something the scoring does not do. A figure draws inside the box it is given (virtual units).
The worked examples (a building, an animal card, a river, the spirits) are in ``howto_examples.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...rules import Colour, RulesData
from ...rules.kernels import stack_table
from .. import paint
from ..cardart import CardArt
from ..tokens import TokenArt, cname, stack_names

if TYPE_CHECKING:
    from ..look import Look

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Pictures:
    """What a figure draws with: the token and card art, the rules' numbers and the examples chosen in
    ``assets/howto.yaml``."""

    art: TokenArt
    cards: CardArt
    rules: RulesData
    examples: Mapping[str, Any]


Figure = Callable[[pygame.Surface, "Look", Pictures, Box], None]


def _cell(surface: pygame.Surface, app: Look, art: TokenArt, names: tuple[str, ...], centre: tuple[float, float],
          radius: float, cube: str = "") -> None:
    """One board cell with a stack on it, centred at a virtual point."""
    r = app.vp.s(radius)
    th = app.theme
    cell = art.hex_cell(r, tuple(th.c("board")), tuple(th.c("board_edge")))
    surface.blit(cell, cell.get_rect(center=app.vp.p(*centre)))
    if names:
        spr = art.stack(names, r, app.settings.symbols, cube)
        surface.blit(spr, spr.get_rect(center=app.vp.p(*centre)))


def _points(surface: pygame.Surface, app: Look, value: str, centre: tuple[float, float], size: float = 22) -> None:
    """A number on a round sun-yellow badge, as the points are shown on the scoresheet."""
    th = app.theme
    pygame.draw.circle(surface, th.c("accent"), app.vp.p(*centre), app.vp.s(size))
    px = paint.fit_px(app, value, 20, size * 1.7, bold=True)
    paint.text(surface, app, value, centre, px, th.c("accent_ink"), "center", bold=True)


def _heading(surface: pygame.Surface, app: Look, key: str, pos: tuple[float, float], width: float) -> None:
    label = app.t(key)
    paint.text(surface, app, label, pos, paint.fit_px(app, label, 20, width, bold=True), app.theme.c("ink"),
               "midtop", bold=True)


def _caption(surface: pygame.Surface, app: Look, text: str, pos: tuple[float, float], width: float,
             px: float = 15) -> None:
    """A grey line under a drawing, shrunk (never under 12) to fit its width."""
    paint.text(surface, app, text, pos, paint.fit_px(app, text, px, width, min_px=12), app.theme.c("ink_dim"),
               "midtop")


def _column(surface: pygame.Surface, app: Look, art: TokenArt, key: str, rows: list[tuple[tuple[str, ...], int]],
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


def _arrow(surface: pygame.Surface, app: Look, centre: tuple[float, float], size: float = 7) -> None:
    x, y = app.vp.p(*centre)
    s = app.vp.s(size)
    pygame.draw.polygon(surface, app.theme.c("ink_dim"), [(x - s, y - s), (x + s, y), (x - s, y + s)])


def _mark(surface: pygame.Surface, app: Look, right: bool, centre: tuple[float, float], size: float = 12) -> None:
    """A tick (right) or a cross (wrong), drawn with lines so that no font needs the glyph."""
    vp = app.vp
    x, y = vp.p(*centre)
    s = vp.s(size)
    width = max(2, vp.s(4))
    if right:
        pygame.draw.lines(surface, app.theme.c("legal_edge"), False, [(x - s, y), (x - s // 3, y + s * 2 // 3),
                                                                     (x + s, y - s * 2 // 3)], width)
    else:
        colour = app.theme.c("danger")
        pygame.draw.line(surface, colour, (x - s, y - s), (x + s, y + s), width)
        pygame.draw.line(surface, colour, (x - s, y + s), (x + s, y - s), width)


def stacks(surface: pygame.Surface, app: Look, pic: Pictures, box: Box) -> None:
    """The six tokens named by the words the log and the refusals use, then every taller legal stack of the
    rules' stack table: the trees, the mountains and the buildings, each row named."""
    x, y, w, _h = box
    th = app.theme
    singles = list(Colour)
    step = w / len(singles)
    for i, colour in enumerate(singles):
        cx = x + step * (i + 0.5)
        _cell(surface, app, pic.art, (cname(colour),), (cx, y + 34), 30)
        word = app.t(f"token_colour.{cname(colour)}")
        paint.text(surface, app, word, (cx, y + 70), paint.fit_px(app, word, 16, step - 4, min_px=12), th.c("ink"),
                   "midtop")
    table = stack_table()
    tall = [s for s in table.stacks if len(s) > 1]
    rows = [("score.trees", [s for s in tall if s[-1] == Colour.GREEN]),
            ("score.mountains", [s for s in tall if s[-1] == Colour.GRAY]),
            ("score.buildings", [s for s in tall if s[-1] == Colour.RED])]
    label_w = 150.0
    for r, (key, found) in enumerate(rows):
        cy = y + 150 + r * 88
        label = app.t(key)
        paint.text(surface, app, label, (x + label_w - 12, cy), paint.fit_px(app, label, 18, label_w - 16, bold=True),
                   th.c("ink"), "midright", bold=True)
        for i, s in enumerate(sorted(found, key=len)):
            _cell(surface, app, pic.art, stack_names(s), (x + label_w + 46 + i * 108, cy), 38)


def trees_mountains(surface: pygame.Surface, app: Look, pic: Pictures, box: Box) -> None:
    """Trees by height, mountains by height (the 'next to a mountain' condition is in the page's text)."""
    x, y, w, _h = box
    rd = pic.rules
    trees = [(("brown",) * (h - 1) + ("green",), pts) for h, pts in sorted(rd.tree_points.items())]
    mountains = [(("gray",) * h, pts) for h, pts in sorted(rd.mountain_points.items())]
    _column(surface, app, pic.art, "score.trees", trees, x, y, w / 2)
    _column(surface, app, pic.art, "score.mountains", mountains, x + w / 2, y, w / 2)


def solo_suns(surface: pygame.Surface, app: Look, pic: Pictures, box: Box) -> None:
    """The score thresholds for suns, then the suns the side and playing without a spirit add."""
    x, y, w, _h = box
    th = app.theme
    rd = pic.rules
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
