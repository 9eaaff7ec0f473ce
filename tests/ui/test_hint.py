"""The Hint button: the hard player's turn for a human, planned off the frame loop, shown on the
board, never played, and thrown away as soon as the game moves on."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies.app.play.hint import HintPlan, hint_text
from harmonies.app.scenes.play import PlayScene
from harmonies.session import MatchConfig, Seat


@pytest.fixture
def play(app: Any) -> Driver:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("Ada"), Seat("Bo")), seed=21)))
    d = Driver(app)
    d.frames(2)
    assert d.top.name == "play"
    return d


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Hold every hint worker until the test opens the gate (an answer that comes late)."""
    import harmonies.ai as ai

    real = ai.hint
    opened = threading.Event()

    def slow_hint(game: Any) -> Any:
        opened.wait(30)
        return real(game)

    monkeypatch.setattr(ai, "hint", slow_hint)
    yield opened
    opened.set()


def _wait_for_hint(d: Driver) -> None:
    sc = d.top
    assert sc.hints.job is not None
    assert sc.hints.job.wait(60), "the hint worker never finished"
    d.frames(1)


def _board_pixels(d: Driver, cell: tuple[int, int]) -> bytes:
    """The window around a cell's centre (the ghost token and the outline land there)."""
    sc = d.top
    x, y = d.screen(sc.big_layout().to_pixel(cell))
    r = max(4, int(sc.app.vp.s(sc.big_layout().size) * 0.5))
    return pygame.image.tobytes(d.app.window.subsurface(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), "RGB")


def test_the_hint_button_shows_exactly_the_hard_players_turn(play: Driver) -> None:
    from harmonies.ai import hint
    from harmonies.rules import PlaceCube, PlaceToken, TakeCard, TakeTokens

    sc = play.top
    before = sc.game.to_json()
    history = sc.game.history
    expected = hint(sc.game)
    assert sc.game.history == history
    cells = sorted(sc.game.shape.cells)
    sc.anims.banners.clear()      # the fading turn banner crosses the top row
    play.frames(1)
    off = {c: _board_pixels(play, c) for c in cells}

    assert play.widget("hint").visible and play.widget("hint").enabled
    play.press_widget("hint")
    assert sc.hints.on
    _wait_for_hint(play)
    plan = sc.hints.plan
    assert plan is not None and list(plan.commands) == expected
    # the worker planned on a copy: the real game is exactly as it was
    assert sc.game.history == history and sc.game.to_json() == before

    takes = [c.space for c in expected if isinstance(c, TakeTokens)]
    assert plan.space == (takes[0] if takes else None)
    assert [(n.upper(), cell) for n, cell in plan.tokens] == [
        (c.colour.name, c.cell) for c in expected if isinstance(c, PlaceToken)]
    assert list(plan.cubes) == [(c.card_id, c.cell) for c in expected if isinstance(c, PlaceCube)]
    cards = [c.card_id for c in expected if isinstance(c, TakeCard)]
    assert plan.card == (cards[0] if cards else None)
    line = sc.hints.line.replace("\u00a0", " ")
    assert line.startswith("Hint:") and f"space {plan.space + 1}" in line

    # drawn on the board: the hinted cells change, every other cell stays as it was
    marked = {cell for _n, cell in plan.tokens} | {cell for _c, cell in plan.cubes}
    assert marked
    on = {c: _board_pixels(play, c) for c in cells}
    for c in cells:
        if c in marked:
            assert on[c] != off[c], f"hinted cell {c} shows nothing"
    far = [c for c in cells if all(abs(c[0] - m[0]) + abs(c[1] - m[1]) > 2 for m in marked)]
    assert far and [c for c in far if on[c] != off[c]] == []
    # and the space to take is ringed in the hint colour
    cx, cy = sc.layout.spaces[plan.space]
    ring = play.app.window.get_at(play.screen((cx + sc.layout.space_radius, cy)))
    assert tuple(ring)[:3] == tuple(play.app.theme.c("hint"))[:3]


