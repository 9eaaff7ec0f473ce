"""What the code does differently on Windows, macOS and Linux, each branch run here (docs/release.md).

The branches are few: the folder lock (``flock`` on POSIX, ``msvcrt.locking`` on Windows, chosen when
harmonies/persist/lock.py is imported), the atomic replace (Windows retries a refused rename and
has no folder to flush), the data, settings and log folders (platformdirs), the orphaned helper's
parent check (POSIX only) and the command pasted into a shell (tests/ui/test_menu_messages.py).
The fonts have none: they ship in assets/fonts and are loaded by path everywhere.
"""

from __future__ import annotations

import errno
import fcntl
import importlib.util
import os
import sys
import time
import types
from pathlib import Path

import platformdirs
import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pygame
import pytest

from harmonies import orphans
from harmonies.app.theme import Fonts, Theme
from harmonies.persist import atomic
from harmonies.persist.paths import resolve_dirs
from harmonies.resources import resource_path
from harmonies.session.errlog import log_folder

REPO = Path(__file__).resolve().parents[1]


# --------------------------------------------------------------------------- the folder lock


class FakeMsvcrt(types.ModuleType):
    """Windows' ``msvcrt`` as far as lock.py uses it: ``locking`` of one byte, refused with EACCES
    while another descriptor holds it (here through ``flock``, which behaves alike for whole files)."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self) -> None:
        super().__init__("msvcrt")
        self.calls: list[tuple[int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        assert os.lseek(fd, 0, os.SEEK_CUR) == 0  # Windows locks from the current position
        self.calls.append((fd, mode, nbytes))
        try:
            fcntl.flock(fd, fcntl.LOCK_UN if mode == self.LK_UNLCK else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(errno.EACCES, "Permission denied") from None


def lock_module_on(platform: str, monkeypatch: pytest.MonkeyPatch, msvcrt: FakeMsvcrt) -> types.ModuleType:
    """A fresh copy of harmonies/persist/lock.py imported as on ``platform`` (the real module, and
    its table of held folders, are left alone)."""
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    spec = importlib.util.spec_from_file_location(f"lock_on_{platform}", REPO / "harmonies" / "persist" / "lock.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.undo()  # only the import needed the other platform
    return module


def test_the_lock_on_windows_uses_msvcrt_locking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    msvcrt = FakeMsvcrt()
    lock = lock_module_on("win32", monkeypatch, msvcrt)
    assert not hasattr(lock, "fcntl") and lock.msvcrt is msvcrt
    held = lock.lock_folder(tmp_path)
    assert held is not None and held.held
    fd = msvcrt.calls[0][0]
    assert msvcrt.calls == [(fd, msvcrt.LK_NBLCK, 1)]
    with pytest.raises(lock.FolderInUse):  # another window: locking says EACCES
        lock.lock_folder(tmp_path)
    held.release()
    assert msvcrt.calls[-1] == (fd, msvcrt.LK_UNLCK, 1)
    again = lock.lock_folder(tmp_path)
    assert again is not None
    again.release()
    assert (tmp_path / lock.LOCK_NAME).is_file()  # the file stays, as on POSIX


def test_the_lock_on_posix_uses_flock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    msvcrt = FakeMsvcrt()
    for platform in ("linux", "darwin"):
        lock = lock_module_on(platform, monkeypatch, msvcrt)
        assert lock.fcntl is fcntl and not hasattr(lock, "msvcrt")
        held = lock.lock_folder(tmp_path / platform)
        assert held is not None
        with pytest.raises(lock.FolderInUse):
            lock.lock_folder(tmp_path / platform)
        held.release()
    assert msvcrt.calls == []


# --------------------------------------------------------------------------- atomic writes


def test_a_refused_rename_is_tried_again_on_windows_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows a file another program has open (an antivirus, an indexer) refuses to be replaced
    for a moment, so the rename is tried again; elsewhere a refusal is final at once."""
    tries: list[str] = []

    def refuse_twice(src: Path, dst: Path) -> None:
        tries.append(str(dst))
        if len(tries) <= 2:
            raise PermissionError(errno.EACCES, "in use")
        Path(dst).write_text(Path(src).read_text())

    monkeypatch.setattr(os, "replace", refuse_twice)
    monkeypatch.setattr(time, "sleep", lambda s: None)
    src, dst = tmp_path / "new", tmp_path / "file"
    src.write_text("saved")
    monkeypatch.setattr(sys, "platform", "win32")
    atomic._replace(src, dst)
    assert len(tries) == 3 and dst.read_text() == "saved"
    tries.clear()
    monkeypatch.setattr(sys, "platform", "linux")
    with pytest.raises(PermissionError):
        atomic._replace(src, dst)
    assert len(tries) == 1


