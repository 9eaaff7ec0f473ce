"""Atomic writes leave the old file or the new one; files set aside are renamed, never lost."""

from __future__ import annotations

import os
import time
from datetime import datetime
from pathlib import Path

import pytest

from harmonies.persist.atomic import atomic_write_bytes, atomic_write_text, remove_stale_temps, set_aside


def test_write_creates_the_folder_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_a_failed_rename_keeps_the_old_file_and_removes_the_temp(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.json"
    atomic_write_bytes(target, b"old")

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.json"
    atomic_write_bytes(target, b"old")

    def broken(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_set_aside_renames_and_never_overwrites(tmp_path: Path) -> None:
    now = datetime(2025, 3, 4, 5, 6, 7)
    first = tmp_path / "autosave.json"
    first.write_text("broken 1")
    moved1 = set_aside(first, now)
    first.write_text("broken 2")
    moved2 = set_aside(first, now)
    assert moved1.name == "autosave.bad-20250304-050607.json"
    assert moved2.name == "autosave.bad-20250304-050607-2.json"
    assert moved1.read_text() == "broken 1" and moved2.read_text() == "broken 2"
    assert not first.exists()


def test_only_old_temps_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "autosave.json"
    old = tmp_path / ".autosave.json.abc.tmp"
    new = tmp_path / ".autosave.json.def.tmp"
    other = tmp_path / ".settings.json.ghi.tmp"
    for p in (old, new, other):
        p.write_text("partial")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    os.utime(other, (hour_ago, hour_ago))
    assert remove_stale_temps(target) == 1
    assert not old.exists() and new.exists() and other.exists()
