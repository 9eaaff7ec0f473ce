"""Finished games from the menu: the list, opening a scoresheet, sorting, scrolling, the bests and clearing them."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

import pygame
import pytest

from harmonies.ai import play_random_game
from harmonies.app.app import App
from harmonies.app.scenes.final_boards import fit_layout, grid
from harmonies.app.scenes.finished import FinishedScene
from harmonies.app.scenes.finished_list import HEAD_H, ROW_H, Skipped
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.session import MatchConfig, SaveSlot
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.persist import Store
from harmonies.persist.index import INDEX_NAME, FinishedIndex
from harmonies.persist.summary import FinishedSummary
from harmonies.rules import Game, GameSetup, board_shape

from ui_driver import Driver, final_total

HUMAN = {"name": "Ann", "kind": "human", "level": "random"}
GAMES = [  # players, side, spirits, seed, computer level
    (1, "A", False, 1, ""), (2, "B", True, 2, "hard"), (3, "A", False, 3, "easy"), (1, "B", True, 4, ""),
    (2, "A", False, 5, "medium"),
]


@lru_cache(maxsize=None)
def game_of(players: int, side: str, spirits: bool, seed: int) -> Game:
    return play_random_game(GameSetup(players, side, spirits, seed), seed)


def fill(folder: Path, count: int = len(GAMES)) -> Store:
    store = Store(folder, durable=False)
    for day in range(count):
        players, side, spirits, seed, level = GAMES[day % len(GAMES)]
        seed += 100 * (day // len(GAMES))  # another game each time round: one game is recorded once
        seats = [HUMAN] + [{"name": f"Bot {i}", "kind": "computer", "level": level} for i in range(1, players)]
        when = f"2026-01-{day + 1:02d}T10:00:00+00:00"
        store.archive_finished(game_of(players, side, spirits, seed),
                               {"seats": seats, "started": when, "finished": when})
    return store


def menu_with_finished_games(tmp_path: Path) -> Driver:
    """The app on its menu, over a data folder holding a dozen finished games (:func:`fill`)."""
    fill(tmp_path / "data")
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
              saves=SaveSlot(tmp_path / "data"))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return Driver(app)


def indexed(d: Driver) -> FinishedScene:
    """The Finished games screen on top, once its background indexing has ended and the list shows it."""
    scene = d.top
    assert isinstance(scene, FinishedScene)
    assert scene.indexing is None or scene.indexing.wait(60)
    d.frames(1)
    return scene


def shown(scene: FinishedScene) -> list[FinishedSummary]:
    """The games on screen (the list reads no more than these)."""
    return [row for row in scene.list.shown if isinstance(row, FinishedSummary)]


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = menu_with_finished_games(tmp_path)
    d.press_widget("finished")
    indexed(d)
    yield d
    pygame.display.quit()


def test_menu_opens_the_list_newest_first(driver: Driver) -> None:
    scene = driver.top
    days = [g.finished[:10] for g in shown(scene)]
    assert days == [f"2026-01-{d:02d}" for d in range(len(GAMES), 0, -1)]
    assert scene.bests is not None and len(scene.bests.solo) == 2  # side A without spirit, side B with one


def test_keys_choose_a_game_and_enter_opens_its_scoresheet(driver: Driver) -> None:
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    chosen = shown(driver.top)[2]
    assert driver.top.list.selected == 2
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    sheet = driver.top
    assert isinstance(sheet, ScoringScene) and sheet.review and sheet.game.outcome is not None
    assert tuple(s.total for s in sheet.game.outcome.scores) == chosen.totals
    assert [s.name for s in sheet.config.seats] == [s.name for s in chosen.seats]
    assert [getattr(w, "name", None) for w in sheet.ui.widgets] == ["back", "boards", "review"]  # no Play again from the archive
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert isinstance(driver.top, FinishedScene) and driver.top.list.selected == 2
    driver.key(pygame.K_END)
    assert driver.top.list.selected == len(GAMES) - 1
    driver.key(pygame.K_HOME)
    assert driver.top.list.selected == 0


def test_a_click_on_a_row_opens_that_game(driver: Driver) -> None:
    scene = driver.top
    x, y, w, _ = scene.list.rect
    driver.click((x + w / 2, y + HEAD_H + ROW_H * 3.5))
    driver.frames(2)
    assert isinstance(driver.top, ScoringScene)
    assert driver.top.game.setup.seed == shown(scene)[3].seed
    driver.press_widget("back")
    driver.frames(2)
    assert isinstance(driver.top, FinishedScene)


def test_sort_by_score(driver: Driver) -> None:
    x, y, w, h = driver.widget("sort").rect
    driver.click((x + w - h / 2, y + h / 2))  # the right arrow of the choice
    scene = driver.top
    assert scene.sort == "score"
    tops = [g.top for g in shown(scene)]
    assert tops == sorted(tops, reverse=True) and len(tops) == len(GAMES)


@pytest.mark.slow
def test_long_list_scrolls_with_the_wheel_and_follows_the_keys(tmp_path: Path) -> None:
    fill(tmp_path / "many", 30)
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720")), saves=SaveSlot(tmp_path / "many"))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    d = Driver(app)
    d.press_widget("finished")
    lst = indexed(d).list
    assert lst.total == 30 and lst.page < 30 and len(lst.shown) == lst.page
    x, y, w, h = lst.rect
    d.post(pygame.MOUSEMOTION, pos=d.screen((x + w / 2, y + h / 2)), rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    d.frames(1)
    assert lst.top == 6
    d.key(pygame.K_PAGEDOWN)
    d.key(pygame.K_PAGEDOWN)
    assert lst.selected == 2 * lst.page and lst.top <= lst.selected < lst.top + lst.page
    d.key(pygame.K_END)
    assert lst.selected == 29 and lst.top == 30 - lst.page
    pygame.display.quit()


@pytest.mark.slow
def test_clearing_the_bests_asks_and_keeps_every_game(driver: Driver, tmp_path: Path) -> None:
    driver.press_widget("clear")
    assert driver.top.name == "dialog"
    driver.press_widget("no")
    assert isinstance(driver.top, FinishedScene) and driver.top.bests is not None and driver.top.bests.solo
    driver.press_widget("clear")
    driver.press_widget("yes")
    scene = driver.top
    assert isinstance(scene, FinishedScene) and scene.bests is not None
    assert scene.bests.solo == () and scene.bests.levels == () and scene.bests.cleared
    assert scene.list.total == len(GAMES)
    assert len(list((tmp_path / "data" / "finished").glob("*.json"))) == len(GAMES)
    assert not driver.widget("clear").enabled


def test_each_skipped_entry_is_a_row_of_its_own_and_none_is_opened(tmp_path: Path) -> None:
    fill(tmp_path / "data", 2)
    finished = tmp_path / "data" / "finished"
    (finished / "broken.json").write_text("{")
    os.mkfifo(finished / "pipe.json")  # read, it would wait for a writer forever
    (finished / "folder.json").mkdir()
    (finished / "zero.json").symlink_to("/dev/zero")  # read, it would never end
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720")), saves=SaveSlot(tmp_path / "data"))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    d = Driver(app)
    d.press_widget("finished")
    scene = indexed(d)
    assert scene.counts == (2, 4) and scene.list.total == 6  # two games, then one row per skipped entry
    assert scene.top_line() == (app.t("finished.skipped", n=4), True)
    skipped = [row for row in scene.list.shown[2:] if isinstance(row, Skipped)]
    assert len(skipped) == len(scene.list.shown[2:])
    assert [row.name for row in skipped] == ["broken.json", "folder.json", "pipe.json", "zero.json"]
    assert "a pipe (FIFO)" in skipped[2].reason and "/dev/zero, a device" in skipped[3].reason
    d.key(pygame.K_END)
    d.key(pygame.K_RETURN)  # a skipped entry opens nothing
    d.frames(1)
    assert d.top is scene and scene.list.chosen() is None and not d.widget("replay").enabled
    pygame.display.quit()


def test_without_a_data_folder_the_list_is_empty(app: App) -> None:
    d = Driver(app)
    d.press_widget("finished")
    d.frames(1)
    assert isinstance(d.top, FinishedScene) and d.top.list.total == 0 and d.top.list.shown == []
    d.key(pygame.K_RETURN)  # nothing to open: nothing happens
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    assert isinstance(d.top, MenuScene)


def test_the_scoresheet_of_a_solo_game_announces_a_beaten_best(tmp_path: Path) -> None:
    games = sorted((game_of(1, "A", False, seed) for seed in range(1, 7)), key=lambda g: final_total(g))
    worst, best = games[0], games[-1]
    assert final_total(worst) < final_total(best)
    slot = SaveSlot(tmp_path / "data")
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720")), saves=slot)
    app.start(MenuScene(app))
    d = Driver(app)
    config = MatchConfig.from_meta({"seats": [HUMAN]}, 1)

    def finish(game: Game, day: int) -> ScoringScene:
        when = f"2026-02-{day:02d}T10:00:00+00:00"
        meta = {**config.to_meta(), "started": when, "finished": when}
        slot.autosave(game, meta)  # as the play scene does after the last command: the game is archived
        app.scenes.reset(MenuScene(app))
        scene = ScoringScene(app, game, config)
        app.scenes.push(scene)
        d.frames(2)
        return scene

    first = finish(worst, 1)
    assert first.news is not None and first.news.previous is None
    better = finish(best, 2)
    assert better.news is not None
    assert (better.news.score, better.news.previous) == (final_total(best), final_total(worst))
    middle = games[1]
    assert final_total(middle) < final_total(best)
    assert finish(middle, 3).news is None  # a lower score beats nothing
    pygame.display.quit()


def test_the_boards_button_and_b_show_each_final_board(driver: Driver) -> None:
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    sheet = driver.top
    assert isinstance(sheet, ScoringScene) and not sheet.show_boards
    before = pygame.image.tobytes(driver.app.window, "RGB")
    driver.press_widget("boards")
    driver.frames(1)
    assert sheet.show_boards
    boards = pygame.image.tobytes(driver.app.window, "RGB")
    assert boards != before
    driver.key(pygame.K_b)
    driver.frames(1)
    assert not sheet.show_boards
    assert pygame.image.tobytes(driver.app.window, "RGB") != boards


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_board_fits_its_box_and_boxes_do_not_overlap(side: str, players: int) -> None:
    rect = (30.0, 20.0, 1220.0, 616.0)
    boxes = grid(players, rect, side)
    assert len(boxes) == players
    for i, (x, y, w, h) in enumerate(boxes):
        assert rect[0] <= x and x + w <= rect[0] + rect[2] + 1e-6 and rect[1] <= y and y + h <= rect[1] + rect[3] + 1e-6
        for (x2, y2, w2, h2) in boxes[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y
        layout = fit_layout(side, (x, y, w, h))
        for cell in board_shape(side).cells:
            for cx, cy in layout.corners(cell):
                assert x - 1e-6 <= cx <= x + w + 1e-6 and y - 1e-6 <= cy <= y + h + 1e-6
    # Three boards of the wide side B are larger two by two than in one row.
    if side == "B" and players == 3:
        assert len({b[1] for b in boxes}) == 2


@pytest.mark.slow
def test_export_copies_the_chosen_game_into_a_typed_folder(driver: Driver, tmp_path: Path) -> None:
    driver.key(pygame.K_DOWN)
    chosen = shown(driver.top)[1]
    driver.press_widget("export")
    dialog = driver.top
    assert dialog.name == "dialog" and dialog.text  # a folder is offered
    for _ in range(len(dialog.text)):
        driver.key(pygame.K_BACKSPACE)
    (tmp_path / "a file").write_text("")
    driver.post(pygame.TEXTINPUT, text=str(tmp_path / "a file" / "inside"))
    driver.frames(1)
    driver.key(pygame.K_RETURN)
    assert driver.top is dialog and dialog.page.error  # no folder can be made there: said, asked again
    assert dialog.text.endswith("inside")
    out = tmp_path / "new" / "folder"  # made as needed
    for _ in range(len(dialog.text)):
        driver.key(pygame.K_BACKSPACE)
    driver.post(pygame.TEXTINPUT, text=str(out))
    driver.frames(1)
    driver.key(pygame.K_RETURN)
    assert str(out / chosen.file) in " ".join(dialog.page.body)
    original = tmp_path / "data" / "finished" / chosen.file
    assert (out / chosen.file).read_bytes() == original.read_bytes()
    driver.key(pygame.K_RETURN)
    driver.frames(1)
    assert isinstance(driver.top, FinishedScene)


def _gated_menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, games: int,
                batch: int) -> tuple[Driver, threading.Semaphore]:
    """The menu over ``games`` finished games and no index, with an indexing that reads ``batch`` files a
    batch and only the files the test hands out (the semaphore, holding one batch at first)."""
    fill(tmp_path / "data", games)
    (tmp_path / "data" / INDEX_NAME).unlink(missing_ok=True)  # built while archiving: these tests want none
    monkeypatch.setattr("harmonies.persist.index._BATCH_FILES", batch)
    allowed = threading.Semaphore(batch)
    real = FinishedIndex._read

    def gated(self: FinishedIndex, name: str, mtime_ns: int) -> FinishedSummary:
        assert allowed.acquire(timeout=60)
        return real(self, name, mtime_ns)

    monkeypatch.setattr(FinishedIndex, "_read", gated)
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720")), saves=SaveSlot(tmp_path / "data"))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return Driver(app), allowed


def test_the_list_shows_games_while_the_index_is_built_and_ends_complete(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No index yet: the screen opens at once, says how far the indexing is, shows each batch as it lands
    (newest first) and answers the keys meanwhile; at the end every game is listed and the bests are read."""
    d, allowed = _gated_menu(tmp_path, monkeypatch, games=12, batch=3)
    d.press_widget("finished")
    scene = d.top
    assert isinstance(scene, FinishedScene) and scene.indexing is not None and not scene.indexing.finished
    deadline = time.monotonic() + 60
    # the batch is committed (and may be listed) a moment before its progress is reported: wait for both
    while (scene.list.total < 3 or scene.indexing.progress != (3, 12)) and time.monotonic() < deadline:
        d.frames(1, dt=0.3)  # the page is read again at most every RELOAD_EVERY seconds of frames
    newest = [f"2026-01-{day:02d}" for day in range(12, 9, -1)]
    assert [g.finished[:10] for g in shown(scene)] == newest  # the first batch, at the top
    assert scene.top_line() == (d.app.t("finished.indexing", k=3, n=12), False)
    assert scene.bests is None  # no index to count them from yet: they come with the whole index
    assert scene._best_lines(scene.bests) == [(d.app.t("finished.bests_indexing"), False)]
    d.key(pygame.K_DOWN)
    assert scene.list.selected == 1  # the list answers while the indexing goes on
    for _ in range(9):
        allowed.release()
    assert scene.indexing.wait(60)
    d.frames(1)
    assert scene.list.total == 12 and scene.indexing_progress is None
    assert [g.finished[:10] for g in shown(scene)] == [f"2026-01-{day:02d}" for day in range(12, 12 - len(shown(scene)), -1)]
    assert scene.top_line()[0].startswith(d.app.t("finished.count", n=12))
    assert scene.bests is not None and scene.bests.solo
    d.key(pygame.K_END)
    assert scene.list.selected == 11 and shown(scene)[-1].finished.startswith("2026-01-01")
    pygame.display.quit()


