"""The tray of tokens keeps its slots (issue 51, point 5): a token placed leaves a gap and the others stay
where they are, so the token under a still pointer never changes; Undo puts a token back in a gap; a new
turn's tokens are laid out afresh."""

from __future__ import annotations

from typing import Any

import pygame
from ui_driver import Driver

from harmonies.app.play.places import HandToken
from harmonies.app.play.tray import settle_tray
from harmonies.rules import Colour

R, B, G = Colour.RED, Colour.BLUE, Colour.GREEN


def test_a_placed_token_leaves_a_gap() -> None:
    assert settle_tray((), [R, B, G]) == (R, B, G)
    assert settle_tray((R, B, G), [R, G]) == (R, None, G)
    assert settle_tray((R, None, G), [G]) == (None, None, G)
    assert settle_tray((None, None, G), []) == (None, None, None)


def test_of_two_alike_the_one_taken_leaves() -> None:
    assert settle_tray((R, B, R), [B, R], picked=2) == (R, B, None)
    assert settle_tray((R, B, R), [B, R]) == (None, B, R)          # not said which: the first
    assert settle_tray((R, B, R), [B, R], picked=1) == (None, B, R)  # a slot of another colour is no answer


def test_undo_fills_a_gap_and_anything_odd_starts_afresh() -> None:
    assert settle_tray((R, None, None), [R, B]) == (R, B, None)
    assert settle_tray((None, None, None), [G]) == (G, None, None)
    assert settle_tray((R, None), [B, G, G]) == (B, G, G)
    assert settle_tray((R, B, None), [G, B]) == (G, B)


def test_on_screen_the_other_tokens_stay_put(app: Any) -> None:
    d = Driver(app)
    d.press_widget("new")
    d.settle()
    d.key(pygame.K_RETURN)                  # the new-game screen's defaults: a game starts
    d.settle()
    sc = d.top
    assert sc.name == "play"
    d.take_first_space()
    before = sc.table.tray
    assert len(before) == 3 and None not in before
    colour = before[1]
    cell = sorted(sc.table.token_cells[colour])[0]
    d.drag(sc.layout.hand_slots[1], sc.big_layout().to_pixel(cell))   # the middle token
    d.settle()
    assert sc.table.tray == (before[0], None, before[2])
    assert [s.place for s in sc.stops() if isinstance(s.place, HandToken)] == [HandToken(0), HandToken(2)]
    assert sc.target_at(sc.layout.hand_slots[2]) == HandToken(2)      # the last token is where it was
    assert sc.target_at(sc.layout.hand_slots[1]) != HandToken(1)      # the gap holds nothing to pick up
    d.key(pygame.K_z, pygame.KMOD_CTRL)                               # Undo: back into its gap
    d.settle()
    assert sc.table.tray == before
