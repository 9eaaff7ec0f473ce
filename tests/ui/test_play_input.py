"""Play-scene input details: refused drops, undo, end turn, viewing another board, pause."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies.catalogue import refusal_text
from harmonies.app.scenes.play import PlayScene
from harmonies.session import MatchConfig, Resume, Seat


@pytest.fixture
def play(app: Any) -> Driver:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("Ada"), Seat("Bo")), seed=21)))
    d = Driver(app)
    d.frames(2)
    assert d.top.name == "play"
    return d


def test_end_turn_is_disabled_until_legal(play: Driver) -> None:
    sc = play.top
    assert not play.widget("end").enabled
    play.press_widget("end")
    assert sc.game.history == ()


def test_refused_drop_returns_the_token_with_the_reason(play: Driver) -> None:
    from harmonies.rules import PlaceToken

    sc = play.top
    play.take_first_space()
    g = sc.game
    # a first token on an empty cell, then one that may not go on top of it
    play.drag(sc.layout.hand_slots[0], sc.big_layout().to_pixel(g.shape.cells[0]))
    play.settle()
    assert g.shape.cells[0] in g.player(0).stacks
    illegal = [c for c in g.hand if g.check(PlaceToken(c, g.shape.cells[0])) is not None]
    if not illegal:
        pytest.skip("every token in hand fits on that cell")
    i = list(sc.table.tray).index(illegal[0])
    n = len(g.hand)
    play.drag(sc.layout.hand_slots[i], sc.big_layout().to_pixel(g.shape.cells[0]))
    assert len(g.hand) == n, "a refused drop changed the hand"
    assert sc.message and sc.message_t > 0
    refusal = g.check(PlaceToken(illegal[0], g.shape.cells[0]))
    assert refusal is not None and refusal.code == "stack.not_allowed"
    # the line on screen is the refusal as the text catalogue words it, capitalised
    shown = refusal_text(play.app.catalogue, refusal)
    assert sc.message == shown[:1].upper() + shown[1:]
    assert sc.message.startswith(f"A {refusal.params['colour']} token may not go on {refusal.params['on']}")
    assert sc.anims.busy, "the token does not slide back"


def test_drop_off_the_board_changes_nothing(play: Driver) -> None:
    sc = play.top
    play.take_first_space()
    n = len(sc.game.history)
    play.drag(sc.layout.hand_slots[0], (700, 30))
    play.settle()
    assert len(sc.game.history) == n


def test_ctrl_z_and_the_undo_button(play: Driver) -> None:
    sc = play.top
    play.take_first_space()
    assert play.widget("undo").enabled
    play.key(pygame.K_z, pygame.KMOD_CTRL)
    assert not sc.game.taken_tokens_this_turn
    play.take_first_space()
    play.press_widget("undo")
    assert not sc.game.taken_tokens_this_turn
    assert not play.widget("undo").enabled


def test_highlights_come_from_the_rules(play: Driver) -> None:
    sc = play.top
    play.take_first_space()
    hx, hy = play.screen(sc.layout.hand_slots[0])
    play.post(pygame.MOUSEBUTTONDOWN, pos=(hx, hy), button=1)
    play.frames(1)
    play.post(pygame.MOUSEMOTION, pos=(hx + 30, hy - 40), rel=(30, -40), buttons=(1, 0, 0))
    play.frames(1)
    assert sc.drag is not None
    assert set(sc.drag.legal) == set(sc.game.token_cells(sc.game.hand[0]))
    play.key(pygame.K_ESCAPE)        # cancels the drag, does not pause
    assert sc.drag is None and play.top is sc


def test_click_other_board_to_view_it_and_back(play: Driver) -> None:
    sc = play.top
    panel = sc.layout.seat_panels[1]
    play.click((panel[0] + 20, panel[1] + 20))
    assert sc.shown_seat == 1
    assert not sc.human_turn()       # no moves on someone else's board
    play.key(pygame.K_ESCAPE)
    assert sc.shown_seat == 0


def test_escape_pauses_and_resume_returns(play: Driver) -> None:
    play.key(pygame.K_ESCAPE)
    play.frames(1)
    assert play.top.name == "pause"
    play.press_widget("resume")
    play.frames(1)
    assert play.top.name == "play"


def test_pause_restart_starts_a_fresh_game(play: Driver) -> None:
    play.take_first_space()
    play.key(pygame.K_ESCAPE)
    play.frames(1)
    play.press_widget("restart")
    play.frames(2)
    assert play.top.name == "dialog"        # a game in progress is never replaced unasked
    play.press_widget("go")
    play.frames(2)
    assert play.top.name == "play"
    assert play.top.game.history == ()


def test_resize_keeps_everything_inside(play: Driver) -> None:
    app = play.app
    for size in ((1920, 1080), (1280, 800), (1024, 768)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        play.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        play.frames(1)
        vp = app.vp
        assert vp.r((0, 0, 1280, 720)).right <= size[0] + 1
        assert vp.r((0, 0, 1280, 720)).bottom <= size[1] + 1
    # clicks still land after a resize: take tokens at the new scale
    play.take_first_space()


def test_a_new_game_never_shows_boards_cached_from_the_last_one(app: Any) -> None:
    from harmonies.app.smoke import meta_for, played_game

    old = played_game(2, 6, seed=1)
    app.scenes.push(PlayScene(app, Resume.from_saved(old, meta_for(old, 2))))
    app.step(0.0, events=[])
    first = app.scenes.top
    app.scenes.replace(PlayScene(app, MatchConfig((Seat("A"), Seat("B")), seed=2)))
    app.step(0.0, events=[])
    second = app.scenes.top
    assert second is not first and second.version != first.version
    # the small boards of the fresh game are empty: compare with an empty board drawn alone
    panel = app.vp.r(second.layout.mini_boxes[1])
    pixels = pygame.image.tobytes(app.window.subsurface(panel), "RGB")
    app.cache.clear()
    app.step(0.0, events=[])
    assert pygame.image.tobytes(app.window.subsurface(panel), "RGB") == pixels
