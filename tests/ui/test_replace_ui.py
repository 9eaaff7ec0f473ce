"""A game in progress is never replaced without asking, and the replaced one can be continued (issue 30, point 2)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_saves_ui import make_app
from ui_driver import Driver

from harmonies.ai import play_random_game
from harmonies.app.app import App
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.session import MatchConfig, SaveSlot, Seat
from harmonies.persist import Store
from harmonies.rules import Game, GameSetup

SEATS = {"seats": [{"name": "Ada", "kind": "human", "level": "random"},
                   {"name": "Bo", "kind": "human", "level": "random"}]}


def game_in_progress(seed: int = 5, actions: int = 7) -> Game:
    game = Game.new(GameSetup(players=2, seed=seed))
    for _ in range(actions):
        assert game.apply(game.legal_commands()[0]).ok
    return game


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def saved(folder: Path) -> Iterator[dict[str, Any]]:
    """A data folder holding a game in progress, as a previous run left it."""
    game = game_in_progress()
    Store(folder).autosave(game, SEATS)
    yield game.to_json()
    pygame.display.quit()


def on_disk(folder: Path) -> Any:
    loaded = Store(folder).load_autosave()
    return None if loaded is None else loaded.game.to_json()


def test_with_a_game_in_progress_the_menu_focuses_continue(folder: Path, saved: Any) -> None:
    d = Driver(make_app(SaveSlot(folder)))
    assert d.top.ui.focused is d.widget("continue") and d.widget("continue").primary


def test_enter_enter_from_the_menu_continues_and_never_replaces_the_game(folder: Path, saved: Any) -> None:
    d = Driver(make_app(SaveSlot(folder)))
    d.key(pygame.K_RETURN)
    d.frames(1)
    d.key(pygame.K_RETURN)
    d.frames(2)
    d.past_handover()                             # a hot-seat game: the hand-over screen comes first
    assert d.top.name == "play" and d.top.game.to_json() == saved
    assert on_disk(folder) == saved


def test_new_game_asks_and_back_changes_nothing(folder: Path, saved: Any) -> None:
    d = Driver(make_app(SaveSlot(folder)))
    d.press_widget("new")
    d.frames(1)
    assert d.top.name == "dialog" and d.top.purpose == "new"
    d.key(pygame.K_RETURN)                        # the dialog's first focus is Back
    d.frames(1)
    assert d.top.name == "menu" and on_disk(folder) == saved


def new_game_from_the_menu(d: Driver) -> None:
    d.press_widget("new")
    d.frames(1)
    d.press_widget("go")
    d.frames(1)
    assert d.top.name == "setup"
    d.top.seats[1]["kind"] = "human"
    d.top.seats[0]["name"], d.top.seats[1]["name"] = "Cy", "Di"
    d.press_widget("start")
    d.frames(2)
    assert d.top.name == "play"


def test_the_replaced_game_is_listed_by_continue_and_replays_exactly(folder: Path, saved: Any) -> None:
    app = make_app(SaveSlot(folder))
    d = Driver(app)
    new_game_from_the_menu(d)
    d.key(pygame.K_1)                             # one action: a game with none is not worth keeping
    d.settle()
    new = d.top.game.to_json()
    assert on_disk(folder) == new
    d.key(pygame.K_ESCAPE)
    d.press_widget("menu")                        # every action saved: no question
    d.frames(1)
    assert d.top.name == "menu"
    d.press_widget("continue")
    d.frames(1)
    assert d.top.name == "games"
    rows = [w for w in d.top.ui.widgets if w.name.startswith("game")]
    assert len(rows) == 2
    assert "Cy, Di" in rows[0].label() and "Ada, Bo" in rows[1].label()          # newest first
    assert "round 1" in rows[1].label()
    d.press_widget("game1")
    d.frames(2)
    d.past_handover()
    assert d.top.name == "play" and d.top.game.to_json() == saved
    assert [s.name for s in d.top.config.seats] == ["Ada", "Bo"]
    assert on_disk(folder) == saved               # it is the game in progress again; the new one is kept
    assert {g.names: g.current for g in app.saves.games()} == {("Ada", "Bo"): True, ("Cy", "Di"): False}


@pytest.mark.slow
def test_restart_asks_and_keeps_the_restarted_game(folder: Path, saved: Any) -> None:
    app = make_app(SaveSlot(folder))
    d = Driver(app)
    d.key(pygame.K_RETURN)                        # Continue
    d.frames(2)
    d.past_handover()
    d.key(pygame.K_ESCAPE)
    d.press_widget("restart")
    d.frames(1)
    assert d.top.name == "dialog" and d.top.purpose == "restart"
    d.press_widget("back")
    d.frames(1)
    assert d.top.name == "play" and d.top.game.to_json() == saved
    d.key(pygame.K_ESCAPE)
    d.press_widget("restart")
    d.frames(1)
    d.press_widget("go")
    d.frames(2)
    assert d.top.name == "play" and d.top.game.history == ()
    kept = [g for g in app.saves.games() if not g.current]
    assert len(kept) == 1 and kept[0].commands == len(saved["commands"])
    # with nothing played yet there is nothing to lose: Restart deals again at once
    first = d.top
    d.key(pygame.K_ESCAPE)
    d.press_widget("restart")
    d.frames(2)
    assert d.top.name == "play" and d.top is not first and d.top.game.history == ()
    assert [g for g in app.saves.games() if not g.current] == kept


def scoring(app: App) -> Driver:
    game = play_random_game(GameSetup(players=2, seed=54), 54)
    app.saves.autosave(game, SEATS)               # the end of a game: archived, nothing left in progress
    app.scenes.reset(MenuScene(app))
    app.scenes.push(ScoringScene(app, game, MatchConfig((Seat("Ada"), Seat("Bo")))))
    d = Driver(app)
    d.frames(1)
    assert d.top.name == "scoring"
    return d


def test_play_again_after_a_finished_game_does_not_ask(folder: Path) -> None:
    app = make_app(SaveSlot(folder))
    d = scoring(app)
    assert not app.saves.has_current()
    d.press_widget("again")
    d.frames(2)
    assert d.top.name == "play" and d.top.game.history == ()
    pygame.display.quit()


def test_play_again_asks_when_another_game_is_in_progress(folder: Path, saved: Any) -> None:
    app = make_app(SaveSlot(folder))
    d = scoring(app)
    assert app.saves.has_current()                # the game of the fixture, still in progress
    d.press_widget("again")
    d.frames(1)
    assert d.top.name == "dialog" and d.top.purpose == "again"
    d.press_widget("go")
    d.frames(2)
    assert d.top.name == "play" and d.top.game.history == ()
    kept = [g for g in app.saves.games() if not g.current]
    assert len(kept) == 1 and kept[0].names == ("Ada", "Bo")
