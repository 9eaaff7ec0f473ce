"""The Steam Deck's defaults (issue 49): a Deck is told by Steam's ``SteamDeck=1`` or by Valve's board in the
DMI table; there the game starts full screen with text at 125 %, unless the player chose otherwise, and
settings files written before keep loading with their choices."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from harmonies.app import device
from harmonies.app.app import App
from harmonies.app.settings import DECK_DEFAULTS, MemorySettingsStore, Settings


def _dmi(tmp_path: Path, vendor: str, board: str) -> Path:
    folder = tmp_path / "dmi"
    folder.mkdir()
    (folder / "board_vendor").write_text(vendor + "\n", encoding="utf-8")
    (folder / "board_name").write_text(board + "\n", encoding="utf-8")
    return folder


def test_steam_says_so_in_the_environment(tmp_path: Path) -> None:
    nothing = tmp_path / "none"
    assert device.is_steam_deck({"SteamDeck": "1"}, nothing)
    assert not device.is_steam_deck({"SteamDeck": "0"}, nothing)
    assert not device.is_steam_deck({}, nothing)


@pytest.mark.parametrize("board", ["Jupiter", "Galileo"])
def test_valves_boards_in_the_dmi_table_are_decks(tmp_path: Path, board: str) -> None:
    assert device.is_steam_deck({}, _dmi(tmp_path, "Valve", board))


@pytest.mark.parametrize("vendor, board", [("Valve", "Index"), ("LENOVO", "Jupiter"), ("", "")])
def test_other_machines_are_not(tmp_path: Path, vendor: str, board: str) -> None:
    assert not device.is_steam_deck({}, _dmi(tmp_path, vendor, board))


def _app(monkeypatch: pytest.MonkeyPatch, settings: Settings, deck: bool) -> App:
    monkeypatch.setenv("SteamDeck", "1" if deck else "0")
    monkeypatch.setattr(device, "DMI_FOLDER", Path("/nonexistent-dmi"))
    return App(settings_store=MemorySettingsStore(settings))


def test_a_deck_starts_full_screen_with_larger_text(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(monkeypatch, Settings(), deck=True)
    try:
        assert app.deck and app.settings.fullscreen and app.settings.text_size == 125
        assert app.vp.text_scale == pytest.approx(1.25)
        window = pygame.display.get_surface()
        assert window is not None and window.get_flags() & pygame.FULLSCREEN
    finally:
        pygame.display.quit()


def test_elsewhere_the_defaults_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(monkeypatch, Settings(), deck=False)
    try:
        assert not app.deck and not app.settings.fullscreen and app.settings.text_size == 100
    finally:
        pygame.display.quit()


def test_the_players_choice_wins_and_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(monkeypatch, Settings(), deck=True)
    try:
        app.apply_settings(app.settings.with_(text_size=100))
        app.apply_settings(app.settings.with_(fullscreen=False))
        kept = app.settings_store.load()
        assert kept.text_size == 100 and not kept.fullscreen and set(kept.chosen) >= {"text_size", "fullscreen"}
    finally:
        pygame.display.quit()
    again = _app(monkeypatch, Settings.from_dict(kept.to_dict()), deck=True)
    try:
        assert again.settings.text_size == 100 and not again.settings.fullscreen
    finally:
        pygame.display.quit()


def test_settings_files_from_before_keep_loading_with_their_choices() -> None:
    old = {"window": "1920x1080", "fullscreen": False, "text_size": 150, "volume": 40}  # no "chosen" yet
    s = Settings.from_dict(old)
    assert (s.window, s.text_size, s.volume) == ("1920x1080", 150, 40)
    assert s.for_device(DECK_DEFAULTS).text_size == 150 and s.for_device(DECK_DEFAULTS).window == "1920x1080"
    # the values a file cannot tell from a default (100 %, a window) take the Deck's
    plain = Settings.from_dict({"text_size": 100, "fullscreen": False})
    assert plain.for_device(DECK_DEFAULTS) == plain.with_(**DECK_DEFAULTS)
    assert Settings.from_dict({"chosen": ["text_size", 3, {"x": 1}, "nonsense", "text_size"]}).chosen == ["text_size"]
    assert Settings.from_dict({"chosen": "text_size"}).chosen == []


def test_the_choice_survives_the_settings_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from harmonies.app.settings import StoreSettings
    from harmonies.persist import Store

    store = StoreSettings(Store(tmp_path, durable=False))
    app = _app(monkeypatch, store.load(), deck=True)
    app.settings_store = store
    try:
        app.apply_settings(app.settings.with_(text_size=150))
    finally:
        pygame.display.quit()
    loaded = StoreSettings(Store(tmp_path, durable=False)).load()
    assert loaded.text_size == 150 and "text_size" in loaded.chosen and "fullscreen" not in loaded.chosen
    assert loaded.for_device(DECK_DEFAULTS).text_size == 150
