"""The notice over any screen when the game controller in use is unplugged: everything below stops (a
computer's turn waits too, as the scene below is not the top one) until a pad is plugged in again, or the
player presses a key, clicks, or presses a button of another pad."""

from __future__ import annotations

import pygame

from .. import paint
from ..input import PAD_BACK, PAD_PRESS
from ..scene import Scene

#: The panel, in virtual units.
_PANEL = (640 - 320, 270, 640, 180)
#: What takes the notice away: a pad plugged in, a pad's button, a key or a click.
_RESUMES = frozenset({PAD_BACK, PAD_PRESS, pygame.KEYDOWN, pygame.MOUSEBUTTONUP})


class PadLostScene(Scene):
    name = "pad_lost"
    transparent = True

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in _RESUMES:
            self.app.scenes.pop()
        return None  # modal: nothing reaches the screen underneath

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        paint.veil(surface, 170)
        x, y, w, h = _PANEL
        paint.panel(surface, app, _PANEL, th.c("panel"), radius=18, edge=th.c("panel_edge"), width=3, shadow=True)
        title = app.t("pad.lost_title")
        paint.text(surface, app, title, (640, y + 48), paint.fit_px(app, title, 30, w - 40, bold=True), th.c("ink"),
                   "center", bold=True)
        body = app.t("pad.lost_body")
        px = 19.0
        while px > 14 and paint.block_height(app, body, px, w - 72) > h - 104:
            px -= 1
        paint.text_block(surface, app, body, (x + 36, y + 96), px, th.c("ink"), w - 72, align="center")