def test_h_and_escape_put_the_hint_away_without_pausing(play: Driver) -> None:
    sc = play.top
    play.key(pygame.K_h)
    _wait_for_hint(play)
    assert sc.hints.plan is not None
    play.key(pygame.K_h)
    assert sc.hints.plan is None and not sc.hints.on
    play.key(pygame.K_h)          # same position: the answer is kept, it shows again at once
    assert sc.hints.plan is not None
    play.key(pygame.K_ESCAPE)
    assert sc.hints.plan is None and play.top is sc
    assert sc.game.history == ()  # a hint is never played


def test_a_hint_that_arrives_after_the_player_moved_is_dropped(play: Driver, gate: threading.Event) -> None:
    from harmonies.ai import hint
    from harmonies.rules import PlaceToken

    sc = play.top
    play.take_first_space()
    play.press_widget("hint")
    assert sc.hints.thinking
    play.frames(3)                # the frame loop runs on while the hint is planned
    assert sc.hints.thinking
    g = sc.game
    cell = g.token_cells(g.hand[0])[0]
    play.drag(sc.layout.hand_slots[0], sc.big_layout().to_pixel(cell))
    play.settle()
    assert isinstance(g.history[-1], PlaceToken)
    assert not sc.hints.on, "the player's move did not cancel the hint"
    gate.set()
    play.frames(3)
    assert sc.hints.plan is None and not sc.hints.on

    # asked again mid-turn, it plans what remains of this turn
    play.press_widget("hint")
    _wait_for_hint(play)
    assert sc.hints.plan is not None and list(sc.hints.plan.commands) == hint(g)
    assert sc.hints.plan.space is None and len(sc.hints.plan.tokens) == len(g.hand)


def test_undo_drops_the_hint(play: Driver) -> None:
    sc = play.top
    play.take_first_space()
    play.key(pygame.K_h)
    _wait_for_hint(play)
    assert sc.hints.plan is not None
    play.key(pygame.K_z, pygame.KMOD_CTRL)
    assert not sc.game.taken_tokens_this_turn
    assert sc.hints.plan is None and not sc.hints.on


def test_no_hint_on_a_computer_seats_turn(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from harmonies.session import ComputerSeat

    hold = threading.Event()
    real = ComputerSeat.next_commands

    def slow_plan(seat: Any, view: Any) -> Any:
        hold.wait(30)
        return real(seat, view)

    monkeypatch.setattr(ComputerSeat, "next_commands", slow_plan)   # the computer keeps thinking
    app.scenes.push(PlayScene(app, MatchConfig((Seat("Bo", "computer", "easy"), Seat("Ada")), seed=3)))
    d = Driver(app)
    d.frames(2)
    sc = d.top
    try:
        assert sc.game.current == 0 and sc.thinking
        assert not d.widget("hint").visible
        d.key(pygame.K_h)
        d.press_widget("hint")
        assert sc.hints.job is None and not sc.hints.on
    finally:
        hold.set()
    # The computer's turn finishes in its worker thread in real time, while frames are counted:
    # wait by the clock (and yield to the worker) rather than for a number of frames.
    deadline = time.perf_counter() + 30
    while sc.game.current != 1 and time.perf_counter() < deadline:
        d.frames(1)
        time.sleep(0.002)
    assert sc.game.current == 1
    assert d.widget("hint").visible and d.widget("hint").enabled


def test_the_hint_line_comes_from_the_catalogue(app: Any) -> None:
    from harmonies.rules import Colour, EndTurn, PlaceCube, PlaceToken, TakeCard, TakeTokens

    plan = HintPlan.from_commands([TakeTokens(1), TakeCard("fish"), PlaceToken(Colour.BLUE, (0, 0)),
                                   PlaceToken(Colour.GRAY, (1, 0)), PlaceCube("fish", (0, 0)), EndTurn()])
    line = hint_text(plan, app.t, lambda cid: cid.title(), None).replace("\u00a0", " ")
    assert line == ("Hint: take space 2, place the 2 tokens as shown, take the Fish card, "
                    "place a cube on the Fish")
    only_end = HintPlan.from_commands([EndTurn()])
    assert hint_text(only_end, app.t, str, None).replace("\u00a0", " ") == "Hint: end your turn"
    assert hint_text(HintPlan.from_commands([]), app.t, str, None) == app.t("hint.none")
