"""The window killed (SIGKILL) right after the last action of a daily try or a challenge is archived: the
next start has both results (issue 47, point 2)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from harmonies.persist import Store
from harmonies.persist.challenges import read_progress
from harmonies.persist.daily import DailyRecords
from harmonies.session.challenges_file import default_challenges

from records_driver import TODAY, daily_game, start, stored
from ui_driver import final_total

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL"),
]


def run_and_kill(folder: Path, mode: str) -> None:
    """Run the child until it says the game is archived, then kill it at once."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE), os.environ.get("PYTHONPATH", "")]),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    child = subprocess.Popen([sys.executable, str(HERE / "records_child.py"), str(folder), mode],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.strip() == "archived", (line, child.stderr.read() if child.stderr else "")
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)


def test_killed_right_after_the_last_action_the_next_start_has_both_results(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    run_and_kill(folder, "daily")
    run_and_kill(folder, "challenge")
    start(folder)  # the next start: opening the window rebuilds the records from finished/
    try:
        first = default_challenges()[0]
        day = DailyRecords(folder).load().day(TODAY.isoformat())
        assert [a.score for a in day.attempts] == [final_total(daily_game())]
        result = read_progress(Store(folder).dirs)[0].of(first.id)
        assert (result.played, result.done, result.best) == (1, True, stored(first.id).score(0).total)
        assert len(Store(folder).finished_games()) == 2
    finally:
        pygame.display.quit()
