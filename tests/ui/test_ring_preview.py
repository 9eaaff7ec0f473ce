"""The card under the keyboard ring is enlarged after a moment, as the card under the mouse is; in the
guided game it is not, so that the enlarged copy never covers what the guide points at."""

from __future__ import annotations

from typing import Any

import pygame
from key_driver import Keys
from test_guide import start_guide
from ui_driver import Driver

from harmonies.app.play.places import Slot
from harmonies.app.scenes.play import PlayScene
from harmonies.app.smoke import played_game, resume


def _rest(d: Driver) -> None:
    """Long enough for the preview's delay to pass, the mouse far from every card."""
    d.post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    d.frames(50)


def test_the_ring_s_card_is_enlarged_in_a_game(app: Any) -> None:
    app.scenes.push(PlayScene(app, resume(played_game(2, 8, seed=12), 2)))
    d = Driver(app)
    d.settle()
    slot = Keys(d).tab_to_ring(Slot)
    _rest(d)
    preview = d.top.frame().preview
    assert preview is not None and preview[0] == d.top.table.display[slot.slot]


def test_in_the_guided_game_the_ring_s_card_is_not_enlarged(app: Any) -> None:
    d = Driver(app)
    sc = start_guide(d)
    sc.pointer.cursor.focus = None
    Keys(d).tab_to_ring(Slot)
    _rest(d)
    assert sc.frame().preview is None
