"""Drives the real app with posted mouse and key events, as a player would."""

from __future__ import annotations

import random
from typing import Any

import pygame

from harmonies.rules import Game
from harmonies.app.play.sections import spirit_choice

Point = tuple[float, float]


class Driver:
    def __init__(self, app: Any) -> None:
        self.app = app

    def screen(self, p: Point) -> tuple[int, int]:
        pos: tuple[int, int] = self.app.vp.p(*p)
        return pos

    def frames(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.step(dt)

    def post(self, type_: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(type_, attrs))

    def click(self, p: Point) -> None:
        pos = self.screen(p)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(1)

    def drag(self, a: Point, b: Point, steps: int = 4) -> None:
        start, end = self.screen(a), self.screen(b)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frames(1)
        last = start
        for i in range(1, steps + 1):
            p = (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
            self.post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0))
            last = p
            self.frames(1)
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames(1)

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self.frames(1)

    @property
    def top(self) -> Any:
        return self.app.scenes.top

    def widget(self, name: str) -> Any:
        for w in self.top.ui.widgets:
            if getattr(w, "name", "") == name:
                return w
        raise AssertionError(f"no widget {name!r} on {self.top.name}")

    def press_widget(self, name: str, part: str = "centre") -> None:
        x, y, w, h = self.widget(name).rect
        if part == "left":
            self.click((x + w * getattr(self.widget(name), "label_w", 0) + h / 2, y + h / 2))
        else:
            self.click((x + w / 2, y + h / 2))

    def settle(self, limit: int = 400) -> None:
        """Let animations, scene changes and a screen's background indexing finish."""
        for _ in range(limit):
            top = self.top
            busy = getattr(top, "anims", None) is not None and top.anims.busy
            indexing = getattr(top, "indexing", None)
            if indexing is not None and not indexing.finished:
                assert indexing.wait(60)
                busy = True  # one more frame: the screen reads what the indexing wrote
            if not busy and not self.app.scenes.has_pending:
                return
            self.frames(1, 0.05)

    def past_handover(self) -> None:
        """Hot-seat: Continue shows the hand-over screen first; past its short grace, the player says ready."""
        if self.top.name == "handover":
            self.frames(8, 0.05)
            self.key(pygame.K_RETURN)
            self.frames(1)

    def take_first_space(self) -> None:
        """Click the first central space that holds tokens, as a player takes them."""
        sc = self.top
        space = next(i for i, s in enumerate(sc.game.central) if s)
        self.click(sc.layout.spaces[space])
        self.settle()
        assert sc.game.taken_tokens_this_turn


class MousePlayer:
    """Plays the current human turn with the mouse, choosing among the rules' legal commands."""

    def __init__(self, driver: Driver, seed: int) -> None:
        self.d = driver
        self.rng = random.Random(seed)
        self.turn = 0

    def act(self) -> Any:
        """Do one legal thing through the UI; returns the command meant."""
        from harmonies import rules as R

        sc = self.d.top
        g = sc.game
        L = sc.layout
        legal = g.legal_commands()
        by_type: dict[type, list[Any]] = {}
        for c in legal:
            by_type.setdefault(type(c), []).append(c)
        mode = self.rng.random() < 0.5      # alternate between dragging and clicking
        board_centre = (L.board_box[0] + L.board_box[2] / 2, L.board_box[1] + L.board_box[3] / 2)
        if R.ChooseSpirit in by_type:
            cmd = self.rng.choice(by_type[R.ChooseSpirit])
            rect = dict(spirit_choice.rects(sc.layout, sc.table))[cmd.spirit_id]
            self.d.click((rect[0] + rect[2] / 2, rect[1] + rect[3] / 2))
            return cmd
        if R.PlaceCube in by_type:
            cmd = self.rng.choice(by_type[R.PlaceCube])
            i = [cid for cid, _s, _n in sc.table.held_items(g.current)].index(cmd.card_id)
            card = L.held_slots[i]
            src = (card[0] + card[2] / 2, card[1] + card[3] / 2)
            dst = sc.big_layout().to_pixel(cmd.cell)
            if mode:
                self.d.drag(src, dst)
            else:
                self.d.click(src)
                self.d.click(dst)
            return cmd
        if R.TakeCard in by_type and not g.took_card_this_turn and self.rng.random() < 0.35:
            cmd = self.rng.choice(by_type[R.TakeCard])
            j = list(g.display).index(cmd.card_id)
            slot = L.slots[j]
            src = (slot[0] + slot[2] / 2, slot[1] + slot[3] / 2)
            if mode:
                self.d.drag(src, board_centre)
            else:
                self.d.click(src)
            return cmd
        if R.SoloSwap in by_type and self.rng.random() < 0.2:
            cmd = self.rng.choice(by_type[R.SoloSwap])
            j = list(g.display).index(cmd.card_id)
            b = L.swap_btns[j]
            self.d.click((b[0] + b[2] / 2, b[1] + b[3] / 2))
            self.d.click((b[0] + b[2] / 2, b[1] + b[3] / 2))    # the swap is final: the second click confirms it
            return cmd
        if R.TakeTokens in by_type:
            cmd = self.rng.choice(by_type[R.TakeTokens])
            src = L.spaces[cmd.space]
            if mode:
                self.d.drag(src, board_centre)
            else:
                self.d.click(src)
            return cmd
        if R.PlaceToken in by_type:
            cmd = self.rng.choice(by_type[R.PlaceToken])
            i = list(sc.table.tray).index(cmd.colour)     # the tray keeps its slots: a placed token leaves a gap
            src = L.hand_slots[i]
            dst = sc.big_layout().to_pixel(cmd.cell)
            if mode:
                self.d.drag(src, dst)
            else:
                self.d.click(src)
                self.d.click(dst)
            return cmd
        if R.EndTurn in by_type:
            if mode:
                self.d.press_widget("end")
            else:
                self.d.key(pygame.K_RETURN)
            return R.EndTurn()
        raise AssertionError(f"nothing to do: {legal}")


def first_slot(sc: Any) -> int:
    """The first slot of the tray under the board that still holds a token (a placed one leaves a gap)."""
    return next(i for i, c in enumerate(sc.table.tray) if c is not None)
def final_total(game: Game, seat: int = 0) -> int:
    """The final score of ``seat`` in a game that must be over."""
    assert game.outcome is not None, "the game is not over"
    return game.outcome.scores[seat].total


def assert_rules_scores(scoring: Any) -> None:
    """The scoresheet's totals and winners are the rules' own: those of the game as it stands and of its
    replay from the setup and the command log."""
    game = scoring.game
    assert game.over
    replayed = Game.replay(game.setup, game.history)
    assert replayed.outcome is not None
    assert [s.total for s in scoring.outcome.scores] == [s.total for s in replayed.outcome.scores]
    assert [s.total for s in scoring.outcome.scores] == [game.score(i).total for i in range(game.setup.players)]
    assert scoring.outcome.winners == replayed.outcome.winners
