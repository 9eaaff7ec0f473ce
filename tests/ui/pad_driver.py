"""Plays through the real app with a virtual SDL game controller alone (``vpad.py``): buttons, triggers and
the left stick, each a real state change of the pad that SDL reports as its own events. Nothing is posted.

The player reads the game to DECIDE what to do (the rules' legal commands), then does it the way a pad
player does: the shoulders to the area, the d-pad to the thing, the stick over the board, A."""

from __future__ import annotations

import math
import random
from typing import Any

import pygame
import pytest
from ui_driver import Driver
from vpad import VirtualPad, skip_reason

from harmonies import rules as R
from harmonies.app.play.cursor import KeyCursor
from harmonies.app.play.places import (
    Cell, EndButton, Focus, HandToken, HeldCard, Slot, Space, SpiritOffer, Swap, UndoButton,
)

Hex = tuple[int, int]
#: How far the stick is pushed (of 32767), and the angle of each hex step on a flat-topped board.
REACH = 30000
_ANGLES = {(1, -1): 30.0, (0, -1): 90.0, (-1, 0): 150.0, (-1, 1): 210.0, (0, 1): 270.0, (1, 0): 330.0}


def plug(app: Any, **pad: Any) -> VirtualPad:
    """A virtual pad plugged into the running game (the test is skipped, saying why, where SDL cannot)."""
    reason = skip_reason()
    if reason is not None:
        pytest.skip(f"no virtual game controller here: {reason}")
    found = VirtualPad(**pad)
    Driver(app).frames(1)        # SDL tells the game the pad is plugged in; the game opens it
    assert found.id in app.pads.pads
    return found


def unplug(app: Any, pad: VirtualPad) -> None:
    pad.detach()
    Driver(app).frames(1)


def no_posted_input() -> None:
    """Fail if anything posted key or mouse events (the pad's games below must need none)."""
    assert not pygame.event.peek((pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                  pygame.MOUSEMOTION))


class Pad:
    """A virtual pad's buttons on whatever scene is on top."""

    def __init__(self, driver: Driver, pad: VirtualPad) -> None:
        self.d = driver
        self.pad = pad
        self.presses = 0

    def press(self, button: str) -> None:
        """Press and let go (a trigger: pull it all the way and let it go)."""
        self.presses += 1
        if button in ("lefttrigger", "righttrigger"):
            self.pad.axis(button, 32767)
            self.d.frames(1)
            self.pad.axis(button, -32768)
        else:
            self.pad.button(button, True)
            self.d.frames(1)
            self.pad.button(button, False)
        self.d.frames(1)

    def tilt(self, angle: float) -> None:
        """Push the left stick towards ``angle`` (degrees counter-clockwise from the right), then let it go."""
        self.presses += 1
        self.pad.axis("leftx", round(REACH * math.cos(math.radians(angle))))
        self.pad.axis("lefty", round(-REACH * math.sin(math.radians(angle))))
        self.d.frames(1)
        self.pad.axis("leftx", 0)
        self.pad.axis("lefty", 0)
        self.d.frames(1)

    def focused_name(self) -> str:
        focused = self.d.top.ui.focused
        return str(getattr(focused, "name", "")) if focused is not None else ""

    def focus_widget(self, name: str, limit: int = 30) -> None:
        """Down the d-pad through a widget scene until the widget ``name`` has the focus."""
        for _ in range(limit):
            if self.focused_name() == name:
                return
            self.press("dpdown")
        raise AssertionError(f"the d-pad never reached {name!r} on {self.d.top.name}")


def _area(stop: Focus | None) -> str:
    if isinstance(stop, (Slot, HeldCard)):
        return "cards"
    if isinstance(stop, (UndoButton, EndButton)):
        return "buttons"
    return type(stop).__name__


