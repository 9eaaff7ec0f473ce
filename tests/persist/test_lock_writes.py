"""Every write into a data folder happens under its lock (issue 42, points 1 and 5).

A real second process holds the lock (``lock_holder.py``, through the window's own ``lock_folder``);
the writes of this process into that folder are refused with nothing written, and go ahead once the
other process lets go. A lock path that is not a regular file refuses the folder, here and in a real
window process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from harmonies.persist import Store, bests
from harmonies.persist.lock import LOCK_NAME, FolderInUse, LockNotFile, lock_folder, writing
from harmonies.persist.share import import_finished
from harmonies.session import SaveSlot

from lock_holder import ROOT, LockHolder
from records_helpers import HUMAN, finished_game
from saves_helpers import mid_turn


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def unsaved_slot(tmp_path: Path, game_over: bool) -> SaveSlot:
    """A save slot whose own folder cannot be used, holding one unsaved game (finished or not)."""
    tmp_path.mkdir(exist_ok=True)
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    slot = SaveSlot(blocker)
    slot.autosave(finished_game(2) if game_over else mid_turn(), {"seats": [HUMAN, HUMAN]})
    assert slot.unsaved
    return slot


def test_writes_into_a_folder_another_process_holds_are_refused_and_write_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    store = Store(folder)
    store.autosave(mid_turn(), {"seats": [HUMAN, HUMAN]})
    exported = tmp_path / "exported.json"
    finished = Store(tmp_path / "other")
    exported.write_bytes(finished.archive_finished(finished_game(2), {"seats": [HUMAN, HUMAN]}).read_bytes())
    writes: list[Callable[[], object]] = [
        lambda: Store(folder).autosave(mid_turn(), {}),
        lambda: Store(folder).archive_finished(finished_game(2), {}),
        lambda: Store(folder).keep_current(),
        lambda: Store(folder).clear_autosave(),
        lambda: import_finished(Store(folder), exported),
        lambda: bests.clear(store.dirs),
        lambda: unsaved_slot(tmp_path / "a", game_over=False).save_elsewhere(folder),
        lambda: unsaved_slot(tmp_path / "b", game_over=True).save_elsewhere(folder),
    ]
    before = snapshot(folder)
    with LockHolder(folder):
        for write in writes:
            with pytest.raises(FolderInUse) as refused:
                write()
            assert refused.value.folder == folder
        assert snapshot(folder) == before
    # the other process is gone: the same writes go ahead
    import_finished(Store(folder), exported)
    bests.clear(store.dirs)
    assert unsaved_slot(tmp_path / "c", game_over=True).save_elsewhere(folder).fresh is False  # imported above
    assert len(list(store.dirs.finished.glob("*.json"))) == 1


def test_the_folder_this_process_holds_is_written_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    lock = lock_folder(folder)  # as the window does for its whole life
    assert lock is not None
    try:
        Store(folder).autosave(mid_turn(), {})
        with writing(folder), writing(folder):  # nested writes of this process go ahead
            Store(folder).archive_finished(finished_game(1), {})
        with pytest.raises(FolderInUse):
            lock_folder(folder)  # a second window of this same process is still refused
    finally:
        lock.release()
    with LockHolder(folder):  # released: another process takes it
        pass


def test_import_from_the_command_line_into_a_folder_a_window_holds_says_so_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    source = Store(tmp_path / "friend")
    files = [source.archive_finished(finished_game(n), {}) for n in (1, 2)]
    with LockHolder(folder):
        done = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(folder), "import",
                               *map(str, files)], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and str(folder) in lines[0] and "window" in lines[0], done.stderr
    assert done.stdout == ""
    assert not list(folder.glob("finished/*.json"))


def _make_lock_path(kind: str, path: Path) -> None:
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


LOCK_KINDS = ["folder"] + (["fifo", "link to /dev/zero"] if hasattr(os, "mkfifo") else [])


@pytest.mark.parametrize("kind", LOCK_KINDS)
def test_a_lock_path_that_is_not_a_file_refuses_the_folder(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    _make_lock_path(kind, folder / LOCK_NAME)
    with pytest.raises(LockNotFile) as refused:
        lock_folder(folder)
    assert refused.value.folder == folder and refused.value.path == folder / LOCK_NAME
    assert str(folder / LOCK_NAME) in str(refused.value)
    with pytest.raises(LockNotFile):
        Store(folder).autosave(mid_turn(), {})
    with pytest.raises(LockNotFile):
        unsaved_slot(tmp_path, game_over=False).save_elsewhere(folder)
    assert not (folder / "autosave.json").exists()


@pytest.mark.parametrize("kind", LOCK_KINDS)
def test_a_window_on_a_folder_whose_lock_is_not_a_file_does_not_open(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    _make_lock_path(kind, folder / LOCK_NAME)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(folder)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert str(folder / LOCK_NAME) in lines[0] and "--data-dir" in lines[0] and "Traceback" not in done.stderr
    assert sorted(p.name for p in folder.iterdir()) == [LOCK_NAME]  # nothing written: no settings, no save
