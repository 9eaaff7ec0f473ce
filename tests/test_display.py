"""No invisible game: without a display the window refuses in one line; the headless parts still work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEAD = ":99"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland displays are Linux's")


def headless_env(display: str | None) -> dict[str, str]:
    """This environment with no working display: ``display`` dead (or none), no Wayland, no driver asked for."""
    if display is not None and Path(f"/tmp/.X11-unix/X{display.lstrip(':')}").exists():
        pytest.skip(f"something listens on display {display}")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "DISPLAY")}
    if display is not None:
        env["DISPLAY"] = display
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return env


def harmonies(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "harmonies", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("display", [DEAD, None], ids=["dead", "unset"])
def test_the_window_without_a_display_says_so_in_one_line_and_exits(tmp_path: Path, display: str | None) -> None:
    data = tmp_path / "data"
    run = harmonies(["--data-dir", str(data)], headless_env(display))
    assert run.returncode != 0
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr  # what SDL's drivers said while probing is not shown
    assert lines[0].startswith("harmonies: no window can be opened here")
    assert "harmonies --help" in lines[0]
    assert (DEAD in lines[0]) == (display == DEAD)
    assert not data.exists()  # nothing was written for a window that never opened


@pytest.mark.slow
def test_the_demo_without_a_display_says_so_and_exits() -> None:
    run = harmonies(["demo", "--exit-when-done"], headless_env(DEAD))
    assert run.returncode != 0
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("harmonies demo: no window can be opened here")


@pytest.mark.slow
def test_the_command_line_works_without_a_display(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"side": "A", "cells": [[0, 0, ["blue"]], [1, 0, ["blue"]]]}), encoding="utf-8")
    env = headless_env(DEAD)
    assert harmonies(["--help"], env).returncode == 0
    run = harmonies(["score", str(board)], env)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["total"] > 0

