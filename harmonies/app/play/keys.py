"""The play screen's intents (``assets/input.yaml`` says which keys give them): Back steps back, Undo
undoes, End turn ends the turn whenever End turn is enabled (wherever the ring is), Hint the hint, Take
space n takes tokens from a central space (1 to the most spaces a game has; a space the game lacks is
refused by the rules, which say why), Log shows or hides the game log, and while it is shown Up/Down,
Page Up/Down, Home/End scroll it.

End turn gives way to the solo swap: with the ring on a swap button, or a swap waiting for its
confirmation, Enter asks for or confirms the swap, as the swap's note says.

Next and Previous move the keyboard cursor (``play/cursor.py``) between what can be touched, the next or
previous area (a pad's shoulder buttons) jumps to the first stop of the next kind of thing, the arrows
and the six hex directions move it over the board, and Confirm or Use uses it as a click would. A step of
a pad's stick gives an arrow and the hex direction of its angle: on the board the hex direction wins.
Pause (a pad's Start) opens the pause menu at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from harmonies.rules import TakeTokens

from ..input import ARROWS, HEX_STEPS, TAKE, Intent
from ..navigation import OpenHowTo
from .frame import Frame
from .layout import Rect
from .logpanel import LogPanel
from .actions import PlayActions
from .places import Cell, HandToken, HeldCard, Slot, SpiritOffer, Swap

if TYPE_CHECKING:
    from .pointer import Pointer

_PRESS = frozenset({Intent.CONFIRM, Intent.USE})
_SCROLL = frozenset({Intent.UP, Intent.DOWN, Intent.PAGE_UP, Intent.PAGE_DOWN, Intent.HOME, Intent.END})


class KeyActions(PlayActions, Protocol):
    """The play screen as the keys see it: its parts' view, and the pointer whose cursor the keys move."""

    @property
    def pointer(self) -> Pointer: ...


def key_pressed(sc: KeyActions, intents: frozenset[Intent]) -> None:
    """Turn a key press's intents into what they mean on the play screen (a command goes through ``sc.submit``)."""
    if not intents:
        return
    cursor = sc.pointer.cursor
    if Intent.PAUSE in intents:
        sc.pause()
    elif sc.guide is not None and sc.guide.reading and intents & _PRESS:
        sc.pointer.guide_next()      # a step of the guided game to read: Enter or Space is its Next
    elif Intent.BACK in intents:
        _escape(sc)
    elif intents & {Intent.NEXT, Intent.PREVIOUS}:
        cursor.tab(Intent.PREVIOUS in intents)
    elif intents & {Intent.AREA_NEXT, Intent.AREA_PREVIOUS}:
        cursor.area(Intent.AREA_PREVIOUS in intents)
    elif Intent.END_TURN in intents and sc.can_end() and not _swapping(sc):
        cursor.drop()                # the turn ends whatever the ring is on, as the End turn button would
        sc.end_turn()
    elif intents & _PRESS and cursor.use():
        pass
    elif Intent.UNDO in intents:
        sc.undo()
    elif Intent.HINT in intents:
        if sc.hints.on or sc.can_hint():
            sc.toggle_hint()
    elif Intent.HELP in intents:
        sc.app.navigate.push(OpenHowTo(help_topic(sc.frame())))
    elif Intent.LOG in intents:
        sc.log.toggle()
    else:
        _move(sc, intents)


def _move(sc: KeyActions, intents: frozenset[Intent]) -> None:
    """The ring's moves, the log's scrolling and the central spaces' digits."""
    cursor = sc.pointer.cursor
    arrows = sorted(intents & ARROWS)
    hexes = sorted(intents & HEX_STEPS.keys())
    takes = [TAKE[i] for i in intents if i in TAKE]
    if hexes and isinstance(cursor.current(), Cell) and cursor.hex_step(hexes[0]):
        pass
    elif arrows and (cursor.current() is not None or not sc.log.shown) and cursor.arrow(arrows[0]):
        pass
    elif hexes and not arrows and cursor.hex_step(hexes[0]):
        pass
    elif intents & _SCROLL and sc.log.shown:
        scroll_log(sc.log, sorted(intents & _SCROLL)[0], sc.layout.log_panel)
    elif takes and sc.human_turn():
        # a cursor in use follows the tokens to the hand; otherwise the digits leave it off (Esc still pauses)
        if sc.submit(TakeTokens(takes[0])) and cursor.focus is not None:
            cursor.to_hand()


def _swapping(sc: KeyActions) -> bool:
    """The solo swap is asked for or waits for its confirmation, which its note asks of Enter."""
    return sc.pointer.armed_swap is not None or isinstance(sc.pointer.cursor.current(), Swap)


def help_topic(f: Frame) -> str:
    """The How to play page for what the player is doing now (a topic of ``scenes/howto_examples.TOPICS``):
    the spirits while choosing one, the tokens and stacks with a token carried, picked or under the ring,
    the animal cards with a card carried, picked, under the ring or enlarged, the solo swap with the ring
    on it; otherwise the turn's first page."""
    if f.choosing_spirit:
        return "spirits"
    doing = (f.drag.target if f.drag is not None else f.selection.target if f.selection is not None
             else f.focus)
    if isinstance(doing, HandToken):
        return "stacking"
    if isinstance(doing, SpiritOffer):
        return "spirits"
    if isinstance(doing, Swap):
        return "solo"
    if isinstance(doing, HeldCard | Slot):
        return "spirits" if isinstance(doing, HeldCard) and f.table.is_spirit(doing.card_id) else "animals"
    if f.preview is not None:
        return "spirits" if f.preview[1] else "animals"
    return "turn"


def scroll_log(log: LogPanel, intent: Intent, rect: Rect) -> None:
    """Up/Down a line, Page Up/Down a page, Home/End to the newest or the oldest line."""
    page = log.page(rect)
    lines = {Intent.UP: -1, Intent.DOWN: 1, Intent.PAGE_UP: -page, Intent.PAGE_DOWN: page,
             Intent.HOME: -len(log.rows), Intent.END: len(log.rows)}
    log.scroll(lines[intent], rect)


def _escape(sc: KeyActions) -> None:
    """Back cancels a swap waiting for its confirmation, else lets go of the ring and of what is carried
    (both at once), else hides the hint, else looks back at one's own board, else pauses."""
    if sc.pointer.armed_swap is not None:
        sc.pointer.armed_swap = None
    elif sc.pointer.drag is not None or sc.pointer.selection is not None:
        sc.pointer.cancel()
        sc.pointer.cursor.drop()
    elif sc.pointer.cursor.drop():
        pass
    elif sc.hints.on:
        sc.hints.drop()
    elif sc.view_seat is not None:
        sc.view_seat = None
    else:
        sc.pause()
