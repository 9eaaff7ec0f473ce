"""Drawing of the play scene, section by section (see ``play/sections/``). Reads the scene's state; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .layout import inside
from .sections.board import draw_shown_board
from .sections.central import draw_central
from .sections.common import cached, mouse_at
from .sections.display import draw_display, draw_swap_tip
from .sections.focus import draw_focus
from .sections.hand import draw_hand
from .sections.held import draw_held
from .sections.hint import draw_hint_marks
from .sections.log import draw_log_mark, draw_play_log
from .sections.moving import draw_banners, draw_dragged, draw_flyers, draw_preview
from .sections.scores import draw_scores
from .sections.seats import draw_seats
from .sections.spirit_choice import draw_spirit_choice
from .sections.top_bar import draw_top_bar

if TYPE_CHECKING:
    from ..scenes.play import PlayScene


def draw_play(sc: PlayScene, surface: pygame.Surface) -> None:
    hidden = sc.anims.hidden()
    draw_top_bar(sc, surface)
    draw_central(sc, surface, hidden)
    draw_display(sc, surface, hidden)
    if sc.log.shown:
        draw_play_log(sc, surface)
    else:
        cached(sc, surface, ("scores", sc.version, sc.table.current), sc.layout.scores_panel,
               lambda s: draw_scores(sc, s))
    draw_held(sc, surface, hidden)
    draw_shown_board(sc, surface, hidden)
    draw_hand(sc, surface, hidden)
    draw_hint_marks(sc, surface)
    sc.ui.draw(surface, sc.app)
    if hidden:
        draw_seats(sc, surface, hidden)  # something is flying to a board: draw it live
    else:
        mouse = mouse_at(sc)
        hov = tuple(inside(r, mouse) for r in sc.layout.seat_panels)
        x0 = sc.layout.seat_panels[0][0]
        box = (x0 - 6, 50.0, 1280 - x0 + 6, 670.0)
        cached(sc, surface, ("seats", sc.version, sc.shown_seat, hov), box, lambda s: draw_seats(sc, s, hidden))
    draw_log_mark(sc, surface)
    draw_banners(sc, surface)
    if sc.must_choose_spirit():
        draw_spirit_choice(sc, surface)
    draw_focus(sc, surface)
    draw_swap_tip(sc, surface)
    draw_flyers(sc, surface)
    draw_preview(sc, surface)
    draw_dragged(sc, surface)
