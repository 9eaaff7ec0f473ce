"""The daily deal in the window, by posted keys and clicks: the menu line, the Daily screen and its calendar,
starting tries (three a day), the par worked out in the background, the scoresheet's result against par."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pygame
import pytest

from harmonies.ai import play_random_game
from harmonies.app import paint
from harmonies.app.app import App
from harmonies.app.navigation import OpenMenu, OpenScoring
from harmonies.app.scenes.daily import DailyScene
from harmonies.app.scenes.daily_calendar import cell_rect, month_cells
from harmonies.app.scenes.daily_start import daily_service
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.persist.daily import DAILY_NAME
from harmonies.rules import GameSetup
from harmonies.session.daily import deal_for
from harmonies.session.match import DailyMark, GameStamp

from records_driver import TODAY, start
from ui_driver import Driver, final_total

daily_app = start  # the window on a data folder, at the menu, on a clock set to TODAY


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    yield daily_app(tmp_path / "data")
    pygame.display.quit()


def drawn_text(d: Driver, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the next frame draws."""
    seen: list[str] = []
    real = paint.text

    def spy(surface: pygame.Surface, app: App, s: str, *args: object, **kwargs: object) -> pygame.Rect:
        seen.append(s)
        return real(surface, app, s, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "text", spy)
    d.frames(1)
    monkeypatch.setattr(paint, "text", real)
    return seen


def open_daily(d: Driver) -> DailyScene:
    d.press_widget("daily")
    d.frames(1)
    assert isinstance(d.top, DailyScene)
    return d.top



