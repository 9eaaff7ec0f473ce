"""How widely the App is handed around, measured from the code (issue 48, narrow services).

Prints, for ``harmonies/app``:

- the modules that import ``App`` (type-only imports under ``TYPE_CHECKING`` counted),
- the functions and methods with a parameter annotated ``App``,
- the largest import circle among its modules (type-only imports counted),
- how many attributes of the play scene each of the play screen's parts reads.

``--json`` prints the figures as one JSON object; ``--list`` names the modules and the circle.
The figures come from the source alone (:mod:`ast`); nothing is imported.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "harmonies.app"
APP_MODULE = "harmonies.app.app"


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    tree: ast.Module

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"


def load_modules(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Module]:
    """Every module of ``package`` by its dotted name, parsed."""
    base = root / package.replace(".", "/")
    found: dict[str, Module] = {}
    for path in sorted(base.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        found[name] = Module(name, path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return found


def _base_of(module: Module, node: ast.ImportFrom) -> str:
    """The dotted module a ``from … import`` names (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    parts = module.name.split(".")
    if not module.is_package:
        parts = parts[:-1]
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def imports_of(module: Module, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``module`` imports, anywhere in its body."""
    out: set[str] = set()
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = _base_of(module, node)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    out.add(full)
                elif base in known:
                    out.add(base)
    out.discard(module.name)
    return out


def imports_app(module: Module) -> bool:
    """Whether the module imports the name ``App`` from the app module."""
    for node in ast.walk(module.tree):
        if isinstance(node, ast.ImportFrom) and _base_of(module, node) == APP_MODULE:
            if any(alias.name == "App" for alias in node.names):
                return True
    return False


def _names_app(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return False
    return any(isinstance(n, ast.Name) and n.id == "App" for n in ast.walk(annotation))


def functions_taking_app(module: Module) -> list[str]:
    """``module:function`` for each function with a parameter annotated with ``App``."""
    out: list[str] = []
    for node in ast.walk(module.tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            every = args.posonlyargs + args.args + args.kwonlyargs
            if any(_names_app(a.annotation) for a in every):
                out.append(f"{module.name}:{node.name}")
    return out


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    parts: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                parts.append(sorted(part))
    return parts


def largest_cycle(modules: dict[str, Module]) -> list[str]:
    """The largest set of modules that import one another round a circle (empty if none)."""
    known = set(modules)
    graph = {name: imports_of(m, known) for name, m in modules.items()}
    circles = [p for p in strongly_connected(graph) if len(p) > 1]
    return max(circles, key=len, default=[])


#: The play screen's parts, and the names they call the play scene by.
PLAY_PARTS = ("harmonies.app.play.pointer", "harmonies.app.play.cursor", "harmonies.app.play.keys",
              "harmonies.app.play.announce", "harmonies.app.play.pacing", "harmonies.app.play.outcomes",
              "harmonies.app.play.clock")
SCENE_NAMES = frozenset({"sc", "scene"})


def scene_reads(module: Module) -> list[str]:
    """The attributes a play part reads off the play scene (``sc.x``, ``self.sc.x``, ``scene.x``)."""
    seen: set[str] = set()
    for node in ast.walk(module.tree):
        if not isinstance(node, ast.Attribute):
            continue
        holder = node.value
        if isinstance(holder, ast.Name) and holder.id in SCENE_NAMES:
            seen.add(node.attr)
        elif isinstance(holder, ast.Attribute) and holder.attr in SCENE_NAMES \
                and isinstance(holder.value, ast.Name) and holder.value.id == "self":
            seen.add(node.attr)
    return sorted(seen)


def figures(root: Path = ROOT) -> dict[str, object]:
    modules = load_modules(root)
    importers = sorted(name for name, m in modules.items() if imports_app(m) and name != APP_MODULE)
    takers = [f for m in modules.values() for f in functions_taking_app(m)]
    circle = largest_cycle(modules)
    reads = {name: scene_reads(modules[name]) for name in PLAY_PARTS if name in modules}
    return {
        "modules": len(modules),
        "modules_importing_app": len(importers),
        "functions_taking_app": len(takers),
        "largest_import_cycle": len(circle),
        "importers": importers,
        "functions": sorted(takers),
        "cycle": circle,
        "play_scene_reads": {name.rsplit(".", 1)[1]: len(attrs) for name, attrs in reads.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--list", action="store_true", help="name the modules, functions and the circle")
    args = parser.parse_args(argv)
    found = figures()
    if args.json:
        short = {k: v for k, v in found.items() if isinstance(v, int) or k == "play_scene_reads"}
        print(json.dumps(found if args.list else short, indent=1))
        return 0
    print(f"modules in {PACKAGE}: {found['modules']}")
    print(f"modules importing App: {found['modules_importing_app']}")
    print(f"functions taking an App: {found['functions_taking_app']}")
    print(f"largest import cycle: {found['largest_import_cycle']} modules")
    print("play scene's attributes read by its parts: "
          + ", ".join(f"{k} {v}" for k, v in found["play_scene_reads"].items()))  # type: ignore[attr-defined]
    if args.list:
        for key in ("importers", "functions", "cycle"):
            print(f"\n{key}:")
            for item in found[key]:  # type: ignore[attr-defined]
                print(f"  {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
