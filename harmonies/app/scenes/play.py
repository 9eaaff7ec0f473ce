"""The play scene: the one adapter between the player's hands and the play session.

Input (drags, clicks, keys; see :mod:`harmonies.app.play.pointer`) becomes commands, which
:meth:`PlayScene.submit` puts in the session's command queue; computer seats put theirs in the same
queue. The scene then runs the queue and takes the session's published outcomes out, turning events
into animations, banners and sounds and a refusal into one line on screen (:mod:`harmonies.app.play.outcomes`);
its timers and the frame loop's pacing are in :mod:`harmonies.app.play.clock`. The scene never applies
or checks a command itself. Drawing, hit-testing and the keyboard ring's stops go through the sections
of ``play/screen.py``, which read a frozen :class:`~harmonies.app.play.frame.Frame` of this state only.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Union

import pygame

from harmonies.catalogue import refusal_text
from harmonies.rules import Command, EndTurn, Game, PlayerView, Rejected, Undo
from harmonies.session import COMPUTER, CommandReport, Jobs, MatchConfig, PlaySession, Resume, Seat
from harmonies.session.errlog import log_folder
from harmonies.session.recap import recap, recap_text

from .. import keylist
from ..cardart import CardArt
from ..hexgrid import HexLayout
from ..input import is_press
from ..loop import Split
from ..navigation import OpenPause
from ..netplay.remote import RemoteSession
from ..netplay.stand_in import stand_in_button
from ..netplay.watch import NetWatch
from ..play import clock, outcomes, where
from ..play.anim import Animator
from ..play.clock import MESSAGE_FADE, POLL_EVERY, PREVIEW_DELAY
from ..play.frame import Frame, HintShown, Kit
from ..play.goal import GoalWatch
from ..play.guide import Guide
from ..play.hint import HintPlan, hint_text
from ..play.hinting import HintBox
from ..play.keys import key_pressed
from ..play.layout import Point, Rect
from ..play.logpanel import ROW_H, LogPanel
from ..play.pacing import ComputerPace
from ..play.places import Drag, Hex, Selection, Stop, Target
from ..play.pointer import Pointer
from ..play.recent import Recent
from ..play.screen import Screen, play_sections
from ..play.sections import log as log_section
from ..play.sections.buttons import ButtonActions, play_buttons
from ..play.table import take_table
from ..scene import Scene
from ..tokens import TokenArt
from ..widgets import WidgetGroup
from .daily_start import back_to_daily
from .saving import banner_lines

if TYPE_CHECKING:
    from ..look import Look
    from ..play.actions import PlayServices

#: How a play scene starts: a new game for these seats, or a saved game resumed.
Start = Union[MatchConfig, Resume]


def default_config(app: Look) -> MatchConfig:
    return MatchConfig((Seat(app.t("setup.default_name", n=1)), Seat(app.t("setup.default_name", n=2), COMPUTER)))


class PlayScene(Scene):
    name = "play"

    app: PlayServices

    def __init__(self, app: PlayServices, start: Start | None = None, demo: bool = False,
                 exit_when_done: bool = False, guide: Guide | None = None, session: PlaySession | None = None) -> None:
        super().__init__(app)
        self.demo = demo
        self.guide = guide  # the guided first game's steps, checking each command before it is queued
        self.exit_when_done = exit_when_done
        self.resumed = isinstance(start, Resume)
        start = start if start is not None else default_config(app)
        if session is not None:   # a table played over the network: the host's, or a seat joined
            game, config = session.game, session.config
            self.session = session
        else:
            game, config = (start.game, start.config) if isinstance(start, Resume) else (start.deal(app.cards), start)
            self.session = PlaySession(game, config, None if demo else app.saves, Jobs(log_folder(app.data_dir)),
                                       stamp=start.stamp if isinstance(start, Resume) else None)
        self.net = NetWatch.of(self.session)
        self.anims = Animator()
        self.art = TokenArt(app.theme)
        self.cardart = CardArt(app, game.cards, self.art)
        self.layout = where.window_layout(self.app, self.cardart, self.game.setup.players)
        self.pointer = Pointer(self)
        self.log = LogPanel(game.setup, game.cards, [seat.name for seat in config.seats],
                            lambda: app.catalogue, game.deal)
        if isinstance(self.session, RemoteSession):
            self.log.log = self.session.remote_log   # no deal here: the log is written from the host's reports
        self.here = tuple(self.session.at_screen(i) for i in range(len(config.seats)))  # seats played here
        self.table = take_table(game, config.seats, self.here)
        self.version = 0               # bumped whenever the game changes (keys the drawing caches)
        #: The tray slot the player took the token being placed from (the tray keeps its other slots).
        self.picked: int | None = None
        self.view_seat: int | None = None
        self.message: str = ""
        self.message_t = 0.0
        self.message_until_played = True
        self.ending: float | None = None
        self.pace = ComputerPace()
        self.last_human: int | None = None
        self.mouse: Point = (0.0, 0.0)
        self.hover_card: tuple[str, bool, Rect] | None = None
        self.hover_t = 0.0
        self.hints = HintBox(self._hint_words)
        self.recent = Recent()
        #: The solo challenge this game plays, if any: its goal shows beside the board.
        self.goal = GoalWatch(config.challenge, game)
        self.ui = WidgetGroup()
        #: Another scene is on top (the pause menu): this one is not updated, so it is drawn as it stands.
        self.covered = False
        self._build_screen()

    def _build_screen(self) -> None:
        """The buttons and the sections, on the layout of the moment."""
        focus = self.ui.focus
        self.log.row_h = ROW_H * max(1.0, self.layout.em)
        self.ui, self.hints.button = play_buttons(self.layout, self.app.t, self.log, ButtonActions(
            self.undo, self.end_turn, self.pause, self.toggle_hint, self.can_undo, self.can_end, self.can_hint,
            self.hint_offered))
        self.ui.focus = focus
        if self.net is not None and self.net.hosting:
            self.ui.add(stand_in_button(self.layout, self.app.t, self.net))
        self.screen = Screen(play_sections(Kit(self.app, self.layout, self.art, self.cardart), self.ui))

    def on_resize(self) -> None:
        """A new window size, language or text size: the layout follows the window's shape and the names."""
        self.layout = where.window_layout(self.app, self.cardart, self.game.setup.players)
        self._build_screen()

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

    @property
    def selection(self) -> Selection | None:
        return self.pointer.selection

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        if not self.demo and not self.resumed and self.session.saves is not None:
            self.app.saves.begin_new()
        outcomes.refresh(self)
        current = self.game.current
        if self.at_screen(current):
            self.last_human = current
        if not self.game.over:
            self.session.save()
        self.anims.banner(self.turn_text(), 1.6, turn=True)
        if self.resumed and self.session.awaits_screen:
            self.show_recent(current)

    def on_resume(self) -> None:
        self.covered = False
        outcomes.refresh(self)

    def restart(self) -> None:
        """A new game with the same seats; the new game's first save keeps this one with the replaced games.

        A daily deal is restarted from the Daily screen, where a new try is counted (if the day has one left)."""
        if self.config.daily is not None and not self.demo:
            back_to_daily(self.app)
            return
        if self.net is not None:   # the friends' seats are theirs: a new table is hosted from Setup
            self.say(self.app.t("net.no_restart"))
            return
        self.app.scenes.replace(PlayScene(self.app, self.config, self.demo, self.exit_when_done,
                                          self.guide and self.guide.fresh()))

    def save_notice(self, max_w: float = 640) -> tuple[str, str] | None:
        """The banner's two lines while games cannot be saved, fitted to ``max_w`` (never in the demo)."""
        problem = self.session.save_problem
        return banner_lines(self.app, problem, max_w) if problem is not None else None

    def on_pause(self) -> None:
        self.covered = True
        self.hints.drop(forget=True)  # the player left the board: an answer arriving later is not wanted

    def on_exit(self) -> None:
        self.hints.drop(forget=True)
        self.session.close()

    # ------------------------------------------------------------------ queries for input and drawing
    def seat(self, i: int) -> Seat:
        return self.config.seats[i]

    def at_screen(self, i: int) -> bool:
        """Seat ``i`` is played at this screen (asked of its controller)."""
        return self.session.at_screen(i)

    @property
    def shown_seat(self) -> int:
        return self.table.current if self.view_seat is None else self.view_seat

    def hint_offered(self) -> bool:
        """A seat played at this screen is to play: the hint button shows (usable on that seat's own board)."""
        return self.ending is None and self.table.screen_to_move

    def human_turn(self) -> bool:
        """The current seat is a human who may act now on their own board (not while the game is ending)."""
        return self.hint_offered() and self.shown_seat == self.table.current

    def can_undo(self) -> bool:
        return self.human_turn() and self.table.can_undo

    def can_end(self) -> bool:
        """End turn stays usable while the player looks at another seat's board: ending needs no board."""
        return self.hint_offered() and self.table.can_end

    def can_hint(self) -> bool:
        return self.human_turn()

    @property
    def thinking(self) -> bool:
        """A computer seat is planning its turn."""
        return self.session.thinking and (self.net is None or self.net.turn_line(self.app.t) is None)

    def must_choose_spirit(self) -> bool:
        return bool(self.table.spirit_choices) and self.human_turn()

    def turn_text(self) -> str:
        away = self.net.turn_line(self.app.t) if self.net is not None else None
        return away or self.app.t("play.turn_of", name=self.seat(self.table.current).name)

    def big_layout(self) -> HexLayout:
        return where.big_layout(self.layout, self.table)

    def cell_at(self, pos: Point) -> Hex | None:
        return where.cell_at(self.layout, self.table, pos)

    def cell_pos(self, seat: int, cell: Hex) -> Point:
        """Where a cell of ``seat``'s board is drawn: on the big board if shown, else on the seat's panel."""
        return where.cell_pos(self.layout, self.table, self.shown_seat, seat, cell)

    def held_pos(self, seat: int, card_id: str, v: PlayerView | None = None) -> Point:
        """Where ``seat``'s card is drawn (``v``: as it was in that view of the board)."""
        return where.held_pos(self.layout, self.table, self.shown_seat, seat, card_id, v)

    # ------------------------------------------------------------------ what the sections read
    def frame(self) -> Frame:
        """The screen at this moment, with the keyboard ring's stop if it can still be used."""
        base = self._frame()
        focus = self.pointer.cursor.focus
        stop = next((s for s in self.screen.stops(base) if s.place == focus), None) if focus is not None else None
        return base if stop is None else replace(base, focus=stop.place, ring=stop.ring)

    def stops(self) -> list[Stop]:
        """The keyboard ring's stops now."""
        return self.screen.stops(self._frame())

    def target_at(self, pos: Point) -> Target | None:
        """What is under ``pos`` (the sections say, topmost first)."""
        return self.screen.hit(self._frame(), pos)

    def _frame(self) -> Frame:
        problem = self.session.save_problem
        hints = self.hints
        preview = self.hover_card if self.hover_t >= PREVIEW_DELAY and self.drag is None \
            and not self.must_choose_spirit() else None
        return Frame(
            table=self.table, version=self.version, shown=self.shown_seat, human_turn=self.human_turn(),
            hint_offered=self.hint_offered(), choosing_spirit=self.must_choose_spirit(), thinking=self.thinking,
            can_undo=self.can_undo(), can_end=self.can_end(), mouse=self.app.mouse_virtual(),
            selection=self.selection, drag=self.drag, ring_cell=self.pointer.cursor.cell,
            hint=HintShown(hints.plan, hints.on, hints.thinking, hints.line), hidden=self.anims.hidden(),
            flyers=tuple(self.anims.flyers), banners=tuple(self.anims.banners), message=self.message,
            message_alpha=int(255 * min(1.0, self.message_t / MESSAGE_FADE)) if self.message and self.message_t > 0 else 0,
            preview=preview, log=self.log, armed_swap=self.pointer.armed_swap,
            log_hover=self.log.row_at(self.layout.log_panel, self.mouse) if self.log.shown else None,
            save_notice=partial(banner_lines, self.app, problem) if problem is not None else None,
            turn_text=self.turn_text(), recaps=self.recent.recaps, recap_lines=self.recent.lines,
            recap_alpha=self.recent.alpha,
            guide=self.guide.shown(partial(keylist.say, self.app), self.table) if self.guide is not None else None,
            goal=self.goal.words(self.app.catalogue))

    # ------------------------------------------------------------------ the one way commands reach the rules
    def submit(self, cmd: Command, dropped: bool = False) -> bool:
        """Queue ``cmd`` in the session and play the queue; True if ``cmd`` was accepted (the guided game's step
        answers a command it does not expect with a friendly line, and the command is never queued)."""
        return outcomes.submit(self, cmd, dropped)

    def pump(self) -> list[CommandReport]:
        """Run the session's command queue, then show what it published."""
        return outcomes.pump(self)

    def show_recent(self, seat: int) -> None:
        """What the other seats did since ``seat``'s last turn, on show as its turn starts."""
        found = recap(self.log.log, seat, [s.total for s in self.table.scores])
        lines = [recap_text(self.app.catalogue, r, self.log.names, self.game.cards) for r in found]
        self.recent.show(found, lines, self.app.settings.recap_keep)

    def show_refusal(self, rejected: Rejected) -> None:
        """The one place a refusal becomes the line on screen."""
        self.say(refusal_text(self.app.catalogue, rejected, self.cardart.name))

    def say(self, text: str, dur: float = 3.0, until_played: bool = True) -> None:
        """Show ``text`` as the one line under the board for ``dur`` seconds; ``until_played``: or until the
        next action played (a refusal, or a "not that", is stale once the right action is made)."""
        self.message = text[:1].upper() + text[1:]
        self.message_t = dur
        self.message_until_played = until_played

    # ------------------------------------------------------------------ actions
    def undo(self) -> None:
        if self.can_undo():
            self.submit(Undo())

    def end_turn(self) -> None:
        if self.can_end():
            self.submit(EndTurn())

    def toggle_hint(self) -> None:
        """H or the Hint button: ask for the turn the hard player would play (planned off the frame loop,
        only ever shown, never played for the player), or put it away."""
        self.hints.toggle(self.session, self.can_hint())

    def show_hint(self, commands: list[Command]) -> None:
        """Put ``commands`` (what ``harmonies.ai.hint`` returned for this very position) on show."""
        self.hints.show(commands)

    def _hint_words(self, plan: HintPlan) -> str:
        return hint_text(plan, self.app.t, self.cardart.name, self.table.views[self.table.current].spirit)

    def pause(self) -> None:
        self.pointer.drag = None
        self.pointer.press = None
        self.hints.drop()
        names = tuple(seat.name for seat in self.config.seats)
        self.app.navigate.push(OpenPause(self.game, names, self.restart, self.guide is not None,
                                         networked=self.net is not None,
                                         joined=isinstance(self.session, RemoteSession)))

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if is_press(event):
            key_pressed(self, self.app.input.intents(event))
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.mouse = event.vpos
            if not self.ui.handle(event, self.app):
                self.pointer.handle(event)
            return None
        return None if log_section.wheel(self.log, self.layout.log_panel, self.mouse, event) else event

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        """The scene's clocks, the background jobs and the computer's pace; the window is drawn again
        when what it shows changed without input (a computer's command, a hint, a failure's line)."""
        shown = clock.look(self)
        if self.net is not None and self.net.tick(self.app.t, self.say, self.pump):
            names = tuple(seat.name for seat in self.config.seats)
            if names != self.log.names:   # who sits where, as the host said it
                self.log.names = names
                outcomes.refresh(self)
            self.redraw()
        clock.tick(self, dt)
        if clock.look(self) != shown:
            self.redraw()

    def next_frame(self) -> float | None:
        """0.0 while something moves, else the seconds until the screen changes by itself (None: still)."""
        return clock.next_frame(self)

    def split(self) -> Split | None:
        """The screen apart from what its timers alone move, and the rectangles those are drawn in (see :mod:`..loop`)."""
        return clock.split(self)

    def wake_in(self) -> float | None:
        """A computer turn or a hint under way is looked at now and then, without drawing."""
        if self.covered or not (self.session.seat_to_play or self.hints.thinking or self.net is not None):
            return None
        return POLL_EVERY

    def draw(self, surface: pygame.Surface) -> None:
        self.screen.draw(surface, self.frame())
