"""The host's button that hands the seat of a player who is away to a computer player.

It sits in the top bar, left of the hint button, and shows only while the seat to move is played
elsewhere and its player is away (the hint button never shows then: no seat of this screen is to move).
"""

from __future__ import annotations

from collections.abc import Callable

from ..play.layout import PlayLayout
from ..widgets import Button
from .watch import NetWatch

#: The button's width (virtual units) and the gap to the hint button's place.
WIDTH = 250.0
GAP = 8.0


def stand_in_button(layout: PlayLayout, t: Callable[..., str], watch: NetWatch) -> Button:
    x, y, _w, h = layout.hint_btn
    button = Button((x - GAP - WIDTH, y, WIDTH, h), lambda: t("net.stand_in"), watch.hand_over,
                    visible=watch.can_hand_over, px=16, name="stand_in")
    button.focusable = False
    return button
