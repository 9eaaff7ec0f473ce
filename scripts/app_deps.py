"""How widely the App is handed around, measured from the code (issue 48, narrow services).

Prints, for ``harmonies/app``:

- the modules that import ``App`` (type-only imports under ``TYPE_CHECKING`` counted),
- the functions and methods with a parameter annotated ``App``,
- the largest import circle among its modules (type-only imports counted),
- how many attributes of the play scene each of the play screen's parts reads,
- each scene's services: the parts of the protocol its ``app`` is typed with (``MenuScene: Look,
  Navigation, Keeping, Telling, Closing``), how many scenes take the whole ``Host``, and the functions
  given the whole ``Host``.

``--json`` prints the figures as one JSON object; ``--list`` names the modules, the circle and each
scene's services.
The figures come from the source alone (:mod:`ast`); nothing is imported.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Callable, Iterator
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


def _names(annotation: ast.expr | None, name: str) -> bool:
    """Whether ``annotation`` (quoted or not) names ``name`` anywhere in it."""
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return False
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(annotation))


def _functions(body: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function of ``body``, nested ones and methods too, by its dotted name (``Navigator.__init__``)."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
            yield from _functions(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node.body, f"{prefix}{node.name}.")
        else:  # inside an if, a with, a try and its handlers, a match's cases
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    yield from _functions([child], prefix)
                elif isinstance(child, (ast.ExceptHandler, ast.match_case)):
                    yield from _functions(child.body, prefix)


def functions_taking(module: Module, name: str) -> list[str]:
    """``module:function`` for each function with a parameter annotated with ``name``."""
    out: list[str] = []
    for qualname, node in _functions(module.tree.body):
        args = node.args
        every = args.posonlyargs + args.args + args.kwonlyargs
        if any(_names(a.annotation, name) for a in every):
            out.append(f"{module.name}:{qualname}")
    return out


def functions_taking_app(module: Module) -> list[str]:
    """``module:function`` for each function with a parameter annotated with ``App``."""
    return functions_taking(module, "App")


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


# -- what each scene is given ---------------------------------------------------------------
SCENE_MODULE = "harmonies.app.scene"
#: A class name as found: the module that defines it and its name there.
ClassRef = tuple[str, str]


def _classes(modules: dict[str, Module]) -> dict[ClassRef, ast.ClassDef]:
    """Every class defined at the top level of a module."""
    return {(name, node.name): node for name, m in modules.items() for node in m.tree.body
            if isinstance(node, ast.ClassDef)}


def _resolve(modules: dict[str, Module], classes: dict[ClassRef, ast.ClassDef], module: str,
             expr: ast.expr | None) -> ClassRef | None:
    """The class a base or an annotation of ``module`` names: one defined there, or one it imports by name
    (``from ..scene import Keeping``, under ``TYPE_CHECKING`` too); None for anything else."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        try:
            expr = ast.parse(expr.value, mode="eval").body
        except SyntaxError:
            return None
    if not isinstance(expr, ast.Name):
        return None
    if (module, expr.id) in classes:
        return module, expr.id
    for node in ast.walk(modules[module].tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (alias.asname or alias.name) == expr.id:
                    ref = (_base_of(modules[module], node), alias.name)
                    if ref in classes:
                        return ref
    return None


def _bases(modules: dict[str, Module], classes: dict[ClassRef, ast.ClassDef], ref: ClassRef) -> list[ClassRef]:
    found = [_resolve(modules, classes, ref[0], base) for base in classes[ref].bases]
    return [b for b in found if b is not None]


def _lineage(modules: dict[str, Module], classes: dict[ClassRef, ast.ClassDef], ref: ClassRef) -> list[ClassRef]:
    """``ref`` and the classes it derives from, nearest first (depth first, in the order of the bases)."""
    out: list[ClassRef] = []
    todo = [ref]
    while todo:
        cls = todo.pop(0)
        if cls not in out:
            out.append(cls)
            todo[:0] = _bases(modules, classes, cls)
    return out


def _declared_app(node: ast.ClassDef) -> ast.expr | None:
    """The annotation of ``app`` in the class's body (``app: MenuServices``), if it has one."""
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == "app":
            return stmt.annotation
    return None


def _constructor_app(node: ast.ClassDef) -> ast.expr | None:
    """The annotation of the ``app`` parameter of the class's own ``__init__``, if it has one."""
    for stmt in node.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            for arg in stmt.args.posonlyargs + stmt.args.args + stmt.args.kwonlyargs:
                if arg.arg == "app":
                    return arg.annotation
    return None



def protocol_parts(modules: dict[str, Module], classes: dict[ClassRef, ast.ClassDef], ref: ClassRef) -> list[str]:
    """The parts a protocol is built from: the protocols it derives from, each taken apart the same way;
    a protocol built from no other (Look, Keeping), or that adds members of its own, is a part itself."""
    bases = _bases(modules, classes, ref)
    own = any(isinstance(stmt, (ast.FunctionDef, ast.AnnAssign)) for stmt in classes[ref].body)
    parts: list[str] = [ref[1]] if own or not bases else []
    for base in bases:
        parts += [p for p in protocol_parts(modules, classes, base) if p not in parts]
    return parts


def _services(modules: dict[str, Module], classes: dict[ClassRef, ast.ClassDef], lineage: list[ClassRef],
              read: Callable[[ast.ClassDef], ast.expr | None]) -> list[str] | None:
    """The parts of the type the nearest class of ``lineage`` gives ``app`` by ``read``; None if none does."""
    for cls in lineage:
        expr = read(classes[cls])
        if expr is not None:
            ref = _resolve(modules, classes, cls[0], expr)
            name = ast.unparse(expr).strip("'\"")
            return protocol_parts(modules, classes, ref) if ref is not None else [name]
    return None


def scene_services(modules: dict[str, Module]) -> dict[str, dict[str, list[str]]]:
    """For each scene (a class deriving from ``Scene``), by class name: the parts of the type of its ``app``
    (``declared``: the nearest ``app:`` in its body or in the classes it derives from, else its constructor's)
    and of its constructor's ``app`` parameter (``constructor``: the nearest ``__init__`` that names one)."""
    classes = _classes(modules)
    base = (SCENE_MODULE, "Scene")
    out: dict[str, dict[str, list[str]]] = {}
    for ref in sorted(classes):
        lineage = _lineage(modules, classes, ref)
        if ref == base or base not in lineage:
            continue
        made = _services(modules, classes, lineage, _constructor_app) or []
        declared = _services(modules, classes, lineage, _declared_app)
        out[ref[1]] = {"declared": made if declared is None else declared, "constructor": made}
    return out


def host_parts(modules: dict[str, Module]) -> list[str]:
    """The parts of ``Host``, everything a scene could be given, in the order it lists them."""
    classes = _classes(modules)
    host = (SCENE_MODULE, "Host")
    return protocol_parts(modules, classes, host) if host in classes else ["Host"]


def takes_whole_host(services: dict[str, list[str]], whole: list[str]) -> bool:
    """Whether a scene's declared or constructor type holds every part of ``Host``."""
    return any(set(whole) <= set(parts) for parts in services.values())


def figures(root: Path = ROOT) -> dict[str, object]:
    modules = load_modules(root)
    importers = sorted(name for name, m in modules.items() if imports_app(m) and name != APP_MODULE)
    takers = [f for m in modules.values() for f in functions_taking_app(m)]
    circle = largest_cycle(modules)
    reads = {name: scene_reads(modules[name]) for name in PLAY_PARTS if name in modules}
    whole = host_parts(modules)
    services = dict(sorted(scene_services(modules).items()))

    def in_order(parts: list[str]) -> list[str]:
        return sorted(parts, key=lambda p: (whole.index(p) if p in whole else len(whole), p))

    host_scenes = sorted(name for name, s in services.items() if takes_whole_host(s, whole))
    return {
        "modules": len(modules),
        "modules_importing_app": len(importers),
        "functions_taking_app": len(takers),
        "largest_import_cycle": len(circle),
        "scenes": len(services),
        "scenes_taking_host": len(host_scenes),
        "importers": importers,
        "functions": sorted(takers),
        "cycle": circle,
        "play_scene_reads": {name.rsplit(".", 1)[1]: len(attrs) for name, attrs in reads.items()},
        "host_parts": whole,
        "scene_services": {name: in_order(s["declared"]) for name, s in services.items()},
        "scene_constructors": {name: in_order(s["constructor"]) for name, s in services.items()},
        "host_scenes": host_scenes,
        "functions_taking_host": sorted(f for m in modules.values() for f in functions_taking(m, "Host")),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--list", action="store_true",
                        help="name the modules, functions and the circle, and what each scene's constructor takes")
    args = parser.parse_args(argv)
    found = figures()
    if args.json:
        short = {k: v for k, v in found.items() if isinstance(v, int) or k in ("play_scene_reads", "scene_services")}
        print(json.dumps(found if args.list else short, indent=1))
        return 0
    print(f"modules in {PACKAGE}: {found['modules']}")
    print(f"modules importing App: {found['modules_importing_app']}")
    print(f"functions taking an App: {found['functions_taking_app']}")
    print(f"largest import cycle: {found['largest_import_cycle']} modules")
    print("play scene's attributes read by its parts: "
          + ", ".join(f"{k} {v}" for k, v in found["play_scene_reads"].items()))  # type: ignore[attr-defined]
    print(f"scenes taking the whole Host ({', '.join(found['host_parts'])}): "  # type: ignore[arg-type]
          f"{found['scenes_taking_host']} of {found['scenes']}")
    print("functions given the whole Host: " + (", ".join(found["functions_taking_host"]) or "none"))  # type: ignore[arg-type]
    print("\neach scene's services (the parts of the type of its app):")
    for name, parts in found["scene_services"].items():  # type: ignore[attr-defined]
        print(f"  {name}: {', '.join(parts)}")
    if args.list:
        print("\neach scene's constructor takes:")
        for name, parts in found["scene_constructors"].items():  # type: ignore[attr-defined]
            print(f"  {name}: {', '.join(parts)}")
        for key in ("importers", "functions", "cycle"):
            print(f"\n{key}:")
            for item in found[key]:  # type: ignore[attr-defined]
                print(f"  {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
