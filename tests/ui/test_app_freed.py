"""An app that is done with is freed with everything it drew: nothing of the module level (a service
kept per app, a cache) holds it. Each UI test makes an app; one kept alive per test grows a test
process by megabytes a test."""

from __future__ import annotations

import gc
import time
import weakref

import pygame

from harmonies.app.app import App
from harmonies.app.scenes.daily import DailyScene
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.play import PlayScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.session import MatchConfig, SaveSlot, Seat


def _used_app() -> weakref.ref[App]:
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
              saves=SaveSlot(enabled=False))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    app.scenes.push(DailyScene(app))
    app.step(0.0, events=[])
    app.scenes.push(PlayScene(app, MatchConfig((Seat("A"), Seat("B", "computer")), seed=4)))
    for _ in range(5):
        app.step(1 / 60, events=[])
    return weakref.ref(app)


def test_an_app_that_showed_the_menu_the_daily_screen_and_a_game_is_freed() -> None:
    gone = _used_app()
    pygame.display.quit()
    # a background job still under way (the computer's turn) holds its scene until it ends; a holder at
    # module level never lets go, so waiting for the jobs tells the two apart
    for _ in range(300):
        gc.collect()
        if gone() is None:
            break
        time.sleep(0.1)
    assert gone() is None
