"""The app's icon: scripts/make_icon draws the committed assets/icon.png (and its .ico and .icns
wrappers for the Windows and macOS builds), and the window sets it before it opens."""

from __future__ import annotations

import importlib.util
import os
import struct
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

import harmonies.app.app as app_module
from harmonies import resources, smoke
from harmonies.app.app import App, set_window_icon
from harmonies.app.assets import AssetError

REPO = Path(__file__).resolve().parents[2]
ICON = REPO / "assets" / "icon.png"


def _make_icon() -> ModuleType:
    spec = importlib.util.spec_from_file_location("harmonies_make_icon", REPO / "scripts" / "make_icon.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


make_icon = _make_icon()


def test_the_script_draws_the_committed_icon(tmp_path: Path) -> None:
    png, ico, icns = make_icon.write_icons(tmp_path)
    pygame.display.init()
    drawn, committed = pygame.image.load(str(png)), pygame.image.load(str(ICON))
    assert drawn.get_size() == committed.get_size() == (256, 256)
    # Alike pixel for pixel up to rounding (smoothscale may round differently elsewhere): regenerate
    # with scripts/make_icon after changing the drawing.
    worst = max(abs(a - b) for x in range(0, 256, 4) for y in range(0, 256, 4)
                for a, b in zip(drawn.get_at((x, y)), committed.get_at((x, y))))
    assert worst <= 8
    assert committed.get_at((0, 0)).a == 0 and committed.get_at((128, 128)).a == 255  # a hex on nothing
    assert ico.read_bytes() == make_icon.ico_bytes(png.read_bytes())
    assert icns.read_bytes() == make_icon.icns_bytes(png.read_bytes())


def test_the_windows_and_macos_icons_wrap_the_png() -> None:
    png = ICON.read_bytes()
    ico = (REPO / "assets" / "icon.ico").read_bytes()
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, 1)
    width, height, _, _, planes, bits, size, offset = struct.unpack("<BBBBHHII", ico[6:22])
    assert (width, height, planes, bits) == (0, 0, 1, 32) and ico[offset:offset + size] == png  # 0: 256 pixels
    icns = (REPO / "assets" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert icns[8:12] == b"ic08" and icns[16:] == png


def test_the_window_gets_the_icon(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: given.append(surf.get_size()))
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        monkeypatch.setenv(name, "")  # so that the test's end restores what was there
        monkeypatch.delenv(name)
    app = App(size=(640, 480))
    try:
        assert given == [(256, 256)]
        # The desktop matches the window to the menu entry (StartupWMClass) by this class.
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "harmonies"
    finally:
        app.running = False
        pygame.display.quit()


def test_a_missing_icon_keeps_the_window_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> Path:
        raise AssetError(f"missing asset file: {name}")

    monkeypatch.setattr(app_module, "asset", missing)
    pygame.display.init()
    assert set_window_icon() is False
    monkeypatch.setattr(app_module, "asset", lambda name: REPO / "cards.yaml")  # not an image
    assert set_window_icon() is False


def test_the_smoke_test_fails_a_bundle_without_the_icon(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    smoke._check_icon()  # this checkout has it

    def missing(name: str) -> Path:
        raise FileNotFoundError(f"game resource {name!r} not found")

    monkeypatch.setattr(resources, "resource_path", missing)
    with pytest.raises(smoke.SmokeFailure, match="no window icon"):
        smoke._check_icon()
    (tmp_path / "icon.png").write_text("not a picture")
    monkeypatch.setattr(resources, "resource_path", lambda name: tmp_path / "icon.png")
    with pytest.raises(smoke.SmokeFailure, match="not a PNG"):
        smoke._check_icon()
