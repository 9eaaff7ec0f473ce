"""The pointer on the play screen: what it is on, picking up, dragging, dropping and clicking.

Every action ends as a command handed to :meth:`PlayScene.submit`; nothing here applies or checks
one. A refused or misplaced drop slides back to where it came from.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import ChooseSpirit, Command, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens

from ..navigation import OpenGuideDone
from ..tokens import cname
from .anim import CardSprite, CubeSprite, Flyer, SpaceSprite, TokenSprite
from .cursor import KeyCursor
from .layout import Rect, centre, inside
from .places import (
    Carried, Cell, Drag, GuideNext, HandToken, HeldCard, SeatBoard, Selectable, Selection, Slot, Space, SpiritOffer,
    Swap, Target,
)
from .sections import display, held, seats

if TYPE_CHECKING:
    from .actions import PlayActions

Point = tuple[float, float]
Hex = tuple[int, int]
#: How far (virtual units) a press must move before it becomes a drag.
DRAG_START = 6.0


class Pointer:
    """The play scene's pointer state (a press, a drag, a selection) and what it does with them."""

    def __init__(self, scene: PlayActions) -> None:
        self.sc = scene
        self.press: tuple[Target, Point] | None = None
        self.drag: Drag | None = None
        self.selection: Selection | None = None
        #: The face-up card whose solo swap waits for its confirmation (a second click or Enter; Esc cancels):
        #: the swap cannot be undone.
        self.armed_swap: int | None = None
        #: The keyboard's focus, used through :meth:`click` like the mouse.
        self.cursor = KeyCursor(scene, self.click)

    # ------------------------------------------------------------------ hit-testing
    def target_at(self, pos: Point) -> Target | None:
        """What is under ``pos``: each section of the screen tests its own part, top sections first."""
        return self.sc.target_at(pos)

    def card_under(self, pos: Point) -> tuple[str, bool, Rect] | None:
        """(card id, is spirit, rect) of the card under ``pos`` (display or held), for the preview."""
        sc = self.sc
        face_up = display.card_at(sc.table.display, sc.layout.slots, pos)
        if face_up is not None:
            return (face_up[0], False, face_up[1])
        return held.card_at(sc.layout, sc.table.held_items(sc.shown_seat), pos)

    def legal_for(self, target: Target) -> frozenset[Hex]:
        """The cells a token in hand or a held card's cube may go on now (as the table has them)."""
        g = self.sc.table
        colour = g.in_slot(target.index) if isinstance(target, HandToken) else None
        if colour is not None:
            return g.token_cells.get(colour, frozenset())
        if isinstance(target, HeldCard):
            return frozenset(g.cube_opts.get(target.card_id, ()))
        return frozenset()

    # ------------------------------------------------------------------ the mouse
    def handle(self, event: pygame.event.Event) -> None:
        """A mouse event on the play screen (its ``vpos`` in virtual units): the left button presses, drags
        and drops, the right one puts back what is carried."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed(event.vpos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel()
        elif event.type == pygame.MOUSEMOTION:
            self.moved(event.vpos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.released(event.vpos)

    def pressed(self, pos: Point) -> None:
        target = self.target_at(pos)
        if target is None:
            self.selection = None
            return
        self.press = (target, pos)

    def moved(self, pos: Point) -> None:
        if self.drag is not None:
            self.drag = replace(self.drag, pos=pos)
            return
        if self.press is None:
            return
        target, start = self.press
        if math.hypot(pos[0] - start[0], pos[1] - start[1]) < DRAG_START:
            return
        if not self.sc.human_turn() or not isinstance(target, (Space, Slot, HandToken, HeldCard)):
            return
        if self.sc.table.taken_tokens_this_turn and isinstance(target, Space):
            return
        self.drag = Drag(target, start, pos, self.legal_for(target), True)
        self.selection = None
        self.press = None

    def released(self, pos: Point) -> None:
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self._drop(drag, pos)
            return
        if self.press is None:
            return
        target, _start = self.press
        self.press = None
        if self.target_at(pos) == target:
            self.click(target)

    def cancel(self) -> None:
        """Right click or Escape: put back what is carried and forget the selection."""
        if self.drag is not None:
            self._return_flyer(self.drag, self.drag.pos)
        self.drag = None
        self.press = None
        self.selection = None

    def click(self, target: Target) -> None:
        sc = self.sc
        g = sc.table
        armed, self.armed_swap = self.armed_swap, None
        if isinstance(target, SeatBoard):
            sc.view_seat = None if target.seat in (g.current, sc.view_seat) else target.seat
            self.selection = None
            return
        if isinstance(target, GuideNext):
            self.guide_next()
            return
        if not sc.human_turn():
            return
        if isinstance(target, SpiritOffer):
            sc.submit(ChooseSpirit(target.spirit_id))
        elif isinstance(target, Space):
            sc.submit(TakeTokens(target.space))
        elif isinstance(target, (Slot, Swap)):
            cid = g.display[target.slot]
            if cid is None:
                return
            if isinstance(target, Slot):
                sc.submit(TakeCard(cid))
            elif armed == target.slot or cid not in g.can_swap:
                sc.submit(SoloSwap(cid))  # confirmed, or refused with the rules' reason
            else:
                self.armed_swap = target.slot
        elif isinstance(target, (HandToken, HeldCard)):
            self._select(target)
        elif isinstance(target, Cell):
            self._put(target.cell)

    def guide_next(self) -> None:
        """Next on a step of the guided game to read (click or Enter); after the last step, the "well done"
        panel over the board."""
        guide = self.sc.guide
        if guide is not None and guide.reading and guide.next():
            self.sc.app.navigate.push(OpenGuideDone())

    def _select(self, target: Selectable) -> None:
        if self.selection is not None and self.selection.target == target:
            self.selection = None
            return
        legal = self.legal_for(target)
        self.selection = Selection(target, legal)
        if isinstance(target, HeldCard) and not legal:
            self.sc.say(self.sc.app.t("play.no_habitat", name=self.sc.cardart.name(target.card_id)))

    def _put(self, cell: Hex) -> None:
        """A click on a cell: the selected token or cube goes there."""
        sel, g = self.selection, self.sc.table
        if sel is None:
            if g.hand:
                self.sc.say(self.sc.app.t("play.pick_token"))
            return
        colour = g.in_slot(sel.target.index) if isinstance(sel.target, HandToken) else None
        if isinstance(sel.target, HandToken) and colour is not None:
            self.sc.picked = sel.target.index
            self.sc.submit(PlaceToken(colour, cell))
        elif isinstance(sel.target, HeldCard):
            self.sc.submit(PlaceCube(sel.target.card_id, cell))

    def _drop(self, drag: Drag, pos: Point) -> None:
        sc = self.sc
        L, g = sc.layout, sc.table
        target = drag.target
        on_own_area = inside(L.board_box, pos) or inside(L.held_panel, pos) or inside(L.hand_tray, pos)
        if isinstance(target, Space):
            if on_own_area:
                sc.submit(TakeTokens(target.space))
            else:
                self._return_flyer(drag, pos)
                self._say_misplaced(pos)
            return
        if isinstance(target, Slot):
            cid = g.display[target.slot] if target.slot < len(g.display) else None
            if cid is not None and on_own_area:
                sc.submit(TakeCard(cid))
            else:
                self._return_flyer(drag, pos)
                self._say_misplaced(pos)
            return
        cell = sc.cell_at(pos)
        if cell is None:
            self._return_flyer(drag, pos)
            self._say_misplaced(pos)
            return
        cmd: Command
        if isinstance(target, HandToken):
            colour = g.in_slot(target.index)
            if colour is None:
                return
            sc.picked = target.index
            cmd = PlaceToken(colour, cell)
        else:
            cmd = PlaceCube(target.card_id, cell)
        if not sc.submit(cmd, dropped=True):
            self._return_flyer(drag, pos)

    def _say_misplaced(self, pos: Point) -> None:
        """Why a drop on another seat's board or on the scores goes back: it is not the player's board."""
        sc = self.sc
        seat = seats.hit(sc.layout, pos)
        if seat is not None and seat.seat != sc.table.current:
            sc.say(sc.app.t("play.drop_other_board", name=sc.table.seats[seat.seat].name))
        elif inside(sc.layout.scores_panel, pos):
            sc.say(sc.app.t("play.drop_scores"))

    def _return_flyer(self, drag: Drag, pos: Point) -> None:
        """A refused or misplaced drop slides back to where it came from."""
        sc = self.sc
        L, g = sc.layout, sc.table
        t: Carried = drag.target
        colour = g.in_slot(t.index) if isinstance(t, HandToken) else None
        if isinstance(t, HandToken) and colour is not None:
            sc.anims.add(Flyer(TokenSprite(cname(colour)), pos, L.hand_slots[t.index], 0.22,
                               hide=HandToken(t.index)))
        elif isinstance(t, Slot) and g.display[t.slot]:
            cid = g.display[t.slot]
            assert cid is not None
            sc.anims.add(Flyer(CardSprite(cid), pos, centre(L.slots[t.slot]), 0.22, hide=Slot(t.slot)))
        elif isinstance(t, HeldCard):
            sc.anims.add(Flyer(CubeSprite(t.card_id), pos, sc.held_pos(g.current, t.card_id), 0.22))
        elif isinstance(t, Space):
            sc.anims.add(Flyer(SpaceSprite(t.space), pos, L.spaces[t.space], 0.22, hide=Space(t.space)))
