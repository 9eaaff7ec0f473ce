"""Headless UI tests: the dummy video and audio drivers, one offscreen app per test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pytest

pygame = pytest.importorskip("pygame")


@pytest.fixture
def app() -> Iterator[object]:
    from harmonies.app.app import App
    from harmonies.app.scenes.menu import MenuScene
    from harmonies.session import SaveSlot
    from harmonies.app.settings import MemorySettingsStore, Settings

    a = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed="instant")),
            saves=SaveSlot(enabled=False))
    a.start(MenuScene(a))
    a.step(0.0, events=[])
    yield a
    pygame.display.quit()
