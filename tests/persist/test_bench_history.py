"""The history benchmark still runs (its figures are read by people, not checked here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_history.py"


@pytest.mark.slow  # the script runs in a process of its own, over the slow limit there
def test_bench_history_runs_on_a_small_archive(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "40", "--distinct", "4", "--keep", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "(40 rows)" in done.stdout and "screen reads" in done.stdout and "harmonies history, no index" in done.stdout
    assert len(list((tmp_path / "40" / "finished").glob("*.json"))) == 41  # and the one archived during the run
