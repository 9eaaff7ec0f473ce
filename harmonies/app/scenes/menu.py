"""The main menu."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from harmonies.session import Resume

from .. import paint
from ..hexgrid import HexLayout
from ..navigation import (
    OpenFinished, OpenGames, OpenGuide, OpenHandover, OpenHowTo, OpenMenu, OpenPlay, OpenSettings, OpenSetup,
)
from ..tokens import TokenArt
from ..widgets import Button
from .common import WidgetScene, draw_backdrop
from .saving import confirm_leave, confirm_replace, menu_lines

if TYPE_CHECKING:
    from ..app import App

# A little landscape shown beside the title: (cell, stack bottom->top).
_VIGNETTE: tuple[tuple[tuple[int, int], tuple[str, ...]], ...] = (
    ((0, 0), ("brown", "brown", "green")), ((1, 0), ("blue",)), ((2, -1), ("gray", "gray")),
    ((1, -1), ("gray", "gray", "gray")), ((0, 1), ("yellow",)), ((2, 0), ("gray", "red")),
    ((-1, 1), ("yellow",)), ((3, -1), ("blue",)), ((-1, 0), ("brown", "green")),
)


#: Vertical distance between two menu buttons.
_GAP = 62
#: The guided game's offer, under the left-hand landscape (apart from the list, so Enter keeps its meaning).
_GUIDE = (66.0, 626.0, 320.0, 50.0)


class MenuScene(WidgetScene):
    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.art = TokenArt(app.theme)
        t = app.t
        x, w, h, gap = 640 - 160, 320, 50, _GAP
        y = 312
        self.ui.add(Button((x, y, w, h), lambda: t("menu.new_game"), self.new_game, primary=True, px=24, name="new"))
        self.ui.add(Button((x, y + gap, w, h), lambda: t("menu.continue"), self.continue_game,
                           visible=self.app.saves.has_continue, px=24, name="continue"))
        self.ui.add(Button((x, y + 2 * gap, w, h), lambda: t("menu.finished"), self.finished_games, px=24,
                           name="finished"))
        self.ui.add(Button((x, y + 3 * gap, w, h), lambda: t("menu.how_to_play"), self.how_to_play, px=24, name="howto"))
        self.ui.add(Button((x, y + 4 * gap, w, h), lambda: t("menu.settings"), self.open_settings, px=24, name="settings"))
        self.ui.add(Button((x, y + 5 * gap, w, h), lambda: t("menu.quit"), self.quit, px=24, name="quit"))
        # last in the Tab order, as it is the lowest on screen; highlighted until played or left once
        self.ui.add(Button(_GUIDE, lambda: t("guide.menu"), self.guided_game, px=20, name="guide"))
        self._relayout()

    def _relayout(self) -> None:
        # Close the gap left by a hidden Continue button. With a game in progress, Continue is the
        # first choice (lit, and what Enter does); otherwise New game is.
        has = self.app.saves.has_continue()
        y = 312 if has else 330
        for wdg in self.ui.widgets:
            if not wdg.visible or getattr(wdg, "name", "") == "guide":
                continue
            x, _, w, h = wdg.rect
            wdg.rect = (x, y, w, h)
            y += _GAP
        new, cont = self.ui.widgets[0], self.ui.widgets[1]
        assert isinstance(new, Button) and isinstance(cont, Button)
        new.primary, cont.primary = not has, has
        self.ui.focus = 1 if has else -1
        self.ui.home = 0      # New game: what Enter does with no focus, so the first arrow moves on from it

    def on_enter(self) -> None:
        self._relayout()

    def on_resume(self) -> None:
        self._relayout()

    def new_game(self) -> None:
        confirm_replace(self.app, "new", lambda: self.app.navigate.push(OpenSetup()))

    def quit(self) -> None:
        confirm_leave(self.app, "close", self.app.quit)

    def continue_game(self) -> None:
        games = self.app.saves.games()
        if len(games) > 1:
            self.app.navigate.push(OpenGames(tuple(games), self.open_game))
            return
        self.open_game(games[0].path if games else None)

    def open_game(self, path: Path | None) -> None:
        """Resume a game in progress (``path`` None: the latest) and play it; a failure is said in the menu."""
        loaded = self.app.saves.load_continue(path)
        if loaded is None:
            self.app.messages.append(self.app.t("menu.continue_failed", reason=self.app.saves.last_error or "?"))
            self.app.navigate.reset(OpenMenu())
            return
        game, meta = loaded
        resumed = Resume.from_saved(game, meta)
        self.app.navigate.reset(OpenMenu())
        self.app.navigate.push(OpenPlay(resumed))
        # hot-seat: the seat to move comes to the screen before its board (and its cards) show
        seats = resumed.config.seats
        if not game.over and sum(not s.is_computer for s in seats) >= 2 and not seats[game.current].is_computer:
            self.app.navigate.push(OpenHandover(seats[game.current].name, game.current))

    def guided_game(self) -> None:
        """The guided first game (it saves nothing, so it never replaces a game in progress)."""
        self.app.navigate.push(OpenGuide())

    def finished_games(self) -> None:
        self.app.navigate.push(OpenFinished())

    def how_to_play(self) -> None:
        self.app.navigate.push(OpenHowTo())

    def open_settings(self) -> None:
        self.app.navigate.push(OpenSettings())

    def on_enter_key(self) -> None:
        if self.ui.focused is None:
            self.new_game()
        else:
            super().on_enter_key()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return None  # the menu is the bottom of the stack; Quit is explicit
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        draw_backdrop(surface, app)
        paint.text(surface, app, app.t("app.title"), (640, 150), 88, th.c("table_text"), "center", bold=True)
        paint.text(surface, app, app.t("app.subtitle"), (640, 222), 24, th.c("table_text_dim"), "center")
        self._draw_vignette(surface, (226, 452), 38)
        self._draw_vignette(surface, (1054, 452), 38, mirror=True)
        self._draw_guide_offer(surface)
        self.ui.draw(surface, app)
        self._draw_folder_problem(surface)
        y = 690
        for msg in app.messages[-3:]:
            paint.text(surface, app, msg, (640, y), 17, th.c("notice"), "center", wrap=1100)
            y -= 26
        if not app.messages:
            footer = app.t("menu.footer_continue" if app.saves.has_continue() else "menu.footer")
            paint.text(surface, app, footer, (640, 696), 16, th.c("table_text_dim"), "center")

    def _draw_guide_offer(self, surface: pygame.Surface) -> None:
        """Until the guided game is finished or left once, a sky-blue frame and "First game?" above its button."""
        app, th = self.app, self.app.theme
        if app.settings.guide_done:
            return
        x, y, w, h = _GUIDE
        paint.panel(surface, app, (x - 10, y - 40, w + 20, h + 50), th.c("table_dark"), radius=16, edge=th.c("guide"),
                    width=3)
        head = app.t("guide.menu_head")
        paint.text(surface, app, head, (x + w / 2, y - 20), paint.fit_px(app, head, 19, w, bold=True),
                   th.c("table_text"), "center", bold=True)

    def _draw_folder_problem(self, surface: pygame.Surface) -> None:
        """While games cannot be saved, a notice between the title and the buttons says where and why."""
        app, th = self.app, self.app.theme
        problem = app.saves.problem
        if problem is None:
            return
        first, second = menu_lines(app, problem, 1000)
        px = paint.fit_px(app, first, 16, 1000, bold=True, min_px=12)
        w = max(paint.text_width(app, first, px, True), paint.text_width(app, second, 15)) + 44
        paint.panel(surface, app, (640 - w / 2, 246, w, 58), th.c("panel"), radius=14, edge=th.c("danger"), width=3,
                    shadow=True)
        paint.text(surface, app, first, (640, 264), px, th.c("danger"), "center", bold=True)
        paint.text(surface, app, second, (640, 287), 15, th.c("ink"), "center")

    def _draw_vignette(self, surface: pygame.Surface, origin: tuple[float, float], size: float, mirror: bool = False) -> None:
        vp = self.app.vp
        layout = HexLayout(size * vp.scale, vp.pf(*origin))
        radius = max(4, int(layout.size))
        cell = self.art.hex_cell(radius, tuple(self.app.theme.c("board")), tuple(self.app.theme.c("board_edge")))
        for (q, r), stack in _VIGNETTE:
            h = (-q, q + r) if mirror else (q, r)
            cx, cy = layout.to_pixel(h)
            surface.blit(cell, cell.get_rect(center=(int(cx), int(cy))))
        for (q, r), stack in sorted(_VIGNETTE, key=lambda it: layout.to_pixel((-it[0][0], it[0][0] + it[0][1]) if mirror else it[0])[1]):
            h = (-q, q + r) if mirror else (q, r)
            cx, cy = layout.to_pixel(h)
            spr = self.art.stack(stack, radius, self.app.settings.symbols)
            surface.blit(spr, spr.get_rect(center=(int(cx), int(cy))))
