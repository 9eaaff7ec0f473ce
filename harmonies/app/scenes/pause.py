"""The pause menu over the play scene: resume, replay so far, restart, settings, quit to menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import paint
from ..widgets import Button
from . import howto, menu, play, replay, settings
from .common import WidgetScene
from .saving import confirm_leave, confirm_replace

if TYPE_CHECKING:
    from ..app import App


class PauseScene(WidgetScene):
    name = "pause"
    transparent = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        t = app.t
        x, w, h, gap, y = 640 - 150, 300, 52, 62, 200
        self.ui.add(Button((x, y, w, h), lambda: t("pause.resume"), lambda: app.scenes.pop(), primary=True, name="resume"))
        self.ui.add(Button((x, y + gap, w, h), lambda: t("pause.replay"), self.replay, name="replay"))
        self.ui.add(Button((x, y + 2 * gap, w, h), lambda: t("pause.restart"), self.restart, name="restart"))
        self.ui.add(Button((x, y + 3 * gap, w, h), lambda: t("pause.howto"), self.how_to_play, name="howto"))
        self.ui.add(Button((x, y + 4 * gap, w, h), lambda: t("pause.settings"), self.settings, name="settings"))
        self.ui.add(Button((x, y + 5 * gap, w, h), lambda: t("pause.menu"), self.to_menu, name="menu"))
        self.ui.focus = 0

    def how_to_play(self) -> None:
        """The rules' pages over the pause menu; Back returns here, the game below untouched."""
        self.app.scenes.push(howto.HowToScene(self.app))

    def settings(self) -> None:
        self.app.scenes.push(settings.SettingsScene(self.app))

    def replay(self) -> None:
        """The game below, step by step up to now (the pause menu stays underneath)."""
        below = self.app.scenes.scenes[-2] if len(self.app.scenes) > 1 else None
        if isinstance(below, play.PlayScene):
            game = below.game
            names = [seat.name for seat in below.config.seats]
            self.app.scenes.push(replay.ReplayScene(self.app, game.setup, game.history, names, game.cards))

    def restart(self) -> None:
        """Restart the game below; once something is played, ask first (the game in progress is then kept
        with the replaced ones)."""
        below = self.app.scenes.scenes[-2] if len(self.app.scenes) > 1 else None
        self.app.scenes.pop()
        if isinstance(below, play.PlayScene):
            if below.game.history:
                confirm_replace(self.app, "restart", below.restart)
            else:
                below.restart()  # nothing played yet: nothing to lose, so nothing to ask

    def to_menu(self) -> None:
        """To the menu; with actions that could not be saved, ask first (and offer to save elsewhere)."""
        self.app.scenes.pop()
        confirm_leave(self.app, "menu", lambda: self.app.scenes.reset(menu.MenuScene(self.app)))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return None
        super().handle_event(event)
        return None  # modal: nothing reaches the game underneath

    def draw(self, surface: pygame.Surface) -> None:
        paint.veil(surface, 170)
        th = self.app.theme
        paint.panel(surface, self.app, (640 - 190, 130, 380, 490), th.c("table"), radius=18, edge=th.c("panel_edge"),
                    shadow=True)
        paint.text(surface, self.app, self.app.t("pause.title"), (640, 170), 32, th.c("table_text"), "center", bold=True)
        self.ui.draw(surface, self.app)