def test_the_menu_line_says_todays_state(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "26 Nov · 0 of 3 tries · par not known yet" in drawn_text(driver, monkeypatch)
    service = daily_service(driver.app)
    service.records.finish_attempt("2026-11-26", 1, 118, 5, TODAY)
    service.records.set_par("2026-11-26", 121)
    # the menu reads the record again when it shows again: open a screen and close it
    open_daily(driver)
    driver.key(pygame.K_ESCAPE)
    driver.frames(1)
    assert isinstance(driver.top, MenuScene)
    assert "26 Nov · 1 of 3 tries · best 118 · par 121" in drawn_text(driver, monkeypatch)


def test_enter_starts_a_counted_try_at_todays_deal(driver: Driver) -> None:
    scene = open_daily(driver)
    assert scene.chosen == TODAY and scene.play_label() == "Play (try 1 of 3)"
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    play = driver.top
    assert isinstance(play, PlayScene)
    deal = deal_for(TODAY)
    assert play.config.daily == DailyMark("2026-11-26", 1) and play.game.setup.seed == deal.seed
    assert (play.game.setup.players, play.game.setup.side, play.game.setup.spirits) == (1, deal.side, deal.spirits)
    assert driver.app.saves.load_continue(None)[1]["daily"] == {"date": "2026-11-26", "attempt": 1}  # in the save
    assert len(daily_service(driver.app).records.load().day("2026-11-26").attempts) == 1


def test_three_tries_then_play_is_refused(driver: Driver) -> None:
    for k in (1, 2, 3):
        scene = open_daily(driver)
        assert scene.play_label() == f"Play (try {k} of 3)"
        driver.press_widget("play")
        driver.frames(2)
        if not isinstance(driver.top, PlayScene):  # a game in progress: the replace dialog asks first
            assert driver.top.purpose == "new"
            driver.press_widget("go")
            driver.frames(2)
        assert isinstance(driver.top, PlayScene) and driver.top.config.daily == DailyMark("2026-11-26", k)
        driver.app.navigate.reset(OpenMenu())
        driver.frames(2)
    scene = open_daily(driver)
    assert scene.play_label() == "No tries left for this day" and not driver.widget("play").enabled
    driver.key(pygame.K_RETURN)
    driver.press_widget("play")
    driver.frames(2)
    assert driver.top is scene
    assert len(daily_service(driver.app).records.load().day("2026-11-26").attempts) == 3


def test_the_calendar_by_keys_and_mouse(driver: Driver) -> None:
    scene = open_daily(driver)
    driver.key(pygame.K_RIGHT)
    assert scene.chosen == TODAY  # no day after today
    driver.key(pygame.K_LEFT)
    assert scene.chosen == date(2026, 11, 25)
    driver.key(pygame.K_UP)
    assert scene.chosen == date(2026, 11, 18)
    driver.key(pygame.K_PAGEUP)
    assert scene.month == (2026, 10) and scene.chosen == date(2026, 10, 18)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert scene.chosen == date(2026, 11, 1) and scene.month == (2026, 11)
    driver.key(pygame.K_HOME)
    assert scene.chosen == TODAY
    driver.press_widget("prev")
    assert scene.month == (2026, 10)
    cells = month_cells(2026, 10)
    x, y, w, h = cell_rect(cells.index(date(2026, 10, 3)))
    driver.click((x + w / 2, y + h / 2))
    assert scene.chosen == date(2026, 10, 3)
    assert scene.play_label() == "Play (try 1 of 3)"  # a past day stays playable
    driver.press_widget("next")
    assert scene.month == (2026, 11)
    assert not driver.widget("next").enabled  # no month after this one


def test_a_past_day_is_played_and_never_counts_for_the_streak(driver: Driver) -> None:
    open_daily(driver)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    play = driver.top
    assert isinstance(play, PlayScene) and play.config.daily == DailyMark("2026-11-25", 1)
    game = play_random_game(GameSetup(1, play.game.setup.side, play.game.setup.spirits, play.game.setup.seed), 3)
    driver.app.saves.autosave(game, play.session.meta())  # archived, and its result recorded with it
    driver.app.navigate.replace(OpenScoring(game, play.config))
    driver.frames(2)
    book = daily_service(driver.app).records.load()
    assert book.day("2026-11-25").best is not None and book.streak(TODAY) == 0


def test_the_par_is_worked_out_in_the_background_and_kept(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    service = daily_service(driver.app)
    open_daily(driver)
    # the par game was started (a fast stand-in may already have ended it)
    assert service.keeper.working("2026-11-26") or "2026-11-26" in service.keeper.finished()
    assert service.keeper.wait("2026-11-26", 120)
    driver.frames(2)
    par = service.records.load().day("2026-11-26").par
    assert par is not None
    assert any(s.startswith(f"Par {par}") for s in drawn_text(driver, monkeypatch))
    assert (driver.app.saves.folder / DAILY_NAME).exists()


def test_the_scoresheet_records_the_result_and_says_it_against_par(driver: Driver,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    service = daily_service(driver.app)
    service.records.set_par("2026-11-26", 500)
    assert service.records.start_attempt("2026-11-26", TODAY) == 1
    deal = deal_for(TODAY)
    game = play_random_game(GameSetup(1, deal.side, deal.spirits, deal.seed), 5)
    driver.app.saves.autosave(game, {**deal.config("Ann", 1).to_meta(), **GameStamp.new().to_meta()})
    driver.app.scenes.push(ScoringScene(driver.app, game, deal.config("Ann", 1)))
    text = drawn_text(driver, monkeypatch)
    total = final_total(game)
    assert service.records.load().day("2026-11-26").attempts[0].score == total
    assert f"26 Nov: {total}, par 500: {500 - total} points short" in text
    assert "2 tries left for this day" in text
    # Play again goes to the Daily screen, where the next try is counted
    driver.press_widget("again")
    driver.frames(2)
    assert isinstance(driver.top, DailyScene)


def test_a_damaged_record_is_set_aside_and_told_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / DAILY_NAME).write_text("{not json")
    d = daily_app(folder)
    try:
        assert [m for m in d.app.messages if DAILY_NAME in m and "\n" not in m]
        assert list(folder.glob("daily.bad-*.json"))
        scene = open_daily(d)
        assert scene.play_label() == "Play (try 1 of 3)"  # and play goes on
    finally:
        pygame.display.quit()


def test_the_try_is_played_under_the_name_of_the_last_setup(driver: Driver) -> None:
    settings = driver.app.settings
    driver.app.settings = settings.with_(last_setup={"seats": [{"name": "Bot", "kind": "computer", "level": "hard"},
                                                               {"name": " Maud ", "kind": "human"}]})
    open_daily(driver)
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    assert isinstance(driver.top, PlayScene) and [s.name for s in driver.top.config.seats] == ["Maud"]


def test_a_par_game_that_fails_is_said_in_one_line(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("no planner today")

    monkeypatch.setattr("harmonies.session.par.play_par", broken)
    service = daily_service(driver.app)
    service.keeper.jobs.log_folder = None  # the traceback goes to stderr instead of a log file
    open_daily(driver)
    assert service.keeper.wait("2026-11-26", 60)
    driver.frames(2)
    assert service.problem is not None and "no planner today" in service.problem and "\n" not in service.problem
    assert any("no planner today" in s for s in drawn_text(driver, monkeypatch))


def test_the_daily_screen_left_open_over_midnight_moves_to_the_new_day(driver: Driver,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    service = daily_service(driver.app)
    clock = [TODAY]
    service.clock = lambda: clock[0]
    scene = open_daily(driver)
    assert scene.chosen == TODAY
    clock[0] = date(2026, 11, 27)  # midnight passes while the screen shows
    seen = drawn_text(driver, monkeypatch)
    assert scene.today == scene.chosen == date(2026, 11, 27)
    assert any(s.startswith("Today · ") and "27" in s for s in seen)
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    play = driver.top
    assert isinstance(play, PlayScene) and play.config.daily == DailyMark("2026-11-27", 1)
    book = service.records.load()
    assert [a.on for a in book.day("2026-11-27").attempts] == ["2026-11-27"] and not book.day("2026-11-26").attempts


def test_enter_at_midnight_does_not_start_the_day_that_just_ended(driver: Driver) -> None:
    service = daily_service(driver.app)
    clock = [TODAY]
    service.clock = lambda: clock[0]
    scene = open_daily(driver)
    clock[0] = date(2026, 11, 27)
    scene.play()  # before any frame saw the new date
    assert scene.chosen == date(2026, 11, 27) and not isinstance(driver.top, PlayScene)
    assert not service.records.load().day("2026-11-26").attempts


def test_a_past_day_chosen_over_midnight_stays_chosen_and_is_a_past_day(driver: Driver) -> None:
    service = daily_service(driver.app)
    clock = [TODAY]
    service.clock = lambda: clock[0]
    scene = open_daily(driver)
    driver.key(pygame.K_LEFT)
    clock[0] = date(2026, 11, 27)
    driver.frames(1)
    assert scene.chosen == date(2026, 11, 25) and scene.today == date(2026, 11, 27)


def test_no_par_is_worked_out_or_stored_with_the_clock_before_the_first_daily_day(tmp_path: Path) -> None:
    d = daily_app(tmp_path / "data")
    try:
        service = daily_service(d.app)
        service.clock = lambda: date(2025, 6, 1)
        open_daily(d)
        d.frames(2)
        assert not service.keeper.working("2025-06-01") and not service.keeper.finished()
        assert "2025-06-01" not in service.records.load().days
        assert not (d.app.saves.folder / DAILY_NAME).exists()
    finally:
        pygame.display.quit()
