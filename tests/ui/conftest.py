"""Headless UI tests: the dummy video and audio drivers, one offscreen app per test, and the fonts,
sound effects and theme shared between the apps of one process."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from typing import Any

import pytest

pygame = pytest.importorskip("pygame")

from harmonies.app import assets, sound, theme  # noqa: E402  (after the drivers are chosen)
from parse_cache import by_file  # noqa: E402

# Each App opens its fonts again, one per size it draws (a few milliseconds each, some twenty per
# window): the apps of a test process share them instead, per font file. A font is read-only once
# open; those of a font module that was shut down since (pygame.quit) are dropped and opened again.
_SHARED_FONTS: dict[tuple[tuple[str, str], ...], dict[tuple[int, bool], Any]] = {}
_fonts_init = theme.Fonts.__init__


def _alive(font: Any) -> bool:
    try:
        font.get_height()
    except pygame.error:
        return False
    return True


def _sharing_fonts(self: theme.Fonts, *args: Any, **kwargs: Any) -> None:
    _fonts_init(self, *args, **kwargs)
    shared = _SHARED_FONTS.setdefault(tuple(sorted((k, str(p)) for k, p in self.paths.items())), {})
    if shared and not _alive(next(iter(shared.values()))):
        shared.clear()
    self._fonts = shared


theme.Fonts.__init__ = _sharing_fonts  # type: ignore[method-assign]

# Each App synthesises its sound effects again, in pure Python on a thread of its own (more CPU than
# the rest of opening the window, even with the dummy audio driver): a tone is a pure function of its
# arguments, made once per process here and its bytes shared.
_TONES: dict[tuple[Any, ...], bytes] = {}
_make_tone = sound._tone


def _kept_tone(rate: int, channels: int, dur: float, parts: list[tuple[float, float]], decay: float,
               noise: float = 0.0, seed: int = 1) -> bytes:
    key = (rate, channels, dur, tuple(parts), decay, noise, seed)
    made = _TONES.get(key)
    if made is None:
        made = _TONES[key] = _make_tone(rate, channels, dur, parts, decay, noise, seed)
    return made


sound._tone = _kept_tone

# The theme's YAML, parsed once per process like the catalogues (tests/parse_cache.py); the theme
# module holds its own name for the reader (``from .assets import load_yaml``).
setattr(theme, "load_yaml", by_file(assets.load_yaml, lambda name: assets.asset(name)))


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
