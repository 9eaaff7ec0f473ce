"""Frames of an unchanged position ask the rules nothing, and drawing changes nothing.

What can be played (cards to take or swap, Undo, End turn, the cells of each token and cube) is read
from the rules once per change of the game, into the play screen's ``Table``; every section draws,
hit-tests and lists its stops from that.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies.app.play.places import EndButton, UndoButton
from harmonies.app.scenes.play import PlayScene
from harmonies.app.smoke import played_game, resume
from harmonies.rules import Game, GameSetup, TakeCard, TakeTokens

#: The rules' queries a screen could be tempted to ask while drawing.
QUERIES = ("check", "legal_commands", "cube_options", "cube_cells", "token_cells", "can_end_turn",
           "end_may_trigger", "score")


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """Counts the calls of the rules' queries from now on."""
    calls: Counter[str] = Counter()

    def counting(name: str) -> Callable[..., Any]:
        real = getattr(Game, name)

        def wrapper(self: Game, *args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return real(self, *args, **kwargs)
        return wrapper

    for name in QUERIES:
        monkeypatch.setattr(Game, name, counting(name))
    yield calls


def _start(app: Any, game: Game, humans: int = 1) -> tuple[Driver, PlayScene]:
    d = Driver(app)
    sc = PlayScene(app, resume(game, humans), demo=True)
    app.scenes.push(sc)
    d.settle()
    assert d.top is sc
    return d, sc


def _frames_with_the_pointer_moving(d: Driver, sc: PlayScene, n: int = 100) -> None:
    """``n`` frames while the pointer wanders over every part of the screen."""
    L = sc.layout
    points = [L.spaces[0], L.hand_slots[0], (L.slots[0][0] + 10, L.slots[0][1] + 10),
              (L.held_slots[0][0] + 10, L.held_slots[0][1] + 10), (L.board_box[0] + 250, L.board_box[1] + 220),
              (L.seat_panels[-1][0] + 20, L.seat_panels[-1][1] + 20), (L.undo_btn[0] + 5, L.undo_btn[1] + 5)]
    if L.swap_btns:
        points.append((L.swap_btns[0][0] + 5, L.swap_btns[0][1] + 5))
    for k in range(n):
        p = d.screen(points[k % len(points)])
        d.post(pygame.MOUSEMOTION, pos=p, rel=(1, 0), buttons=(0, 0, 0))
        d.frames(1)


@pytest.mark.slow
def test_a_turn_in_progress_asks_the_rules_nothing_per_frame(app: Any, asked: Counter[str]) -> None:
    game = played_game(2, 6, seed=12)
    game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
    d, sc = _start(app, game)
    d.key(pygame.K_TAB)                     # the keyboard ring is up
    d.key(pygame.K_TAB)
    first = sc.stops()[0].place
    assert not isinstance(first, (UndoButton, EndButton))
    sc.pointer.click(first)   # a token in hand is chosen: its cells light up
    asked.clear()
    _frames_with_the_pointer_moving(d, sc)
    sc.log.toggle()                         # the log in place of the scores
    _frames_with_the_pointer_moving(d, sc)
    assert sum(asked.values()) == 0, dict(asked)


def test_a_solo_turn_with_cards_and_swaps_asks_the_rules_nothing_per_frame(app: Any, asked: Counter[str]) -> None:
    game = played_game(1, 3, seed=4)
    d, sc = _start(app, game)
    asked.clear()
    _frames_with_the_pointer_moving(d, sc)
    assert sum(asked.values()) == 0, dict(asked)
    assert sc.table.can_swap or sc.table.can_take     # the display's state was read once, into the table


def test_the_spirit_choice_asks_the_rules_nothing_per_frame(app: Any, asked: Counter[str]) -> None:
    d, sc = _start(app, Game.new(GameSetup(players=1, spirits=True, seed=7)))
    assert sc.must_choose_spirit()
    asked.clear()
    _frames_with_the_pointer_moving(d, sc)
    assert sum(asked.values()) == 0, dict(asked)


def test_what_can_be_played_is_read_once_per_change(app: Any, asked: Counter[str]) -> None:
    game = played_game(2, 4, seed=3)
    d, sc = _start(app, game)
    card = next(cid for cid in sc.game.display if cid is not None)
    asked.clear()
    assert sc.submit(TakeCard(card))
    once = sum(asked.values())
    assert once > 0
    _frames_with_the_pointer_moving(d, sc, 30)
    assert sum(asked.values()) == once


def _state(sc: PlayScene) -> dict[str, Any]:
    """The scene's attributes as drawing could change them (the objects and what they hold)."""
    seen: dict[str, Any] = {}
    for name, value in vars(sc).items():
        seen[name] = (id(value), repr(value) if not callable(value) else "")
    for name in ("selection", "drag", "message", "message_t", "view_seat", "hover_card", "hover_t", "version"):
        seen[name] = repr(getattr(sc, name))
    seen["cursor"] = (sc.pointer.cursor.focus, sc.pointer.cursor.cell)
    seen["hints"] = repr(vars(sc.hints))
    seen["anims"] = repr(sc.anims)
    return seen


def test_drawing_the_play_screen_changes_nothing(app: Any) -> None:
    game = played_game(2, 6, seed=12)
    game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
    d, sc = _start(app, game)
    d.key(pygame.K_TAB)
    sc.log.toggle()
    before = _state(sc)
    for _ in range(3):
        sc.draw(app.window)
    assert _state(sc) == before
