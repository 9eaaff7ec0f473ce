"""The Keys page, opened from Settings: every key of the game, generated from the input map (the same
list How to play's Keys page shows); Change keys opens the rebinding page; Esc, Enter or Back leaves."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import keylist, paint
from ..navigation import OpenRebind
from ..widgets import Button
from .common import WidgetScene, draw_backdrop

if TYPE_CHECKING:
    from ..scene import SceneServices

#: The panel holding the list, and the box of the list with its note on the mouse, in virtual units.
PANEL = (70.0, 96.0, 1140.0, 520.0)
TABLE = (100.0, 116.0, 1080.0, 490.0)


class KeysScene(WidgetScene):
    name = "keys"
    title_key = "keys.title"

    def __init__(self, app: SceneServices) -> None:
        super().__init__(app)
        self.ui.add(Button((640 + 20, 640, 260, 54), lambda: app.t("settings.back"), lambda: app.scenes.pop(),
                           primary=True, name="back"))
        self.ui.add(Button((640 - 280, 640, 260, 54), lambda: app.t("keys.change"),
                           lambda: app.navigate.push(OpenRebind()), name="change"))
        self.ui.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        draw_backdrop(surface, app)
        self.draw_title(surface, 52)
        paint.panel(surface, app, PANEL, th.c("panel"), radius=14, edge=th.c("panel_edge"), shadow=True)
        mouse = app.t("keys.mouse")
        if app.pads.pads and keylist.pad_style(app) is None:
            mouse = f"{mouse} {app.t('keys.pad_hint')}"     # a pad is plugged in: say how to see its buttons
        keylist.draw_with_note(surface, app, TABLE, mouse)
        self.ui.draw(surface, app)
