"""A touch screen works like the mouse (issue 49): a tap clicks, a finger drags a token, SDL's own mouse
copy of a touch (``touch=True``) does not act a second time, and a second finger does nothing."""

from __future__ import annotations

from typing import Any

import pygame
from ui_driver import Driver

from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.setup import SetupScene
from harmonies.session import MatchConfig, Seat


def _finger(d: Driver, kind: int, p: tuple[float, float], finger: int = 0, copy: bool = True) -> None:
    """A finger event at virtual ``p`` (normalised to the window), followed by SDL's mouse copy of it."""
    x, y = d.screen(p)
    w, h = d.app.window.get_size()
    d.post(kind, touch_id=1, finger_id=finger, x=x / w, y=y / h, dx=0.0, dy=0.0, pressure=1.0)
    mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP,
             pygame.FINGERMOTION: pygame.MOUSEMOTION}[kind]
    if copy:
        extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if mouse == pygame.MOUSEMOTION else {"button": 1}
        d.post(mouse, pos=(x, y), touch=True, **extra)
    d.frames(1)


def _tap(d: Driver, p: tuple[float, float]) -> None:
    _finger(d, pygame.FINGERDOWN, p)
    _finger(d, pygame.FINGERUP, p)


def _centre(rect: tuple[float, float, float, float]) -> tuple[float, float]:
    return (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)


def test_a_tap_presses_a_button_once(app: Any) -> None:
    d = Driver(app)
    app.scenes.push(SetupScene(app))
    d.frames(1)
    players = d.widget("players")
    right = (players.rect[0] + players.rect[2] - 5, players.rect[1] + players.rect[3] / 2)
    before = d.top.count
    _tap(d, right)
    assert d.top.count == before % 4 + 1, "a tap on the arrow steps the choice once, not twice"
    _tap(d, _centre(d.widget("back").rect))
    d.frames(1)
    assert d.top.name == "menu"


def test_a_second_finger_and_the_mouse_copies_do_nothing(app: Any) -> None:
    d = Driver(app)
    app.scenes.push(SetupScene(app))
    d.frames(1)
    players = d.widget("players")
    right = (players.rect[0] + players.rect[2] - 5, players.rect[1] + players.rect[3] / 2)
    before = d.top.count
    _finger(d, pygame.FINGERDOWN, (20, 20))
    _finger(d, pygame.FINGERDOWN, right, finger=1)
    _finger(d, pygame.FINGERUP, right, finger=1)
    _finger(d, pygame.FINGERUP, (20, 20))
    assert d.top.count == before
    d.post(pygame.MOUSEBUTTONDOWN, pos=d.screen(right), button=1, touch=True)
    d.frames(1)
    assert d.top.count == before


def test_a_finger_drags_a_token_onto_the_board(app: Any) -> None:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("Ada"), Seat("Bo")), seed=21)))
    d = Driver(app)
    d.frames(2)
    sc = d.top
    space = next(i for i, s in enumerate(sc.game.central) if s)
    _tap(d, sc.layout.spaces[space])
    d.settle()
    g = sc.game
    assert g.taken_tokens_this_turn
    start = sc.layout.hand_slots[0]
    target = sc.big_layout().to_pixel(g.shape.cells[0])
    n = len(g.hand)
    _finger(d, pygame.FINGERDOWN, start)
    for i in range(1, 5):
        p = (start[0] + (target[0] - start[0]) * i / 4, start[1] + (target[1] - start[1]) * i / 4)
        _finger(d, pygame.FINGERMOTION, p)
    _finger(d, pygame.FINGERUP, target)
    d.settle()
    assert len(g.hand) == n - 1 and g.shape.cells[0] in g.player(0).stacks
