"""How to play: paging with real key and mouse events, every page inside its boxes in every language,
the point tables drawn from the rules' data, and the pages reachable from the pause menu."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from harmonies.app import paint
from harmonies.app.app import App
from harmonies.app.scenes.howto import HowToScene
from harmonies.app.play.places import Slot
from harmonies.app.scenes.play import PlayScene
from harmonies.app.scenes.howto_examples import FIGURES, TOPICS, water
from harmonies.app.scenes.howto_figures import solo_suns, trees_mountains
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.catalogue import Catalogue, available_languages
from harmonies.rules import RulesData, rules_data
from harmonies.app.smoke import meta_for, played_game
from harmonies.session import Resume, SaveSlot

from textfit import measured_text
from ui_driver import Driver


@pytest.fixture
def shown(app: App) -> tuple[Driver, HowToScene]:
    scene = HowToScene(app)
    app.scenes.push(scene)
    d = Driver(app)
    d.frames(1)
    return d, scene


def test_left_and_right_keys_turn_the_pages_and_stop_at_the_ends(shown: tuple[Driver, HowToScene]) -> None:
    d, scene = shown
    assert scene.count == len(FIGURES) + 1 >= 10       # the rules' pages, then the keys page
    d.key(pygame.K_LEFT)
    assert scene.page == 0
    for n in range(1, scene.count + 2):
        d.key(pygame.K_RIGHT)
        assert scene.page == min(n, scene.count - 1)
    d.key(pygame.K_LEFT)
    assert scene.page == scene.count - 2


def test_buttons_and_dots_turn_the_pages(shown: tuple[Driver, HowToScene]) -> None:
    d, scene = shown
    d.press_widget("next")
    d.press_widget("next")
    assert scene.page == 2
    d.press_widget("prev")
    assert scene.page == 1
    dots = scene._dot_centres()
    d.click(dots[7])
    assert scene.page == 7
    d.click(dots[0])
    assert scene.page == 0


def test_esc_and_back_leave(shown: tuple[Driver, HowToScene]) -> None:
    d, scene = shown
    d.key(pygame.K_ESCAPE)
    assert d.top is not scene
    d.top.app.scenes.push(scene)
    d.frames(1)
    d.press_widget("back")
    assert d.top is not scene


def test_drawing_a_page_twice_changes_nothing(app: App, shown: tuple[Driver, HowToScene]) -> None:
    _, scene = shown
    for page in (0, 3, scene.count - 1):
        scene.page = page
        before = dict(vars(scene)), dict(vars(scene.ui))
        for _ in range(2):
            scene.draw(app.window)
            assert (dict(vars(scene)), dict(vars(scene.ui))) == before


def test_a_language_with_fewer_pages_moves_the_page_onto_its_last(app: App, shown: tuple[Driver, HowToScene]) -> None:
    d, scene = shown
    scene.page = scene.count - 1
    app.catalogue.strings = {**app.catalogue.strings, "howto.pages": app.catalogue.strings["howto.pages"][:3]}
    app._resized()  # what a new language does too: every scene in the stack lays itself out again
    assert scene.page == scene.count - 1 == 3
    d.frames(1)
    assert scene.page == 3


@pytest.mark.slow
def test_every_page_in_every_language_keeps_its_text_inside_its_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(size=(1280, 720), settings_store=MemorySettingsStore(Settings(window="1280x720")),
              saves=SaveSlot(enabled=False))
    overflows: list[str] = []
    try:
        scene = HowToScene(app)
        app.scenes.push(scene)
        with measured_text(monkeypatch, app) as found:
            for code in available_languages():
                app.set_language(code)
                for page in range(scene.count):
                    scene.page = page
                    app.step(0.0, events=[])
                    found.clear()
                    app.step(1 / 60, events=[])
                    overflows += [f"{code} page {page}: {o}" for o in found]
    finally:
        pygame.display.quit()
    assert overflows == []


@pytest.mark.parametrize("code", available_languages())
def test_every_catalogue_has_a_page_for_every_figure(code: str) -> None:
    pages = Catalogue.load(code).strings["howto.pages"]
    assert len(pages) == len(FIGURES)


def _drawn(monkeypatch: pytest.MonkeyPatch, app: App, figure: object, data: RulesData) -> list[str]:
    """The texts a figure draws for these rules' data."""
    seen: list[str] = []
    draw_text = paint.text

    def text(surface: pygame.Surface, app_: App, s: str, *args: object, **kwargs: object) -> pygame.Rect:
        seen.append(s)
        return draw_text(surface, app_, s, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "text", text)
    scene = HowToScene(app)
    pictures = dataclasses.replace(scene.pictures, rules=data)
    figure(app.window, app, pictures, (690.0, 150.0, 490.0, 440.0))  # type: ignore[operator]
    monkeypatch.undo()
    return seen


