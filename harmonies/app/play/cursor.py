"""The keyboard cursor on the play screen: a focus that Tab moves between the things a player can touch
and the arrow keys move over the board's cells, and Enter or Space uses like a click.

Every use goes through :meth:`Pointer.click` or the End turn action, so a keyboard move is the same
command a mouse move makes; the rules decide. After a use the focus moves to what usually comes next
(the hand after taking tokens, the board after choosing a token or card)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..input import HEX_STEPS, Intent
from .layout import Rect
from .places import Cell, EndButton, Focus, HandToken, HeldCard, Hex, Slot, Target, UndoButton
from .sections.board import ring_cell

if TYPE_CHECKING:
    from .actions import PlayActions

#: The six neighbours of a cell on a flat-topped board, as axial steps (``r`` grows down a column).
UP, DOWN = HEX_STEPS[Intent.HEX_UP], HEX_STEPS[Intent.HEX_DOWN]
UP_LEFT, UP_RIGHT = HEX_STEPS[Intent.HEX_UP_LEFT], HEX_STEPS[Intent.HEX_UP_RIGHT]
DOWN_LEFT, DOWN_RIGHT = HEX_STEPS[Intent.HEX_DOWN_LEFT], HEX_STEPS[Intent.HEX_DOWN_RIGHT]
#: Up and Down go straight along the column; Left and Right go to the column beside, zigzagging along
#: the row the ring started on (never climbing a row by accident).
_SIDEWAYS = {Intent.LEFT: (UP_LEFT, DOWN_LEFT), Intent.RIGHT: (UP_RIGHT, DOWN_RIGHT)}


class KeyCursor:
    """Where the keyboard focus is (``None``: nowhere, the keys keep their plain meanings)."""

    def __init__(self, scene: PlayActions, click: Callable[[Target], None]) -> None:
        self.sc = scene
        #: Uses a target as a click on it would (the pointer's ``click``).
        self.click = click
        self.focus: Focus | None = None
        self.cell: Hex | None = None
        #: The row (``2r + q``, in half-rows) that Left and Right keep to, from the first sideways step.
        self.row: int | None = None

    # ------------------------------------------------------------------ the stops
    def stops(self) -> list[Focus]:
        """What Tab steps through now, in the order of the screen's sections (``play/screen.py``)."""
        return [stop.place for stop in self.sc.stops()]

    def current(self) -> Focus | None:
        """The focus if it is still something that can be used now."""
        if self.focus is None:
            return None
        return self.focus if self.focus in self.stops() else None

    def _board_cell(self) -> Hex:
        return ring_cell(self.sc.layout, self.sc.table, self.cell)

    # ------------------------------------------------------------------ the intents
    def tab(self, back: bool) -> None:
        """Tab to the next stop, Shift+Tab to the previous one."""
        self.row = None
        stops = self.stops()
        if not stops:
            self.focus = None
            return
        now = self.current()
        if now is None:
            self.focus = stops[-1 if back else 0]
        else:
            self.focus = stops[(stops.index(now) + (-1 if back else 1)) % len(stops)]

    def area(self, back: bool) -> None:
        """To the first stop of the next area (the central board, the tokens in hand, the cards, the board,
        the other boards, the buttons), or of the previous one."""
        self.row = None
        stops = self.stops()
        if not stops:
            self.focus = None
            return
        starts = [k for k, stop in enumerate(stops) if k == 0 or _area(stop) != _area(stops[k - 1])]
        now = self.current()
        here = max((k for k in starts if now is not None and k <= stops.index(now)), default=None)
        if here is None:
            self.focus = stops[starts[-1 if back else 0]]
            return
        self.focus = stops[starts[(starts.index(here) + (-1 if back else 1)) % len(starts)]]

    def arrow(self, arrow: Intent) -> bool:
        """On the board: Up and Down to the cell above or below, Left and Right to the column beside along
        the row; elsewhere: the previous or next stop.

        With no focus the arrows start on the board. False when there is nothing to move."""
        now = self.current()
        if now is None:
            return self._start_on_board()
        if not isinstance(now, Cell):
            self.tab(arrow in (Intent.UP, Intent.LEFT))
        elif arrow in _SIDEWAYS:
            self._sideways(now.cell, _SIDEWAYS[arrow])
        else:
            self._go(now.cell, UP if arrow == Intent.UP else DOWN)
        return True

    def hex_step(self, direction: Intent) -> bool:
        """Q W E A S D (a hex direction): on the board, to the neighbouring cell that way; elsewhere onto the board.
        False when there is nothing to move."""
        now = self.current()
        if not isinstance(now, Cell):
            return self._start_on_board()
        self._go(now.cell, HEX_STEPS[direction])
        return True

    def _start_on_board(self) -> bool:
        if not self.sc.human_turn() or self.sc.must_choose_spirit():
            return False
        self._to_board(frozenset())
        return True

    def _go(self, cell: Hex, step: Hex) -> None:
        """To the neighbour of ``cell`` one ``step`` away, if the board has it."""
        self.row = None
        self._move_to((cell[0] + step[0], cell[1] + step[1]))

    def _sideways(self, cell: Hex, steps: tuple[Hex, Hex]) -> None:
        """To the column beside: of its two cells next to ``cell`` (up and down), the one nearer the row the
        ring keeps to (the upper one on a tie), so that steps the same way zigzag along one row."""
        if self.row is None:
            self.row = 2 * cell[1] + cell[0]
        row = self.row
        found = [(cell[0] + dq, cell[1] + dr) for dq, dr in steps]
        found = [c for c in found if c in self.sc.table.cells]
        if found:
            self._move_to(min(found, key=lambda c: (abs(2 * c[1] + c[0] - row), 2 * c[1] + c[0])))
            self.row = row

    def _move_to(self, cell: Hex) -> None:
        if cell in self.sc.table.cells:
            self.cell = cell
            self.focus = Cell(self.sc.shown_seat, cell)

    def use(self) -> bool:
        """Enter or Space on the focus: the same as clicking it. False when there is no focus."""
        sc = self.sc
        now = self.current()
        if now is None:
            self.focus = None
            return False
        before = len(sc.game.history)
        if isinstance(now, EndButton):
            sc.end_turn()
            self.focus = None
            return True
        if isinstance(now, UndoButton):
            sc.undo()
            stops = self.stops()        # on Undo while there is more to undo, else the first thing to do
            self.focus = now if now in stops else (stops[0] if stops else None)
            return True
        placing_token = sc.selection is not None and isinstance(sc.selection.target, HandToken)
        self.click(now)
        played = len(sc.game.history) > before
        if isinstance(now, (HandToken, HeldCard)) and sc.selection is not None:
            self._to_board(sc.selection.legal)
        elif played:
            self._next_after(now, placing_token and isinstance(now, Cell))
        return True

    def card(self) -> tuple[str, bool, Rect] | None:
        """(card id, is spirit, rect) of the card the ring is on, face-up or held: it is previewed enlarged
        as the card under the mouse is."""
        now = self.current()
        L, g = self.sc.layout, self.sc.table
        if isinstance(now, Slot):
            cid = g.display[now.slot]
            return (cid, False, L.slots[now.slot]) if cid is not None else None
        if isinstance(now, HeldCard):
            items = g.held_items(g.current)
            i = [c for c, _s, _n in items].index(now.card_id)
            return (now.card_id, items[i][1], L.held_slots[i])
        return None

    def to_hand(self) -> None:
        """Onto the first token in hand (after a digit key took tokens while the cursor was in use)."""
        slots = [i for i, c in enumerate(self.sc.table.tray) if c is not None]
        self.focus = HandToken(slots[0]) if slots else None

    def drop(self) -> bool:
        """Esc: forget the focus; whether there was one."""
        had = self.current() is not None
        self.focus = None
        return had

    def _to_board(self, legal: frozenset[Hex]) -> None:
        """Onto the board: the cursor's cell if it is legal, else the legal cell nearest to it."""
        cell = self._board_cell()
        if legal and cell not in legal:
            lay = self.sc.big_layout()
            here = lay.to_pixel(cell)
            cell = min(sorted(legal), key=lambda c: math.dist(lay.to_pixel(c), here))
        self.cell = cell
        self.row = None
        self.focus = Cell(self.sc.shown_seat, cell)

    def _next_after(self, used: Focus, placed_token: bool) -> None:
        """After a command was played: the hand while it holds tokens; after taking a card, that card;
        after the last token, a held card whose cube can be placed, else the face-up cards; else End turn
        (or nothing)."""
        stops = self.stops()
        hand = [s for s in stops if isinstance(s, HandToken)]
        held = [s for s in stops if isinstance(s, HeldCard)]
        slots = [s for s in stops if isinstance(s, Slot)]
        ready = [s for s in held if s.card_id in self.sc.table.cube_opts]
        if hand:
            self.focus = hand[0]
        elif isinstance(used, Slot) and held:
            self.focus = held[-1]
        elif placed_token and ready:
            self.focus = ready[0]
        elif placed_token and slots:
            self.focus = slots[0]
        elif EndButton() in stops:
            self.focus = EndButton()
        else:
            self.focus = None


def _area(stop: Focus) -> str:
    """The area of the screen a stop belongs to (the cards face up and those held are one area, as are
    Undo and End turn)."""
    if isinstance(stop, (Slot, HeldCard)):
        return "cards"
    if isinstance(stop, (UndoButton, EndButton)):
        return "buttons"
    return type(stop).__name__
