"""The player's manual from How to play (issue 51): the keys page's Manual button opens docs/manual.md,
which the checkout, the wheel and the packaged app all carry as game data; a copy without it, or a system
without a viewer, gets one line saying so (and where the file is), never a traceback."""

from __future__ import annotations

import re
import webbrowser
from pathlib import Path

import pytest
from ui_driver import Driver

from harmonies import resources
from harmonies.app.app import App
from harmonies.app.scenes.howto import HowToScene
from harmonies.catalogue import Catalogue, available_languages

ROOT = Path(__file__).resolve().parents[2]


def keys_page(app: App) -> tuple[Driver, HowToScene]:
    scene = HowToScene(app)
    app.scenes.push(scene)
    d = Driver(app)
    d.frames(1)
    scene.page = scene.count - 1
    d.frames(1)
    return d, scene


def test_the_keys_page_opens_the_manual(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []

    def opens(uri: str) -> bool:
        opened.append(uri)
        return True
    monkeypatch.setattr(webbrowser, "open", opens)
    d, scene = keys_page(app)
    assert not d.widget("next").visible and d.widget("manual").visible
    d.press_widget("manual")
    assert opened == [(ROOT / "docs" / "manual.md").resolve().as_uri()]
    assert scene.manual_line == app.t("keys.manual_opened", path=str(ROOT / "docs" / "manual.md"))
    scene.page = 0
    assert not d.widget("manual").visible and d.widget("next").visible


def test_no_viewer_says_where_the_manual_is(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(uri: str) -> bool:
        raise OSError("no browser")
    monkeypatch.setattr(webbrowser, "open", fails)
    d, scene = keys_page(app)
    d.press_widget("manual")
    assert scene.manual_line == app.t("keys.manual_not_opened", path=str(ROOT / "docs" / "manual.md"))


def test_a_copy_without_the_manual_says_so(app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    d, scene = keys_page(app)
    monkeypatch.setattr(resources, "search_roots", lambda: [tmp_path])
    monkeypatch.setattr(webbrowser, "open", lambda uri: pytest.fail("nothing to open"))
    d.press_widget("manual")
    assert scene.manual_line == app.t("keys.manual_missing", file="docs/manual.md")


def test_the_wheel_and_the_packaged_app_carry_the_manual() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"docs/manual.md" = "harmonies/_bundled/docs/manual.md"' in pyproject
    spec = (ROOT / "build" / "harmonies.spec").read_text(encoding="utf-8")
    assert re.search(r'datas\.append\(\(str\(manual\), "docs"\)\)', spec)
    assert (ROOT / "docs" / "manual.md").is_file()


@pytest.mark.parametrize("code", available_languages())
def test_every_language_words_the_manual_lines(code: str) -> None:
    cat = Catalogue.load(code)
    for key in ("keys.manual", "keys.manual_opened", "keys.manual_not_opened", "keys.manual_missing"):
        assert key in cat.strings and cat.t(key, path="/x", file="docs/manual.md")
    assert "docs/manual.md" not in cat.t("keys.mouse")      # a path the packaged app's player has no use for
