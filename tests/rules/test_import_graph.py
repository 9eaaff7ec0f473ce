"""The rules package imports in one direction: no module reaches itself through others.

A circle (even one hidden under ``if TYPE_CHECKING``) makes the compiled build (mypyc) initialise a
module that another half-initialised one needs; it crashed the first compiled import before.
"""

from __future__ import annotations

import ast
from pathlib import Path

import harmonies.rules

RULES = Path(harmonies.rules.__file__).parent


def rules_imports() -> dict[str, set[str]]:
    """Module name -> the rules modules it imports, anywhere in it (TYPE_CHECKING blocks included)."""
    graph: dict[str, set[str]] = {}
    for path in RULES.glob("*.py"):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:
                    deps |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
                elif node.module and node.module.startswith("harmonies.rules."):
                    deps.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                deps |= {a.name.split(".")[2] for a in node.names if a.name.startswith("harmonies.rules.")}
        graph[path.stem] = deps - {path.stem}
    return graph


def test_rules_have_no_import_circle() -> None:
    graph = rules_imports()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        for dep in sorted(graph.get(module, ())):
            assert dep not in path, "import circle: " + " -> ".join([*path[path.index(dep):], dep])
            if dep not in done:
                visit(dep, [*path, dep])
        done.add(module)

    for module in sorted(graph):
        visit(module, [module])
    assert {"game", "core", "hidden", "state"} <= set(graph)
