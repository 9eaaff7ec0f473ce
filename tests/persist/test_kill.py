"""Kill a game process with SIGKILL at random moments; the save must always load and resume losing at most
the command in flight."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from harmonies.persist import Store

from kill_child import expected_states

CHILD = Path(__file__).with_name("kill_child.py")
ROOT = Path(__file__).resolve().parents[2]
KILLS = 24

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL"),
]


class Child:
    """A running kill_child.py whose output lines are collected by a thread."""

    def __init__(self, data: Path, seed: int) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), env_path()]))
        self.proc = subprocess.Popen([sys.executable, str(CHILD), str(data), str(seed)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.strip())
            if line.startswith("ready"):
                self.ready.set()
        self.ready.set()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.finish()

    def finish(self) -> None:
        self.proc.wait(timeout=30)
        self.reader.join(timeout=30)

    def last_step(self) -> int:
        """The last step the child said it had saved."""
        steps = [int(s) for s in self.lines if s.isdigit()]
        if steps:
            return steps[-1]
        return int(self.lines[0].split()[1])


def env_path() -> str:
    return os.environ.get("PYTHONPATH", "")


@pytest.mark.slow
def test_killed_at_random_moments_the_save_always_resumes(tmp_path: Path) -> None:
    rng = random.Random(os.environ.get("HARMONIES_KILL_SEED", str(time.time_ns())))
    seed, data = 1, tmp_path / "seed1"
    expected = expected_states(seed)
    kills = finished = 0
    deadline = time.monotonic() + 120
    while kills < KILLS:
        assert time.monotonic() < deadline, "the kill test is taking far too long"
        saved_before = Store(data).load_autosave()
        child = Child(data, seed)
        assert child.ready.wait(30), child.proc.stderr.read() if child.proc.stderr else ""
        start = int(child.lines[0].split()[1])
        # resumed exactly where the save was: nothing lost across the restart
        assert start == (saved_before.meta["step"] if saved_before else 0)
        time.sleep(rng.uniform(0.0, 0.15))
        if child.proc.poll() is None:
            child.kill()
            kills += 1
        else:
            child.finish()
        err = child.proc.stderr.read() if child.proc.stderr else ""
        store = Store(data)
        if store.finished_games():  # the game ended (perhaps killed after that): archived, autosave gone
            assert "done" in child.lines or child.proc.returncode == -signal.SIGKILL, err
            assert store.load_autosave() is None
            (archive,) = store.finished_games()
            assert store.load_finished(archive).game.to_json() == expected[-1]
            assert child.last_step() >= len(expected) - 2
            finished += 1
            seed += 1
            data = tmp_path / f"seed{seed}"
            expected = expected_states(seed)
            continue
        assert child.proc.returncode == -signal.SIGKILL, err
        reported = child.last_step()
        loaded = store.load_autosave()  # a bad save would raise LoadProblem here
        step = loaded.meta["step"] if loaded else 0
        # the save holds the last step reported, or the one saved but killed before it was reported
        assert step in (reported, reported + 1), (step, reported)
        assert loaded is None or loaded.game.to_json() == expected[step]
        assert not list(data.glob("*.bad-*")), "a save was found damaged"
    assert kills >= 20
    print(f"{kills} kills, {finished} games finished")
