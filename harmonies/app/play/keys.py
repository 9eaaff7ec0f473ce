"""The play screen's keys: Esc steps back, Ctrl+Z undoes, Enter ends the turn, H the hint, the digits
take tokens from a central space (1 to the most spaces a game has; a space the game lacks is refused
by the rules, which say why), L shows or hides the game log, and while it is shown Up/Down, Page
Up/Down, Home/End scroll it.

Tab and Shift+Tab move the keyboard cursor (``play/cursor.py``) between what can be touched, the
arrows and Q W E / A S D move it over the board, and Enter or Space uses it as a click would; while the cursor is
somewhere, Enter uses it rather than ending the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from harmonies.rules import TakeTokens, rules_data

from ..navigation import OpenHowTo
from .cursor import ARROW_KEYS, HEX_KEYS
from .frame import Frame
from .layout import Rect
from .logpanel import LogPanel
from .places import HandToken, HeldCard, Slot, SpiritOffer, Swap

if TYPE_CHECKING:
    from ..scenes.play import PlayScene

#: Modifiers that make H something other than the hint key.
_NOT_HINT = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META
_SCROLL = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
#: One digit key per central space of the largest central board.
_MOST_SPACES = max(rules_data().central_spaces.values())


def key_pressed(sc: PlayScene, event: pygame.event.Event) -> None:
    """Turn a key press into what it means on the play screen (a command goes through ``sc.submit``)."""
    cursor = sc.pointer.cursor
    if sc.guide is not None and sc.guide.reading and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        sc.pointer.guide_next()      # a step of the guided game to read: Enter or Space is its Next
    elif event.key == pygame.K_ESCAPE:
        _escape(sc)
    elif event.key == pygame.K_TAB:
        cursor.tab(bool(event.mod & pygame.KMOD_SHIFT))
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and cursor.use():
        pass
    elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
        sc.undo()
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        if sc.can_end():
            sc.end_turn()
    elif event.key == pygame.K_h and not event.mod & _NOT_HINT:
        if sc.hints.on or sc.can_hint():
            sc.toggle_hint()
    elif event.key == pygame.K_F1:
        sc.app.navigate.push(OpenHowTo(help_topic(sc.frame())))
    elif event.key == pygame.K_l and not event.mod & _NOT_HINT:
        sc.log.toggle()
    elif event.key in ARROW_KEYS and (cursor.current() is not None or not sc.log.shown) and cursor.arrow(event.key):
        pass
    elif event.key in HEX_KEYS and not event.mod & _NOT_HINT and cursor.hex_key(event.key):
        pass
    elif event.key in _SCROLL and sc.log.shown:
        scroll_log(sc.log, event.key, sc.layout.log_panel)
    elif pygame.K_1 <= event.key < pygame.K_1 + _MOST_SPACES and sc.human_turn():
        # a cursor in use follows the tokens to the hand; otherwise the digits leave it off (Esc still pauses)
        if sc.submit(TakeTokens(event.key - pygame.K_1)) and cursor.focus is not None:
            cursor.to_hand()


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


def scroll_log(log: LogPanel, key: int, rect: Rect) -> None:
    """Up/Down a line, Page Up/Down a page, Home/End to the newest or the oldest line."""
    page = log.page(rect)
    lines = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
             pygame.K_HOME: -len(log.rows), pygame.K_END: len(log.rows)}
    log.scroll(lines[key], rect)


def _escape(sc: PlayScene) -> None:
    """Esc cancels a swap waiting for its confirmation, else puts down what is carried, else drops the keyboard cursor, else hides the hint, else looks back at
    one's own board, else pauses."""
    if sc.pointer.armed_swap is not None:
        sc.pointer.armed_swap = None
    elif sc.pointer.drag is not None or sc.pointer.selection is not None:
        sc.pointer.cancel()
    elif sc.pointer.cursor.drop():
        pass
    elif sc.hints.on:
        sc.hints.drop()
    elif sc.view_seat is not None:
        sc.view_seat = None
    else:
        sc.pause()
