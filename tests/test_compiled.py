"""The compiled build and its pure-Python twin: which one runs, and a stale build is never used."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

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


def _compile_script() -> Any:
    """scripts/compile.py as a module (it is run as a script, not imported by the game)."""
    spec = importlib.util.spec_from_file_location("harmonies_compile_script", REPO / "scripts" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_failed_compile_is_recorded_with_its_cause_and_not_tried_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = _compile_script()
    monkeypatch.setattr(script, "c_compiler", lambda: "/usr/bin/cc")
    log = tmp_path / "last-build.log"
    log.write_text("running build_ext\nharmonies/rules/cards.py:3: error: Library stubs not installed for \"yaml\"\n"
                   "Found 1 error in 1 file\n", encoding="utf-8")
    cause = script.cause_of(log)
    assert cause.endswith('error: Library stubs not installed for "yaml"')
    key = compiled.source_key()
    script.record_failure(tmp_path, key, cause)
    assert script.failed_before(tmp_path, key) == cause
    assert script.failed_before(tmp_path, "0" * 64) is None   # other sources: tried again

    def no_build(folder: Path, key: str) -> bool:
        raise AssertionError("the compile was tried again")

    monkeypatch.setattr(script, "build", no_build)
    monkeypatch.setattr(script, "missing_tools", lambda: [])
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    assert script.main(["--out", str(tmp_path)]) == 0
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "pure Python build" in said[0] and "Library stubs" in said[0]


def test_the_tools_are_part_of_what_a_failure_is_remembered_by(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _compile_script()
    key = compiled.source_key()
    script.record_failure(tmp_path, key, "error: something")
    monkeypatch.setattr(script, "tools", lambda: "cc /usr/bin/cc; mypy 99.0; setuptools 1; types-PyYAML 6")
    assert script.failed_before(tmp_path, key) is None   # a new mypy (or stubs, or compiler): tried again


def test_the_compile_extra_holds_what_the_compile_needs() -> None:
    script = _compile_script()
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    extra = text.split("\ncompile = [", 1)[1].split("]", 1)[0]
    for name in ("mypy", "setuptools", *script.STUB_PACKAGES):
        assert f'"{name}' in extra, name
