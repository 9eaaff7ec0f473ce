"""The language of the window: chosen in Settings and applied at once, ``--lang``, the system's
locale at first start; every scene in every language with its text inside its boxes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from harmonies.app.window import make_app
from harmonies.app.app import App
from harmonies.app import paint
from harmonies.app.paint import wrap_lines
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.settings import SettingsScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.app.smoke import iter_scenes
from harmonies.catalogue import Catalogue, available_languages
from harmonies.resources import resource_path
from harmonies.session import SaveSlot

from textfit import measured_text
from ui_driver import Driver

LANGUAGES = available_languages()


def _app(settings: Settings | None = None, language: str | None = None) -> App:
    a = App(settings_store=MemorySettingsStore(settings or Settings(window="1280x720", ai_speed="instant")),
            saves=SaveSlot(enabled=False), language=language)
    a.start(MenuScene(a))
    a.step(0.0, events=[])
    return a


def _labels(app: App) -> list[str]:
    top: Any = app.scenes.top
    assert top is not None
    return [w.label() for w in top.ui.widgets if hasattr(w, "label")]


@pytest.mark.slow
def test_choosing_french_in_settings_changes_every_scene_at_once(app: App) -> None:
    d = Driver(app)
    menu_before = _labels(app)
    app.scenes.push(SettingsScene(app))
    d.frames(1)
    language = d.widget("language")
    while d.widget("language").get() != "fr":
        settings: Any = app.scenes.top
        settings.ui.focus = settings.ui.widgets.index(language)
        d.key(pygame.K_RIGHT)
    assert app.settings.language == "fr" and app.settings_store.load().language == "fr"
    assert language.show(language.get()) == "Français"
    assert d.widget("back").label() == "Retour"
    assert "Langue" in _labels(app)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    menu_after = _labels(app)
    assert menu_after != menu_before and "Nouvelle partie" in menu_after
    assert pygame.display.get_caption()[0] == Catalogue.load("fr").t("app.title")


@pytest.mark.slow
def test_back_to_english_too(app: App) -> None:
    app.set_language("fr")
    app.set_language("en")
    app.step(0.0, events=[])
    assert "New game" in _labels(app)


def test_first_start_follows_the_system_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    try:
        assert _app().catalogue.language == "fr"
    finally:
        pygame.display.quit()


def test_a_system_locale_without_catalogue_gives_english(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.setenv(var, "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setattr("locale.getlocale", lambda *_: ("de_DE", "UTF-8"))
    try:
        assert _app().catalogue.language == "en"
    finally:
        pygame.display.quit()


def test_a_language_chosen_in_settings_wins_over_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    try:
        assert _app(Settings(language="en")).catalogue.language == "en"
    finally:
        pygame.display.quit()


def test_lang_on_the_command_line_opens_the_window_in_that_language(tmp_path: object) -> None:
    app = make_app(["--lang", "fr", "--data-dir", str(tmp_path)], saves_enabled=False)
    try:
        assert app.catalogue.language == "fr"
        assert app.settings.language == ""  # for this window only: the settings are left as they were
        app.step(0.0, events=[])
        assert "Nouvelle partie" in _labels(app)
    finally:
        pygame.display.quit()


def test_an_unknown_lang_is_one_line_and_english(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from harmonies.app.options import checked_language
    code, line = checked_language("xx")
    assert code == "en" and line is not None and "xx" in line and "\n" not in line
    app = make_app(["--lang", "../../cards", "--data-dir", str(tmp_path)], saves_enabled=False)
    try:
        assert app.catalogue.language == "en"
    finally:
        pygame.display.quit()


def test_japanese_wraps_between_characters_and_keeps_the_no_break_rules() -> None:
    pygame.font.init()
    font = pygame.font.Font(str(resource_path("assets/fonts/BIZUDPGothic-Regular.ttf")), 20)
    text = "中央ボードの「スペース」から、タイルを３つ取ります。ー"
    for width in range(30, 200, 7):
        lines = wrap_lines(font, text, width)
        assert "".join(lines) == text
        assert not any(ln[0] in "、。」）ー" for ln in lines[1:])
        assert not any(ln[-1] in "「（" for ln in lines[:-1])
        assert len(lines) > 1


def test_japanese_keeps_a_word_of_kanji_on_one_line() -> None:
    pygame.font.init()
    font = pygame.font.Font(str(resource_path("assets/fonts/BIZUDPGothic-Regular.ttf")), 20)
    text = "赤のトークンは茶色の上に置けます：積み重ねられるのは木、建物、山だけです"
    for width in range(60, 400, 5):
        lines = wrap_lines(font, text, width)
        assert "".join(lines) == text
        for word in ("建物", "茶色", "積"):
            assert not any(ln.endswith(word[:1]) and nxt.startswith(word[1:]) for ln, nxt in zip(lines, lines[1:])
                           if len(word) > 1), (width, lines)


def test_latin_text_still_wraps_at_spaces_and_french_punctuation_stays_with_its_word() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    for width in range(40, 300, 9):
        lines = wrap_lines(font, "Conseil : prenez l'emplacement 2, puis placez les jetons !", width)
        assert " ".join(lines) == "Conseil : prenez l'emplacement 2, puis placez les jetons !"
        assert not any(ln.startswith((":", "!")) for ln in lines)


@pytest.mark.slow
def test_every_scene_in_every_language_keeps_its_text_inside_its_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(size=(1280, 720), settings_store=MemorySettingsStore(Settings(window="1280x720")),
              saves=SaveSlot(enabled=False))
    overflows: list[str] = []
    try:
        with measured_text(monkeypatch, app) as found:
            for name, prepare in iter_scenes(app):
                for code in LANGUAGES:
                    app.set_language(code)
                    prepare()
                    app.step(0.0, events=[])
                    found.clear()
                    app.step(1 / 60, events=[])
                    overflows += [f"{code} {name} {o}" for o in found]
    finally:
        pygame.display.quit()
    assert overflows == []


def test_the_text_check_sees_a_label_too_long_for_its_button(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    from harmonies.app.widgets import Button
    top: Any = app.scenes.top
    top.ui.add(Button((600, 600, 40, 30), lambda: "Wordswordswordswordswords", lambda: None))
    with measured_text(monkeypatch, app) as found:
        app.step(0.0, events=[])
    assert {o.text for o in found} == {"Wordswordswordswordswords"}
    assert {o.where for o in found} == {"fit_px", "Button"}  # shrunk as far as it goes, and still outside


@pytest.mark.slow
def test_every_scene_redraws_in_the_new_language_when_it_changes_underneath(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scene already open when the language changes shows no English word after the next frame."""
    english, french = Catalogue.load("en").strings, Catalogue.load("fr").strings
    only_english = {v for k, v in english.items()
                    if isinstance(v, str) and "{" not in v and v != french.get(k) and v not in french.values()}
    drawn: list[str] = []
    draw_text = paint.text

    def text(surface: pygame.Surface, app_: App, s: str, *args: object, **kwargs: object) -> pygame.Rect:
        drawn.append(s)
        return draw_text(surface, app_, s, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "text", text)
    app = App(size=(1280, 720), settings_store=MemorySettingsStore(Settings(window="1280x720", language="en")),
              saves=SaveSlot(enabled=False))
    left: dict[str, set[str]] = {}
    try:
        for name, prepare in iter_scenes(app):
            app.set_language("en")
            prepare()
            app.step(0.0, events=[])
            drawn.clear()
            app.step(1 / 60, events=[])
            assert only_english & set(drawn), f"{name}: the check needs English words to look for"
            app.set_language("fr")
            drawn.clear()
            app.step(1 / 60, events=[])
            if only_english & set(drawn):
                left[name] = only_english & set(drawn)
    finally:
        pygame.display.quit()
    assert left == {}


def test_the_value_of_lang_is_never_taken_for_a_command() -> None:
    from harmonies.__main__ import _subcommand_index
    assert _subcommand_index(["--lang", "demo"]) is None
    assert _subcommand_index(["--lang", "fr", "score", "x.json"]) == 2
