"""Each scene module imports on its own, in a fresh interpreter (no cycle that only a lucky import order hides)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import harmonies.app.scenes as scenes

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(f"harmonies.app.scenes.{m.name}" for m in pkgutil.iter_modules(scenes.__path__))


@pytest.mark.parametrize("module", MODULES)
def test_a_scene_module_imports_first(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:]
