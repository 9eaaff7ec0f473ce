"""Plays through the real app with posted key events only: Tab, Shift+Tab, the arrows, Enter and typing.

The player reads the game to DECIDE what to do (the rules' legal commands), then does it the way a
keyboard player does: Tab to the thing, the arrows over the board to the cell, Enter."""

from __future__ import annotations

import random
from typing import Any

import pygame
from ui_driver import Driver

from harmonies import rules as R
from harmonies.app.play.places import (
    Cell, EndButton, Focus, HandToken, HeldCard, Slot, Space, SpiritOffer, Swap, UndoButton,
)

Hex = tuple[int, int]


class Keys:
    """Key presses on whatever scene is on top."""

    def __init__(self, driver: Driver) -> None:
        self.d = driver

    def press(self, key: int, mod: int = 0) -> None:
        self.d.key(key, mod)

    def type(self, text: str) -> None:
        """Each character as a typed key: its KEYDOWN, the TEXTINPUT the system makes of it, its KEYUP."""
        for ch in text:
            self.d.post(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch, scancode=0)
            self.d.post(pygame.TEXTINPUT, text=ch)
            self.d.post(pygame.KEYUP, key=ord(ch), mod=0, unicode=ch, scancode=0)
            self.d.frames(1)

    def focused_name(self) -> str:
        focused = self.d.top.ui.focused
        return str(getattr(focused, "name", "")) if focused is not None else ""

    def tab_to_widget(self, name: str, limit: int = 30) -> None:
        """Tab through a widget scene until the widget ``name`` has the focus."""
        for _ in range(limit):
            if self.focused_name() == name:
                return
            self.press(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {name!r} on {self.d.top.name}")

    def tab_to_ring(self, want: Any) -> Any:
        """On the play screen, Tab until the keyboard ring is on ``want`` (a stop, or a kind of stop);
        the stop reached."""
        cursor = self.d.top.pointer.cursor
        for _ in range(len(cursor.stops()) + 1):
            now = cursor.current()
            if now == want or (isinstance(want, type) and isinstance(now, want)):
                return now
            self.press(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {want} (stops: {cursor.stops()})")


class KeyPlayer(Keys):
    """Plays the current human turn from the keyboard, choosing among the rules' legal commands."""

    def __init__(self, driver: Driver, seed: int, card_rate: float = 0.4, swap_rate: float = 0.25) -> None:
        super().__init__(driver)
        self.rng = random.Random(seed)
        self.card_rate = card_rate
        self.swap_rate = swap_rate
        self.keys = 0
        #: Undo through the ring's Undo stop this many times (each time a token was placed), then place again.
        self.undos = 1

    def press(self, key: int, mod: int = 0) -> None:
        self.keys += 1
        super().press(key, mod)

    @property
    def sc(self) -> Any:
        return self.d.top

    def focus(self) -> Focus | None:
        current: Focus | None = self.sc.pointer.cursor.current()
        return current

    def tab_to(self, stop: Focus) -> None:
        """Tab (forward) until the keyboard ring is on ``stop``."""
        self.tab_to_ring(stop)

    def walk_to(self, cell: Hex) -> None:
        """The arrows over the board from the ring's cell to ``cell``: across first, then up or down."""
        lay = self.sc.big_layout()
        for _ in range(40):
            now = self.focus()
            assert isinstance(now, Cell), f"the ring left the board: {now}"
            if now.cell == cell:
                return
            (x0, y0), (x1, y1) = lay.to_pixel(now.cell), lay.to_pixel(cell)
            if abs(x1 - x0) > 0.75 * lay.size:
                self.press(pygame.K_RIGHT if x1 > x0 else pygame.K_LEFT)
            else:
                self.press(pygame.K_DOWN if y1 > y0 else pygame.K_UP)
            assert self.focus() != now, f"an arrow key did not move the ring from {now.cell} towards {cell}"
        raise AssertionError(f"the arrows never reached {cell}")

    def use(self, key: int = pygame.K_SPACE) -> None:
        self.press(key)
        self.d.settle()

    def act(self) -> R.Command:
        """Do one legal thing with the keys; returns the command meant."""
        g = self.sc.game
        by_type: dict[type, list[R.Command]] = {}
        for c in g.legal_commands():
            by_type.setdefault(type(c), []).append(c)
        if R.ChooseSpirit in by_type:
            cmd = self.rng.choice(by_type[R.ChooseSpirit])
            assert isinstance(cmd, R.ChooseSpirit)
            self.tab_to(SpiritOffer(cmd.spirit_id))
            self.use()
            return cmd
        if R.PlaceCube in by_type:
            cmd = self.rng.choice(by_type[R.PlaceCube])
            assert isinstance(cmd, R.PlaceCube)
            self.tab_to(HeldCard(self.sc.game.current, cmd.card_id))
            self.press(pygame.K_SPACE)         # chooses the card: the ring goes to a cell where a cube may go
            self.walk_to(cmd.cell)
            self.use(pygame.K_SPACE)
            return cmd
        if R.TakeCard in by_type and self.rng.random() < self.card_rate:
            cmd = self.rng.choice(by_type[R.TakeCard])
            assert isinstance(cmd, R.TakeCard)
            self.tab_to(Slot(list(g.display).index(cmd.card_id)))
            self.use()
            return cmd
        if R.SoloSwap in by_type and self.rng.random() < self.swap_rate:
            cmd = self.rng.choice(by_type[R.SoloSwap])
            assert isinstance(cmd, R.SoloSwap)
            self.tab_to(Swap(list(g.display).index(cmd.card_id)))
            self.use()
            self.use()      # the swap is final: the second Space confirms it
            return cmd
        if R.TakeTokens in by_type:
            cmd = self.rng.choice(by_type[R.TakeTokens])
            assert isinstance(cmd, R.TakeTokens)
            self.tab_to(Space(cmd.space))
            self.use()
            return cmd
        if R.PlaceToken in by_type:
            cmd = self.rng.choice(by_type[R.PlaceToken])
            assert isinstance(cmd, R.PlaceToken)
            self._place(cmd)
            if self.undos:
                self.undos -= 1
                self.tab_to(UndoButton())
                self.use()
                assert g.history[-1] != cmd and cmd.colour in g.hand, "Undo by the ring did not take the token back"
                self._place(cmd)
            return cmd
        if R.EndTurn in by_type:
            self.tab_to(EndButton())
            self.use()
            return R.EndTurn()
        raise AssertionError(f"nothing to do: {by_type}")

    def _place(self, cmd: R.PlaceToken) -> None:
        self.tab_to(HandToken(list(self.sc.table.tray).index(cmd.colour)))
        self.press(pygame.K_SPACE)         # chooses the token: the ring goes to the board
        self.walk_to(cmd.cell)
        self.use()
