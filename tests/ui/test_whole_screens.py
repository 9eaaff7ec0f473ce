"""Every screen whole at any text size (issue 51 point 3): the menu, Settings and the replay viewer with a
game review shown, at 100, 125 and 150 % text in every language at 800x600, 1280x720 and 1920x1080: no
text over another, none reaching into a widget it is not part of, none out of its box or the window.
Settings' labels also all keep one size, whatever their length.

Every screen of the game (issue 49: :mod:`every_screen`'s list) is held to the same at 1280x720 and at the
Steam Deck's 1280x800, at each text size, in English, Japanese and French (whose words run longest)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest
from review_stub import stub_review
from every_screen import every_screen, made_once, undrawn
from textfit import crowded_text

from harmonies.ai.review_reasons import Reason
from harmonies.app import paint
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.replay import ReplayScene
from harmonies.app.scenes.settings import SettingsScene
from harmonies.app.smoke import make_offscreen_app, played_game
from harmonies.catalogue import available_languages
from harmonies.rules import Game

LANGUAGES = available_languages()
SIZES = [(800, 600), (1280, 720), (1920, 1080)]
TEXT_SIZES = [100, 125, 150]
#: The longest kind of explanation a reviewed turn gets: four reasons.
LONG_REASONS = (Reason("other_card", (("card", "fennec_fox"), ("played", "meerkat"))), Reason("tokens", ()),
                Reason("fewer_cubes", (("n", 1),)), Reason("row", (("row", "animals"), ("points", 11.0))))

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def _made_once() -> Iterator[None]:
    """Every case of this file shares the games, guide steps and catalogues its screens are made from."""
    with made_once():
        yield


@pytest.fixture(scope="module")
def table_game() -> Game:
    return played_game(2, 8, seed=5, level="easy")


def _app(size: tuple[int, int], code: str, text_size: int) -> Any:
    app = make_offscreen_app(size, code)
    app.apply_settings(app.settings.with_(text_size=text_size))
    return app


def _scenes(app: Any, game: Game) -> Iterator[str]:
    """Each screen checked, one frame drawn: yields its name after drawing it."""
    app.scenes.reset(MenuScene(app))
    app.step(1 / 60, events=[])
    yield "menu"
    app.scenes.push(SettingsScene(app))
    app.step(1 / 60, events=[])
    yield "settings"
    review = stub_review(game.setup, game.history, 0, game.cards)
    review = replace(review, turns=tuple(replace(t, reasons=LONG_REASONS) for t in review.turns))
    app.scenes.reset(MenuScene(app))
    viewer = ReplayScene(app, game.setup, game.history, ["Ann", "Bruno"], game.cards)
    app.scenes.push(viewer)
    viewer.reviewer.show(review)
    viewer.to_costly(0)
    app.step(1 / 60, events=[])
    yield "replay review"


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_nothing_overlaps_and_nothing_is_cut(monkeypatch: pytest.MonkeyPatch, table_game: Game, code: str,
                                            size: tuple[int, int], text_size: int) -> None:
    app = _app(size, code, text_size)
    try:
        problems: list[str] = []
        with crowded_text(monkeypatch, app) as found:
            for name in _scenes(app, table_game):
                problems += [f"{name}: {p}" for p in found]
                found.clear()
        assert not problems, "\n".join(problems)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", [(1280, 720), (1280, 800)], ids=["1280x720", "1280x800"])
@pytest.mark.parametrize("code", ["en", "ja", "fr"])
def test_every_screen_is_whole(monkeypatch: pytest.MonkeyPatch, code: str, size: tuple[int, int],
                               text_size: int) -> None:
    app = _app(size, code, text_size)
    try:
        problems: list[str] = []
        with crowded_text(monkeypatch, app) as found:
            for name, prepare in every_screen(app):
                with undrawn(app):
                    prepare()
                app.step(0.0, events=[])
                found.clear()   # the frame drawn while the screen was being made ready
                app.step(1 / 60, events=[])
                problems += [f"{name}: {p}" for p in found]
                found.clear()
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_settings_labels_share_one_size_at_800x600(monkeypatch: pytest.MonkeyPatch, code: str,
                                                      text_size: int) -> None:
    app = _app((800, 600), code, text_size)
    try:
        scene = SettingsScene(app)
        app.scenes.push(scene)
        widgets: list[Any] = list(scene.ui.widgets)
        labels = {w.label() for w in widgets if hasattr(w, "label_w") and callable(w.label)}
        sizes: dict[str, int] = {}
        draw_text = paint.text

        def text(surface: pygame.Surface, app_: Any, s: str, pos: Any, px: float, *args: Any, **kw: Any) -> Any:
            if s in labels:
                sizes[s] = app_.vp.fs(px)
            return draw_text(surface, app_, s, pos, px, *args, **kw)

        monkeypatch.setattr(paint, "text", text)
        app.step(1 / 60, events=[])
        assert set(sizes) == labels and len(set(sizes.values())) == 1, sizes
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("broken", ["overlap", "off_screen", "too_big"])
def test_the_check_finds_a_broken_layout(monkeypatch: pytest.MonkeyPatch, broken: str) -> None:
    """The size check is able to fail: Setup with its Start button moved over Back or pushed off the window,
    or the on-screen keyboard's letters drawn larger than its keys."""
    from harmonies.app.scenes import onscreen_keys
    from harmonies.app.scenes.onscreen_keys import OnscreenKeys
    from harmonies.app.scenes.setup import SetupScene
    from harmonies.app.widgets import TextField

    app = _app((1280, 800), "en", 150)
    try:
        setup = SetupScene(app)
        app.scenes.reset(setup)
        app.step(0.0, events=[])
        start = next(w for w in setup.ui.widgets if getattr(w, "name", "") == "start")
        back = next(w for w in setup.ui.widgets if getattr(w, "name", "") == "back")
        if broken == "overlap":
            start.rect = (back.rect[0] + 40, *start.rect[1:])
        elif broken == "off_screen":
            start.rect = (1240, *start.rect[1:])
        else:
            name0 = next(w for w in setup.ui.widgets if isinstance(w, TextField) and w.name == "name0")
            app.scenes.push(OnscreenKeys(app, name0))
            app.step(0.0, events=[])
            monkeypatch.setattr(onscreen_keys, "KEY_W", 30.0)
            app.scenes.top.on_resize()
        with crowded_text(monkeypatch, app) as found:
            app.step(1 / 60, events=[])
            assert found, "the broken layout went unnoticed"
    finally:
        pygame.display.quit()
