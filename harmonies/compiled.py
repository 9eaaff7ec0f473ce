"""Which build runs: the rules and the AI's hot modules compiled by mypyc, or the same source as Python.

The source tree is always a complete pure-Python program. ``scripts/compile.py`` (run by
``scripts/test`` and ``scripts/play`` when a C compiler is there) builds extension modules from the
files :func:`compiled_sources` lists into a folder of the virtual environment, never into the tree,
and writes a manifest holding :func:`source_key`: a hash of those files and of the interpreter.
:func:`install`, called once when the ``harmonies`` package is imported, puts a finder for the
compiled modules first on ``sys.meta_path`` only when the manifest's key is the key of the source
as it is now; an edited source file (or another Python) makes the key differ, and the edited
source runs as Python until the next compile. ``HARMONIES_PURE=1`` forces the pure build.

The packaged app (PyInstaller) carries the compiled modules as ordinary extension modules beside
the package, so the finder is not needed there; :func:`build_name` says which build runs by looking
at the module actually loaded.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# Set (to anything but "" or "0") to run the source as Python even when a compiled build is there.
PURE_ENV = "HARMONIES_PURE"
PACKAGE = Path(__file__).resolve().parent
# The rules modules that stay Python: the package's __init__ (it only gathers the public names, and
# the package itself is then always found in the tree) and the modules that read what comes from
# outside (commands and colours from saves, setups, YAML and cards files, board files, JSON text,
# positions, and the card types the cards file reader builds). They must answer anything sent with a
# ValueError or a refusal, which compiled code's own type checks would turn into a TypeError, and none
# of them is on the path of a move.
PURE_RULES = frozenset({"__init__", "commands", "colours", "setup", "cards", "cardtypes", "yamlfile", "boardfile",
                        "jsontext", "capped", "saves", "position"})
# The AI modules compiled besides the rest of harmonies/rules: the search and its evaluation, and the
# random player's turn (the engine's benchmark load).
AI_MODULES = ("ai/weights.py", "ai/card_index.py", "ai/evaluate.py", "ai/tables.py", "ai/turn_root.py",
              "ai/planner.py", "ai/lookahead.py", "ai/random_turn.py", "ai/seat_table.py")
MANIFEST = "manifest.json"
COMPILED = "compiled"
PURE = "pure Python"


def compiled_sources() -> list[Path]:
    """The source files the compiled build compiles, in a fixed order."""
    rules = sorted(p for p in (PACKAGE / "rules").glob("*.py") if p.stem not in PURE_RULES)
    return [*rules, *(PACKAGE / m for m in AI_MODULES)]


def module_name(path: Path) -> str:
    """``harmonies.rules.game`` for ``.../harmonies/rules/game.py``."""
    return ".".join(("harmonies", *path.relative_to(PACKAGE).with_suffix("").parts))


def source_key(sources: Sequence[Path] | None = None) -> str:
    """A hash of the compiled sources (names and bytes) and of the interpreter they are built for."""
    digest = hashlib.sha256()
    digest.update(f"{sys.implementation.cache_tag} {sys.version} {sys.platform}\n".encode())
    for path in sources if sources is not None else compiled_sources():
        digest.update(f"{path.relative_to(PACKAGE).as_posix()}\n".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def build_dir() -> Path:
    """Where ``scripts/compile.py`` puts the compiled build: inside the environment that runs it."""
    return Path(sys.prefix) / "harmonies-compiled"


def pure_forced() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled build's modules (by full name) in its folder, and nothing else."""

    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        found = self.modules.get(fullname)
        if found is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(found))
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


def read_manifest(folder: Path) -> tuple[str, dict[str, Path]] | None:
    """(key, module name -> extension file) of the build in ``folder``, or None for none usable."""
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        key = data["key"]
        modules = {str(name): folder / str(rel) for name, rel in data["modules"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not isinstance(key, str) or not all(p.is_file() for p in modules.values()):
        return None
    return key, modules


def install(folder: Path | None = None) -> bool:
    """Put the compiled build of ``folder`` (default :func:`build_dir`) first on the import path if it
    was built from the source as it is now; whether it did. Nothing of the rules is imported yet when
    this runs (the package's ``__init__`` calls it first)."""
    if pure_forced() or getattr(sys, "frozen", False) or any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return False
    found = read_manifest(folder if folder is not None else build_dir())
    if found is None:
        return False
    key, modules = found
    try:
        if key != source_key():
            return False  # the source changed since the build: it runs as Python
    except OSError:
        return False
    sys.meta_path.insert(0, CompiledFinder(modules))
    return True


def build_name() -> str:
    """``"compiled"`` when the rules run as a compiled extension module, else ``"pure Python"``."""
    # Imported by name here, not at the top: the answer is about the module the finder (or its
    # absence) gave, so it must be loaded after install() ran.
    probe = importlib.import_module("harmonies.rules.game")
    origin = getattr(probe, "__file__", None) or ""
    return COMPILED if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else PURE
