"""Scene modules do not import each other, and each imports on its own.

The import graph of ``harmonies.app`` is read from the source with ``ast``: every ``import`` statement
counts, at module level, inside functions and under ``if TYPE_CHECKING``. A scene opens another screen by
value through ``app.navigate`` (``harmonies/app/navigation.py``); only the registry imports the scenes.
Each scene module also imports first in a fresh interpreter (no cycle that only a lucky import order hides).
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

import harmonies.app.scenes as scenes

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(f"harmonies.app.scenes.{m.name}" for m in pkgutil.iter_modules(scenes.__path__))

SCENES = "harmonies.app.scenes"
#: The one module allowed to import scenes: it builds the scene for each destination.
REGISTRY = f"{SCENES}.registry"
#: Building blocks the scenes share; they open no screen by themselves (``confirm``'s dialog is shown
#: by ``saving``'s questions and the Finished list's export, as a part of the screen that asks).
SHARED = {f"{SCENES}.{name}" for name in ("common", "confirm", "saving", "final_boards", "finished_list",
                                          "howto_figures", "howto_examples", "daily_start", "daily_words",
                                          "daily_calendar", "challenges_list",
                                          "challenges_verdict", "onscreen_keys", "menu_art", "scoring_solo")}
PLAY_SCENE = f"{SCENES}.play"
PLAY_PARTS = "harmonies.app.play."


def app_modules() -> dict[str, Path]:
    """Every module of ``harmonies.app`` by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in (ROOT / "harmonies" / "app").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(node: ast.AST, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules among ``modules`` that the statement ``node`` of module ``name`` imports (none if it is
    not an import)."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        found.update(alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = name if is_package else name.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{base}" if base else package
        # ``from . import menu`` imports the module ``menu``; ``from .menu import MenuScene`` the module ``.menu``
        found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names)
    return (found & modules) - {name}


def imports_in(source: str, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules among ``modules`` that ``source`` (module ``name``) imports anywhere in its text."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        found |= imported(node, name, is_package, modules)
    return found


def runtime_imports_in(source: str, name: str, modules: set[str]) -> set[str]:
    """Those of :func:`imports_in` outside ``if TYPE_CHECKING:`` blocks."""
    tree = ast.parse(source)
    typing_only = {id(sub) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
                   for stmt in node.body for sub in ast.walk(stmt)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) not in typing_only:
            found |= imported(node, name, False, modules)
    return found


def import_graph() -> dict[str, set[str]]:
    """Who imports whom inside ``harmonies.app``; the registry's own imports are left out, it being the way
    through which the app reaches the scenes.

    Also left out for now: the play screen's parts (``harmonies/app/play/``) import ``PlayScene`` for its
    type, because they are still handed the scene. Issue 38 turns them into objects that no longer see
    it; :func:`test_the_play_screens_parts_import_the_play_scene_for_types_only` keeps these imports
    to types meanwhile.
    """
    modules = app_modules()
    names = set(modules)
    graph = {name: imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", names)
             for name, path in modules.items()}
    graph[REGISTRY] = set()
    for name in graph:
        if name.startswith(PLAY_PARTS):
            graph[name].discard(PLAY_SCENE)
    return graph


def path_to(graph: dict[str, set[str]], start: str, goals: set[str]) -> list[str] | None:
    """A shortest chain of imports from ``start`` to one of ``goals`` (not ``start`` itself), or None."""
    came: dict[str, str] = {}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in sorted(graph[here]):
            if there in came:
                continue
            came[there] = here
            if there in goals:
                chain = [there]
                while chain[-1] != start or len(chain) == 1:
                    chain.append(came[chain[-1]])
                return chain[::-1]
            todo.append(there)
    return None


GRAPH = import_graph()
SCENE_MODULES = sorted(m for m in GRAPH if m.startswith(f"{SCENES}.") and m != REGISTRY and m not in SHARED)


def test_the_graph_sees_imports_in_functions_and_under_type_checking() -> None:
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..play import view\n"
              "def f():\n    from . import menu\n    import harmonies.app.paint\n")
    known = {"harmonies.app.play.view", "harmonies.app.scenes.menu", "harmonies.app.paint", "harmonies.app.scenes"}
    assert imports_in(source, "harmonies.app.scenes.x", False, known) == known - {"harmonies.app.scenes"}
    assert runtime_imports_in(source, "harmonies.app.scenes.x", known) == {"harmonies.app.scenes.menu",
                                                                           "harmonies.app.paint"}


def test_the_registry_builds_every_scene() -> None:
    modules = app_modules()
    registry = imports_in(modules[REGISTRY].read_text(encoding="utf-8"), REGISTRY, False, set(modules))
    assert set(SCENE_MODULES) <= registry
    assert len(SCENE_MODULES) >= 12  # menu, setup, play, pause, scoring, finished, replay, how to, ...


@pytest.mark.parametrize("module", SCENE_MODULES + sorted(SHARED))
def test_no_scene_module_imports_another(module: str) -> None:
    """Not directly, not through another module of the app, not for types: only the registry does."""
    chain = path_to(GRAPH, module, set(SCENE_MODULES) - {module})
    assert chain is None, " -> ".join(chain or [])


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if m.startswith(PLAY_PARTS)))
def test_the_play_screens_parts_import_no_scene(module: str) -> None:
    chain = path_to(GRAPH, module, set(SCENE_MODULES))
    assert chain is None, " -> ".join(chain or [])


def test_the_play_screens_parts_import_the_play_scene_for_types_only() -> None:
    modules = app_modules()
    at_run_time = sorted(name for name, path in modules.items() if name.startswith(PLAY_PARTS)
                         and PLAY_SCENE in runtime_imports_in(path.read_text(encoding="utf-8"), name, set(modules)))
    assert at_run_time == []


def test_no_scene_module_is_in_an_import_cycle() -> None:
    in_a_cycle = {m: path_to(GRAPH, m, {m}) for m in GRAPH if m.startswith(f"{SCENES}.")}
    assert {m: " -> ".join(chain) for m, chain in in_a_cycle.items() if chain} == {}


@pytest.mark.slow
@pytest.mark.parametrize("module", MODULES + ["harmonies.app.navigation"])
def test_a_scene_module_imports_first(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:]
