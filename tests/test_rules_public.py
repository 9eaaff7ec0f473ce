"""The rules' public face: outside harmonies/rules, the package imports only the names of
``harmonies.rules.__all__`` and of the declared public modules, and never a private name."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import harmonies.rules

PACKAGE = Path(harmonies.__file__).resolve().parent
RULES = "harmonies.rules"
#: The rules submodules the layers above may import (harmonies/rules/__init__.py says what each holds).
PUBLIC_MODULES = ("kernels", "yamlfile", "jsontext")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(tree: ast.Module, module: str, is_package: bool) -> list[tuple[int, str, str]]:
    """(line, module, name) for every import in ``tree``, relative imports resolved; ``name`` is
    ``""`` for ``import module``."""
    found: list[tuple[int, str, str]] = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, "") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            found += [(node.lineno, base, alias.name) for alias in node.names]
    return found


def _public_names(module: str) -> set[str]:
    return set(importlib.import_module(module).__all__)


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """What the source of ``module`` imports from the rules that is not their public face."""
    public = {RULES: _public_names(RULES) | set(PUBLIC_MODULES)}
    public |= {f"{RULES}.{m}": _public_names(f"{RULES}.{m}") for m in PUBLIC_MODULES}
    out: list[str] = []
    for line, imported, name in _imported(ast.parse(source), module, is_package):
        if imported != RULES and not imported.startswith(RULES + "."):
            continue
        shown = f"{module}:{line}: {imported}" + (f".{name}" if name else "")
        if imported not in public:
            out.append(f"{shown}: {imported} is not a public rules module")
        elif name.startswith("_") or (name and name not in public[imported]):
            out.append(f"{shown}: not in {imported}.__all__")
    return out


def _modules_outside_rules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if PACKAGE / "rules" not in p.parents)


def test_nothing_outside_the_rules_reaches_past_their_public_face() -> None:
    found: list[str] = []
    for path in _modules_outside_rules():
        found += violations(path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py")
    assert found == []


@pytest.mark.parametrize("source,module,words", [
    ("from harmonies.rules.cards import CardSet\n", "harmonies.session.x", "not a public rules module"),
    ("from ..rules.tables import stack_table\n", "harmonies.ai.x", "not a public rules module"),
    ("import harmonies.rules.game\n", "harmonies.app.x", "not a public rules module"),
    ("from ...rules import cards\n", "harmonies.app.scenes.x", "not in harmonies.rules.__all__"),
    ("from harmonies.rules.yamlfile import _cut\n", "harmonies.session.x", "not in harmonies.rules.yamlfile.__all__"),
    ("from ..rules.kernels import build_table\n", "harmonies.ai.x", "not in harmonies.rules.kernels.__all__"),
])
def test_the_check_names_each_kind_of_reach(source: str, module: str, words: str) -> None:
    found = violations(source, module)
    assert len(found) == 1 and words in found[0], found


def test_the_public_face_is_allowed() -> None:
    source = ("from harmonies.rules import Game, jsontext\nfrom ..rules.kernels import stack_table\n"
              "from harmonies.rules.yamlfile import Reader\n")
    assert violations(source, "harmonies.ai.x") == []


@pytest.mark.parametrize("module", [RULES, *(f"{RULES}.{m}" for m in PUBLIC_MODULES)])
def test_every_public_name_is_there(module: str) -> None:
    loaded = importlib.import_module(module)
    assert [name for name in loaded.__all__ if not hasattr(loaded, name)] == []
