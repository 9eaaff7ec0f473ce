"""The play screen over the window's whole shape (no letterbox at 4:3 or 16:10), the text size setting, and
the scores kept in sight while the game log is open (issue 39 points 5 and 7)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from textfit import drawn_texts, measured_text
from ui_driver import Driver

from harmonies.app.play.layout import PlayLayout
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.settings import SettingsScene
from harmonies.app.settings import Settings
from harmonies.app.smoke import make_offscreen_app, meta_for, played_game
from harmonies.app.viewport import Viewport
from harmonies.catalogue import available_languages
from harmonies.session import Resume

LANGUAGES = available_languages()
Rect = tuple[float, float, float, float]


def _within(inner: Rect, outer: Rect) -> bool:
    return (inner[0] >= outer[0] - 0.01 and inner[1] >= outer[1] - 0.01
            and inner[0] + inner[2] <= outer[0] + outer[2] + 0.01 and inner[1] + inner[3] <= outer[1] + outer[3] + 0.01)


def _apart(a: Rect, b: Rect) -> bool:
    return (a[0] + a[2] <= b[0] + 0.01 or b[0] + b[2] <= a[0] + 0.01
            or a[1] + a[3] <= b[1] + 0.01 or b[1] + b[3] <= a[1] + 0.01)


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1440, 900), (1280, 720), (1920, 1080),
                                  (2560, 1080)])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_play_layout_fills_the_window_and_its_panels_do_not_overlap(size: tuple[int, int], players: int) -> None:
    vp = Viewport(size)
    area = vp.area
    assert area[2] * vp.scale == pytest.approx(size[0]) and area[3] * vp.scale == pytest.approx(size[1])
    L = PlayLayout(players, players == 1, area, card_w=84 / vp.scale)
    panels = [L.top_bar, L.central_panel, L.display_panel, L.scores_panel, L.held_panel, L.board_box, L.hand_tray,
              L.undo_btn, L.end_btn, *L.seat_panels]
    for p in panels:
        assert _within(p, area), p
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            assert _apart(a, b), (a, b)
    # the top bar at the window's top, the lowest panels within 2 % of the height from its bottom
    assert L.top_bar[1] == pytest.approx(area[1])
    bottom = area[1] + area[3]
    assert bottom - max(p[1] + p[3] for p in panels) <= 0.02 * area[3]
    for slot in [*L.slots, *L.held_slots]:
        assert slot[2] >= 84 / vp.scale - 0.01
    assert all(_within(s, L.display_panel) for s in L.slots)
    assert all(_within(s, L.held_panel) for s in L.held_slots)
    assert _within(L.scores_with_log, L.scores_panel) and _within(L.log_panel, L.scores_panel)
    assert _apart(L.scores_with_log, L.log_panel)


def test_a_taller_window_gives_the_board_more_room() -> None:
    wide = PlayLayout(2, False, Viewport((1280, 720)).area)
    tall = PlayLayout(2, False, Viewport((1280, 960)).area)
    assert tall.board_box[3] > wide.board_box[3]
    assert tall.scores_panel[3] > wide.scores_panel[3]


def test_the_text_size_is_chosen_in_settings_kept_and_applied(app: Any) -> None:
    d = Driver(app)
    app.scenes.push(SettingsScene(app))
    d.frames(1)
    sizes = d.widget("text_size")
    app.scenes.top.ui.focus = app.scenes.top.ui.widgets.index(sizes)
    small = app.vp.fs(16)
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    assert app.settings.text_size == 150 and app.settings_store.load().text_size == 150
    assert app.vp.fs(16) == 24 and small == 16
    assert Settings.from_dict({"text_size": 130}).text_size == 100
    assert Settings.from_dict({"text_size": "150"}).text_size == 100


def _four_seats(app: Any) -> Any:
    game = played_game(4, 8, seed=8, spirits=True)
    app.scenes.push(PlayScene(app, Resume.from_saved(game, meta_for(game, 2))))
    d = Driver(app)
    d.frames(2)
    return d


@pytest.mark.slow
@pytest.mark.parametrize("text_size", [125, 150])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_play_screen_fits_at_125_and_150_percent(monkeypatch: pytest.MonkeyPatch, code: str,
                                                     size: tuple[int, int], text_size: int) -> None:
    app = make_offscreen_app(size, code)
    try:
        app.apply_settings(app.settings.with_(text_size=text_size))
        with measured_text(monkeypatch, app) as found:
            d = _four_seats(app)
            d.frames(1)
            d.top.log.shown = True
            d.frames(1)
        assert found == []
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1280, 1024)])
def test_the_scores_stay_in_sight_with_the_log_open(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    app = make_offscreen_app(size)
    try:
        d = _four_seats(app)
        sc = d.top
        d.key(pygame.K_l)
        assert sc.log.shown
        app.cache.clear()    # the panels are drawn once per change and then blitted
        drawn = drawn_texts(monkeypatch, lambda: sc.draw(app.window))
        totals = [str(s.total) for s in sc.table.scores]
        assert all(t in drawn for t in totals)
        assert app.t("log.title") in drawn and any(row.text in drawn for row in sc.log.rows)
        # a tall window keeps the whole table, a 16:9 one a row of totals
        assert (app.t("score.trees") in drawn) == (size[1] > 720)
    finally:
        pygame.display.quit()
