"""The replay viewer: a finished game, or the game in progress up to now, one action or one turn at a time.

The position shown is the game's setup with its first ``step`` commands replayed through the rules
(:class:`harmonies.session.replay.Replay`), so it is exact. Every board is drawn with the cards its seat
holds, the central board and the face-up cards above them, and the log beside them in step: its newest
line is the last action played. The viewer fills the window whatever its shape (``replay/layout.py``).
Keys: Left/Right one action, Up/Down or Page Up/Down one turn, Home/End the start and the end, Esc back;
a click on a line of the log goes to that action (or to the start of that turn), and pointing at a line
rings the cell it touched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import CardSet, Command, GameSetup
from harmonies.session.log import card_name
from harmonies.session.replay import Replay

from .. import paint
from ..cardart import CardArt
from ..play.layout import Point, inside
from ..play.logpanel import LogRow
from ..replay.boards import draw_seats
from ..replay.layout import ReplayLayout, make_layout, text_px
from ..replay.log import ViewerLog, draw_viewer_log
from ..replay.strip import draw_strip, strip_height
from ..scene import Scene
from ..tokens import TokenArt
from ..widgets import Button, WidgetGroup
from .common import draw_backdrop

if TYPE_CHECKING:
    from ..app import App

#: The stepping buttons, left to right: (name, width).
NAV_W, NAV_STEP = 104.0, 112.0


def _label(t: Callable[..., str], key: str) -> Callable[[], str]:
    return lambda: t(key)


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, setup: GameSetup, commands: Sequence[Command], names: Sequence[str],
                 cards: CardSet | None = None) -> None:
        super().__init__(app)
        self.replay = Replay(setup, commands, cards)
        self.names = tuple(names)
        self.art = TokenArt(app.theme)
        self.cardart = CardArt(app, self.replay.cards, self.art)
        self.log = ViewerLog(setup, self.replay.cards, self.names, lambda: app.catalogue)
        self.log.follow(self.replay.commands, self.replay.step)
        self.mouse: Point = (0.0, 0.0)
        t = app.t
        self.ui = WidgetGroup()
        buttons = [("start", self.to_start), ("turn_back", self.replay.previous_turn), ("back_one", self.back_one),
                   ("forward_one", self.forward_one), ("turn_forward", self.replay.next_turn), ("end", self.to_end)]
        self.nav: list[Button] = []
        for key, action in buttons:
            b = Button((0, 0, NAV_W, 52), _label(t, f"replay.{key}"), self._then_follow(action), px=16, name=key)
            self.nav.append(b)
            self.ui.add(b)
        self.close = Button((0, 0, 200, 52), lambda: t("replay.close"), lambda: app.scenes.pop(), primary=True,
                            px=18, name="close")
        self.ui.add(self.close)
        for w in self.ui.widgets:
            w.focusable = False

    # ------------------------------------------------------------------ layout
    def layout(self) -> ReplayLayout:
        """Where everything is for the window as it is now."""
        vp, game = self.app.vp, self.replay.game
        px = text_px(vp, 14)
        first = make_layout(vp, game.setup.players, game.setup.side, 0.0, 0.0, 0.0)
        strip = strip_height(self.app, game, self._display_names(), first.left[2], px)
        lay = make_layout(vp, game.setup.players, game.setup.side, strip, 0.0, 0.0)
        self._place_buttons(lay)
        self.log.size_for(lay.px)
        return lay

    def _place_buttons(self, lay: ReplayLayout) -> None:
        ax, _ay, aw, _ah = lay.area
        y, h = lay.buttons_y, lay.button_h
        px = text_px(self.app.vp, 16)
        for i, b in enumerate(self.nav):
            b.rect = (ax + 20 + i * NAV_STEP, y, NAV_W, h)
            b.px = px
        self.close.rect = (ax + aw - 20 - 200, y, 200, h)
        self.close.px = text_px(self.app.vp, 18)

    # ------------------------------------------------------------------ moving
    def _then_follow(self, action: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            action()
            self.follow()
        return go

    def follow(self) -> None:
        """The log in step with the position shown, its newest line at the top."""
        self.log.follow(self.replay.commands, self.replay.step)
        self.log.top = 0

    def go(self, step: int) -> None:
        self.replay.go(step)
        self.follow()

    def back_one(self) -> None:
        self.replay.go(self.replay.step - 1)

    def forward_one(self) -> None:
        self.replay.go(self.replay.step + 1)

    def to_start(self) -> None:
        self.replay.go(0)

    def to_end(self) -> None:
        self.replay.go(self.replay.last)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        lay = self.layout()
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.vpos
        if event.type == pygame.MOUSEWHEEL and inside(lay.log, self.mouse):
            self.log.scroll(-3 * int(event.y), lay.log)
            return None
        if self.ui.handle(event, self.app):
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self.log.row_at(lay.log, event.vpos)
            if row is not None:
                self.go(row.turn.first_step if row.entry is None else row.entry.step + 1)
        return None

    def _key(self, key: int) -> None:
        moves = {pygame.K_LEFT: self.back_one, pygame.K_RIGHT: self.forward_one, pygame.K_HOME: self.to_start,
                 pygame.K_END: self.to_end, pygame.K_UP: self.replay.previous_turn,
                 pygame.K_PAGEUP: self.replay.previous_turn, pygame.K_DOWN: self.replay.next_turn,
                 pygame.K_PAGEDOWN: self.replay.next_turn}
        if key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif key in moves:
            moves[key]()
            self.follow()

    # ------------------------------------------------------------------ drawing
    def log_rect(self) -> tuple[float, float, float, float]:
        """Where the log is drawn now (tests click its lines)."""
        return self.layout().log

    def hovered(self) -> LogRow | None:
        return self.log.row_at(self.layout().log, self.mouse)

    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        lay = self.layout()
        draw_backdrop(surface, app)
        ax, _ay, aw, _ah = lay.area
        title_w = aw - 48
        px = paint.fit_px(app, self.heading(), lay.title_px, title_w, True, min_px=lay.px)
        paint.text(surface, app, paint.ellipsize(app, self.heading(), px, title_w, True), (ax + 24, lay.title_y), px,
                   th.c("table_text"), "midleft", bold=True)
        game = self.replay.game
        draw_strip(surface, app, game, self._display_names(), lay.strip, lay.px)
        draw_seats(surface, app, self.art, self.cardart, game, self.names, lay.seats, text_px(app.vp, 18))
        hover = self.hovered()
        draw_viewer_log(surface, app, self.log, lay.log, hover, app.t("log.title"), {}, None)
        self._ring(surface, lay, hover)
        self.ui.draw(surface, app)

    def heading(self) -> str:
        r = self.replay
        game = r.game
        where = self.app.t("replay.over") if game.over else self.app.t(
            "replay.turn", round=game.round, name=self.names[game.current])
        return self.app.t("replay.title", step=r.step, last=r.last, where=where)

    def _display_names(self) -> list[str]:
        return [self._card_name(cid) for cid in self.replay.game.display if cid is not None]

    def _card_name(self, card_id: str) -> str:
        return card_name(self.app.catalogue, self.replay.cards, card_id)

    def _ring(self, surface: pygame.Surface, lay: ReplayLayout, row: LogRow | None) -> None:
        """A ring on the board cell the pointed line touched."""
        if row is None or row.entry is None or row.entry.cell is None:
            return
        board = lay.seats[row.entry.seat].board
        pos = self.app.vp.p(*board.to_pixel(row.entry.cell))
        pygame.draw.circle(surface, self.app.theme.c("legal_edge"), pos, self.app.vp.s(board.size * 1.05),
                           max(2, self.app.vp.s(3)))
