"""The replay viewer: a finished game, or the game in progress up to now, one action or one turn at a time.

The position shown is the game's setup with its first ``step`` commands replayed through the rules
(:class:`harmonies.session.replay.Replay`), so it is exact. Every board is drawn with the cards its seat
holds, the central board and the face-up cards above them, and the log beside them in step: its newest
line is the last action played. The viewer fills the window whatever its shape (``replay/layout.py``).
Keys: Left/Right one action, Up/Down or Page Up/Down one turn, Home/End the start and the end, Esc back;
a click on a line of the log goes to that action (or to the start of that turn), and pointing at a line
rings the cell it touched.

The game review (Review, or V) looks at one seat's turns against the hard player's, in the background
(``replay/reviewer.py``): the summary over the boards shows its progress and then the accuracy, the
points lost and the three costliest turns (buttons, or keys 1 to 3); each reviewed turn's heading in
the log gets its mark; while the position shown is in a reviewed turn, the suggested turn is drawn on
the board beside the one played and the detail over the log gives both values and the reasons. In a
table game Review first asks whose turns (buttons, or keys 1 to 4). Esc closes that question, or stops
a running review, before it leaves the viewer. Those buttons and keys are the review's controls
(``replay/review_controls.py``), which see the keys before the viewer moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from harmonies.ai.review import TurnReview
from harmonies.rules import CardSet, Command, Deal, Game, GameSetup
from harmonies.session.errlog import log_folder
from harmonies.session.log import card_name
from harmonies.session.replay import Replay

from .. import paint
from ..cardart import CardArt
from ..input import Intent, is_press
from ..play.layout import Point, inside
from ..play.logpanel import LogRow
from ..replay.boards import draw_seats
from ..replay.ghosts import draw_played, draw_suggested
from ..replay.layout import DETAIL_SHARE, ReplayLayout, make_layout, text_px
from ..replay.log import ViewerLog, draw_viewer_log
from ..replay.review_controls import ReviewControls
from ..replay.review_panels import detail_room, draw_detail, draw_summary, summary_height
from ..replay.reviewer import GameToReview, Reviewer, job_starter, keep_for, stored_review
from ..replay.strip import draw_strip, strip_height
from ..scene import Keeping, Navigation, Scene, Telling
from ..tokens import TokenArt
from ..widgets import Button, WidgetGroup
from ..look import Look
from .common import POLL_EVERY, draw_backdrop


#: The stepping buttons' width, and the step from one to the next.
NAV_W, NAV_STEP = 104.0, 112.0


def _label(t: Callable[..., str], key: str) -> Callable[[], str]:
    return lambda: t(key)


class ReplayServices(Look, Navigation, Keeping, Telling, Protocol):
    """What the replay uses: the look, the stack it closes on, the data folder its reviews are kept in, and
    the menu's line when a review cannot be kept."""


