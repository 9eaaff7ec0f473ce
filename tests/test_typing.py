"""The rules library and the computer players are fully typed, like the libraries we learn from (mypy --strict)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("package", ["harmonies/rules", "harmonies/ai", "harmonies/tuning"])
def test_library_packages_pass_mypy_strict(package: str) -> None:
    pytest.importorskip("mypy")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", package],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
