"""The "well done" panel at the end of the guided game, over its board: play a real game (the new-game
screen), or back to the menu. Reaching it counts as having finished the guided game."""

from __future__ import annotations

from typing import Protocol

import pygame

from .. import paint
from ..input import Intent
from ..navigation import OpenMenu, OpenSetup
from ..widgets import Button
from ..look import Look
from ..scene import Keeping, Navigation, Preferences, Telling
from .common import WidgetScene
from .saving import confirm_replace


#: The panel, in virtual units.
_PANEL = (640 - 300, 170, 600, 370)
#: Where the words start under the title, and the room they leave above the buttons.
_BODY_TOP, _BODY_ROOM = 92.0, 170.0


class GuideDoneServices(Look, Navigation, Preferences, Keeping, Telling, Protocol):
    """What the end of the guided game uses: the look, the screens it opens, the setting that the guide was
    done, and what a new game asks first (the saves, the line told of actions saved elsewhere)."""


class GuideDoneScene(WidgetScene):
    name = "guide_done"
    transparent = True

    app: GuideDoneServices

    def __init__(self, app: GuideDoneServices) -> None:
        super().__init__(app)
        t = app.t
        x, y, w, h = _PANEL
        bw = (w - 60) / 2
        self.ui.add(Button((x + 20, y + h - 74, bw, 52), lambda: t("guide.play_real"), self.play_real, primary=True,
                           name="real"))
        self.ui.add(Button((x + 40 + bw, y + h - 74, bw, 52), lambda: t("guide.to_menu"), self.to_menu, name="menu"))
        self.ui.focus = 0

    def on_enter(self) -> None:
        self.app.apply_settings(self.app.settings.with_(guide_done=True))

    def play_real(self) -> None:
        """The new-game screen over the menu (asking first, as the menu does, if it would replace a game in
        progress)."""
        self.app.navigate.reset(OpenMenu())
        confirm_replace(self.app, "new", lambda: self.app.navigate.push(OpenSetup()))

    def to_menu(self) -> None:
        self.app.navigate.reset(OpenMenu())

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if Intent.BACK in self.app.input.intents(event):
            self.to_menu()
            return None
        super().handle_event(event)
        return None  # modal: nothing reaches the board underneath

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        paint.veil(surface, 150)
        x, y, w, h = _PANEL
        paint.panel(surface, app, _PANEL, th.c("panel"), radius=18, edge=th.c("guide"), width=3, shadow=True)
        title = app.t("guide.done_title")
        paint.text(surface, app, title, (640, y + 46), paint.fit_px(app, title, 34, w - 40, bold=True), th.c("ink"),
                   "center", bold=True)
        body = app.t("guide.done_body")
        px = 19.0
        while px > 14 and paint.block_height(app, body, px, w - 72) > _BODY_ROOM:
            px -= 1
        paint.text_block(surface, app, body, (x + 36, y + _BODY_TOP), px, th.c("ink"), w - 72, align="center")
        self.ui.draw(surface, app)
