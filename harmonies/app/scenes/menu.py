"""The main menu."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from harmonies.net import is_hosted
from harmonies.session import Resume, screen_seats

from .. import keylist, paint
from ..input import Intent
from ..look import Look
from ..loop import soonest
from ..navigation import (
    OpenChallenges, OpenDaily, OpenFinished, OpenGames, OpenGuide, OpenHandover, OpenHowTo, OpenMenu, OpenPlay, OpenSettings, OpenSetup,
)
from ..navigation import OpenHost, OpenJoin
from ..scene import Closing, Keeping, Navigation, Telling
from ..tokens import TokenArt
from ..widgets import Button
from .common import POLL_EVERY, WidgetScene, draw_backdrop
from .daily_start import daily_service
from .daily_words import menu_line
from .menu_art import draw_folder_problem, draw_vignette
from .saving import confirm_leave, confirm_replace

#: Vertical distance between two menu buttons, and their height, when there is room.
_GAP = 62
_BUTTON_H = 50
#: The smallest distance and height the buttons are squeezed to before older messages give way.
_MIN_GAP = 50
_MIN_BUTTON_H = 42
#: Where the first button goes (the highest it may go is below the subtitle, or below the folder notice).
_BUTTONS_TOP = 312
_BUTTONS_TOP_NO_CONTINUE = 330
_BELOW_SUBTITLE = 250
_BELOW_NOTICE = 312
#: The messages: size, width, the space between two, the lowest point they reach, the space kept
#: between them and the last button, and how many are shown at most (the newest).
_MSG_PX = 16
_MSG_LINE = _MSG_PX * 1.32  # from one line to the next, as paint.text_block spaces them
_MSG_WIDTH = 1180
_MSG_GAP = 12
_MSG_BOTTOM = 708
_MSG_MARGIN = 14
_MSG_SHOWN = 3
#: The footer line ("Enter starts a new game"): its size, and where its middle is at the normal text size; a
#: larger text size raises it by half its growth, so its bottom stays in the window. The buttons stay above it
#: when no message shows.
_FOOTER_PX = 16
_FOOTER_Y = 696
#: The title's size (a logo: the text size setting does not make it larger) and its middle; the subtitle's.
_TITLE_PX = 88
_TITLE_Y = 150
_SUBTITLE_PX = 24
_SUBTITLE_Y = 222
#: How far the title may rise to make room, tried in this order.
_LIFTS = (0, 20, 40)

#: The landscapes beside the buttons: where their centre row is when there is room, how far below
#: it their lowest token reaches, and the highest they go before they would touch the subtitle.
_VIGNETTE_Y = 452
_VIGNETTE_BELOW = 104
_VIGNETTE_HIGHEST = 310

Rect = tuple[float, float, float, float]
#: Seconds between two tries of a data folder that cannot be used, while the menu shows it.
_RETRY_EVERY = 2.0
#: The guided game's offer, under the left-hand landscape (apart from the list, so Enter keeps its meaning).
_GUIDE = (66.0, 626.0, 320.0, 50.0)
#: The daily deal's button, at the top right (apart from the list), with today's state in a line under it.
_DAILY = (912.0, 30.0, 320.0, 46.0)
#: Join a game (hosted on another computer), at the top left.
_JOIN = (48.0, 30.0, 320.0, 46.0)


class MenuServices(Look, Navigation, Keeping, Telling, Closing, Protocol):
    """What the menu uses: the look, the screens it opens, the save slot and the data folder (Continue,
    the folder's notice), the messages it shows, and Quit."""


class MenuScene(WidgetScene):
    name = "menu"

    app: MenuServices

    def __init__(self, app: MenuServices) -> None:
        super().__init__(app)
        self._retry_in = 0.0
        self.art = TokenArt(app.theme)
        t = app.t
        x, w, h, gap = 640 - 160, 320, 50, _GAP
        y = 312
        self.ui.add(Button((x, y, w, h), lambda: t("menu.new_game"), self.new_game, primary=True, px=24, name="new"))
        self.ui.add(Button((x, y + gap, w, h), lambda: t("menu.continue"), self.continue_game,
                           visible=self.app.saves.has_continue, px=24, name="continue"))
        self.ui.add(Button((x, y + 2 * gap, w, h), lambda: t("menu.finished"), self.finished_games, px=24,
                           name="finished"))
        self.ui.add(Button((x, y + 2 * gap, w, h), lambda: t("challenge.menu"), self.challenges, px=24,
                           name="challenges"))
        self.ui.add(Button((x, y + 3 * gap, w, h), lambda: t("menu.how_to_play"), self.how_to_play, px=24, name="howto"))
        self.ui.add(Button((x, y + 4 * gap, w, h), lambda: t("menu.settings"), self.open_settings, px=24, name="settings"))
        self.ui.add(Button((x, y + 5 * gap, w, h), lambda: t("menu.quit"), self.quit, px=24, name="quit"))
        #: Each message shown, oldest first, with its lines and the virtual rectangle they fill.
        self.message_boxes: list[tuple[list[str], Rect]] = []
        self._laid_out: tuple[object, ...] | None = None
        # the daily deal, apart from the list at the top right: after Quit in the Tab order, before the guide
        self.ui.add(Button(_DAILY, lambda: t("daily.menu_button"), self.daily, px=20, name="daily"))
        # joining a friend's table, apart from the list at the top left, opposite the daily deal
        self.ui.add(Button(_JOIN, lambda: t("net.join_menu"), self.join_game, px=20, name="join"))
        # last in the Tab order, as it is the lowest on screen; highlighted until played or left once; it
        # gives the bottom of the screen to the messages while there are any
        self.ui.add(Button(_GUIDE, lambda: t("guide.menu"), self.guided_game, px=20, name="guide",
                           visible=lambda: not self.app.messages))
        self._relayout()
        self._focus_first()

    def _layout_key(self) -> tuple[object, ...]:
        """What the layout depends on: when any of it changes, the menu is laid out again."""
        app = self.app
        return (tuple(app.messages[-_MSG_SHOWN:]), app.saves.has_continue(), app.saves.problem is None,
                app.language, app.vp.scale, app.vp.text_scale)

    def _relayout(self) -> None:
        """Place the buttons and the messages so that nothing covers anything.

        The messages sit at the bottom, one under another at their real (wrapped) heights, newest
        last. The buttons keep their places when there is room; otherwise they move up (no higher
        than the subtitle, or the folder notice while it shows), then stand closer and get a little
        thinner; if even that is not enough, the oldest messages give way, so Quit is never covered.
        """
        self._laid_out = self._layout_key()
        has = self.app.saves.has_continue()
        buttons = [wdg for wdg in self.ui.widgets if wdg.visible and getattr(wdg, "name", "") not in ("guide", "daily", "join")]
        n = len(buttons)
        base = _BELOW_SUBTITLE + self._subtitle_growth() if self.app.saves.problem is None else _BELOW_NOTICE
        wrapped = [self._wrap(msg) for msg in self.app.messages[-_MSG_SHOWN:]]
        while True:
            # The title (and the folder notice under it) rise a little before a message gives way.
            for lift in _LIFTS:
                first, gap, h, top = self._place(wrapped, n, base - lift, has, self._footer_top())
                if first + (n - 1) * gap + h <= top - _MSG_MARGIN or not wrapped:
                    break
            else:
                if len(wrapped) > 1:
                    wrapped.pop(0)
                    continue
                # One message taller than all the room the squeezed buttons leave: its end is cut.
                lines, width = wrapped[0]
                lowest = base - lift + (n - 1) * _MIN_GAP + _MIN_BUTTON_H + _MSG_MARGIN
                keep = max(1, int((_MSG_BOTTOM - lowest) // _MSG_LINE))
                cut = paint.ellipsize(self.app, lines[keep - 1] + " …", _MSG_PX, _MSG_WIDTH)
                wrapped[0] = (lines[:keep - 1] + [cut], width)
                first, gap, h, top = self._place(wrapped, n, base - lift, has, self._footer_top())
            break
        #: How far the title, the subtitle and the folder notice are drawn above their places.
        self.lift = lift
        # A hidden Continue leaves no gap. With a game in progress, Continue is the first choice (lit);
        # otherwise New game is.
        y = first
        for wdg in buttons:
            x, _, w, _ = wdg.rect
            wdg.rect = (x, y, w, h)
            y += gap
        # The landscapes rise with the messages; when the messages need their place, they are left out.
        vignette = min(_VIGNETTE_Y, top - _VIGNETTE_BELOW) if wrapped else _VIGNETTE_Y
        self.vignette_y: float | None = vignette if vignette >= _VIGNETTE_HIGHEST - lift else None
        self.message_boxes = []
        y = top
        for lines, width in wrapped:
            height = len(lines) * _MSG_LINE
            self.message_boxes.append((lines, (640 - width / 2, y, width, height)))
            y += height + _MSG_GAP
        new, cont = self.ui.widgets[0], self.ui.widgets[1]
        assert isinstance(new, Button) and isinstance(cont, Button)
        new.primary, cont.primary = not has, has

    def _focus_first(self) -> None:
        # Enter does what the lit button says: Continue when there is a game in progress, else New game.
        self.ui.focus = 1 if self.app.saves.has_continue() else -1
        self.ui.home = 0      # New game: what Enter does with no focus, so the first arrow moves on from it

    def _subtitle_growth(self) -> float:
        """How much taller the subtitle is than at the normal text size (virtual units)."""
        return self.app.vp.tv(_SUBTITLE_PX) - _SUBTITLE_PX

    def _footer_y(self) -> float:
        return _FOOTER_Y - (self.app.vp.tv(_FOOTER_PX) - _FOOTER_PX) / 2

    def _footer_top(self) -> float:
        """The top of the footer line as the text size setting draws it (684 at the normal size)."""
        return self._footer_y() - self.app.vp.tv(_FOOTER_PX) * 0.75

    @staticmethod
    def _place(wrapped: list[tuple[list[str], float]], n: int, ceiling: float,
               has: bool, footer_top: float) -> tuple[float, float, float, float]:
        """For ``n`` buttons above the messages ``wrapped`` (or the footer's top when there are none): the
        first button's top, the distance from one button to the next, their height, and the top of the
        messages."""
        lines = sum(len(ls) for ls, _ in wrapped)
        top = _MSG_BOTTOM - lines * _MSG_LINE - _MSG_GAP * max(0, len(wrapped) - 1)
        room = top - _MSG_MARGIN if wrapped else footer_top
        gap, h = float(_GAP), float(_BUTTON_H)
        if (n - 1) * gap + h > room - ceiling:
            gap = max(_MIN_GAP, (room - ceiling - _BUTTON_H) / max(1, n - 1))
            h = min(_BUTTON_H, max(_MIN_BUTTON_H, gap - 8))
        first = _BUTTONS_TOP if has else _BUTTONS_TOP_NO_CONTINUE
        return max(ceiling, min(first, room - (n - 1) * gap - h)), gap, h, top

    def _wrap(self, message: str) -> tuple[list[str], float]:
        """A message's lines at the menu's width, and the virtual width of the widest."""
        vp = self.app.vp
        font = self.app.fonts.font(vp.fs(_MSG_PX))
        lines = paint.wrap_lines(font, message, vp.s(_MSG_WIDTH))
        return lines, max(font.size(line)[0] for line in lines) / vp.scale

    def on_enter(self) -> None:
        self._retry_in = 0.0
        self._daily_news()
        self._relayout()
        self._focus_first()

    def on_resume(self) -> None:
        self._retry_in = 0.0
        self._daily_news()
        self._relayout()
        self._focus_first()

    def _daily_news(self) -> None:
        """Read the daily record again (a try played, a par worked out); a problem with it is told once."""
        service = daily_service(self.app)
        service.refresh()
        service.book()
        if service.problem:
            self.app.tell(self.app.t("daily.record_problem", problem=service.problem))
            service.problem = None

    def on_resize(self) -> None:
        self._relayout()

    def update(self, dt: float) -> None:
        super().update(dt)
        if daily_service(self.app).poll():
            self.redraw()
        # A message added, a language chosen or a game saved elsewhere while the menu shows moves things.
        if self._layout_key() != self._laid_out:
            self._relayout()
            self.redraw()
        # While games cannot be saved, the folder is tried again now and then (a save that waits, a
        # finished game to archive, or just the folder), so the notice goes once the folder works.
        if self.app.saves.problem is None:
            return
        self._retry_in -= dt
        if self._retry_in <= 0:
            self._retry_in = _RETRY_EVERY
            if self.app.saves.retry():
                self._relayout()
                self.redraw()

    def wake_in(self) -> float | None:
        """While today's par is worked out, its answer is looked for; while games cannot be saved, the
        folder is tried again when its time comes."""
        service = daily_service(self.app)
        polling = POLL_EVERY if service.keeper.working(service.today().isoformat()) else None
        retry = max(0.0, self._retry_in) if self.app.saves.problem is not None else None
        return soonest((polling, retry))

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
            self.app.tell(self.app.t("menu.continue_failed", reason=self.app.saves.last_error or "?"))
            self.app.navigate.reset(OpenMenu())
            return
        game, meta = loaded
        resumed = Resume.from_saved(game, meta)
        self.app.navigate.reset(OpenMenu())
        if is_hosted(meta):   # a table with friends on other computers: it waits for them to rejoin
            self.app.navigate.push(OpenHost(resumed, meta))
            return
        self.app.navigate.push(OpenPlay(resumed))
        # hot-seat: the seat to move comes to the screen before its board (and its cards) show
        seats = resumed.config.seats
        here = screen_seats(seats)
        if not game.over and len(here) >= 2 and game.current in here:
            self.app.navigate.push(OpenHandover(seats[game.current].name, game.current))

    def guided_game(self) -> None:
        """The guided first game (it saves nothing, so it never replaces a game in progress)."""
        self.app.navigate.push(OpenGuide())

    def join_game(self) -> None:
        """Join a game hosted on another computer (it saves nothing here until it is over)."""
        self.app.navigate.push(OpenJoin())

    def daily(self) -> None:
        self.app.navigate.push(OpenDaily())

    def finished_games(self) -> None:
        self.app.navigate.push(OpenFinished())

    def challenges(self) -> None:
        self.app.navigate.push(OpenChallenges())

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
        if Intent.BACK in self.app.input.intents(event):
            return None  # the menu is the bottom of the stack; Quit is explicit
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        draw_backdrop(surface, app)
        title_px = _TITLE_PX / app.vp.text_scale
        paint.text(surface, app, app.t("app.title"), (640, _TITLE_Y - self.lift), title_px, th.c("table_text"), "center",
                   bold=True)
        paint.text(surface, app, app.t("app.subtitle"), (640, _SUBTITLE_Y + self._subtitle_growth() / 2 - self.lift),
                   _SUBTITLE_PX, th.c("table_text_dim"), "center")
        if self.vignette_y is not None:
            draw_vignette(surface, app, self.art, (226, self.vignette_y), 38)
            draw_vignette(surface, app, self.art, (1054, self.vignette_y), 38, mirror=True)
        if not app.messages:
            self._draw_guide_offer(surface)
        self._draw_daily_line(surface)
        self.ui.draw(surface, app)
        draw_folder_problem(surface, app, app.saves.problem, self.lift)
        for lines, (_, top, _, _) in self.message_boxes:
            for i, line in enumerate(lines):
                paint.text(surface, app, line, (640, top + i * _MSG_LINE), _MSG_PX, th.c("notice"), "midtop")
        if not app.messages:
            footer = keylist.say(app, "menu.footer_continue" if app.saves.has_continue() else "menu.footer")
            paint.text(surface, app, footer, (640, self._footer_y()), _FOOTER_PX, th.c("table_text_dim"), "center")

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

    def _draw_daily_line(self, surface: pygame.Surface) -> None:
        """Under the daily deal's button: today's date, tries used, the best and the par."""
        app, th = self.app, self.app.theme
        service = daily_service(app)
        today = service.today()
        iso = today.isoformat()
        words = menu_line(app, today, service.day(iso), service.par(iso), service.keeper.working(iso))
        x, y, w, h = _DAILY
        if paint.text_width(app, words, 13) <= w:
            px = paint.fit_px(app, words, 16, w, min_px=13)
            paint.text(surface, app, words, (x + w / 2, y + h + 16), px, th.c("table_text"), "center")
        else:  # a long line at a large text size: on two lines under the button rather than cut or tiny
            paint.text_block(surface, app, words, (x, y + h + 6), 16, th.c("table_text"), w, line=1.15,
                             align="center")
