"""The smaller points of issue 51 (point 5) that the play screen, Settings and the scoresheet mend: banners off
the Completed list, a formed card's badge inside its panel and in its own colour, a solo game's last turn said
beside the hint, Settings showing the window's real size after a resize, and a word on the sun bonuses."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from textfit import drawn_texts
from ui_driver import Driver

from harmonies.ai import play_random_game
from harmonies.app.play.frame import Kit
from harmonies.app.play.layout import PlayLayout
from harmonies.app import paint
from harmonies.app.play.sections import common
from harmonies.app.play.sections import scores as scores_section
from harmonies.app.play.sections.moving import banner_area, banner_centre
from harmonies.app.play.sections.recap import Recap
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.app.scenes.settings import SettingsScene
from harmonies.app.smoke import habitat_formed_game, make_offscreen_app, meta_for, played_game
from harmonies.app.viewport import Viewport
from harmonies.rules import Game, GameSetup, PlaceToken, TakeTokens
from harmonies.rules.colours import Colour
from harmonies.session import MatchConfig, Resume, Seat
from harmonies.session.recap import SeatRecap


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_banners_stay_off_the_completed_cards(size: tuple[int, int], players: int) -> None:
    L = PlayLayout(players, players == 1, Viewport(size).area)
    x, _y, w, _h = banner_area(L)
    assert x + w <= L.completed_box[0]
    for k in (0, 1):
        assert x < banner_centre(L, k)[0] < x + w


def _start(app: Any, game: Game, humans: int = 1) -> tuple[Driver, PlayScene]:
    sc = PlayScene(app, Resume.from_saved(game, meta_for(game, humans)))
    app.scenes.push(sc)
    d = Driver(app)
    d.frames(2)
    return d, sc


def test_a_formed_cards_frame_and_badge_are_its_own_colour_inside_the_panel(app: Any,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    d, sc = _start(app, habitat_formed_game())
    assert sc.table.cube_opts
    panels: list[tuple[Any, Any]] = []
    real = paint.panel

    def panel(surface: pygame.Surface, app_: Any, rect: Any, fill: Any, *args: Any, **kwargs: Any) -> Any:
        panels.append((rect, pygame.Color(fill)))
        return real(surface, app_, rect, fill, *args, **kwargs)

    monkeypatch.setattr(paint, "panel", panel)
    app.cache.clear()
    d.frames(1)
    th = app.theme
    badges = [rect for rect, fill in panels if fill == th.c("formed")]
    assert badges, "no badge drawn in the habitat-formed colour"
    top = sc.layout.held_panel[1]
    assert all(rect[1] >= top for rect in badges)
    assert len({tuple(th.c(k)) for k in ("formed", "accent", "guide")}) == 3


def test_a_solo_games_last_turn_is_said_beside_the_hint(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(1, 11, seed=2, level="easy")     # its last turn: the board or the pouch ends it
    d, sc = _start(app, game)
    sc.hints.wanted = True                   # the hint on its way: its line takes the warning's room
    frame = sc.frame()
    assert frame.hint.on and frame.table.end_warning
    word = "play.last_round" if frame.table.end_warning == "pouch" else "play.may_end_solo"
    texts = drawn_texts(monkeypatch, lambda: sc.draw(app.window))
    assert app.t(word) in texts


def test_settings_shows_the_windows_real_size_after_a_resize(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.set_mode((1000, 640), pygame.RESIZABLE)
    app.process_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.step(1 / 60, events=[])
    choice = scene.window_choice
    assert choice.get() == "1000x640" and "1000x640" in choice.options
    assert "1000 × 640" in drawn_texts(monkeypatch, lambda: scene.draw(app.window))


def test_the_scoresheet_says_why_side_and_spirit_suns_come(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = play_random_game(GameSetup(1, "B", False, 7), 1)     # a weak game, side B, no spirits: bonus suns
    sheet = ScoringScene(app, game, MatchConfig((Seat("Ada"),), "B", False, 7))
    app.scenes.push(sheet)
    app.step(1 / 60, events=[])
    suns = sheet.outcome.suns
    assert suns is not None and suns.side_suns + suns.spirit_suns > 0
    texts = drawn_texts(monkeypatch, lambda: sheet.draw(app.window))
    assert any(app.t("score.suns_why").startswith(t) for t in texts if t)


def test_what_just_happened_lets_the_bottom_row_show_while_the_player_reaches_for_it(app: Any) -> None:
    _d, sc = _start(app, played_game(2, 4, seed=8), humans=2)
    recap = Recap(Kit(app, sc.layout, sc.art, sc.cardart))
    f = replace(sc.frame(), recaps=(SeatRecap(1, spaces=(2,)),), recap_lines=("Bruno: space 2, +3",),
                recap_alpha=255, mouse=(0.0, 0.0))
    x, y, w, h = recap.box(1)
    assert not recap.reaching(f)
    assert recap.reaching(replace(f, mouse=(x + w / 2, y + h / 2)))     # the pointer over the lines
    assert recap.reaching(replace(f, ring_cell=(0, 0)))                   # the keyboard ring on a cell


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("text_size", [100, 150])
def test_the_log_button_covers_no_seat_badge(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
                                            text_size: int) -> None:
    app = make_offscreen_app(size, "fr")
    try:
        app.apply_settings(app.settings.with_(text_size=text_size))
        badges: list[tuple[float, float, float]] = []
        real = common.badge

        def badge(app_: Any, surface: pygame.Surface, seat: int, pos: tuple[float, float], r: float) -> None:
            badges.append((pos[0], pos[1], r))
            real(app_, surface, seat, pos, r)

        monkeypatch.setattr(scores_section, "badge", badge)
        app.cache.clear()
        _d, sc = _start(app, played_game(4, 8, seed=8, spirits=True), humans=2)
        button = next(w for w in sc.ui.widgets if getattr(w, "name", "") == "log")
        bx, by, bw, bh = button.rect
        assert len(badges) >= 4
        for cx, cy, r in badges:      # the panel's picture is drawn at the screen's size: virtual places
            nearest = (min(max(cx, bx), bx + bw), min(max(cy, by), by + bh))
            assert (cx - nearest[0]) ** 2 + (cy - nearest[1]) ** 2 >= r * r, ((cx, cy, r), button.rect)
    finally:
        pygame.display.quit()


def test_a_refusal_line_goes_once_the_right_action_is_played(app: Any) -> None:
    d, sc = _start(app, played_game(1, 2, seed=3))
    empty = next(i for i, s in enumerate(sc.table.central) if not s) if not all(sc.table.central) else None
    bad = TakeTokens(empty) if empty is not None else PlaceToken(Colour.BLUE, (0, 0))
    assert not sc.submit(bad)
    d.frames(1)
    assert sc.frame().message_alpha > 0              # the refusal is on show
    space = next(i for i, s in enumerate(sc.table.central) if s)
    assert sc.submit(TakeTokens(space))
    d.frames(1)
    assert sc.frame().message_alpha == 0             # and gone with the right action
