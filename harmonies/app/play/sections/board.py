"""A player's board: cells and stacks (cached per game state), drop highlights and hint tints."""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from harmonies.rules import PlayerView

from ...hexgrid import HexLayout
from ...tokens import cname
from ..frame import Frame, Kit
from ..layout import PlayLayout, Point, centre
from ..places import Cell, Cube, HandToken, HeldCard, Ring, Stop, seat_spots
from ..table import Table
from ..where import big_layout, cell_at
from .common import MESSAGE_ABOVE, MESSAGE_PX, Hex, Hidden, Section, blit_centred, pill


def _cube_kind(view: PlayerView, cid: str) -> str:
    return "spirit" if view.spirit is not None and cid == view.spirit else "animal"


def draw_board(kit: Kit, f: Frame, surface: pygame.Surface, seat: int, layout: HexLayout, pips: bool,
               legal: frozenset[tuple[int, int]] = frozenset(), hover: tuple[int, int] | None = None,
               bad: tuple[int, int] | None = None, marks: frozenset[tuple[int, int]] = frozenset()) -> None:
    """One player's board drawn with ``layout`` (virtual units).

    The board is drawn into a cached layer (cells and stacks) that is rebuilt only when
    the game changes; while targets are highlighted the stacks go over the highlights.
    ``marks``: the cells a hint uses, tinted under the stacks so the real pieces keep their colours.
    """
    app = kit.app
    vp = app.vp
    hidden = f.hidden
    radius = max(3, vp.s(layout.size))
    cells = sorted(f.table.cells, key=lambda c: (layout.to_pixel(c)[1], c[0]))
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
        _draw_cells(kit, base, cells, local, radius)
        cache[base_key] = base
    if legal or bad is not None or marks:
        surface.blit(base, (x0, y0))
        if marks:
            col = app.theme.c("hint")
            tint = kit.art.hex_cell(radius, (*col[:3], 46), (*col[:3], 255), 0.1)
            for c in marks:
                if c in pos:
                    blit_centred(surface, tint, pos[c])
        _draw_highlights(kit, surface, pos, radius, legal, hover, bad)
        _draw_stacks(kit, f, surface, seat, cells, pos, radius, hidden, pips, symbols)
        return
    key = ("full", seat, f.version, mine, base_key, pips, symbols)
    layer = cache.get(key)
    if layer is None:
        if len(cache) > 64:
            cache.clear()
            cache[base_key] = base
        layer = base.copy()
        _draw_stacks(kit, f, layer, seat, cells, local, radius, hidden, pips, symbols)
        cache[key] = layer
    surface.blit(layer, (x0, y0))


def _draw_cells(kit: Kit, surf: pygame.Surface, cells: list[tuple[int, int]], pos: dict[Hex, tuple[int, int]],
                radius: int) -> None:
    th = kit.app.theme
    back = kit.art.hex_cell(int(radius * 1.1), tuple(th.c("board_back")), (0, 0, 0, 0))
    cell_img = kit.art.hex_cell(radius, tuple(th.c("board")), tuple(th.c("board_edge")))
    for c in cells:
        blit_centred(surf, back, pos[c])
    for c in cells:
        blit_centred(surf, cell_img, pos[c])


def _draw_highlights(kit: Kit, surface: pygame.Surface, pos: dict[Hex, tuple[int, int]], radius: int,
                     legal: frozenset[tuple[int, int]], hover: tuple[int, int] | None,
                     bad: tuple[int, int] | None) -> None:
    th = kit.app.theme
    if legal:
        glow = kit.art.hex_cell(radius, (*th.c("legal")[:3], 130), tuple(th.c("legal_edge")), 0.065)
        strong = kit.art.hex_cell(radius, (*th.c("legal")[:3], 235), tuple(th.c("legal_edge")), 0.16)
        for c in legal:
            if c in pos:
                blit_centred(surface, strong if c == hover else glow, pos[c])
    if bad is not None and bad in pos:
        ring = kit.art.hex_cell(radius, (0, 0, 0, 0), tuple(th.c("danger")), 0.12)
        blit_centred(surface, ring, pos[bad])


