"""Every player's final board drawn small, with its stacks and cubes, so a scoresheet can be checked by eye."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import Game, board_shape

from .. import paint
from ..hexgrid import SQRT3, HexLayout
from ..tokens import TokenArt, cname

if TYPE_CHECKING:
    from ..look import Look

Rect = tuple[float, float, float, float]
#: Height of a board's title above it.
_LABEL_H = 44.0


def board_extent(side: str) -> tuple[float, float, float, float]:
    """The board's cells' centres at hex size 1: (min x, min y, max x, max y)."""
    layout = HexLayout(1.0, (0.0, 0.0))
    points = [layout.to_pixel(c) for c in board_shape(side).cells]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def fit_layout(side: str, rect: Rect) -> HexLayout:
    """The largest layout that fits the whole board of ``side`` inside ``rect``, centred (virtual units)."""
    x0, y0, x1, y1 = board_extent(side)
    x, y, w, h = rect
    size = min(w / (x1 - x0 + 2.0), h / (y1 - y0 + SQRT3))
    cx, cy = x + w / 2 - size * (x0 + x1) / 2, y + h / 2 - size * (y0 + y1) / 2
    return HexLayout(size, (cx, cy))


def draw_board(surface: pygame.Surface, app: Look, art: TokenArt, game: Game, seat: int, rect: Rect) -> None:
    """Seat ``seat``'s board of ``game``, as large as fits in ``rect``."""
    vp, th = app.vp, app.theme
    layout = fit_layout(game.setup.side, rect)
    view = game.player(seat)
    radius = max(3, int(vp.s(layout.size)))
    cell = art.hex_cell(radius, tuple(th.c("board")), tuple(th.c("board_edge")))
    cells = sorted(board_shape(game.setup.side).cells, key=lambda c: layout.to_pixel(c)[1])
    for c in cells:
        surface.blit(cell, cell.get_rect(center=vp.p(*layout.to_pixel(c))))
    for c in cells:
        stack = view.stacks.get(c)
        if not stack:
            continue
        cid = view.cubes.get(c)
        cube = "" if cid is None else ("spirit" if cid == view.spirit else "animal")
        sprite = art.stack(tuple(cname(x) for x in stack), radius, app.settings.symbols, cube, False)
        surface.blit(sprite, sprite.get_rect(center=vp.p(*layout.to_pixel(c))))


def grid(count: int, rect: Rect, side: str, gap: float = 16.0) -> list[Rect]:
    """``count`` equal boxes filling ``rect``, in the rows and columns that draw the boards of ``side`` largest."""
    x, y, w, h = rect

    def boxes(cols: int) -> list[Rect]:
        rows = math.ceil(count / cols)
        bw, bh = (w - gap * (cols - 1)) / cols, (h - gap * (rows - 1)) / rows
        return [(x + (i % cols) * (bw + gap), y + (i // cols) * (bh + gap), bw, bh) for i in range(count)]

    def board_size(cols: int) -> float:
        bx, by, bw, bh = boxes(cols)[0]
        return fit_layout(side, (bx, by, bw, bh - _LABEL_H)).size

    return boxes(max(range(1, count + 1), key=board_size))


def draw_boards(surface: pygame.Surface, app: Look, art: TokenArt, game: Game, names: Sequence[str],
                rect: Rect) -> None:
    """Each player's board in a panel titled with the name and the total, the winners' framed."""
    th = app.theme
    outcome = game.outcome
    if game.setup.players == 1:  # one board: a frame around it, not around the whole screen
        x, y, w, h = rect
        rect = (x + w * 0.2, y, w * 0.6, h)
    for seat, box in enumerate(grid(game.setup.players, rect, game.setup.side)):
        won = outcome is not None and seat in outcome.winners and game.setup.players > 1
        paint.panel(surface, app, box, th.c("panel"), radius=10, edge=th.c("accent" if won else "panel_edge"),
                    width=3 if won else 1.5, shadow=True)
        x, y, w, h = box
        total = outcome.scores[seat].total if outcome is not None else game.score(seat).total
        label = ("★ " if won else "") + app.t("score.board_of", name=names[seat], total=total)
        # Shrunk to fit before it is cut: a narrow column (four boards side by side) keeps the points.
        px = paint.fit_px(app, label, 18, w - 24, True, min_px=13)
        paint.text(surface, app, paint.ellipsize(app, label, px, w - 24, True), (x + 12, y + 18), px, th.c("ink"),
                   "midleft", bold=True)
        draw_board(surface, app, art, game, seat, (x + 8, y + _LABEL_H - 8, w - 16, h - _LABEL_H))
