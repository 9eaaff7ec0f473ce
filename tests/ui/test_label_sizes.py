"""Labels that fit at their normal size in every language at 1280x720: the play screen's buttons, score rows
and seat lines, the setup's choices, and the finished games' list (a wider box or a second line, not a
smaller font). And text large enough to read: no font under 11 px at 800x600 on any scene in any language,
and at 1280x720 the cards' names and point numbers at 12 px at least, measured on the fonts really used."""

from __future__ import annotations

from datetime import date
from typing import Any

import pygame
import pytest
from textfit import font_sizes, shrunk_text
from ui_driver import Driver

from harmonies.app import paint
from harmonies.app.play.layout import PlayLayout
from harmonies.app.scenes.finished_list import COLUMNS, TEXT_PX, deal_mark, row_lines
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.settings import SettingsScene
from harmonies.app.scenes.setup import SetupScene
from harmonies.app.smoke import iter_scenes, make_offscreen_app, meta_for, played_game
from harmonies.catalogue import available_languages
from harmonies.persist.summary import FinishedSummary, SeatInfo
from harmonies.session import Resume
from harmonies.session.challenges_file import default_challenges
from harmonies.session.daily import deal_for

LANGUAGES = available_languages()


def _play(app: Any, players: int, humans: int) -> Any:
    game = played_game(players, 2 * players, seed=8, spirits=True)
    app.scenes.push(PlayScene(app, Resume.from_saved(game, meta_for(game, humans))))
    d = Driver(app)
    d.frames(2)
    return d.top


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_play_screen_labels_keep_their_size(app: Any, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app.set_language(code)
    t = app.t
    wanted = {t("play.undo"), t("play.end_turn"), t("play.hint"), t("play.menu"), t("log.show"),
              t("score.spirit"), t("score.trees"), t("score.water_river"), t("setup.computer"), t("setup.human"),
              *(t(f"level.{level}") for level in ("easy", "medium", "hard"))}
    with shrunk_text(monkeypatch) as shrunk:
        for players, humans in ((4, 2), (2, 1)):
            _play(app, players, humans)
            app.step(1 / 60, events=[])
            app.scenes.pop()
    assert wanted & shrunk == set()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_setup_labels_keep_their_size(app: Any, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app.set_language(code)
    with shrunk_text(monkeypatch) as shrunk:
        app.scenes.push(SetupScene(app))
        app.step(1 / 60, events=[])
    assert {app.t("setup.side"), app.t("setup.spirits"), app.t("setup.seed")} & shrunk == set()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_settings_labels_keep_their_size(app: Any, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app.set_language(code)
    with shrunk_text(monkeypatch) as shrunk:
        app.scenes.push(SettingsScene(app))
        app.step(1 / 60, events=[])
    labels = {app.t(f"settings.{k}") for k in ("window", "fullscreen", "ai_speed", "symbols", "volume", "language")}
    assert labels & shrunk == set()


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_finished_game_row_fits_its_columns(app: Any, code: str) -> None:
    """The longest kind of row: four seats, three of them computers, with spirits."""
    app.set_language(code)
    seats = (SeatInfo("Ann", "human", ""), SeatInfo("Bot 1", "computer", "medium"),
             SeatInfo("Bot 2", "computer", "hard"), SeatInfo("Bot 3", "computer", "easy"))
    game = FinishedSummary("g.json", "2026-11-12T20:11:00+00:00", "2026-11-12T20:11:00+00:00", "A", True, 1, seats,
                           (19, 10, 23, 21), (2,), None, (None,) * 4, ((0,) * 8,) * 4)
    over = [(text, round(paint.text_width(app, text, TEXT_PX))) for (_x, w), lines in zip(COLUMNS, row_lines(app, game))
            for text in lines if paint.text_width(app, text, TEXT_PX) > w - 6]
    assert over == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_solo_swap_label_fits_its_button(app: Any, code: str) -> None:
    app.set_language(code)
    _x, _y, w, _h = PlayLayout(players=1, solo=True).swap_btns[0]
    assert paint.text_width(app, "⇄ " + app.t("play.swap"), 13, True) <= w - 8
    assert paint.text_width(app, app.t("play.swap_confirm"), 13, True) <= w - 8


def _play_states(app: Any) -> None:
    """The play screen at four seats with spirits, solo, and with the log open, one frame each."""
    for players, humans in ((4, 2), (1, 1)):
        scene = _play(app, players, humans)
        app.step(1 / 60, events=[])
        scene.log.shown = True
        app.step(1 / 60, events=[])
        app.scenes.pop()


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_text_under_11_px_at_800x600(monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app = make_offscreen_app((800, 600), code)
    try:
        with font_sizes(monkeypatch, app) as sizes:
            for _name, prepare in iter_scenes(app):
                prepare()
                app.step(1 / 60, events=[])
            _play_states(app)
        assert sizes and min(px for px, _where in sizes) >= 11
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("code", LANGUAGES)
def test_card_names_and_points_at_12_px_at_1280x720(app: Any, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app.set_language(code)
    with font_sizes(monkeypatch, app) as sizes:
        _play_states(app)
    on_cards = [px for px, where in sizes if where == "card"]
    assert on_cards and min(on_cards) >= 12


@pytest.mark.parametrize("code", LANGUAGES)
def test_daily_and_challenge_games_are_marked_in_the_list_and_fit(app: Any, code: str) -> None:
    app.set_language(code)
    seat = (SeatInfo("Ann", "human", ""),)
    daily = deal_for(date(2026, 11, 20))
    challenge = default_challenges()[3]

    def solo(seed: int, side: str, spirits: bool) -> FinishedSummary:
        return FinishedSummary("g.json", "2026-11-26T20:11:00+00:00", "2026-11-26T20:11:00+00:00", side, spirits,
                               seed, seat, (99,), (0,), 4, (None,), ((0,) * 8,))

    as_daily, as_challenge = solo(daily.seed, daily.side, daily.spirits), solo(challenge.seed, challenge.side,
                                                                                challenge.spirits)
    assert deal_mark(app, as_challenge) == app.t("finished.challenge_mark", number=challenge.number)
    assert deal_mark(app, as_daily) is not None and deal_mark(app, solo(12345, "A", False)) is None
    for game in (as_daily, as_challenge):
        assert row_lines(app, game)[1][0].startswith(deal_mark(app, game) or "?")
        over = [text for (_x, w), lines in zip(COLUMNS, row_lines(app, game)) for text in lines
                if paint.text_width(app, text, TEXT_PX) > w - 6]
        assert over == []