class PadPlayer(Pad):
    """Plays the current human turn with the pad, choosing among the rules' legal commands."""

    def __init__(self, driver: Driver, pad: VirtualPad, seed: int, card_rate: float = 0.4,
                 swap_rate: float = 0.25) -> None:
        super().__init__(driver, pad)
        self.rng = random.Random(seed)
        self.card_rate = card_rate
        self.swap_rate = swap_rate
        #: Undo with Y this many times (each time a token was placed), then place again.
        self.undos = 1

    @property
    def sc(self) -> Any:
        return self.d.top

    def focus(self) -> Focus | None:
        cursor: KeyCursor = self.sc.pointer.cursor
        return cursor.current()

    def ring_to(self, stop: Focus) -> None:
        """The shoulder button to the stop's area, then the d-pad along it, until the ring is on ``stop``."""
        for _ in range(len(self.sc.pointer.cursor.stops()) + 12):
            now = self.focus()
            if now == stop:
                return
            if now is None or isinstance(now, Cell) or _area(now) != _area(stop):
                self.press("rightshoulder")
            else:
                self.press("dpright")
        raise AssertionError(f"the pad never reached {stop} (stops: {self.sc.pointer.cursor.stops()})")

    def walk_to(self, cell: Hex) -> None:
        """The stick over the board from the ring's cell to ``cell``: each step towards the neighbour (on the
        board) nearest the goal."""
        lay = self.sc.big_layout()
        goal = lay.to_pixel(cell)
        for _ in range(40):
            now = self.focus()
            assert isinstance(now, Cell), f"the ring left the board: {now}"
            if now.cell == cell:
                return
            steps = [s for s in _ANGLES if (now.cell[0] + s[0], now.cell[1] + s[1]) in self.sc.table.cells]
            step = min(steps, key=lambda s: math.dist(lay.to_pixel((now.cell[0] + s[0], now.cell[1] + s[1])), goal))
            self.tilt(_ANGLES[step])
            assert self.focus() == Cell(now.seat, (now.cell[0] + step[0], now.cell[1] + step[1])), \
                f"the stick at {_ANGLES[step]}° did not move the ring from {now.cell} by {step}"
        raise AssertionError(f"the stick never reached {cell}")

    def use(self) -> None:
        self.press("a")
        self.d.settle()

    def act(self) -> R.Command:
        """Do one legal thing with the pad; returns the command meant."""
        cmd = self.choose(self.sc.game.legal_commands())
        self.do(cmd)
        return cmd

    def choose(self, legal: list[R.Command]) -> R.Command:
        """What a player might do among ``legal``: a spirit or a cube first, a card or a swap now and then."""
        by_type: dict[type, list[R.Command]] = {}
        for c in legal:
            by_type.setdefault(type(c), []).append(c)
        rates: dict[type, float] = {R.TakeCard: self.card_rate, R.SoloSwap: self.swap_rate}
        kinds = [k for k in (R.ChooseSpirit, R.PlaceCube, R.TakeCard, R.SoloSwap, R.TakeTokens, R.PlaceToken,
                             R.EndTurn) if k in by_type]
        assert kinds, f"nothing to do: {by_type}"
        kind = next((k for k in kinds if self.rng.random() < rates.get(k, 1.0)), kinds[-1])
        return self.rng.choice(by_type[kind])

    def do(self, cmd: R.Command) -> None:
        """``cmd`` done with the pad: the ring to the thing, A (and the stick over the board)."""
        g = self.sc.game
        if isinstance(cmd, R.ChooseSpirit):
            self.ring_to(SpiritOffer(cmd.spirit_id))
            self.use()
        elif isinstance(cmd, R.PlaceCube):
            self.ring_to(HeldCard(g.current, cmd.card_id))
            self.press("a")                 # chooses the card: the ring goes to a cell where a cube may go
            self.walk_to(cmd.cell)
            self.use()
        elif isinstance(cmd, R.TakeCard):
            self.ring_to(Slot(list(g.display).index(cmd.card_id)))
            self.use()
        elif isinstance(cmd, R.SoloSwap):
            self.ring_to(Swap(list(g.display).index(cmd.card_id)))
            self.use()
            self.use()      # the swap is final: the second A confirms it
        elif isinstance(cmd, R.TakeTokens):
            self.ring_to(Space(cmd.space))
            self.use()
        elif isinstance(cmd, R.PlaceToken):
            self._place(cmd)
            if self.undos:
                self.undos -= 1
                self.press("y")
                self.d.settle()
                assert g.history[-1] != cmd and cmd.colour in g.hand, "Y did not take the token back"
                self._place(cmd)
        elif isinstance(cmd, R.EndTurn):
            self.ring_to(EndButton())
            self.use()
        else:
            raise AssertionError(f"no way to do {cmd} with the pad")

    def _place(self, cmd: R.PlaceToken) -> None:
        self.ring_to(HandToken(self.sc.table.slots_of(cmd.colour)[0]))
        self.press("a")                     # chooses the token: the ring goes to the board
        self.walk_to(cmd.cell)
        self.use()