def test_leaving_the_screen_stops_the_indexing_and_the_next_opening_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d, allowed = _gated_menu(tmp_path, monkeypatch, games=6, batch=2)
    d.press_widget("finished")
    first = d.top
    deadline = time.monotonic() + 60
    while first.indexing.progress != (2, 6) and time.monotonic() < deadline:
        time.sleep(0.01)  # the first batch is in
    d.key(pygame.K_ESCAPE)  # while the second batch waits for its files
    assert isinstance(d.top, MenuScene)
    allowed.release(2)
    assert first.indexing.wait(60)  # it stopped after its batch...
    assert FinishedIndex(Store(tmp_path / "data").dirs, auto_refresh=False).count() == 4
    allowed.release(100)
    d.press_widget("finished")
    again = indexed(d)  # ...and the next opening reads only the two games left
    assert again.indexing is not None
    assert again.list.total == 6 and again.indexing.progress == (2, 2)
    pygame.display.quit()


def test_a_game_with_a_time_out_of_range_is_its_own_row_and_the_rest_is_listed(tmp_path: Path) -> None:
    fill(tmp_path / "data", 3)
    finished = tmp_path / "data" / "finished"
    victim = sorted(finished.glob("*.json"))[0]
    doc = json.loads(victim.read_text())
    doc["meta"]["finished"] = "9999-12-31T23:59:59-23:59"  # as an earlier version imported it
    poisoned = finished / "20300101-000000-1p-A-seed9.json"
    poisoned.write_text(json.dumps(doc))
    victim.unlink()
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720")), saves=SaveSlot(tmp_path / "data"))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    d = Driver(app)
    d.press_widget("finished")
    scene = indexed(d)
    assert scene.counts == (2, 1) and len(shown(scene)) == 2
    [row] = [r for r in scene.list.shown if isinstance(r, Skipped)]
    assert row.name == poisoned.name and "'meta.finished'" in row.reason and "out of range" in row.reason
    pygame.display.quit()
