"""One window per data folder: the folder lock, in this process and between real game windows."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from harmonies.persist import Store
from harmonies.persist.lock import LOCK_NAME, FolderInUse, lock_folder
from harmonies.rules import Game, GameSetup

ROOT = Path(__file__).resolve().parents[2]


def test_a_held_folder_cannot_be_locked_again_until_released(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "data"
    first = lock_folder(folder)
    assert first is not None and first.held
    assert (folder / LOCK_NAME).is_file()  # the folder is created for the lock
    # flock locks belong to an open file, so a second open in this same process is refused too
    with pytest.raises(FolderInUse) as refused:
        lock_folder(folder)
    assert refused.value.folder == folder
    first.release()
    first.release()  # a second release does nothing
    again = lock_folder(folder)
    assert again is not None and again.held
    again.release()
    assert (folder / LOCK_NAME).is_file()  # the lock file stays: removing it would race
    assert not first.held


def test_a_folder_that_cannot_hold_a_lock_file_is_not_locked(tmp_path: Path) -> None:
    a_file = tmp_path / "plain.txt"
    a_file.write_text("not a folder", encoding="utf-8")
    assert lock_folder(a_file / "data") is None
    assert a_file.read_text(encoding="utf-8") == "not a folder"


class Window:
    """``python -m harmonies --data-dir DATA`` on the dummy video driver (explicitly asked for)."""

    def __init__(self, data: Path) -> None:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HARMONIES_TIMING="1",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        self.proc = subprocess.Popen([sys.executable, "-m", "harmonies", "--data-dir", str(data)], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.shown = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("first frame"):
                self.shown.set()
        self.shown.set()

    def wait_shown(self) -> None:
        assert self.shown.wait(60)
        assert self.proc.poll() is None, self.stderr()

    def stderr(self) -> str:
        return self.proc.stderr.read() if self.proc.stderr is not None and self.proc.poll() is not None else ""

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self.reader.join(30)
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def game_in_progress(data: Path) -> None:
    game = Game.new(GameSetup(players=2, seed=5))
    for _ in range(4):
        assert game.apply(game.legal_commands()[0]).ok
    Store(data).autosave(game, {"seats": []})


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")
def test_a_second_window_on_the_folder_says_so_and_leaves_the_first_alone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game_in_progress(data)
    first = Window(data)
    try:
        first.wait_shown()
        before = snapshot(data)
        second = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(data)], cwd=ROOT,
                                env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
                                capture_output=True, text=True, timeout=60, check=False)
        assert second.returncode != 0
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert "already open" in lines[0] and str(data) in lines[0]
        assert first.proc.poll() is None  # the first window plays on
        assert snapshot(data) == before  # and its files are as they were
        # the command-line tools take no lock: they read the open window's save
        replay = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(data), "replay",
                                 str(data / "autosave.json")], cwd=ROOT, capture_output=True, text=True,
                                timeout=60, check=False)
        assert replay.returncode == 0, replay.stderr
    finally:
        first.kill()
    # kill -9 leaves no stale lock: the OS lock died with the process
    third = Window(data)
    try:
        third.wait_shown()
    finally:
        third.kill()