class ReplayScene(Scene):
    name = "replay"

    app: ReplayServices

    def __init__(self, app: ReplayServices, setup: GameSetup, commands: Sequence[Command], names: Sequence[str],
                 cards: CardSet | None = None, seat: int = 0, review: bool = False, deal: Deal | None = None) -> None:
        super().__init__(app)
        self.replay = Replay(setup, commands, cards, deal)
        self.names = tuple(names)
        self.art = TokenArt(app.theme)
        self.cardart = CardArt(app, self.replay.cards, self.art)
        self.log = ViewerLog(setup, self.replay.cards, self.names, lambda: app.catalogue, self.replay.deal)
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
        self.close = Button((0, 0, 200, 52), lambda: t("replay.close"), self.leave, primary=True,
                            px=18, name="close")
        self.ui.add(self.close)
        self.review_button = Button((0, 0, 200, 52), lambda: t("review_view.button"), self.ask_review, px=18,
                                    name="review", enabled=lambda: not self.reviewer.running)
        self.ui.add(self.review_button)
        # the review: read at once when it is kept beside the finished game, else computed on demand
        game = GameToReview(setup, tuple(commands), cards, self.replay.deal)
        keep = keep_for(app.saves.store, self.replay.game)
        self.reviewer = Reviewer(job_starter(game, keep, log_folder(app.data_dir)), seat)
        self.controls = ReviewControls(self.ui, t, setup.players, self.names, self.reviewer, seat, self.go)
        for w in self.ui.widgets:
            w.focusable = False
        stored = stored_review(keep, seat)
        if stored is not None:
            self.reviewer.show(stored)
        for note in keep.reviews.notes if keep is not None else []:
            app.tell(note)  # a kept review set aside (damaged): one line, shown by the menu
        self.review_at_once = review and stored is None
        #: The heights of the reviewed seat's stacks at the start of a reviewed turn, by (seat, the turn's step).
        self._heights: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
        self._layout_key: object = None
        self._layout: ReplayLayout | None = None

    # ------------------------------------------------------------------ layout
    def layout(self) -> ReplayLayout:
        """Where everything is for the window as it is now (worked out again only when something it
        depends on changed)."""
        vp, game, app = self.app.vp, self.replay.game, self.app
        turn = self.shown_review()
        key = (vp.size, self.replay.step, self.reviewer.status, self.choosing, turn, app.catalogue)
        if key == self._layout_key and self._layout is not None:
            return self._layout
        px = text_px(vp, 14)
        first = make_layout(vp, game.setup.players, game.setup.side, 0.0, 0.0, 0.0)
        strip = strip_height(app, game, self._display_names(), first.left[2], px)
        summary = summary_height(app, self.reviewer, self.names, self.choosing, first.left[2], px)
        detail = detail_room(app, turn, first.log[2], px, first.log[3] * DETAIL_SHARE)
        lay = make_layout(vp, game.setup.players, game.setup.side, strip, summary, detail)
        self._place_buttons(lay)
        self.log.size_for(lay.px, vp.text_scale)
        self._layout_key, self._layout = key, lay
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
        nav_end = ax + 20 + len(self.nav) * NAV_STEP
        review_w = min(200.0, self.close.rect[0] - 12 - nav_end)
        self.review_button.rect = (self.close.rect[0] - 12 - review_w, y, review_w, h)
        self.review_button.px = text_px(self.app.vp, 18)
        self.controls.place(self.app, lay)

    # ------------------------------------------------------------------ the review
    @property
    def choosing(self) -> bool:
        """Whether the question "whose turns?" is on show (a table game's Review)."""
        return self.controls.choosing

    @property
    def choice_focus(self) -> int:
        return self.controls.choice_focus

    def to_costly(self, k: int) -> None:
        """Show the start of the ``k``-th costliest turn of the review."""
        self.controls.to_costly(k)

    def ask_review(self) -> None:
        """Review: in a table game, first whose turns; alone, at once."""
        self.controls.ask()

    def shown_review(self) -> TurnReview | None:
        """The reviewed turn the position shown is in, if any."""
        return self.reviewer.turn_at(self.replay.step, self.replay.turn_starts())

    def _start_heights(self, step: int) -> dict[tuple[int, int], int]:
        """The reviewed seat's stack heights at ``step`` (the start of a reviewed turn), kept once worked out."""
        seat = self.reviewer.seat
        if (seat, step) not in self._heights:
            game = Game.replay(self.replay.setup, self.replay.commands[:step], self.replay.cards, self.replay.deal)
            self._heights[seat, step] = {c: len(st) for c, st in game.player(seat).stacks.items()}
        return self._heights[seat, step]

    def on_enter(self) -> None:
        if self.review_at_once:
            self.review_at_once = False
            self.controls.start(self.reviewer.seat)

    def on_exit(self) -> None:
        self.reviewer.cancel()

    def update(self, dt: float) -> None:
        reviewer = self.reviewer
        shown = (reviewer.status, reviewer.state)
        reviewer.poll()
        if (reviewer.status, reviewer.state) != shown:
            self.redraw()

    def next_frame(self) -> float | None:
        """The viewer is still between inputs; a review's progress redraws it as it comes."""
        return None

    def wake_in(self) -> float | None:
        """While a review is computed, its progress is looked for."""
        return POLL_EVERY if self.reviewer.job is not None else None

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
        if is_press(event):
            self._key(self.app.input.intents(event))
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

    def _key(self, intents: frozenset[Intent]) -> None:
        if self.controls.key(intents):
            return
        moves = {Intent.LEFT: self.back_one, Intent.RIGHT: self.forward_one, Intent.HOME: self.to_start,
                 Intent.END: self.to_end, Intent.UP: self.replay.previous_turn,
                 Intent.PAGE_UP: self.replay.previous_turn, Intent.DOWN: self.replay.next_turn,
                 Intent.PAGE_DOWN: self.replay.next_turn}
        if Intent.BACK in intents:
            self.leave()
            return
        for intent in intents & moves.keys():
            moves[intent]()
            self.follow()
            return

    def leave(self) -> None:
        """Esc or Close: back to where the viewer was opened from. A finished game's scoresheet opened from
        the list was only the way here, so it closes too and the list is next."""
        stack = self.app.scenes.scenes
        self.app.scenes.pop()
        if len(stack) >= 3 and stack[-1] is self and stack[-2].name == "scoring" and getattr(stack[-2], "review", False):
            self.app.scenes.pop()


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
        turn = self.shown_review()
        if turn is not None:
            board = lay.seats[self.reviewer.seat].board
            draw_played(surface, app, board, turn.played)
            draw_suggested(surface, app, self.art, board, self._start_heights(turn.step), turn.best)
        hover = self.hovered()
        draw_viewer_log(surface, app, self.log, lay.log, hover, app.t("log.title"), self.reviewer.marks(),
                        turn.step if turn is not None else None)
        if turn is not None and lay.detail is not None:
            draw_detail(surface, app, lay.detail, turn, self.names[self.reviewer.seat], lay.px)
        if lay.summary is not None:
            draw_summary(surface, app, lay.summary, self.reviewer, self.names, self.choosing, lay.px)
        self._ring(surface, lay, hover)
        self.ui.draw(surface, app)
        self.controls.draw_ring(surface, app)

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