@pytest.mark.parametrize("platform, flushed", [("win32", 0), ("linux", 1), ("darwin", 1)])
def test_the_folder_is_flushed_after_a_rename_but_on_windows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str, flushed: int) -> None:
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    monkeypatch.setattr(sys, "platform", platform)
    atomic._fsync_dir(tmp_path)
    assert len(synced) == flushed


# --------------------------------------------------------------------------- the folders


def windows_folder(csidl: str) -> str:
    return {"CSIDL_LOCAL_APPDATA": r"C:\Users\ann\AppData\Local", "CSIDL_APPDATA": r"C:\Users\ann\AppData\Roaming"}[csidl]


@pytest.mark.parametrize("system", ["windows", "macos", "linux"])
def test_the_data_settings_and_log_folders_follow_the_system(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    """platformdirs picks its class for the system it runs on; each class is put in its place here.
    The saves, the settings and the error log land where README.md and docs/release.md say."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", windows_folder)
    kind = {"windows": platformdirs.windows.Windows, "macos": platformdirs.macos.MacOS,
            "linux": platformdirs.unix.Unix}[system]
    monkeypatch.setattr(platformdirs, "PlatformDirs", kind)
    dirs, log = resolve_dirs(), log_folder(None)
    local = r"C:\Users\ann\AppData\Local"
    expected = {
        "windows": (f"{local}{os.sep}Harmonies", f"{local}{os.sep}Harmonies", f"{local}{os.sep}Harmonies{os.sep}Logs"),
        "macos": (f"{home}/Library/Application Support/Harmonies", f"{home}/Library/Application Support/Harmonies",
                  f"{home}/Library/Logs/Harmonies"),
        "linux": (f"{home}/.local/share/Harmonies", f"{home}/.config/Harmonies", f"{home}/.local/state/Harmonies/log"),
    }[system]
    assert (str(dirs.data), str(dirs.config), str(log)) == expected
    # --data-dir puts everything in one folder, on every system.
    assert resolve_dirs(tmp_path / "usb") == type(dirs)(tmp_path / "usb", tmp_path / "usb")
    assert log_folder(tmp_path / "usb") == tmp_path / "usb"
    assert not home.exists()  # finding the folders creates none


# --------------------------------------------------------------------------- the helper process


@pytest.mark.parametrize("name, checks_ppid", [("posix", True), ("nt", False)])
def test_an_orphaned_helper_checks_its_parent_pid_on_posix_only(
        monkeypatch: pytest.MonkeyPatch, name: str, checks_ppid: bool) -> None:
    """Windows has no re-parenting to notice: there the parent's sentinel alone ends the helper."""
    monkeypatch.setattr(orphans, "PARENT_POLL", 0.0)
    monkeypatch.setattr(os, "name", name)
    assert orphans.parent_gone(os.getppid() + 1, []) is checks_ppid
    assert orphans.parent_gone(os.getppid(), []) is False


# --------------------------------------------------------------------------- fonts


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_the_fonts_are_the_bundled_ones_on_every_system(monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    """No system font is looked up: the same two files, in every language and on every system."""
    monkeypatch.setattr(sys, "platform", platform)
    pygame.font.init()
    fonts = Fonts(Theme.load())
    assert {p.parent for p in fonts.paths.values()} == {resource_path("assets/fonts")}
    assert {p.name for p in fonts.paths.values()} == {"BIZUDPGothic-Regular.ttf", "BIZUDPGothic-Bold.ttf"}
    assert fonts.size("Harmonies", 20)[0] > 0 and fonts.size("ハーモニーズ", 20, bold=True)[0] > 0
