"""The points preview: while a token or a cube is carried (dragged, or chosen and waiting for its cell), the
cell it would go on says what the drop would change in the score ("Fields +5 · Trees +1", "Bear +5").

The numbers are the table's ``gains``: the rules' scoring of the position after each possible drop, taken
once per change of the game."""

from __future__ import annotations

import pygame

from harmonies.rules import Colour
from harmonies.session import Gain

from ..frame import Frame, Kit
from ..layout import Point
from ..places import Cell, HandToken, HeldCard, Hex, Selectable
from ..table import Table
from ..where import big_layout, cell_at
from .common import Section, pill


class DropPreview(Section):
    """What the drop on the cell under the carried piece (or under the ring) would score."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.board_box)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        found = carried_over(self.kit, f)
        if found is None:
            return
        what, cell = found
        g = f.table
        gain = g.gains.get((what, cell))
        if gain is None:
            return
        app = self.kit.app
        th = app.theme
        x, y = big_layout(self.kit.layout, g).to_pixel(cell)
        size = big_layout(self.kit.layout, g).size
        pill(app, surface, gain_text(self.kit, g, what, gain), (x, y - size * 1.05 - 4), 15, th.c("panel"),
             th.c("ink"), th.c("accent"))


def carried_over(kit: Kit, f: Frame) -> tuple[Colour | str, Hex] | None:
    """(the carried token's colour or cube's card, the legal cell it is over) while one is carried over a
    cell where it may go: the cell under a dragged piece, else under the ring, else under the pointer."""
    target: Selectable | None = None
    legal: frozenset[Hex] = frozenset()
    pos: Point | None = None
    if f.drag is not None and isinstance(f.drag.target, (HandToken, HeldCard)):
        target, legal, pos = f.drag.target, f.drag.legal, f.drag.pos
    elif f.selection is not None:
        target, legal = f.selection.target, f.selection.legal
    if target is None or not f.own_board:
        return None
    if pos is not None:
        cell = cell_at(kit.layout, f.table, pos)
    elif isinstance(f.focus, Cell):
        cell = f.focus.cell
    else:
        cell = cell_at(kit.layout, f.table, f.mouse)
    if cell is None or cell not in legal:
        return None
    if isinstance(target, HeldCard):
        return target.card_id, cell
    colour = f.table.in_slot(target.index)
    return (colour, cell) if colour is not None else None


def gain_text(kit: Kit, g: Table, what: Colour | str, gain: Gain) -> str:
    """"Fields +5 · Trees +1"; a cube's points under its card's name ("Bear +5"); "+0" when nothing changes."""
    app = kit.app
    parts = []
    for row, delta in gain:
        if row in ("animals", "spirit") and isinstance(what, str):
            label = kit.cardart.name(what)
        elif row == "water":
            label = app.t("score.water_river" if g.water == "river" else "score.water_islands")
        else:
            label = app.t(f"score.{row}")
        parts.append(f"{label} {delta:+d}")
    return " · ".join(parts) if parts else "+0"
