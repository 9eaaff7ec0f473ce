"""Where things are drawn on the play screen, from the layout and the table alone: the shown board's cells,
a seat's cells and cards, for the sections, the pointer and the flights; and the layout itself, made for the
window's shape and the words it must hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from harmonies.rules import PlayerView

from .. import paint
from ..cardart import CardArt
from ..hexgrid import HexLayout
from .layout import PlayLayout, Point, centre, inside
from .places import Hex
from .table import Table, held_items

if TYPE_CHECKING:
    from ..look import Look


def window_layout(app: Look, cardart: CardArt, players: int) -> PlayLayout:
    """The play screen's layout for the window as it is: its whole shape, cards as wide as their names and
    tracks need at the least size, and the seats' word column as wide as "Computer" and the levels."""
    vp = app.vp
    kinds = [app.t("setup.human"), app.t("setup.computer"), *(app.t(f"level.{k}") for k in ("easy", "medium", "hard"))]
    seat_w = max(118.0, 26 + max(paint.text_width(app, word, 12) for word in kinds))
    return PlayLayout(players, players == 1, vp.area, cardart.least_width() / vp.scale, vp.tv(14) / 14, seat_w)


def big_layout(L: PlayLayout, table: Table) -> HexLayout:
    """The shown board's cells, laid out large in the middle."""
    return L.board_layout(list(table.cells))


def cell_at(L: PlayLayout, table: Table, pos: Point) -> Hex | None:
    """The shown board's cell under ``pos``."""
    if not inside(L.board_box, pos):
        return None
    h = big_layout(L, table).to_hex(pos)
    return h if h in table.cells else None


def seat_layout(L: PlayLayout, table: Table, shown: int, seat: int) -> HexLayout:
    """How ``seat``'s board is laid out: large if it is the shown one, else small on its panel."""
    return big_layout(L, table) if seat == shown else L.mini_layout(seat, list(table.cells))


def cell_pos(L: PlayLayout, table: Table, shown: int, seat: int, cell: Hex) -> Point:
    """Where a cell of ``seat``'s board is drawn: on the big board if shown, else on the seat's panel."""
    return seat_layout(L, table, shown, seat).to_pixel(cell)


def card_pos(L: PlayLayout, items: list[tuple[str, bool, int]], card_id: str) -> Point:
    """Where a card of the shown seat is drawn: its slot above the board, else the completed cards."""
    for i, (cid, _spirit, _n) in enumerate(items):
        if cid == card_id and i < len(L.held_slots):
            return centre(L.held_slots[i])
    return centre(L.completed_box)


def held_pos(L: PlayLayout, table: Table, shown: int, seat: int, card_id: str,
             view: PlayerView | None = None) -> Point:
    """Where ``seat``'s card is drawn (``view``: as it was in that view of the board)."""
    if seat != shown:
        return centre(L.seat_panels[seat])
    return card_pos(L, held_items(view if view is not None else table.views[seat]), card_id)
