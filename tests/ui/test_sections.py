"""The play screen's sections stand alone: none imports a scene or takes one, and every section is in the
one ordered list that draws, hit-tests and lists the keyboard ring's stops."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest

import harmonies.app.play.sections as sections_pkg
from harmonies.app.play import screen
from harmonies.app.play.frame import Kit
from harmonies.app.play.sections.common import Section
from harmonies.app.scenes.play import PlayScene
from harmonies.app.smoke import played_game, resume
from harmonies.app.widgets import WidgetGroup

SECTIONS = Path(sections_pkg.__file__).parent
FILES = sorted(SECTIONS.glob("*.py"))


def _imports(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names]
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_section_never_imports_a_scene_nor_takes_one(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    bad = [m for m in _imports(tree) if "scenes" in m.split(".")]
    assert not bad, f"{path.name} imports {bad}"
    assert "PlayScene" not in text, f"{path.name} names the play scene"
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names = [a.arg for a in node.args.args + node.args.kwonlyargs]
            assert "sc" not in names and "scene" not in names, f"{path.name}: {node.name} takes the scene"


def test_every_section_is_in_the_one_list(app: Any) -> None:
    sc = PlayScene(app, resume(played_game(2, 2)), demo=True)
    listed = {type(s) for s in screen.play_sections(Kit(app, sc.layout, sc.art, sc.cardart), WidgetGroup())}
    defined = set()
    for path in FILES:
        module = importlib.import_module(f"harmonies.app.play.sections.{path.stem}")
        defined |= {c for _n, c in inspect.getmembers(module, inspect.isclass)
                    if issubclass(c, Section) and c is not Section and c.__module__ == module.__name__}
    assert defined == listed
