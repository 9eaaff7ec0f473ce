"""The moment a game ends (issue 51, point 7): over the scoresheet, the rows revealed one at a time, the totals
counted, the winner or the suns with their sounds, the personal best; short, skippable by any key or click
without that key playing again, and never when a finished game is looked at again."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from ui_driver import Driver

from harmonies.ai import play_random_game
from harmonies.app.app import App
from harmonies.app.finale import FADE, LEAD, PANEL_BOTTOM, PANEL_TOP, ROW_GAP, ROW_PX, Finale, ending_of
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.catalogue import available_languages
from harmonies.rules import GameSetup
from harmonies.session import MatchConfig, SaveSlot, Seat

SOLO = play_random_game(GameSetup(players=1, seed=54, spirits=True), 54)
PAIR = play_random_game(GameSetup(players=2, seed=54), 54)


def sheet(app: App, game: Any, review: bool = False) -> tuple[Driver, ScoringScene]:
    """The scoresheet of ``game`` over the menu, as a game's end opens it."""
    names = ["Ada", "Bo", "Cy", "Dee"][:game.setup.players]
    scene = ScoringScene(app, game, MatchConfig(tuple(Seat(n) for n in names)), review=review)
    app.scenes.push(scene)
    d = Driver(app)
    d.frames(1)
    assert d.top is scene
    return d, scene


def sounds(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    played: list[str] = []
    monkeypatch.setattr(app, "play_sound", played.append)
    return played


def test_the_rows_come_one_at_a_time_then_the_suns_and_the_chime(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    played = sounds(app, monkeypatch)
    d, sc = sheet(app, SOLO)
    finale = sc.finale
    assert finale is not None and sc.next_frame() == 0.0              # it moves: every frame is drawn
    rows = finale.ending.rows
    assert [r.label for r in rows][-1] == app.t("score.spirit") and len(rows) == 7
    d.frames(int((LEAD + ROW_GAP * 2.5) / 0.05), 0.05)
    assert 2 <= sum(finale.t >= LEAD + ROW_GAP * k for k in range(len(rows))) <= 3 and played == []
    outcome = SOLO.outcome
    assert outcome is not None and outcome.suns is not None
    suns = outcome.suns.total
    while sc.finale is not None:
        d.frames(1, 0.05)
    assert played == ["cube"] * suns + ["finale"]                    # a pop a sun, then the chime, once
    assert finale.t <= finale.length + 0.1 and finale.length < 8      # short
    assert sc.next_frame() is None                                    # the sheet is still again


def test_the_winner_and_a_two_player_game(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    played = sounds(app, monkeypatch)
    _d, sc = sheet(app, PAIR)
    assert sc.finale is not None
    e = sc.finale.ending
    outcome = PAIR.outcome
    assert outcome is not None
    assert e.suns is None and e.winners == tuple(outcome.winners) and e.names == ("Ada", "Bo")
    assert e.totals == tuple(s.total for s in outcome.scores)
    sc.update(sc.finale.length)
    assert played == ["finale"] and sc.finale is None


def test_enter_and_esc_only_skip_it(app: App) -> None:
    d, sc = sheet(app, PAIR)
    d.key(pygame.K_RETURN)                                            # not "Play again" at once
    assert d.top is sc and sc.finale is None
    d, sc = sheet(app, PAIR)
    d.key(pygame.K_ESCAPE)
    assert d.top is sc and sc.finale is None


def test_a_click_skips_it_and_a_click_on_a_button_is_that_button_s(app: App) -> None:
    d, sc = sheet(app, PAIR)
    d.click((640, 300))                                               # on the finale's panel
    assert d.top is sc and sc.finale is None and not sc.show_boards
    d, sc = sheet(app, PAIR)
    d.press_widget("boards")
    assert sc.finale is None and sc.show_boards


def test_b_still_shows_the_boards(app: App) -> None:
    d, sc = sheet(app, PAIR)
    d.key(pygame.K_b)
    assert sc.finale is None and sc.show_boards


def test_no_finale_when_a_finished_game_is_looked_at_again(app: App) -> None:
    _d, sc = sheet(app, PAIR, review=True)
    assert sc.finale is None


def test_a_new_personal_best_is_said_there(app: App) -> None:
    _d, sc = sheet(app, SOLO)
    assert sc.finale is not None and sc.finale.ending.best == ""      # without a data folder, no bests
    best = ending_of(app, SOLO, ["Ada"], app.t("score.new_best"))
    assert best.best == app.t("score.new_best")


def test_the_fade_ends_it(app: App) -> None:
    _d, sc = sheet(app, PAIR)
    finale = sc.finale
    assert finale is not None
    sc.update(finale.length - FADE / 2)
    assert sc.finale is finale and not finale.done
    sc.update(FADE)
    assert sc.finale is None


@pytest.mark.slow
@pytest.mark.parametrize("window", ["800x600", "1280x720"])
@pytest.mark.parametrize("code", available_languages())
def test_everything_fits_at_150_percent(code: str, window: str) -> None:
    app = App(settings_store=MemorySettingsStore(Settings(window=window, ai_speed="instant", text_size=150)),
              saves=SaveSlot(enabled=False))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    try:
        app.set_language(code)
        for game in (SOLO, play_random_game(GameSetup(players=4, seed=3, spirits=True), 3)):
            names = ["Ada", "Bo", "Cy", "Dee"][:game.setup.players]
            finale = Finale(app, ending_of(app, game, names, app.t("score.new_best")))
            tv = app.vp.tv
            top = PANEL_TOP + 26 + tv(30) + (tv(17) * 1.4 if game.setup.players > 1 else 0)
            # the rows keep their full height at this text size: nothing is squeezed into its neighbour
            assert finale._row_h(top, PANEL_BOTTOM) >= tv(ROW_PX) * 1.35
            finale.t = finale.length - FADE
            surface = pygame.display.get_surface()
            assert surface is not None
            finale.draw(surface)                                      # draws whole, with every line on show
    finally:
        pygame.display.quit()
