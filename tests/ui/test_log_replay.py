"""The game log on the play screen and the replay viewer, driven by posted mouse and key events."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from harmonies.app import paint
from harmonies.app.play.logpanel import HEAD_H, ROW_H
from harmonies.app.play.sections.log import touched
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.replay import ReplayScene
from harmonies.app.smoke import meta_for, played_game
from harmonies.catalogue import english
from harmonies.rules import Game
from harmonies.session import Resume
from harmonies.session.log import entry_text, log_of

from test_finished_ui import menu_with_finished_games
from textfit import drawn_texts
from ui_driver import Driver


def _state(g: Game) -> tuple[object, ...]:
    seats = range(g.setup.players)
    return (len(g.history), g.current, g.round, g.over, g.central, g.display, g.hand, g.deck_size, g.pouch_size,
            tuple(g.player(i) for i in seats), tuple(g.score(i) for i in seats))


def _resumed(app: Any, game: Game) -> Driver:
    app.scenes.push(PlayScene(app, Resume.from_saved(game, meta_for(game, game.setup.players))))
    d = Driver(app)
    d.frames(2)
    d.settle()
    assert d.top.name == "play"
    return d


def _row_point(rect: tuple[float, float, float, float], i: int) -> tuple[float, float]:
    return (rect[0] + 60, rect[1] + HEAD_H + ROW_H * (i + 0.5))


def _viewer_row_point(viewer: ReplayScene, i: int) -> tuple[float, float]:
    """The middle of the viewer's log line ``i`` (its lines follow the viewer's text size)."""
    x, y, _w, _h = viewer.log_rect()
    return (x + 60, y + viewer.log.head_h + viewer.log.row_h * (i + 0.5))


def test_the_log_is_made_from_the_command_log_on_continue_and_follows_play(app: Any) -> None:
    game = played_game(2, 6, seed=3)
    played = len(game.history)
    d = _resumed(app, game)
    sc = d.top
    names = [s.name for s in sc.config.seats]
    words = [entry_text(english(), e, names, game.cards) for e in log_of(game).entries]
    shown = [row.text for row in sc.log.rows if row.entry is not None]
    assert shown == words[::-1]  # every action, newest first
    # playing a command adds its line at the top; Undo takes it away
    space = next(i for i, s in enumerate(sc.game.central) if s)
    d.click(sc.layout.spaces[space])
    first = next(r for r in sc.log.rows if r.entry is not None)
    assert first.entry.key == "take_tokens" and first.entry.step == played
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert next(r for r in sc.log.rows if r.entry is not None).text == words[-1]


def test_l_shows_the_log_keys_and_wheel_scroll_it_and_pointing_rings_the_cell(app: Any) -> None:
    d = _resumed(app, played_game(3, 9, seed=5))
    sc = d.top
    rect = sc.layout.log_panel
    assert not sc.log.shown
    d.key(pygame.K_l)
    assert sc.log.shown and sc.log.top == 0
    d.key(pygame.K_DOWN)
    assert sc.log.top == 1
    d.key(pygame.K_END)
    assert sc.log.top == len(sc.log.rows) - sc.log.page(rect)
    d.key(pygame.K_HOME)
    assert sc.log.top == 0
    d.key(pygame.K_PAGEDOWN)
    assert sc.log.top == sc.log.page(rect)
    d.key(pygame.K_HOME)
    middle = (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2)
    d.post(pygame.MOUSEMOTION, pos=d.screen(middle), rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=-1)
    d.frames(1)
    assert sc.log.top == 3
    d.post(pygame.MOUSEWHEEL, x=0, y=2)
    d.frames(1)
    assert sc.log.top == 0
    # pointing at a token's line rings the cell it went on, on the board where it is drawn
    i = next(i for i, r in enumerate(sc.log.visible(rect)) if r.entry is not None and r.entry.cell is not None)
    d.post(pygame.MOUSEMOTION, pos=d.screen(_row_point(rect, i)), rel=(0, 0), buttons=(0, 0, 0))
    d.frames(1)
    row = sc.log.visible(rect)[i]
    mark = touched(sc.layout, sc.frame(), row)
    assert mark is not None and mark[0] == sc.cell_pos(row.entry.seat, row.entry.cell)
    # the button swaps back to the scores
    d.press_widget("log")
    assert not sc.log.shown
    d.press_widget("log")
    assert sc.log.shown


def test_the_viewer_from_the_pause_menu_equals_a_replay_at_every_step(app: Any) -> None:
    game = played_game(2, 5, seed=8, spirits=True)
    d = _resumed(app, game)
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "pause"
    d.press_widget("replay")
    viewer = d.top
    assert isinstance(viewer, ReplayScene)
    n = len(game.history)
    assert viewer.replay.step == n
    for k in range(n, -1, -1):
        assert _state(viewer.replay.game) == _state(Game.replay(game.setup, game.history[:k], game.cards)), k
        # the log in step: its newest action is the last command played
        newest = next((r.entry for r in viewer.log.rows if r.entry is not None), None)
        assert (newest.step if newest is not None else -1) == k - 1
        d.key(pygame.K_LEFT)
    assert viewer.replay.step == 0
    for k in range(1, n + 1):
        d.key(pygame.K_RIGHT)
        assert _state(viewer.replay.game) == _state(Game.replay(game.setup, game.history[:k], game.cards)), k
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "pause"


def test_viewer_turns_buttons_and_jumping_from_the_log(app: Any) -> None:
    game = played_game(2, 0, seed=4, finish=True, level="easy")
    app.scenes.reset(MenuScene(app))
    app.scenes.push(ReplayScene(app, game.setup, game.history, ["Ann", "Bob"], game.cards))
    d = Driver(app)
    d.frames(2)
    viewer = d.top
    starts = viewer.replay.turn_starts()
    assert viewer.replay.game.over
    d.press_widget("start")
    assert viewer.replay.step == 0
    d.press_widget("turn_forward")
    assert viewer.replay.step == starts[1]
    d.key(pygame.K_PAGEDOWN)
    assert viewer.replay.step == starts[2]
    d.key(pygame.K_DOWN)
    assert viewer.replay.step == starts[3]
    d.press_widget("forward_one")
    assert viewer.replay.step == starts[3] + 1
    d.press_widget("turn_back")
    assert viewer.replay.step == starts[3]
    d.key(pygame.K_UP)
    assert viewer.replay.step == starts[2]
    d.press_widget("back_one")
    assert viewer.replay.step == starts[2] - 1
    d.key(pygame.K_END)
    assert viewer.replay.step == len(game.history)
    # a click on a turn's heading goes to the start of that turn; on an action, to just after it
    log_rect = viewer.log_rect()
    heading = next(i for i, r in enumerate(viewer.log.visible(log_rect)) if r.entry is None and i > 0)
    turn = viewer.log.visible(log_rect)[heading].turn
    d.click(_viewer_row_point(viewer, heading))
    assert viewer.replay.step == turn.first_step
    row = viewer.log.visible(log_rect)[2]
    assert row.entry is not None
    d.click(_viewer_row_point(viewer, 2))
    assert viewer.replay.step == row.entry.step + 1
    d.press_widget("close")
    d.frames(1)
    assert d.top.name == "menu"


def test_replay_opens_from_the_finished_games_list(tmp_path: Path) -> None:
    d = menu_with_finished_games(tmp_path)
    try:
        d.press_widget("finished")
        assert d.top.indexing.wait(60)
        d.frames(1)
        listed = d.top.list.chosen()
        d.key(pygame.K_r)
        viewer = d.top
        assert isinstance(viewer, ReplayScene) and viewer.replay.game.over
        assert viewer.names[0] == "Ann" and len(viewer.names) == len(listed.seats)
        d.key(pygame.K_ESCAPE)
        d.press_widget("replay")
        assert isinstance(d.top, ReplayScene)
    finally:
        pygame.display.quit()


def test_the_log_is_worded_again_when_the_language_changes() -> None:
    from harmonies.app.play.logpanel import LogPanel
    from harmonies.catalogue import Catalogue

    game = played_game(2, 2, seed=6)
    english_words = english()
    other = Catalogue({"log.end_turn": "{name} a fini son tour"}, "fr", fallback=english_words)
    now = [english_words]
    panel = LogPanel(game.setup, game.cards, ["Ann", "Bob"], lambda: now[0])
    panel.follow(game.history)
    assert "Ann ended the turn" in [r.text for r in panel.rows]
    now[0] = other
    panel.follow(game.history)
    assert "Ann a fini son tour" in [r.text for r in panel.rows]


def test_every_log_line_is_drawn_at_one_size_and_a_cut_one_shows_whole_when_pointed_at(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    d = _resumed(app, played_game(2, 6, seed=12))
    sc = d.top
    sc.log.toggle()
    d.frames(1)
    rect = sc.layout.log_panel
    i = next(i for i, r in enumerate(sc.log.visible(rect)) if r.entry is not None)
    long_text = sc.log.visible(rect)[i].text + ", and then a great many more words than the panel can hold on one line"
    sc.log.rows[sc.log.top + i] = replace(sc.log.rows[sc.log.top + i], text=long_text)
    sizes: list[float] = []
    real = paint.text

    def record(surface: pygame.Surface, app_: Any, s: str, pos: Any, px: float, *args: Any, **kw: Any) -> Any:
        if s.endswith("…"):
            sizes.append(px)
        return real(surface, app_, s, pos, px, *args, **kw)

    monkeypatch.setattr(paint, "text", record)
    d.frames(1)
    assert sizes == [14]                                          # cut, not shrunk
    d.post(pygame.MOUSEMOTION, pos=d.screen(_row_point(rect, i)), rel=(0, 0), buttons=(0, 0, 0))
    d.frames(1)
    words = drawn_texts(monkeypatch, lambda: app.step(1 / 60, events=[]))
    assert set(long_text.split()) <= {w for t in words for w in t.split()}   # the whole line, on its card
