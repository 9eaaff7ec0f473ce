"""The setup screen offers again the configuration of the last game started, also after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from harmonies.app.app import App
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.setup import SetupScene, remembered
from harmonies.session import SaveSlot
from harmonies.app.settings import MemorySettingsStore, Settings, StoreSettings
from harmonies.persist import Store

from ui_driver import Driver


def open_app(folder: Path) -> Driver:
    app = App(settings_store=StoreSettings(Store(folder)), saves=SaveSlot(enabled=False))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    return Driver(app)


def step_right(d: Driver, name: str) -> None:
    """Click the right arrow of a choice (the next option)."""
    x, y, w, h = d.widget(name).rect
    d.click((x + w - h / 2, y + h / 2))


def open_setup(d: Driver) -> SetupScene:
    d.press_widget("new")
    d.frames(1)
    assert isinstance(d.top, SetupScene)
    return d.top


def test_last_setup_is_offered_again_after_a_restart(tmp_path: Path) -> None:
    d = open_app(tmp_path)
    scene = open_setup(d)
    assert (scene.count, scene.side, scene.spirits) == (2, "A", False)  # the defaults the first time
    step_right(d, "players")                      # 2 -> 3 seats
    d.press_widget("name0")
    d.post(pygame.TEXTINPUT, text="Zoé")
    d.frames(1)
    step_right(d, "level1")                       # medium -> hard
    step_right(d, "kind2")                        # the third seat: computer -> player on another computer
    step_right(d, "kind2")                        # -> human
    step_right(d, "side")
    step_right(d, "spirits")
    d.press_widget("start")
    d.frames(2)
    assert d.top.name == "play"
    kept = json.loads((tmp_path / "settings.json").read_text())["last_setup"]
    assert kept["side"] == "B" and kept["spirits"] is True and len(kept["seats"]) == 3
    pygame.display.quit()

    again = open_setup(open_app(tmp_path))
    assert (again.count, again.side, again.spirits, again.seed) == (3, "B", True, "")
    assert [s["name"] for s in again.seats[:3]] == ["Zoé", "", ""]
    assert [s["kind"] for s in again.seats[:3]] == ["human", "computer", "human"]
    assert again.seats[1]["level"] == "hard"
    pygame.display.quit()


def test_a_damaged_memory_falls_back_field_by_field() -> None:
    levels = ("easy", "medium", "hard")
    assert remembered({}, levels) is None
    assert remembered({"seats": []}, levels) is None
    assert remembered({"seats": "nope"}, levels) is None
    config = remembered({"seats": [{"name": "A\x00na" * 10, "kind": "robot", "level": "godlike"}, 7],
                         "side": "C", "spirits": "yes"}, levels)
    assert config is not None
    assert [(s.name, s.kind, s.level) for s in config.seats] == [("AnaAnaAnaAnaAnaAnaAnaAna", "human", "medium"),
                                                                 ("", "human", "medium")]
    assert (config.side, config.spirits, config.seed) == ("A", False, None)


def test_without_memory_the_defaults_stay(app: App) -> None:
    d = Driver(app)
    assert isinstance(app.settings_store, MemorySettingsStore) and app.settings.last_setup == {}
    scene = open_setup(d)
    assert scene.count == 2 and [s["kind"] for s in scene.seats[:2]] == ["human", "computer"]
    assert Settings.from_dict({"last_setup": [1, 2]}).last_setup == {}  # a wrong type is dropped


def test_any_games_seed_can_be_typed_back(tmp_path: Path) -> None:
    """New games draw their seeds from 2^63 values: the field takes all 19 digits of one, and a larger
    number is no seed (the game gets a new one)."""
    d = open_app(tmp_path)
    setup = open_setup(d)
    d.press_widget("seed")
    biggest = str(2**63 - 1)
    d.post(pygame.TEXTINPUT, text=biggest)
    d.frames(1)
    assert setup.seed == biggest and setup.config().seed == 2**63 - 1
    setup.seed = str(2**63)
    assert setup.config().seed is None
