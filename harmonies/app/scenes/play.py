"""The play scene: the one adapter between the player's hands and the play session.

Input (drags, clicks, keys; see :mod:`harmonies.app.play.pointer`) becomes commands, which
:meth:`PlayScene.submit` puts in the session's command queue; computer seats put theirs in the same
queue. The scene then runs the queue and takes the session's published outcomes out, turning events
into animations, banners and sounds and a refusal into one line on screen. The scene never applies
or checks a command itself. Drawing lives in ``play/view.py`` and reads this state only.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Union

import pygame

from harmonies.catalogue import refusal_text
from harmonies.rules import Command, EndTurn, Game, PlayerView, Rejected, Undo
from harmonies.session import CommandReport, Failure, Jobs, MatchConfig, Played, PlaySession, Resume, Seat
from harmonies.session.errlog import log_folder

from ..cardart import CardArt
from ..hexgrid import HexLayout
from ..navigation import OpenPause, OpenScoring
from ..play import view
from ..play.anim import Animator
from ..play.announce import announce
from ..play.hint import HintPlan, hint_text
from ..play.hinting import HintBox
from ..play.keys import key_pressed
from ..play.layout import PlayLayout, centre
from ..play.logpanel import LogPanel
from ..play.motion import flyers_for, sound_of, source_of
from ..play.pacing import ComputerPace, speed
from ..play.pointer import Pointer
from ..play.sections import board, held, spirit_choice
from ..play.sections import log as log_section
from ..play.table import held_items, take_table
from ..play.targets import Drag, Selection
from ..scene import Scene
from ..tokens import TokenArt
from ..widgets import Button, WidgetGroup
from .saving import banner_lines

if TYPE_CHECKING:
    from ..app import App

Point = tuple[float, float]
Rect = tuple[float, float, float, float]
Hex = tuple[int, int]
#: How a play scene starts: a new game for these seats, or a saved game resumed.
Start = Union[MatchConfig, Resume]
_VERSIONS = itertools.count(1)
#: Seconds a failed computer turn or hint stays on screen.
FAILURE_SECONDS = 8.0


def default_config(app: App) -> MatchConfig:
    return MatchConfig((Seat(app.t("setup.default_name", n=1)), Seat(app.t("setup.default_name", n=2), "computer")))


class PlayScene(Scene):
    name = "play"

    def __init__(self, app: App, start: Start | None = None, demo: bool = False,
                 exit_when_done: bool = False) -> None:
        super().__init__(app)
        self.demo = demo
        self.exit_when_done = exit_when_done
        self.resumed = isinstance(start, Resume)
        start = start if start is not None else default_config(app)
        game, config = (start.game, start.config) if isinstance(start, Resume) else (start.deal(app.cards), start)
        self.session = PlaySession(game, config, None if demo else app.saves, Jobs(log_folder(app.data_dir)))
        self.layout = PlayLayout(game.setup.players, game.setup.players == 1)
        self.anims = Animator()
        self.art = TokenArt(app.theme)
        self.cardart = CardArt(app, game.cards, self.art)
        self.pointer = Pointer(self)
        self.log = LogPanel(game.setup, game.cards, [seat.name for seat in config.seats],
                            lambda: app.catalogue)
        self.table = take_table(game, config.seats)
        self.version = 0               # bumped whenever the game changes (keys the drawing caches)
        self.view_seat: int | None = None
        self.message: str = ""
        self.message_t = 0.0
        self.ending: float | None = None
        self.pace = ComputerPace()
        self.last_human: int | None = None
        self.mouse: Point = (0.0, 0.0)
        self.hover_card: tuple[str, bool, Rect] | None = None
        self.hover_t = 0.0
        self.ui = WidgetGroup()
        self.hint_btn: Button | None = None
        self.hints = HintBox()

    @property
    def game(self) -> Game:
        """The session's game, to read."""
        return self.session.game

    @property
    def config(self) -> MatchConfig:
        return self.session.config

    @property
    def drag(self) -> Drag | None:
        return self.pointer.drag

    @drag.setter
    def drag(self, drag: Drag | None) -> None:
        self.pointer.drag = drag

    @property
    def selection(self) -> Selection | None:
        return self.pointer.selection

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        if not self.demo and not self.resumed:
            self.app.saves.begin_new()
        self._build_buttons()
        self._refresh()
        if self.is_human(self.game.current):
            self.last_human = self.game.current
        if not self.game.over:
            self.session.save()
        self.anims.banner(self.turn_text(), 1.6, turn=True)

    def on_resume(self) -> None:
        self._refresh()

    def restart(self) -> None:
        """A new game with the same seats; the new game's first save keeps this one with the replaced games."""
        self.app.scenes.replace(PlayScene(self.app, self.config, self.demo, self.exit_when_done))

    @property
    def save_failed(self) -> bool:
        """Games are not being saved: the play screen shows why (never in the demo, which saves nothing)."""
        return self.session.save_problem is not None

    def save_notice(self, max_w: float = 640) -> tuple[str, str] | None:
        """The banner's two lines while games cannot be saved, fitted to ``max_w`` (never in the demo)."""
        problem = self.session.save_problem
        return banner_lines(self.app, problem, max_w) if problem is not None else None

    def on_pause(self) -> None:
        self.drop_hint(forget=True)  # the player left the board: an answer arriving later is not wanted

    def on_exit(self) -> None:
        self.drop_hint(forget=True)
        self.session.close()

    def _build_buttons(self) -> None:
        L = self.layout
        t = self.app.t
        self.ui = WidgetGroup()
        self.ui.add(Button(L.undo_btn, lambda: t("play.undo"), self.undo,
                           enabled=self.can_undo, px=18, name="undo"))
        self.ui.add(Button(L.end_btn, lambda: t("play.end_turn"), self.end_turn, enabled=self.can_end,
                           primary=True, px=18, name="end"))
        self.ui.add(Button(L.menu_btn, lambda: t("play.menu"), self.pause, px=17, name="menu"))
        self.hint_btn = Button(L.hint_btn, lambda: t("play.hint"), self.toggle_hint, enabled=self.can_hint,
                               px=17, visible=self.hint_offered, name="hint")
        self.ui.add(self.hint_btn)
        self.ui.add(log_section.toggle_button(L, self.log, t))
        for b in self.ui.widgets:
            b.focusable = False

    # ------------------------------------------------------------------ queries for input and drawing
    def seat(self, i: int) -> Seat:
        return self.config.seats[i]

    def is_human(self, i: int) -> bool:
        return not self.seat(i).is_computer

    @property
    def shown_seat(self) -> int:
        return self.game.current if self.view_seat is None else self.view_seat

    def human_turn(self) -> bool:
        """The current seat is a human who may act now (not while the game is ending)."""
        return (not self.game.over and self.is_human(self.game.current) and self.ending is None
                and self.shown_seat == self.game.current)

    def allows(self, cmd: Command) -> bool:
        """Would the session accept ``cmd`` now (for lighting up what can be played)?"""
        return self.session.allows(cmd)

    def can_undo(self) -> bool:
        return self.human_turn() and self.allows(Undo())

    def can_end(self) -> bool:
        """End turn stays usable while the player looks at another seat's board: ending needs no board."""
        return (not self.game.over and self.is_human(self.game.current) and self.ending is None
                and self.game.can_end_turn())

    def hint_offered(self) -> bool:
        """A human seat is to play: the hint button shows (usable on that seat's own board)."""
        return not self.game.over and self.ending is None and self.is_human(self.game.current)

    def can_hint(self) -> bool:
        return self.human_turn()

    @property
    def thinking(self) -> bool:
        """A computer seat is planning its turn."""
        return self.session.thinking

    def must_choose_spirit(self) -> bool:
        return bool(self.game.spirit_choices) and self.human_turn()

    def turn_text(self) -> str:
        return self.app.t("play.turn_of", name=self.seat(self.game.current).name)

    def big_layout(self) -> HexLayout:
        return board.big_layout(self.layout, self.table)

    def cell_at(self, pos: Point) -> Hex | None:
        return board.cell_at(self.layout, self.table, pos)

    def cell_pos(self, seat: int, cell: Hex) -> Point:
        """Where a cell of ``seat``'s board is drawn: on the big board if shown, else on the seat's panel."""
        lay = self.big_layout() if seat == self.shown_seat else self.layout.mini_layout(seat, list(self.table.cells))
        return lay.to_pixel(cell)

    def held_pos(self, seat: int, card_id: str, v: PlayerView | None = None) -> Point:
        """Where ``seat``'s card is drawn (``v``: as it was in that view of the board)."""
        if seat != self.shown_seat:
            return centre(self.layout.seat_panels[seat])
        return held.card_pos(self.layout, held_items(v if v is not None else self.table.views[seat]), card_id)

    def spirit_choice_rects(self) -> list[tuple[str, Rect]]:
        return spirit_choice.rects(self.layout, self.table)

    # ------------------------------------------------------------------ the one way commands reach the rules
    def submit(self, cmd: Command, dropped: bool = False) -> bool:
        """Queue ``cmd`` in the session and play the queue; True if ``cmd`` was accepted."""
        self.session.submit(cmd, dropped)
        outcomes = self.pump()
        return bool(outcomes) and isinstance(outcomes[-1], Played)

    def pump(self) -> list[CommandReport]:
        """Run the session's command queue, then show what it published."""
        self.session.run()
        outcomes = self.session.take_events()
        for outcome in outcomes:
            self.anims.finish()
            if isinstance(outcome, Played):
                self._played(outcome)
            else:
                self.show_refusal(outcome.rejected)
                self.app.play_sound("refused")
        return outcomes

    def _played(self, played: Played) -> None:
        self.pointer.selection = None
        # a step of the hint on show was played: the rest of it stays on show, as it is what comes next
        plan = self.hints.plan
        rest = plan.rest_after(played.command) if plan is not None else ()
        self._refresh()
        if rest:
            self.show_hint(list(rest))
        dur = self._anim_dur()
        if dur > 0:
            src = source_of(played, self.layout, lambda seat, cid: self.held_pos(seat, cid, played.before.view))
            for flyer in flyers_for(played, self.layout, dur, src, self.cell_pos, self.held_pos):
                self.anims.add(flyer)
        announce(self, played.events)
        sound = sound_of(played.events)
        if sound is not None:
            self.app.play_sound(sound)

    def show_refusal(self, rejected: Rejected) -> None:
        """The one place a refusal becomes the line on screen."""
        self.say(refusal_text(self.app.catalogue, rejected, self.cardart.name))

    def show_failure(self, failure: Failure) -> None:
        """A computer turn or hint that failed (already logged): one line saying so and where the log is."""
        where = failure.log.name if failure.log is not None else "stderr"
        kind = failure.error.split(":", 1)[0]     # the error's name; its message is in the log
        self.say(self.app.t(f"play.failed_{failure.what}", error=kind, log=where), FAILURE_SECONDS)

    def _refresh(self) -> None:
        # unique across scenes: the drawing caches live on the app and outlive this scene
        self.version = next(_VERSIONS)
        self.table = take_table(self.game, self.config.seats)
        self.log.follow(self.game.history)
        # a hint describes the board it was planned on: any change makes it wrong
        self.drop_hint(forget=True)

    def say(self, text: str, dur: float = 3.0) -> None:
        """Show ``text`` as the one line under the board for ``dur`` seconds."""
        self.message = text[:1].upper() + text[1:]
        self.message_t = dur

    def _anim_dur(self) -> float:
        if self.is_human(self.game.current) and not self.demo:
            return 0.28
        return speed(self)[1]

    # ------------------------------------------------------------------ actions
    def undo(self) -> None:
        if self.can_undo():
            self.submit(Undo())

    def end_turn(self) -> None:
        if self.can_end():
            self.submit(EndTurn())

    def toggle_hint(self) -> None:
        """H or the Hint button: ask for the turn the hard player would play, or put it away.

        It is planned off the frame loop; it is only ever shown, never played for the player.
        """
        if self.hints.on:
            self.drop_hint()
        elif self.can_hint():
            self.hints.ask(self.session)
            self._update_hint()

    def drop_hint(self, forget: bool = False) -> None:
        self.hints.drop(forget)

    def _update_hint(self) -> None:
        if self.hint_btn is not None:
            self.hint_btn.primary = self.hints.on  # lit while the hint is on
        self.hints.poll(self.session.version, self._hint_words)

    def show_hint(self, commands: list[Command]) -> None:
        """Put ``commands`` (what ``harmonies.ai.hint`` returned for this very position) on show."""
        self.hints.show(commands, self._hint_words)

    def _hint_words(self, plan: HintPlan) -> str:
        return hint_text(plan, self.app.t, self.cardart.name, self.table.views[self.game.current].spirit)

    def pause(self) -> None:
        self.pointer.drag = None
        self.pointer.press = None
        self.drop_hint()
        self.app.navigate.push(OpenPause(self.game, tuple(seat.name for seat in self.config.seats), self.restart))

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            key_pressed(self, event)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.mouse = event.vpos
            if self.ui.handle(event, self.app):
                return None
            if event.type == pygame.MOUSEBUTTONDOWN:
                if event.button == 1:
                    self.pointer.pressed(event.vpos)
                elif event.button == 3:
                    self.pointer.cancel()
            elif event.type == pygame.MOUSEMOTION:
                self.pointer.moved(event.vpos)
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.pointer.released(event.vpos)
            return None
        return None if log_section.wheel(self, event) else event

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        # the card under the keyboard ring, else under the mouse, is previewed after a moment
        card = self.pointer.cursor.card() or self.pointer.card_under(self.app.mouse_virtual()) \
            if self.pointer.drag is None else None
        if card == self.hover_card:
            self.hover_t += dt
        else:
            self.hover_card, self.hover_t = card, 0.0
        self.anims.update(dt)
        self._update_hint()
        for failure in self.session.take_failures():
            self.show_failure(failure)
        if self.message_t > 0:
            self.message_t -= dt
        if self.game.over:
            self._update_ending(dt)
            return
        if self.session.computer_to_play:
            self.pace.step(self, dt)

    def _update_ending(self, dt: float) -> None:
        if self.ending is None:
            self.ending = 0.8
        if self.anims.busy:
            return
        self.ending -= dt
        if self.ending <= 0:
            self.app.navigate.replace(OpenScoring(self.game, self.config, self.demo, self.exit_when_done))
            self.ending = -1.0

    def draw(self, surface: pygame.Surface) -> None:
        view.draw_play(self, surface)
