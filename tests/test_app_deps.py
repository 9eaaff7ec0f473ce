"""The app's shape, measured from its source by scripts/app_deps.py: no import circle in harmonies/app
(type-only imports counted), the App seen only by the modules that build or drive the window, and the
play screen's parts typed against their protocol, not the play scene."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
#: The modules that build or drive the real window, and so hold the App itself.
APP_HOLDERS = {"harmonies.app.window", "harmonies.app.demo", "harmonies.app.smoke"}


def _script() -> Any:
    """scripts/app_deps.py as a module (it is run as a script, not imported by the game)."""
    spec = importlib.util.spec_from_file_location("harmonies_app_deps", REPO / "scripts" / "app_deps.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def deps() -> Any:
    return _script()


def test_no_import_circle_in_the_app(deps: Any) -> None:
    assert deps.figures(REPO)["cycle"] == []


def test_only_the_window_s_builders_import_the_app(deps: Any) -> None:
    assert set(deps.figures(REPO)["importers"]) <= APP_HOLDERS


def test_the_play_parts_do_not_import_the_play_scene(deps: Any) -> None:
    modules = deps.load_modules(REPO)
    for name in deps.PLAY_PARTS:
        assert "harmonies.app.scenes.play" not in deps.imports_of(modules[name], set(modules)), name


def _fake_package(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / "harmonies" / "app" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_type_only_import_closes_a_circle(deps: Any, tmp_path: Path) -> None:
    """The measure counts what mypy reads: an import under TYPE_CHECKING is an edge too."""
    _fake_package(tmp_path, {
        "__init__.py": "",
        "app.py": "from .scenes import menu\nclass App: ...\n",
        "scenes/__init__.py": "",
        "scenes/menu.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..app import App\n"
                          "def draw(app: 'App') -> None: ...\n",
    })
    found = deps.figures(tmp_path)
    assert found["cycle"] == ["harmonies.app.app", "harmonies.app.scenes.menu"]
    assert found["importers"] == ["harmonies.app.scenes.menu"]
    assert found["functions"] == ["harmonies.app.scenes.menu:draw"]

