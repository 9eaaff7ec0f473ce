"""The replay viewer: a finished game, or the game in progress up to now, one action or one turn at a time.

The position shown is the game's setup with its first ``step`` commands replayed through the rules
(:class:`harmonies.session.replay.Replay`), so it is exact. Every board is drawn as on the
scoresheet, the central board and the face-up cards above them, and the log beside them in step:
its newest line is the last action played. Keys: Left/Right one action, Up/Down or Page Up/Down one
turn, Home/End the start and the end, Esc back; a click on a line of the log goes to that action (or
to the start of that turn), and pointing at a line rings the cell it touched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import CardSet, Command, GameSetup
from harmonies.session.log import card_name
from harmonies.session.replay import Replay

from .. import paint
from ..play.layout import Point, Rect, inside
from ..play.logpanel import LogPanel, LogRow
from ..play.sections.log import draw_log
from ..scene import Scene
from ..tokens import TokenArt
from ..widgets import Button, WidgetGroup
from .common import draw_backdrop
from .final_boards import draw_boards, fit_layout, grid

if TYPE_CHECKING:
    from ..app import App

LOG_RECT: Rect = (846.0, 60.0, 420.0, 576.0)
BOARDS_RECT: Rect = (20.0, 128.0, 812.0, 508.0)
STRIP_Y = 92.0
#: Height of a board's title in ``draw_boards`` (the board itself is drawn under it).
_LABEL_H = 44.0


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
        self.log = LogPanel(setup, self.replay.cards, self.names, lambda: app.catalogue)
        self.log.follow(self.replay.commands, self.replay.step)
        self.mouse: Point = (0.0, 0.0)
        t = app.t
        self.ui = WidgetGroup()
        buttons = [("start", self.to_start), ("turn_back", self.replay.previous_turn), ("back_one", self.back_one),
                   ("forward_one", self.forward_one), ("turn_forward", self.replay.next_turn), ("end", self.to_end)]
        for i, (key, action) in enumerate(buttons):
            self.ui.add(Button((20 + i * 112, 652, 104, 52), _label(t, f"replay.{key}"), self._then_follow(action),
                               px=16, name=key))
        self.ui.add(Button((1266 - 200, 652, 200, 52), lambda: t("replay.close"), lambda: app.scenes.pop(),
                           primary=True, px=18, name="close"))
        for b in self.ui.widgets:
            b.focusable = False

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
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.vpos
        if event.type == pygame.MOUSEWHEEL and inside(LOG_RECT, self.mouse):
            self.log.scroll(-3 * int(event.y), LOG_RECT)
            return None
        if self.ui.handle(event, self.app):
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self.log.row_at(LOG_RECT, event.vpos)
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
    def hovered(self) -> LogRow | None:
        return self.log.row_at(LOG_RECT, self.mouse)

    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        draw_backdrop(surface, app)
        paint.text(surface, app, paint.ellipsize(app, self.heading(), 24, 810, True), (24, 30), 24,
                   th.c("table_text"), "midleft", bold=True)
        self._strip(surface)
        game = self.replay.game
        draw_boards(surface, app, self.art, game, self.names, BOARDS_RECT)
        hover = self.hovered()
        draw_log(surface, app, self.log, LOG_RECT, hover, app.t("log.title"))
        self._ring(surface, hover)
        self.ui.draw(surface, app)

    def heading(self) -> str:
        r = self.replay
        game = r.game
        where = self.app.t("replay.over") if game.over else self.app.t(
            "replay.turn", round=game.round, name=self.names[game.current])
        return self.app.t("replay.title", step=r.step, last=r.last, where=where)

    def _strip(self, surface: pygame.Surface) -> None:
        """The central board's spaces as rows of small tokens, then the face-up cards by name."""
        app, th, game = self.app, self.app.theme, self.replay.game
        x = 24.0
        paint.text(surface, app, app.t("play.central"), (x, STRIP_Y), 15, th.c("table_text_dim"), "midleft", bold=True)
        x += paint.text_width(app, app.t("play.central"), 15, True) + 14
        for space in game.central:
            for k, colour in enumerate(space):
                pos = app.vp.p(x + k * 15, STRIP_Y)
                pygame.draw.circle(surface, th.token(colour.label).fill, pos, app.vp.s(7))
                pygame.draw.circle(surface, th.token(colour.label).edge, pos, app.vp.s(7), max(1, app.vp.s(1)))
            x += 3 * 15 + 14
        names = [self._card_name(cid) for cid in game.display if cid is not None]
        text = app.t("play.display") + ": " + ", ".join(names)
        paint.text(surface, app, paint.ellipsize(app, text, 15, 832 - x - 10, True), (x + 10, STRIP_Y), 15,
                   th.c("table_text_dim"), "midleft", bold=True)

    def _card_name(self, card_id: str) -> str:
        return card_name(self.app.catalogue, self.replay.cards, card_id)

    def _ring(self, surface: pygame.Surface, row: LogRow | None) -> None:
        """A ring on the board cell the pointed line touched."""
        if row is None or row.entry is None or row.entry.cell is None:
            return
        setup = self.replay.setup
        rect = BOARDS_RECT
        if setup.players == 1:  # as draw_boards lays out one board
            x, y, w, h = rect
            rect = (x + w * 0.2, y, w * 0.6, h)
        bx, by, bw, bh = grid(setup.players, rect, setup.side)[row.entry.seat]
        layout = fit_layout(setup.side, (bx + 8, by + _LABEL_H - 8, bw - 16, bh - _LABEL_H))
        pos = self.app.vp.p(*layout.to_pixel(row.entry.cell))
        pygame.draw.circle(surface, self.app.theme.c("legal_edge"), pos, self.app.vp.s(layout.size * 1.05),
                           max(2, self.app.vp.s(3)))

