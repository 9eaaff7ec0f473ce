"""The code passes the linter (ruff, configured in pyproject.toml) over harmonies/, tests/ and scripts/,
and mypy --strict over tests/ and scripts/ (tests/test_typing.py checks the package itself)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--quiet", "harmonies", "tests", "scripts"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


# -- mypy over tests/ and scripts/ -------------------------------------------------------------
# pytest puts each test file's folder on sys.path (the test folders hold no __init__.py), so a test
# imports its helpers by their bare names (``from ui_driver import Driver``). mypy is given the same
# folders as bases (MYPYPATH with --explicit-package-bases): a file's module is its bare name. Two
# files with one name (each folder's conftest.py; the scripts without .py, each a __main__) cannot
# be checked in one run, so they go to runs of their own.

def python_files() -> list[Path]:
    """The Python files of tests/ and scripts/: *.py, and the scripts without a suffix that run Python."""
    found = sorted(p for folder in ("tests", "scripts") for p in (ROOT / folder).rglob("*.py"))
    for p in sorted((ROOT / "scripts").iterdir()):
        if p.is_file() and not p.suffix:
            with p.open("rb") as f:
                if b"python" in f.readline():
                    found.append(p)
    return found


def module_name(path: Path) -> str:
    return path.stem if path.suffix == ".py" else "__main__"


def mypy_runs(files: list[Path]) -> list[list[Path]]:
    """The files in as few runs as can hold them with no module name twice in a run."""
    runs: list[list[Path]] = []
    names: list[set[str]] = []
    for path in files:
        name = module_name(path)
        free = next((i for i, taken in enumerate(names) if name not in taken), None)
        if free is None:
            runs.append([])
            names.append(set())
            free = len(runs) - 1
        runs[free].append(path)
        names[free].add(name)
    return runs


def test_a_name_found_twice_goes_to_another_run() -> None:
    files = [ROOT / "tests" / "conftest.py", ROOT / "tests" / "ui" / "conftest.py", ROOT / "tests" / "ui" / "a.py",
             ROOT / "scripts" / "tune", ROOT / "scripts" / "value"]
    runs = mypy_runs(files)
    assert runs == [files[0:1] + files[2:4], [files[1], files[4]]]
    assert all(len({module_name(p) for p in run}) == len(run) for run in runs)


def test_tests_and_scripts_pass_mypy_strict() -> None:
    pytest.importorskip("mypy")
    files = python_files()
    bases = sorted({str(p.parent.relative_to(ROOT)) for p in files})
    env = {**os.environ, "MYPYPATH": os.pathsep.join(bases)}
    problems = []
    for run in mypy_runs(files):
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--explicit-package-bases", "--no-error-summary",
             *(str(p.relative_to(ROOT)) for p in run)],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
        )
        if done.returncode != 0:
            problems.append(done.stdout + done.stderr)
    assert not problems, "\n".join(problems)