def test_the_point_tables_are_the_rules_numbers(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    rd = rules_data()
    trees = _drawn(monkeypatch, app, trees_mountains, rd)
    assert [str(v) for v in rd.tree_points.values()] == [t for t in trees if t.isdigit()][1:6:2]
    changed = dataclasses.replace(rd, tree_points={1: 2, 2: 4, 3: 9}, mountain_points={1: 0, 2: 6, 3: 12})
    drawn = _drawn(monkeypatch, app, trees_mountains, changed)
    assert {"9", "12", "6", "0"} <= set(drawn) and "7" not in drawn


def test_the_river_and_sun_tables_follow_the_data(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    rd = rules_data()
    assert {str(p) for p in rd.river_points.values()} <= set(_drawn(monkeypatch, app, water, rd))
    river = dataclasses.replace(rd, river_points={0: 0, 1: 1, 2: 3, 3: 6}, river_beyond_6=9, island_points=4)
    drawn = _drawn(monkeypatch, app, water, river)
    assert {"1", "3", "6", "+9", "4", "4+"} <= set(drawn) and "15" not in drawn
    suns = dataclasses.replace(rd, suns_from_score=((99, 3), (50, 1)), side_suns={"A": 5, "B": 0}, no_spirit_suns=4)
    drawn = _drawn(monkeypatch, app, solo_suns, suns)
    assert {"50+", "99+", "+5", "+4"} <= set(drawn) and "40+" not in drawn


def _playing(app: App, players: int, turns: int, seed: int) -> tuple[Driver, PlayScene, int]:
    """A game of human seats on screen, settled: the driver, the play scene, its command count."""
    game = played_game(players, turns, seed=seed)
    app.scenes.push(PlayScene(app, Resume.from_saved(game, meta_for(game, game.setup.players))))
    d = Driver(app)
    d.frames(2)
    d.settle()
    play = d.top
    assert isinstance(play, PlayScene)
    return d, play, len(play.game.history)


def test_the_pause_menu_opens_how_to_play_and_back_returns_to_the_same_game(app: App) -> None:
    d, play, before = _playing(app, 1, 4, 3)
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "pause"
    d.press_widget("howto")
    assert d.top.name == "howto"
    d.key(pygame.K_RIGHT)
    assert d.top.page == 1
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "pause"
    d.press_widget("resume")
    assert d.top is play and len(play.game.history) == before


def test_f1_opens_how_to_play_over_the_game_and_esc_returns_to_it(app: App) -> None:
    d, play, before = _playing(app, 2, 3, 4)
    d.key(pygame.K_F1)
    assert d.top.name == "howto"
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_ESCAPE)
    assert d.top is play and len(play.game.history) == before


def _page_of(topic: str) -> int:
    return TOPICS.index(topic)


def test_f1_opens_the_page_of_what_the_player_is_doing(app: App) -> None:
    d, play, _ = _playing(app, 2, 2, 6)
    d.key(pygame.K_F1)                                   # nothing in hand: the turn's page
    assert d.top.name == "howto" and d.top.page == _page_of("turn") == 0
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_1)                                    # three tokens taken, one picked by a click
    d.settle()
    d.click(play.layout.hand_slots[0])
    assert play.pointer.selection is not None
    d.key(pygame.K_F1)
    assert d.top.name == "howto" and d.top.page == _page_of("stacking")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)                               # the token put down
    for _ in range(20):                                  # the ring on a face-up card: the cards' page
        d.key(pygame.K_TAB)
        if isinstance(play.frame().focus, Slot):
            break
    assert isinstance(play.frame().focus, Slot)
    d.key(pygame.K_F1)
    assert d.top.name == "howto" and d.top.page == _page_of("animals")
    d.key(pygame.K_ESCAPE)
    assert d.top is play


def test_f1_while_choosing_a_spirit_opens_the_spirits_page(app: App) -> None:
    game = played_game(2, 0, seed=5, spirits=True)
    app.scenes.push(PlayScene(app, Resume.from_saved(game, meta_for(game, 2))))
    d = Driver(app)
    d.frames(2)
    d.settle()
    assert d.top.must_choose_spirit()
    d.key(pygame.K_F1)
    assert d.top.name == "howto" and d.top.page == _page_of("spirits")
    assert d.top.pages()[d.top.page][0] == app.catalogue.strings["howto.pages"][_page_of("spirits")]["heading"]
