"""The app's shape, measured from its source by scripts/app_deps.py: no import circle in harmonies/app
(type-only imports counted), the App seen only by the modules that build or drive the window, the
play screen's parts typed against their protocol, not the play scene, and each scene typed with the
parts of the Host it uses, the whole Host given only to what builds the scenes."""

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



# -- what each scene is given ---------------------------------------------------------------
#: The scenes that use every part of the Host and so take it whole: none. The whole Host goes only to what
#: builds every scene (the registry's build_scene, and the Navigator that calls it).
WHOLE_HOST_SCENES: set[str] = set()
GIVEN_THE_WHOLE_HOST = {"harmonies.app.scenes.registry:build_scene", "harmonies.app.navigator:Navigator.__init__"}


@pytest.fixture(scope="module")
def found(deps: Any) -> Any:
    return deps.figures(REPO)


def test_the_measure_finds_every_scene(found: Any) -> None:
    assert {"MenuScene", "PlayScene", "ReplayScene", "SettingsScene", "Dialog", "OnscreenKeys"} <= set(
        found["scene_services"])
    assert found["scenes"] >= 23


def test_no_scene_takes_the_whole_host(found: Any) -> None:
    """Each scene is typed with the parts of the Host it uses; one that truly used all of them would be named
    in WHOLE_HOST_SCENES."""
    assert set(found["host_scenes"]) == WHOLE_HOST_SCENES, found["host_scenes"]


def test_only_what_builds_the_scenes_is_given_the_whole_host(found: Any) -> None:
    assert set(found["functions_taking_host"]) <= GIVEN_THE_WHOLE_HOST


def test_each_scene_takes_in_its_constructor_the_type_of_its_app(found: Any) -> None:
    """mypy lets a scene declare ``app: MenuServices`` while its constructor takes less; the measure does not."""
    assert found["scene_constructors"] == found["scene_services"]


def test_the_window_and_quit_go_only_to_the_scenes_that_use_them(found: Any) -> None:
    services = found["scene_services"]
    assert {name for name, parts in services.items() if "Windowed" in parts} == {"SettingsScene"}
    assert {name for name, parts in services.items() if "Closing" in parts} == {"MenuScene", "ScoringScene"}
    assert services["PadLostScene"] == ["Look", "Navigation"]


def test_a_scene_s_services_are_read_from_its_protocol(deps: Any, tmp_path: Path) -> None:
    """A protocol is taken apart into the parts it is built from; a scene typed ``Host`` in its constructor
    takes the whole Host even when its ``app`` is declared narrower; a subclass keeps what it inherits."""
    _fake_package(tmp_path, {
        "__init__.py": "",
        "scene.py": "from typing import Protocol\n"
                    "class Look(Protocol): ...\n"
                    "class Navigation(Protocol):\n    def push(self) -> None: ...\n"
                    "class Closing(Protocol):\n    def quit(self) -> None: ...\n"
                    "class Keeping(Protocol): ...\n"
                    "class SceneServices(Look, Navigation, Protocol): ...\n"
                    "class Host(Look, Navigation, Keeping, Closing, Protocol): ...\n"
                    "class Scene:\n    app: SceneServices\n    def __init__(self, app: SceneServices) -> None: ...\n",
        "scenes/__init__.py": "",
        "scenes/menu.py": "from typing import TYPE_CHECKING, Protocol\n"
                          "from ..scene import Closing, Look, Navigation, Scene\n"
                          "if TYPE_CHECKING:\n    from ..scene import Host\n"
                          "class MenuServices(Look, Navigation, Closing, Protocol): ...\n"
                          "class MenuScene(Scene):\n    app: MenuServices\n"
                          "    def __init__(self, app: MenuServices) -> None: ...\n"
                          "class Whole(Scene):\n    def __init__(self, app: 'Host') -> None: ...\n"
                          "class Sub(MenuScene):\n    pass\n",
    })
    got = deps.figures(tmp_path)
    assert got["host_parts"] == ["Look", "Navigation", "Keeping", "Closing"]
    assert got["scene_services"] == {"MenuScene": ["Look", "Navigation", "Closing"],
                                     "Sub": ["Look", "Navigation", "Closing"], "Whole": ["Look", "Navigation"]}
    assert got["scene_constructors"]["Whole"] == ["Look", "Navigation", "Keeping", "Closing"]
    assert got["host_scenes"] == ["Whole"]
    assert got["functions_taking_host"] == ["harmonies.app.scenes.menu:Whole.__init__"]
