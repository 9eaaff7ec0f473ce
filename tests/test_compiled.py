"""The compiled build and its pure-Python twin: which one runs, and a stale build is never used."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from harmonies import compiled

REPO = Path(__file__).resolve().parent.parent

# Run in a fresh interpreter: the suite's own has the venv's build (if any) installed already.
# HARMONIES_PURE keeps the venv's build out while harmonies is imported; the code then clears it.
INSTALL = """
import os, sys
from pathlib import Path
from harmonies import compiled
del os.environ[compiled.PURE_ENV]
print(compiled.install(Path(sys.argv[1])), any(isinstance(f, compiled.CompiledFinder) for f in sys.meta_path))
"""


def fake_build(folder: Path, key: str) -> None:
    """A build folder whose manifest names one (empty) extension file, built from ``key``."""
    (folder / "lib").mkdir()
    (folder / "lib" / "fake.so").write_bytes(b"")
    manifest = {"key": key, "modules": {"harmonies_fake_module": "lib/fake.so"}}
    (folder / compiled.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")


def install_in_child(folder: Path) -> str:
    env = dict(os.environ, **{compiled.PURE_ENV: "1"})
    out = subprocess.run([sys.executable, "-c", INSTALL, str(folder)], capture_output=True, text=True,
                         env=env, cwd=REPO, timeout=60, check=True)
    return out.stdout.strip()


def test_a_build_of_the_source_as_it_is_is_used(tmp_path: Path) -> None:
    fake_build(tmp_path, compiled.source_key())
    assert install_in_child(tmp_path) == "True True"


def test_a_build_of_other_source_is_never_used(tmp_path: Path) -> None:
    # An edited source file changes the key: the build made before the edit is left alone.
    fake_build(tmp_path, "0" * 64)
    assert install_in_child(tmp_path) == "False False"


def test_a_missing_or_broken_manifest_is_no_build(tmp_path: Path) -> None:
    assert install_in_child(tmp_path) == "False False"
    (tmp_path / compiled.MANIFEST).write_text("{not json", encoding="utf-8")
    assert install_in_child(tmp_path) == "False False"


def test_the_key_covers_every_compiled_source_and_the_interpreter() -> None:
    sources = compiled.compiled_sources()
    names = {compiled.module_name(p) for p in sources}
    assert {"harmonies.rules.game", "harmonies.rules.core", "harmonies.ai.planner"} <= names
    assert "harmonies.rules.commands" not in names  # reads saves: stays Python
    assert compiled.source_key() == compiled.source_key(sources)
    assert compiled.source_key(sources[:-1]) != compiled.source_key(sources)


def test_the_pure_build_is_forced_by_the_environment() -> None:
    env = dict(os.environ, **{compiled.PURE_ENV: "1"})
    code = "from harmonies.compiled import build_name; print(build_name())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO,
                         timeout=60, check=True)
    assert out.stdout.strip() == compiled.PURE
