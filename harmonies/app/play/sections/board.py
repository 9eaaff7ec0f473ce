"""A player's board: cells and stacks (cached per game state), drop highlights and hint tints."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import PlayerView

from ...hexgrid import HexLayout
from ...tokens import cname
from ..anim import CellSpot, CubeSpot, seat_spots
from ..layout import PlayLayout, Point, inside
from ..targets import HandTarget, HeldTarget
from .common import Hex, Hidden, blit_centred, mouse_at, pill

from ..table import Table

if TYPE_CHECKING:
    from ...scenes.play import PlayScene


def _cube_kind(view: PlayerView, cid: str) -> str:
    return "spirit" if view.spirit is not None and cid == view.spirit else "animal"


def draw_board(sc: PlayScene, surface: pygame.Surface, seat: int, layout: HexLayout, hidden: Hidden, pips: bool,
               legal: frozenset[tuple[int, int]] = frozenset(), hover: tuple[int, int] | None = None,
               bad: tuple[int, int] | None = None, marks: frozenset[tuple[int, int]] = frozenset()) -> None:
    """One player's board drawn with ``layout`` (virtual units).

    The board is drawn into a cached layer (cells and stacks) that is rebuilt only when
    the game changes; while targets are highlighted the stacks go over the highlights.
    ``marks``: the cells a hint uses, tinted under the stacks so the real pieces keep their colours.
    """
    app = sc.app
    vp = app.vp
    radius = max(3, vp.s(layout.size))
    cells = sorted(sc.table.cells, key=lambda c: (layout.to_pixel(c)[1], c[0]))
    pos = {c: vp.p(*layout.to_pixel(c)) for c in cells}
    x0 = min(p[0] for p in pos.values()) - int(radius * 1.2)
    y0 = min(p[1] for p in pos.values()) - int(radius * 1.4)
    x1 = max(p[0] for p in pos.values()) + int(radius * 1.2)
    y1 = max(p[1] for p in pos.values()) + int(radius * 1.2)
    local = {c: (p[0] - x0, p[1] - y0) for c, p in pos.items()}
    mine = seat_spots(hidden, seat)
    symbols = app.settings.symbols
    cache: dict[Hashable, pygame.Surface] = app.cache.setdefault("board", {})
    base_key = ("cells", tuple(sorted(local.items())), radius, x1 - x0, y1 - y0)
    base = cache.get(base_key)
    if base is None:
        base = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
        _draw_cells(sc, base, cells, local, radius)
        cache[base_key] = base
    if legal or bad is not None or marks:
        surface.blit(base, (x0, y0))
        if marks:
            col = app.theme.c("hint")
            tint = sc.art.hex_cell(radius, (*col[:3], 46), (*col[:3], 255), 0.1)
            for c in marks:
                if c in pos:
                    blit_centred(surface, tint, pos[c])
        _draw_highlights(sc, surface, pos, radius, legal, hover, bad)
        _draw_stacks(sc, surface, seat, cells, pos, radius, hidden, pips, symbols)
        return
    key = ("full", seat, sc.version, mine, base_key, pips, symbols)
    layer = cache.get(key)
    if layer is None:
        if len(cache) > 64:
            cache.clear()
            cache[base_key] = base
        layer = base.copy()
        _draw_stacks(sc, layer, seat, cells, local, radius, hidden, pips, symbols)
        cache[key] = layer
    surface.blit(layer, (x0, y0))


def _draw_cells(sc: PlayScene, surf: pygame.Surface, cells: list[tuple[int, int]], pos: dict[Hex, tuple[int, int]],
                radius: int) -> None:
    th = sc.app.theme
    back = sc.art.hex_cell(int(radius * 1.1), tuple(th.c("board_back")), (0, 0, 0, 0))
    cell_img = sc.art.hex_cell(radius, tuple(th.c("board")), tuple(th.c("board_edge")))
    for c in cells:
        blit_centred(surf, back, pos[c])
    for c in cells:
        blit_centred(surf, cell_img, pos[c])


def _draw_highlights(sc: PlayScene, surface: pygame.Surface, pos: dict[Hex, tuple[int, int]], radius: int,
                     legal: frozenset[tuple[int, int]], hover: tuple[int, int] | None,
                     bad: tuple[int, int] | None) -> None:
    th = sc.app.theme
    if legal:
        glow = sc.art.hex_cell(radius, (*th.c("legal")[:3], 130), tuple(th.c("legal_edge")), 0.065)
        strong = sc.art.hex_cell(radius, (*th.c("legal")[:3], 235), tuple(th.c("legal_edge")), 0.16)
        for c in legal:
            if c in pos:
                blit_centred(surface, strong if c == hover else glow, pos[c])
    if bad is not None and bad in pos:
        ring = sc.art.hex_cell(radius, (0, 0, 0, 0), tuple(th.c("danger")), 0.12)
        blit_centred(surface, ring, pos[bad])


def _draw_stacks(sc: PlayScene, surf: pygame.Surface, seat: int, cells: list[tuple[int, int]],
                 pos: dict[Hex, tuple[int, int]], radius: int, hidden: Hidden, pips: bool, symbols: bool) -> None:
    view = sc.table.views[seat]
    for c in cells:
        stack = view.stacks.get(c)
        if not stack:
            continue
        names = tuple(cname(x) for x in stack)
        k = hidden.get(CellSpot(seat, c), 0)
        if k:
            names = names[:-k]
        cube = ""
        cid = view.cubes.get(c)
        if cid is not None and not hidden.get(CubeSpot(seat, c)):
            cube = _cube_kind(view, cid)
        if names:
            blit_centred(surf, sc.art.stack(names, radius, symbols, cube, pips), pos[c])


def draw_shown_board(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.table, sc.layout
    seat = sc.shown_seat
    layout = sc.big_layout()
    mouse = mouse_at(sc)
    legal: frozenset[tuple[int, int]] = frozenset()
    placing = sc.drag is not None and isinstance(sc.drag.target, (HandTarget, HeldTarget))
    if sc.drag is not None and placing:
        legal = sc.drag.legal
    elif sc.selection is not None:
        legal = sc.selection.legal
    hover = sc.cell_at(sc.drag.pos if sc.drag is not None else mouse)
    bad = hover if placing and hover not in legal else None
    marks: frozenset[tuple[int, int]] = frozenset()
    if sc.hints.plan is not None and seat == g.current and not sc.must_choose_spirit():
        marks = frozenset([c for _n, c in sc.hints.plan.tokens] + [c for _c, c in sc.hints.plan.cubes])
    draw_board(sc, surface, seat, layout, hidden, True, legal if seat == g.current else frozenset(), hover, bad,
               marks)
    bx, by, bw, bh = L.board_box
    if seat != g.current:
        pill(sc, surface, app.t("play.viewing", name=sc.table.seats[seat].name), (bx + bw / 2, by + 14), 15,
             th.c("panel"), th.c("ink"), th.c("accent"))
    if sc.message and sc.message_t > 0:
        alpha = int(255 * min(1.0, sc.message_t / 0.4))
        # a long line (a refusal in French, a failed computer turn naming its error) wraps to stay over the board
        pill(sc, surface, sc.message, (bx + bw / 2, by + bh - 14), 15, th.c("panel"), th.c("ink"), th.c("danger"), alpha,
             max_w=bw - 30)


def big_layout(L: PlayLayout, table: Table) -> HexLayout:
    """The shown board's cells, laid out large in the middle."""
    return L.board_layout(list(table.cells))


def cell_at(L: PlayLayout, table: Table, pos: Point) -> Hex | None:
    """The shown board's cell under ``pos``."""
    if not inside(L.board_box, pos):
        return None
    h = big_layout(L, table).to_hex(pos)
    return h if h in table.cells else None
