"""The play scene: the one adapter between the player's hands and the rules.

Input (drags and clicks) becomes commands; every command, human or computer, goes
through :meth:`PlayScene.submit`, which applies it, autosaves, refreshes the
cached views and turns the returned events into animations. Nothing else talks
to the rules engine. Drawing lives in ``play/view.py`` and reads this state only.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from harmonies.session import MatchConfig

from ..cardart import CardArt
from ..play.anim import Animator, Flyer
from ..play.computer import TurnPlanner, fallback_turn, make_seat_player
from ..play.hint import HintJob, HintPlan, hint_text
from ..play.layout import HAND_R, PlayLayout, centre, inside
from ..scene import Scene
from ..settings import SPEED_TIMING
from ..tokens import TokenArt, cname
from ..widgets import Button, WidgetGroup
from .saving import banner_lines

if TYPE_CHECKING:
    from ..app import App

Point = tuple[float, float]
Hex = tuple[int, int]
DRAG_START = 6.0
_VERSIONS = itertools.count(1)


@dataclass
class Target:
    kind: str           # space, slot, hand, held, cell, seat, spirit, swap
    payload: Any = None


@dataclass
class Drag:
    target: Target
    start: Point
    pos: Point
    legal: frozenset[Hex] = frozenset()
    active: bool = False


@dataclass
class Selection:
    target: Target
    legal: frozenset[Hex]


def default_config(app: App) -> MatchConfig:
    from harmonies.session import Seat
    return MatchConfig((Seat(app.t("setup.default_name", n=1)), Seat(app.t("setup.default_name", n=2), "computer")))


class PlayScene(Scene):
    name = "play"

    def __init__(self, app: App, demo: bool = False, exit_when_done: bool = False) -> None:
        super().__init__(app)
        self.demo = demo
        self.exit_when_done = exit_when_done
        self.game: Any = None
        self.config: MatchConfig | None = None
        self.layout: PlayLayout | None = None
        self.anims = Animator()
        self.art = TokenArt(app.theme)
        self.cardart: CardArt | None = None
        self.views: list[Any] = []
        self.version = 0               # bumped whenever the game changes (keys the drawing caches)
        self.scores: list[Any] = []
        self.cube_opts: dict[str, list[Hex]] = {}
        self.view_seat: int | None = None
        self.press: tuple[Target, Point] | None = None
        self.drag: Drag | None = None
        self.selection: Selection | None = None
        self.message: str = ""
        self.message_t = 0.0
        self.ending: float | None = None
        self.planner: TurnPlanner | None = None
        self.queue: list[Any] = []
        self.ai_wait = 0.0
        self.ai_stalls = 0
        self.ai_players: dict[int, Any] = {}
        self.last_human: int | None = None
        self.mouse: Point = (0.0, 0.0)
        self.hover_card: tuple[str, bool, tuple[float, float, float, float]] | None = None
        self.hover_t = 0.0
        self.ui = WidgetGroup()
        self.hint_btn: Button | None = None
        # The hint: the latest one asked for (kept, so hiding and showing it again is instant),
        # whether the player is waiting for it, and the one on show with its line of text.
        self.hint_job: HintJob | None = None
        self.hint_wanted = False
        self.hint: HintPlan | None = None
        self.hint_line = ""

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self, data: Any = None) -> None:
        from harmonies.rules import Game, GameSetup

        data = data or {}
        if data.get("game") is not None:
            self.game = data["game"]
            s = self.game.setup
            self.config = MatchConfig.from_meta(dict(data.get("meta") or {}), s.players, s.side, s.spirits)
        else:
            cfg: MatchConfig = data.get("config") or default_config(self.app)
            self.config = cfg
            setup = GameSetup(players=len(cfg.seats), side=cfg.side, spirits=cfg.spirits, seed=cfg.resolved_seed())
            self.game = Game.new(setup, self.app.cards) if self.app.cards is not None else Game.new(setup)
            if not self.demo:
                self.app.saves.begin_new()
        self.cardart = CardArt(self.app, self.game.cards, self.art)
        self.layout = PlayLayout(self.game.setup.players, self.game.setup.players == 1)
        seed = int(getattr(self.game.setup, "seed", 0) or 0)
        for i, seat in enumerate(self.config.seats):
            if seat.is_computer:
                self.ai_players[i] = make_seat_player(seat.level, seed * 7 + i)
        self._build_buttons()
        self._refresh()
        if self.is_human(self.game.current):
            self.last_human = self.game.current
        if not self.demo and not self.game.over:
            self.app.saves.autosave(self.game, self.meta())
        self.anims.banner(self.turn_text(), 1.6)

    def on_resume(self, data: Any = None) -> None:
        self._refresh()

    def restart(self) -> None:
        """A new game with the same seats; the new game's first save keeps this one with the replaced games."""
        if self.config is not None:
            self.app.scenes.replace(PlayScene(self.app, self.demo, self.exit_when_done), {"config": self.config})

    @property
    def save_failed(self) -> bool:
        """Games are not being saved: the play screen shows why (never in the demo, which saves nothing)."""
        return not self.demo and self.app.saves.problem is not None

    def save_notice(self, max_w: float = 640) -> tuple[str, str] | None:
        """The banner's two lines while games cannot be saved, fitted to ``max_w`` (never in the demo)."""
        problem = self.app.saves.problem
        if self.demo or problem is None:
            return None
        return banner_lines(self.app, problem, max_w)

    def on_pause(self) -> None:
        self.drop_hint(forget=True)  # the player left the board: an answer arriving later is not wanted

    def on_exit(self) -> Any:
        self.drop_hint(forget=True)
        return None

    def on_resize(self) -> None:
        pass

    def meta(self) -> dict[str, Any]:
        assert self.config is not None
        return self.config.to_meta()

    def _build_buttons(self) -> None:
        L = self.layout
        assert L is not None
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
        for b in self.ui.widgets:
            b.focusable = False

    # ------------------------------------------------------------------ queries for input and drawing
    def seat(self, i: int) -> Any:
        assert self.config is not None
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

    def can_undo(self) -> bool:
        return self.human_turn() and self.game.check(self._undo_cmd()) is None

    def can_end(self) -> bool:
        return self.human_turn() and self.game.can_end_turn()

    def hint_offered(self) -> bool:
        """A human seat is to play: the hint button shows (usable on that seat's own board)."""
        return not self.game.over and self.ending is None and self.is_human(self.game.current)

    def can_hint(self) -> bool:
        return self.human_turn()

    @property
    def hint_on(self) -> bool:
        """A hint is on show or on its way."""
        return self.hint_wanted or self.hint is not None

    @property
    def hint_thinking(self) -> bool:
        return self.hint_wanted and self.hint is None

    def must_choose_spirit(self) -> bool:
        return bool(self.game.spirit_choices) and self.human_turn()

    def turn_text(self) -> str:
        return self.app.t("play.turn_of", name=self.seat(self.game.current).name)

    def held_items(self, seat: int) -> list[tuple[str, bool, int]]:
        """(card id, is spirit, cubes still on it) of the cards above a board."""
        v = self.views[seat]
        items = [(h.card_id, False, h.cubes_left) for h in v.cards]
        if v.spirit is not None and not v.spirit_placed:
            items.append((v.spirit, True, 1))
        return items

    def completed_items(self, seat: int) -> list[tuple[str, bool]]:
        v = self.views[seat]
        items = [(h.card_id, False) for h in v.completed]
        if v.spirit is not None and v.spirit_placed:
            items.append((v.spirit, True))
        return items

    def board_cells(self) -> list[Hex]:
        return list(self.game.shape.cells)

    def big_layout(self) -> Any:
        assert self.layout is not None
        return self.layout.board_layout(self.board_cells())

    def cell_pos(self, seat: int, cell: Hex) -> Point:
        assert self.layout is not None
        lay = self.big_layout() if seat == self.shown_seat else self.layout.mini_layout(seat, self.board_cells())
        return lay.to_pixel(cell)

    def held_pos(self, seat: int, card_id: str) -> Point:
        assert self.layout is not None
        if seat == self.shown_seat:
            for i, (cid, _sp, _n) in enumerate(self.held_items(seat)):
                if cid == card_id and i < len(self.layout.held_slots):
                    return centre(self.layout.held_slots[i])
            return centre(self.layout.completed_box)
        return centre(self.layout.seat_panels[seat])

    def cell_at(self, pos: Point) -> Hex | None:
        assert self.layout is not None
        if not inside(self.layout.board_box, pos):
            return None
        lay = self.big_layout()
        h = lay.to_hex(pos)
        return h if h in self.game.shape.index else None

    # ------------------------------------------------------------------ the one way commands reach the rules
    def _undo_cmd(self) -> Any:
        from harmonies.rules import Undo
        return Undo()

    def submit(self, cmd: Any, dropped: bool = False) -> bool:
        """Apply ``cmd``; on success autosave and animate its events; on refusal show the reason."""
        if self.game.over:
            return False
        pre = self._pre_positions(cmd)
        self.anims.finish()
        result = self.game.apply(cmd)
        if not result.ok:
            self.say(result.reason)
            self.app.play_sound("refused")
            return False
        if not self.demo:
            self.app.saves.autosave(self.game, self.meta())
        self.selection = None
        self._refresh()
        self._animate(cmd, result.events, pre, dropped)
        self._after(result.events)
        self._sound(result.events)
        return True

    def _sound(self, events: tuple[Any, ...]) -> None:
        from harmonies import rules as R
        kinds = {R.TokenPlaced: "place", R.TokensTaken: "take", R.CardTaken: "card", R.CubePlaced: "cube",
                 R.TurnStarted: "turn", R.SoloSwapped: "card", R.SpiritChosen: "card"}
        for ev in events:
            name = kinds.get(type(ev))
            if name:
                self.app.play_sound(name)
                return

    def _refresh(self) -> None:
        g = self.game
        # unique across scenes: the drawing caches live on the app and outlive this scene
        self.version = next(_VERSIONS)
        self.views = [g.player(i) for i in range(g.setup.players)]
        self.scores = [g.score(i) for i in range(g.setup.players)]
        self.cube_opts = g.cube_options() if not g.over and self.is_human(g.current) else {}
        # a hint describes the board it was planned on: any change makes it wrong
        self.drop_hint(forget=True)

    def say(self, text: str, dur: float = 3.0) -> None:
        self.message = self.app.t(f"reason.{text}", default=text) if text else ""
        self.message = self.message[:1].upper() + self.message[1:]
        self.message_t = dur

    # ------------------------------------------------------------------ events -> animations
    def _speed(self) -> tuple[float, float]:
        return SPEED_TIMING.get(self.app.settings.ai_speed, SPEED_TIMING["normal"])

    def _anim_dur(self) -> float:
        if self.is_human(self.game.current) and not self.demo:
            return 0.28
        return self._speed()[1]

    def _pre_positions(self, cmd: Any) -> dict[str, Any]:
        from harmonies.rules import PlaceCube, PlaceToken
        pre: dict[str, Any] = {}
        assert self.layout is not None
        pre["central"] = self.game.central
        if isinstance(cmd, PlaceToken):
            hand = list(self.game.hand)
            if cmd.colour in hand:
                pre["src"] = self.layout.hand_slots[hand.index(cmd.colour)]
        elif isinstance(cmd, PlaceCube):
            pre["src"] = self.held_pos(self.game.current, cmd.card_id)
        return pre

    def _animate(self, cmd: Any, events: tuple[Any, ...], pre: dict[str, Any], dropped: bool) -> None:
        from harmonies import rules as R
        L = self.layout
        assert L is not None
        dur = self._anim_dur()
        if dur <= 0:
            return
        for ev in events:
            if isinstance(ev, R.TokensTaken):
                for i, colour in enumerate(ev.colours):
                    self.anims.add(Flyer("token", cname(colour), L.space_token_pos(ev.space, i), L.hand_slots[i],
                                         dur, 0.04 * i, ("hand", i), (0.6, 1.0)))
            elif isinstance(ev, R.TokenPlaced) and not dropped:
                src = pre.get("src", L.hand_slots[0])
                self.anims.add(Flyer("token", cname(ev.colour), src, self.cell_pos(ev.player, ev.cell), dur,
                                     0.0, ("cell", ev.player, ev.cell)))
            elif isinstance(ev, R.CubePlaced) and not dropped:
                src = pre.get("src", centre(L.held_panel))
                self.anims.add(Flyer("spirit_cube" if ev.spirit else "cube", ev.card_id, src,
                                     self.cell_pos(ev.player, ev.cell), dur, 0.0, ("cube", ev.player, ev.cell)))
            elif isinstance(ev, R.CardTaken):
                if 0 <= ev.slot < len(L.slots):
                    self.anims.add(Flyer("card", ev.card_id, centre(L.slots[ev.slot]),
                                         self.held_pos(ev.player, ev.card_id), dur, 0.0,
                                         ("held", ev.player, ev.card_id), (1.0, 1.05)))
            elif isinstance(ev, (R.DisplayRefilled, R.SoloSwapped)):
                cid = ev.card_id if isinstance(ev, R.DisplayRefilled) else ev.drawn
                if cid and 0 <= ev.slot < len(L.slots):
                    self.anims.add(Flyer("card", cid, centre(L.deck_rect), centre(L.slots[ev.slot]), dur, dur * 0.5,
                                         ("slot", ev.slot), (0.4, 1.0)))
            elif isinstance(ev, R.TokensDiscarded):
                # solo: the tokens left on the central board go back to the box
                spots = [(sp, i) for sp, space in enumerate(pre.get("central", ())) for i in range(len(space))]
                for k, colour in enumerate(ev.colours):
                    sp, i = spots[k] if k < len(spots) else (0, 0)
                    src = L.space_token_pos(sp, i)
                    self.anims.add(Flyer("token", cname(colour), src, (src[0] - 30, -40), dur * 1.2, 0.03 * k,
                                         None, (0.6, 0.3)))
            elif isinstance(ev, R.SpaceRefilled):
                for i, colour in enumerate(ev.colours):
                    self.anims.add(Flyer("token", cname(colour), L.pouch_pos, L.space_token_pos(ev.space, i),
                                         dur, dur * 0.3 + 0.05 * i, ("space", ev.space), (0.5, 1.0)))

    def _after(self, events: tuple[Any, ...]) -> None:
        from harmonies import rules as R
        for ev in events:
            if isinstance(ev, R.CardCompleted) and self.cardart is not None:
                self.anims.banner(self.app.t("play.card_done", name=self.cardart.name(ev.card_id)), 1.6)
            elif isinstance(ev, R.EndTriggered):
                self.anims.banner(self.app.t("play.last_round"), 2.6, "notice")
            elif isinstance(ev, R.TurnStarted):
                self.view_seat = None
                self.queue = []
                self.anims.banner(self.turn_text(), 1.4)
                self._maybe_hand_over(ev.player)
            elif isinstance(ev, R.GameEnded):
                self.ending = 1.0 if not self.demo else 1.5

    def _maybe_hand_over(self, seat: int) -> None:
        assert self.config is not None
        humans = [i for i, s in enumerate(self.config.seats) if not s.is_computer]
        if self.is_human(seat):
            if len(humans) >= 2 and self.last_human is not None and self.last_human != seat:
                from .handover import HandoverScene
                self.app.scenes.push(HandoverScene(self.app), {"name": self.seat(seat).name, "seat": seat})
            self.last_human = seat

    # ------------------------------------------------------------------ actions
    def undo(self) -> None:
        if self.can_undo():
            self.submit(self._undo_cmd())

    def end_turn(self) -> None:
        from harmonies.rules import EndTurn
        if self.human_turn():
            self.submit(EndTurn())

    def toggle_hint(self) -> None:
        """H or the Hint button: ask for the turn the hard player would play, or put it away.

        It is planned off the frame loop; it is only ever shown, never played for the player.
        """
        if self.hint_on:
            self.drop_hint()
            return
        if not self.can_hint():
            return
        self.hint_wanted = True
        job = self.hint_job
        if job is None or job.version != self.version:
            self.hint_job = HintJob(self.game.clone(), self.version)
        self._update_hint()

    def drop_hint(self, forget: bool = False) -> None:
        """Hide the hint; ``forget`` also drops the planned answer (the game changed)."""
        self.hint = None
        self.hint_wanted = False
        self.hint_line = ""
        if forget:
            # the worker cannot be stopped; it finishes on its copy and its answer is ignored
            self.hint_job = None

    def _update_hint(self) -> None:
        job = self.hint_job
        if self.hint_btn is not None:
            self.hint_btn.primary = self.hint_on  # lit while the hint is on
        if job is None or not job.done or not self.hint_wanted:
            return
        if job.version != self.version:
            self.drop_hint(forget=True)
            return
        self.show_hint(job.commands)

    def show_hint(self, commands: list[Any]) -> None:
        """Put ``commands`` (what ``harmonies.ai.hint`` returned for this very position) on show."""
        plan = HintPlan.from_commands(commands)
        view = self.views[self.game.current]
        name = self.cardart.name if self.cardart is not None else str
        self.hint = plan
        self.hint_wanted = False
        self.hint_line = hint_text(plan, self.app.t, name, view.spirit)

    def pause(self) -> None:
        from .pause import PauseScene
        self.drag = None
        self.press = None
        self.drop_hint()
        self.app.scenes.push(PauseScene(self.app))

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.mouse = event.vpos
            if self.ui.handle(event, self.app):
                return None
            if event.type == pygame.MOUSEBUTTONDOWN:
                if event.button == 1:
                    self._press(event.vpos)
                elif event.button == 3:
                    self._cancel()
            elif event.type == pygame.MOUSEMOTION:
                self._motion(event.vpos)
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self._release(event.vpos)
            return None
        return event

    def _key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        from harmonies.rules import TakeTokens
        if event.key == pygame.K_ESCAPE:
            if self.drag is not None or self.selection is not None:
                self._cancel()
            elif self.hint_on:
                self.drop_hint()
            elif self.view_seat is not None:
                self.view_seat = None
            else:
                self.pause()
            return None
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            if self.can_undo():
                self.submit(self._undo_cmd())
            return None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.can_end():
                self.end_turn()
            return None
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if self.hint_on or self.can_hint():
                self.toggle_hint()
            return None
        if pygame.K_1 <= event.key <= pygame.K_5 and self.human_turn():
            self.submit(TakeTokens(event.key - pygame.K_1))
            return None
        return None

    def _cancel(self) -> None:
        self._return_drag()
        self.drag = None
        self.press = None
        self.selection = None

    def target_at(self, pos: Point) -> Target | None:
        L = self.layout
        assert L is not None
        g = self.game
        for i, r in enumerate(L.seat_panels):
            if inside(r, pos):
                return Target("seat", i)
        if self.must_choose_spirit():
            for cid, rect in self.spirit_choice_rects():
                if inside(rect, pos):
                    return Target("spirit", cid)
            return None
        for i, (cx, cy) in enumerate(L.spaces):
            if i < len(g.central) and g.central[i] and math.hypot(pos[0] - cx, pos[1] - cy) <= L.space_radius:
                return Target("space", i)
        for j, r in enumerate(L.slots):
            if inside(r, pos) and j < len(g.display) and g.display[j] is not None:
                return Target("slot", j)
        for j, r in enumerate(L.swap_btns):
            if inside(r, pos) and j < len(g.display) and g.display[j] is not None:
                return Target("swap", j)
        for i, (hx, hy) in enumerate(L.hand_slots):
            if i < len(g.hand) and math.hypot(pos[0] - hx, pos[1] - hy) <= HAND_R + 4:
                return Target("hand", i)
        if self.shown_seat == g.current:
            for i, (cid, spirit, _n) in enumerate(self.held_items(g.current)):
                if i < len(L.held_slots) and inside(L.held_slots[i], pos):
                    return Target("held", cid)
        cell = self.cell_at(pos)
        if cell is not None:
            return Target("cell", cell)
        return None

    def spirit_choice_rects(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        L = self.layout
        assert L is not None
        bx, by, bw, bh = L.board_box
        w, h = 190.0, 270.0
        ids = list(self.game.spirit_choices)
        gap = 30.0
        x0 = bx + (bw - (len(ids) * w + (len(ids) - 1) * gap)) / 2
        return [(cid, (x0 + i * (w + gap), by + 90, w, h)) for i, cid in enumerate(ids)]

    def _legal_for(self, target: Target) -> frozenset[Hex]:
        g = self.game
        if target.kind == "hand" and target.payload < len(g.hand):
            return frozenset(g.token_cells(g.hand[target.payload]))
        if target.kind == "held":
            return frozenset(g.cube_cells(target.payload))
        return frozenset()

    def _press(self, pos: Point) -> None:
        target = self.target_at(pos)
        if target is None:
            self.selection = None
            return
        self.press = (target, pos)

    def _motion(self, pos: Point) -> None:
        if self.drag is not None:
            self.drag.pos = pos
            return
        if self.press is None:
            return
        target, start = self.press
        if math.hypot(pos[0] - start[0], pos[1] - start[1]) < DRAG_START:
            return
        if not self.human_turn() or target.kind not in ("space", "slot", "hand", "held"):
            return
        if self.game.taken_tokens_this_turn and target.kind == "space":
            return
        self.drag = Drag(target, start, pos, self._legal_for(target), True)
        self.selection = None
        self.press = None

    def _release(self, pos: Point) -> None:
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self._drop(drag, pos)
            return
        if self.press is None:
            return
        target, _start = self.press
        self.press = None
        again = self.target_at(pos)
        if again is None or again != target:
            return
        self._click(target)

    def _click(self, target: Target) -> None:
        from harmonies.rules import ChooseSpirit, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens
        g = self.game
        if target.kind == "seat":
            self.view_seat = None if target.payload == g.current or target.payload == self.view_seat else target.payload
            self.selection = None
            return
        if not self.human_turn():
            return
        if target.kind == "spirit":
            self.submit(ChooseSpirit(target.payload))
        elif target.kind == "space":
            self.submit(TakeTokens(target.payload))
        elif target.kind == "slot":
            cid = g.display[target.payload]
            if cid is not None:
                self.submit(TakeCard(cid))
        elif target.kind == "swap":
            cid = g.display[target.payload]
            if cid is not None:
                self.submit(SoloSwap(cid))
        elif target.kind in ("hand", "held"):
            if self.selection is not None and self.selection.target == target:
                self.selection = None
                return
            legal = self._legal_for(target)
            self.selection = Selection(target, legal)
            if target.kind == "held" and not legal:
                self.say(self.app.t("play.no_habitat", name=self.cardart.name(target.payload) if self.cardart else ""))
        elif target.kind == "cell":
            sel = self.selection
            if sel is None:
                if g.hand:
                    self.say(self.app.t("play.pick_token"))
                return
            if sel.target.kind == "hand" and sel.target.payload < len(g.hand):
                self.submit(PlaceToken(g.hand[sel.target.payload], target.payload))
            elif sel.target.kind == "held":
                self.submit(PlaceCube(sel.target.payload, target.payload))

    def _drop(self, drag: Drag, pos: Point) -> None:
        from harmonies.rules import PlaceCube, PlaceToken, TakeCard, TakeTokens
        L = self.layout
        assert L is not None
        g = self.game
        kind = drag.target.kind
        on_own_area = inside(L.board_box, pos) or inside(L.held_panel, pos) or inside(L.hand_tray, pos)
        if kind == "space":
            if on_own_area:
                self.submit(TakeTokens(drag.target.payload))
            else:
                self._return_flyer(drag, pos)
            return
        if kind == "slot":
            cid = g.display[drag.target.payload] if drag.target.payload < len(g.display) else None
            if cid is not None and on_own_area:
                self.submit(TakeCard(cid))
            else:
                self._return_flyer(drag, pos)
            return
        cell = self.cell_at(pos)
        if cell is None:
            self._return_flyer(drag, pos)
            return
        if kind == "hand" and drag.target.payload < len(g.hand):
            cmd: Any = PlaceToken(g.hand[drag.target.payload], cell)
        elif kind == "held":
            cmd = PlaceCube(drag.target.payload, cell)
        else:
            return
        if not self.submit(cmd, dropped=True):
            self._return_flyer(drag, pos)

    def _return_flyer(self, drag: Drag, pos: Point) -> None:
        """A refused or misplaced drop slides back to where it came from."""
        L = self.layout
        assert L is not None
        t = drag.target
        if t.kind == "hand" and t.payload < len(self.game.hand):
            self.anims.add(Flyer("token", cname(self.game.hand[t.payload]), pos, L.hand_slots[t.payload], 0.22,
                                 hide=("hand", t.payload)))
        elif t.kind == "slot" and self.game.display[t.payload]:
            self.anims.add(Flyer("card", self.game.display[t.payload], pos, centre(L.slots[t.payload]), 0.22,
                                 hide=("slot", t.payload)))
        elif t.kind == "held":
            self.anims.add(Flyer("cube", t.payload, pos, self.held_pos(self.game.current, t.payload), 0.22))
        elif t.kind == "space":
            self.anims.add(Flyer("tokens", t.payload, pos, L.spaces[t.payload], 0.22, hide=("space", t.payload)))

    def _return_drag(self) -> None:
        if self.drag is not None:
            self._return_flyer(self.drag, self.drag.pos)

    # ------------------------------------------------------------------ the frame
    def card_under(self, pos: Point) -> tuple[str, bool, tuple[float, float, float, float]] | None:
        """(card id, is spirit, rect) of the card under ``pos`` (display or held), for the preview."""
        L = self.layout
        assert L is not None
        for j, r in enumerate(L.slots):
            if inside(r, pos) and j < len(self.game.display) and self.game.display[j] is not None:
                return (self.game.display[j], False, r)
        for i, (cid, spirit, _n) in enumerate(self.held_items(self.shown_seat)):
            if i < len(L.held_slots) and inside(L.held_slots[i], pos):
                return (cid, spirit, L.held_slots[i])
        return None

    def update(self, dt: float) -> None:
        card = self.card_under(self.app.mouse_virtual()) if self.drag is None else None
        if card == self.hover_card:
            self.hover_t += dt
        else:
            self.hover_card, self.hover_t = card, 0.0
        self.anims.update(dt)
        self._update_hint()
        if self.message_t > 0:
            self.message_t -= dt
        if self.game.over:
            self._update_ending(dt)
            return
        if not self.is_human(self.game.current):
            self._update_computer(dt)

    def _update_ending(self, dt: float) -> None:
        if self.ending is None:
            self.ending = 0.8
        if self.anims.busy:
            return
        self.ending -= dt
        if self.ending <= 0:
            from .scoring import ScoringScene
            self.ending = None
            self.app.scenes.replace(ScoringScene(self.app), {"game": self.game, "config": self.config,
                                                             "demo": self.demo, "exit_when_done": self.exit_when_done})
            self.ending = -1.0

    def _update_computer(self, dt: float) -> None:
        seat = self.game.current
        if self.planner is not None:
            if not self.planner.done:
                return
            self.queue = list(self.planner.commands)
            self.planner = None
            if not self.queue:
                self.ai_stalls += 1
        if not self.queue:
            if self.ai_stalls >= 3:
                import random
                self.queue = fallback_turn(self.game, random.Random(self.game.round * 31 + seat))
                self.ai_stalls = 0
            else:
                player = self.ai_players.get(seat) or make_seat_player("random", seat)
                self.ai_players[seat] = player
                self.planner = TurnPlanner(player, self.game.clone(), seed=self.game.round * 31 + seat)
                self.ai_wait = self._speed()[0] * 0.6
            return
        delay, _ = self._speed()
        if delay <= 0:
            # instant: play the whole planned turn in this frame
            while self.queue and not self.game.over and self.game.current == seat:
                if not self.submit(self.queue.pop(0)):
                    self.queue = []
                    self.ai_stalls += 1
            return
        if self.anims.busy:
            return
        self.ai_wait -= dt
        if self.ai_wait > 0:
            return
        cmd = self.queue.pop(0)
        if self.submit(cmd):
            self.ai_stalls = 0
        else:
            self.queue = []
            self.ai_stalls += 1
        self.ai_wait = delay

    @property
    def thinking(self) -> bool:
        return self.planner is not None and not self.planner.done

    def draw(self, surface: pygame.Surface) -> None:
        from ..play.view import draw_play
        draw_play(self, surface)
