"""The pause menu over the play scene: resume, replay so far, restart, settings, quit to menu (in the guided
game: leave the guided game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from harmonies.rules import Game

from .. import paint
from ..input import Intent
from ..navigation import OpenHowTo, OpenMenu, OpenReplay, OpenSettings
from ..widgets import Button
from ..look import Look
from ..scene import Keeping, Navigation, Preferences, Telling
from .common import WidgetScene
from .saving import confirm_leave, confirm_replace


class PauseServices(Look, Navigation, Preferences, Keeping, Telling, Protocol):
    """What the pause menu uses: the look, the screens it opens, the setting that the guide was seen (when
    the guided game is left), and what Restart and Quit to menu ask first (the saves, the line told of
    actions saved elsewhere)."""


class PauseScene(WidgetScene):
    """The pause menu over the game in play: ``game`` is the game below (its Replay shows it up to now),
    ``names`` its seats' names, and ``restart`` starts it again with the same seats; ``guided``: the guided
    game, which saves nothing, so Restart asks nothing and leaving it counts as having seen it."""

    name = "pause"
    transparent = True

    app: PauseServices

    def __init__(self, app: PauseServices, game: Game, names: tuple[str, ...], restart: Callable[[], None],
                 guided: bool = False, networked: bool = False, joined: bool = False) -> None:
        super().__init__(app)
        self.game = game
        self.guided = guided
        self.names = names
        self.restart_game = restart
        t = app.t
        x, w, h, gap, y = 640 - 150, 300, 52, 62, 200
        self.ui.add(Button((x, y, w, h), lambda: t("pause.resume"), lambda: app.scenes.pop(), primary=True, name="resume"))
        self.ui.add(Button((x, y + gap, w, h), lambda: t("pause.replay"), self.replay, name="replay",
                           visible=lambda: not joined))
        self.ui.add(Button((x, y + 2 * gap, w, h), lambda: t("pause.restart"), self.restart, name="restart",
                           visible=lambda: not networked))
        self.ui.add(Button((x, y + 3 * gap, w, h), lambda: t("pause.howto"), self.how_to_play, name="howto"))
        self.ui.add(Button((x, y + 4 * gap, w, h), lambda: t("pause.settings"), self.settings, name="settings"))
        self.ui.add(Button((x, y + 5 * gap, w, h), lambda: t("guide.leave" if guided else "pause.menu"),
                           self.leave_guide if guided else self.to_menu, name="menu"))
        self.ui.focus = 0

    def how_to_play(self) -> None:
        """The rules' pages over the pause menu; Back returns here, the game below untouched."""
        self.app.navigate.push(OpenHowTo())

    def settings(self) -> None:
        self.app.navigate.push(OpenSettings())

    def replay(self) -> None:
        """The game below, step by step up to now (the pause menu stays underneath)."""
        game = self.game
        self.app.navigate.push(OpenReplay(game.setup, game.history, self.names, game.cards, game.current,
                                          deal=game.deal))

    def restart(self) -> None:
        """Restart the game below; once something is played, ask first (the game in progress is then kept
        with the replaced ones)."""
        self.app.scenes.pop()
        if self.game.history and not self.guided:
            confirm_replace(self.app, "restart", self.restart_game)
        else:
            self.restart_game()  # nothing played yet: nothing to lose, so nothing to ask

    def to_menu(self) -> None:
        """To the menu; with actions that could not be saved, ask first (and offer to save elsewhere)."""
        self.app.scenes.pop()
        confirm_leave(self.app, "menu", lambda: self.app.navigate.reset(OpenMenu()))

    def leave_guide(self) -> None:
        """Out of the guided game to the menu; the menu no longer highlights it."""
        self.app.apply_settings(self.app.settings.with_(guide_done=True))
        self.app.navigate.reset(OpenMenu())

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.app.input.intents(event) & {Intent.BACK, Intent.PAUSE}:     # a pad's Start closes it as it opened it
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