def _draw_stacks(kit: Kit, f: Frame, surf: pygame.Surface, seat: int, cells: list[tuple[int, int]],
                 pos: dict[Hex, tuple[int, int]], radius: int, hidden: Hidden, pips: bool, symbols: bool) -> None:
    view = f.table.views[seat]
    for c in cells:
        stack = view.stacks.get(c)
        if not stack:
            continue
        names = tuple(cname(x) for x in stack)
        k = hidden.get(Cell(seat, c), 0)
        if k:
            names = names[:-k]
        cube = ""
        cid = view.cubes.get(c)
        if cid is not None and not hidden.get(Cube(seat, c)):
            cube = _cube_kind(view, cid)
        if names:
            blit_centred(surf, kit.art.stack(names, radius, symbols, cube, pips), pos[c])


class Board(Section):
    """The shown board, large: drop targets light up while a token or cube is carried, the hint's cells are
    tinted, and the one line under it says why a drop went back."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.board_box)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        kit, g, L = self.kit, f.table, self.kit.layout
        app = kit.app
        th = app.theme
        seat = f.shown
        layout = big_layout(L, g)
        legal: frozenset[tuple[int, int]] = frozenset()
        placing = f.drag is not None and isinstance(f.drag.target, (HandToken, HeldCard))
        if f.drag is not None and placing:
            legal = f.drag.legal
        elif f.selection is not None:
            legal = f.selection.legal
        hover = cell_at(L, g, f.drag.pos if f.drag is not None else f.mouse)
        bad = hover if placing and hover not in legal else None
        marks: frozenset[tuple[int, int]] = frozenset()
        plan = f.hint.plan
        if plan is not None and seat == g.current and not f.choosing_spirit:
            marks = frozenset([c for _n, c in plan.tokens] + [c for _c, c in plan.cubes])
        draw_board(kit, f, surface, seat, layout, True, legal if seat == g.current else frozenset(), hover, bad,
                   marks)
        bx, by, bw, bh = L.board_box
        if seat != g.current:
            pill(app, surface, app.t("play.viewing", name=g.seats[seat].name), (bx + bw / 2, by + 14), 15,
                 th.c("panel"), th.c("ink"), th.c("accent"))
        if f.message_alpha > 0:
            # a long line (a refusal in French, a failed computer turn naming its error) wraps to stay over the board
            pill(app, surface, f.message, (bx + bw / 2, by + bh - MESSAGE_ABOVE), MESSAGE_PX, th.c("panel"),
                 th.c("ink"), th.c("danger"), f.message_alpha, max_w=bw - 30)

    def hit(self, f: Frame, pos: Point) -> Cell | None:
        """The shown board's cell under ``pos``."""
        if f.choosing_spirit:
            return None
        cell = cell_at(self.kit.layout, f.table, pos)
        return Cell(f.shown, cell) if cell is not None else None

    def stops(self, f: Frame) -> list[Stop]:
        """One stop on the board: the cell the ring last stood on, else the one nearest the board's middle
        (the arrows move it from cell to cell)."""
        if f.ring_mode != "own":
            return []
        cell = ring_cell(self.kit.layout, f.table, f.ring_cell)
        lay = big_layout(self.kit.layout, f.table)
        return [Stop(Cell(f.shown, cell), Ring("hex", lay.to_pixel(cell), lay.size))]


def ring_cell(L: PlayLayout, table: Table, last: Hex | None) -> Hex:
    """The board cell of the keyboard ring: where it ``last`` stood, else the cell nearest the board's middle."""
    cells = table.cells
    if last is not None and last in cells:
        return last
    lay = big_layout(L, table)
    mid = centre(L.board_box)
    return min(cells, key=lambda c: math.dist(lay.to_pixel(c), mid))
