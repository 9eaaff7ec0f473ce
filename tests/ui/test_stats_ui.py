"""Statistics, from Finished games: opened by its button or S, its charts switched by tabs, 1-4 and
Left/Right, its filters by clicks and keys, Back and Esc; and each chart drawn inside its rectangle with
no game, one game and many, in three languages at two window sizes."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from harmonies.app.app import App
from harmonies.app import charts
from harmonies.app.navigation import OpenFinished
from harmonies.app.scenes.finished import FinishedScene
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes import stats as stats_scene
from harmonies.app.scenes.stats import CHART_RECT, CHARTS, TABS_RECT, StatsScene, tab_rect
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.persist.bests import LevelRecord
from harmonies.persist.index import FinishedIndex
from harmonies.persist.stats import NO_STATS, Averages, Stats, group_scores, suns_counts
from harmonies.persist.summary import CATEGORIES
from harmonies.rules import rules_data
from harmonies.session import SaveSlot

from ui_driver import Driver

HISTORY = Path(__file__).resolve().parents[1] / "data" / "stats_history"


def app_over(folder: Path | None, size: str = "1280x720", language: str = "en") -> App:
    app = App(settings_store=MemorySettingsStore(Settings(window=size, ai_speed="instant")),
              saves=SaveSlot(folder) if folder is not None else SaveSlot(enabled=False), language=language)
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return app


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    """The Finished games screen over the history of tests/data/stats_history, indexed."""
    shutil.copytree(HISTORY / "finished", tmp_path / "finished")
    d = Driver(app_over(tmp_path))
    d.app.navigate.push(OpenFinished())
    d.frames(1)
    d.settle()
    assert isinstance(d.top, FinishedScene)
    yield d
    pygame.display.quit()


def tab_centre(k: int) -> tuple[float, float]:
    x, y, w, h = tab_rect(TABS_RECT, k)
    return x + w / 2, y + h / 2


def next_value(driver: Driver, name: str) -> None:
    """A click on the right arrow of the choice ``name``."""
    x, y, w, h = driver.widget(name).rect
    driver.click((x + w - h / 2, y + h / 2))


def test_s_opens_statistics_and_esc_goes_back_to_the_list(driver: Driver) -> None:
    driver.key(pygame.K_s)
    driver.frames(1)
    scene = driver.top
    assert isinstance(scene, StatsScene) and scene.chart == "scores"
    assert scene.stats is not None and scene.stats.solo.count == 40 and scene.stats.table_averages.seats == 12
    driver.key(pygame.K_ESCAPE)
    driver.frames(1)
    assert isinstance(driver.top, FinishedScene)


def test_the_button_opens_statistics_and_back_closes_it(driver: Driver) -> None:
    driver.press_widget("stats")
    driver.frames(1)
    assert isinstance(driver.top, StatsScene)
    driver.press_widget("back")
    driver.frames(1)
    assert isinstance(driver.top, FinishedScene)


def test_number_keys_arrows_and_clicks_switch_charts(driver: Driver) -> None:
    driver.key(pygame.K_s)
    driver.frames(1)
    scene = driver.top
    driver.key(pygame.K_3)
    assert scene.chart == "suns"
    driver.key(pygame.K_RIGHT)  # the tabs have the focus on opening
    assert scene.chart == "levels"
    driver.key(pygame.K_RIGHT)
    assert scene.chart == "scores"
    driver.key(pygame.K_LEFT)
    assert scene.chart == "levels"
    driver.click(tab_centre(1))
    assert scene.chart == "categories"
    driver.key(pygame.K_1)
    assert scene.chart == "scores"
    for k, chart in enumerate(CHARTS):
        driver.click(tab_centre(k))
        assert scene.chart == chart


def test_the_filters_change_by_click_and_by_keys(driver: Driver) -> None:
    driver.key(pygame.K_s)
    driver.frames(1)
    scene = driver.top
    next_value(driver, "side")
    assert scene.side == "A" and scene.stats.filter.side == "A"
    a_games = scene.stats.solo.count
    next_value(driver, "side")
    assert scene.side == "B" and scene.stats.solo.count == 40 - a_games and 0 < a_games < 40
    assert scene.ui.focused.name == "side"  # the click gave it the focus
    driver.key(pygame.K_TAB)
    assert scene.ui.focused.name == "spirits"
    driver.key(pygame.K_RIGHT)
    assert scene.spirits == "on" and scene.stats.filter.spirits is True
    with_spirits = scene.stats.solo.count
    driver.key(pygame.K_RIGHT)
    assert scene.spirits == "off" and scene.stats.solo.count + with_spirits == 40 - a_games
    assert scene.chart == "scores"  # Left/Right on a filter leave the chart alone
    driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)  # Back has the focus
    driver.frames(1)
    assert isinstance(driver.top, FinishedScene)


def test_without_a_data_folder_the_view_opens_empty() -> None:
    app = app_over(None)
    try:
        scene = StatsScene(app)
        app.scenes.push(scene)
        for chart in CHARTS:
            scene.chart = chart
            app.step(0.0, events=[])
        assert scene.stats is None and scene.notice == ""
    finally:
        pygame.display.quit()


# ---------------------------------------------------------------------------- each chart in its rectangle
def many() -> Stats:
    scores = [30 + (n * 7919) % 120 for n in range(900)]
    levels = (LevelRecord("easy", 40, 3), LevelRecord("medium", 20, 22), LevelRecord("hard", 2, 30))
    means = {c: 5.0 + 3 * k for k, c in enumerate(CATEGORIES)} | {"total": 88.0}
    return Stats(group_scores(scores, 200, "2025-01-01T10:00:00+00:00", "2026-11-01T10:00:00+00:00"),
                 suns_counts([s // 20 for s in scores]), Averages(means, 900), Averages(means, 300),
                 {c: 2 * v for c, v in means.items()}, levels)


def one() -> Stats:
    means = {c: 4.0 for c in CATEGORIES} | {"total": 28.0}
    return Stats(group_scores([57], 200, "2026-11-01T10:00:00+00:00", "2026-11-01T10:00:00+00:00"), (0, 0, 1),
                 Averages(means, 1), Averages({}, 0), {}, (LevelRecord("medium", 0, 1),))


def draw(app: App, chart: str, stats: Stats, rect: charts.Rect, surface: pygame.Surface) -> None:
    if chart == "scores":
        charts.draw_scores(surface, app, rect, stats.solo, rules_data().suns_from_score)
    elif chart == "categories":
        charts.draw_categories(surface, app, rect, stats.solo_averages, stats.table_averages, stats.hard, True)
    elif chart == "suns":
        charts.draw_suns(surface, app, rect, stats.suns)
    else:
        charts.draw_levels(surface, app, rect, stats.levels)


SENTINEL = (1, 254, 3)


def changed_outside(surface: pygame.Surface, inside: pygame.Rect) -> int:
    """How many pixels outside ``inside`` are no longer the sentinel colour."""
    copy = surface.copy()
    copy.fill(SENTINEL, inside)
    mask = pygame.mask.from_threshold(copy, SENTINEL, (1, 1, 1, 255))
    return copy.get_width() * copy.get_height() - mask.count()


@pytest.mark.parametrize("size", ["1280x720", "800x600"])
@pytest.mark.parametrize("language", ["en", "fr", "ja"])
def test_each_chart_draws_inside_its_rectangle_with_none_one_and_many_games(size: str, language: str) -> None:
    app = app_over(None, size, language)
    try:
        x, y, w, h = CHART_RECT
        rect = (x + 10, y + 6, w - 20, h - 12)
        inside = app.vp.r(rect)
        for stats in (NO_STATS, one(), many()):
            for chart in CHARTS:
                surface = pygame.Surface(app.window.get_size())
                surface.fill(SENTINEL)
                draw(app, chart, stats, rect, surface)
                assert changed_outside(surface, inside) == 0, (chart, stats.solo.count)
                drawn = pygame.mask.from_threshold(surface.subsurface(inside), SENTINEL, (1, 1, 1, 255)).count()
                assert drawn < inside.w * inside.h, (chart, "nothing drawn")
    finally:
        pygame.display.quit()


def test_the_outside_check_sees_a_chart_that_spills() -> None:
    app = app_over(None)
    try:
        x, y, w, h = rect = (200.0, 150.0, 700.0, 400.0)
        for chart in CHARTS:
            surface = pygame.Surface(app.window.get_size())
            surface.fill(SENTINEL)
            draw(app, chart, many(), rect, surface)
            assert changed_outside(surface, app.vp.r((x + 30, y + 30, w - 60, h - 60))) > 0, chart
    finally:
        pygame.display.quit()


def test_games_indexed_while_the_view_is_open_are_counted_in(tmp_path: Path) -> None:
    files = sorted((HISTORY / "finished").glob("*.json"))
    (tmp_path / "finished").mkdir()
    shutil.copy(files[0], tmp_path / "finished" / files[0].name)
    app = app_over(tmp_path)
    try:
        assert app.saves.store is not None
        index = FinishedIndex(app.saves.store.dirs)
        index.count()  # indexed: one game
        scene = StatsScene(app)
        app.scenes.push(scene)
        app.step(0.0, events=[])
        assert scene.stats is not None
        before = scene.stats.solo.count + scene.stats.table_averages.seats
        for f in files[1:]:
            shutil.copy(f, tmp_path / "finished" / f.name)
        index.refresh()  # as the Finished games screen's indexing does, below the view
        app.step(0.6, events=[])
        assert before == 1 and scene.stats is not None and scene.stats.solo.count == 40
    finally:
        pygame.display.quit()


def test_a_failure_to_read_the_figures_is_one_line_over_the_chart(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> Stats:
        raise OSError("disk I/O error")

    monkeypatch.setattr(stats_scene, "read_stats", broken)
    app = app_over(tmp_path)
    try:
        scene = StatsScene(app)
        app.scenes.push(scene)
        app.step(0.0, events=[])
        line, warn = scene.top_line()
        assert warn and "disk I/O error" in line and line == app.t("stats.read_failed", reason="disk I/O error")
    finally:
        pygame.display.quit()
