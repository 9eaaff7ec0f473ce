"""The error log: tracebacks in harmonies-error.log of the data folder, through the standard library's
logging, capped in size (the oldest text set aside in one backup), never an error of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from harmonies.session import errlog
from harmonies.session.errlog import LOG_NAME, log_error


def _failure(text: str) -> ValueError:
    try:
        raise ValueError(text)
    except ValueError as exc:
        return exc


def test_a_failure_is_logged_with_what_was_done_and_its_traceback(tmp_path: Path) -> None:
    assert log_error(tmp_path / "data", _failure("the pouch is empty"), "a hint") == tmp_path / "data" / LOG_NAME
    text = (tmp_path / "data" / LOG_NAME).read_text(encoding="utf-8")
    heading, *rest = text.splitlines()
    assert heading.startswith("--- ") and heading.endswith(" a hint")
    assert rest[0] == "Traceback (most recent call last):" and rest[-1] == "ValueError: the pouch is empty"


def test_later_failures_are_added_after_the_first(tmp_path: Path) -> None:
    log_error(tmp_path, _failure("first"), "one")
    log_error(tmp_path, _failure("second"), "two")
    text = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert text.index("first") < text.index("second") and text.count("--- ") == 2


def test_the_log_is_capped_and_its_older_part_set_aside_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errlog, "MAX_BYTES", 2000)
    folder = tmp_path / "capped"
    for i in range(40):
        assert log_error(folder, _failure(f"failure {i} " + "x" * 100), f"job {i}") is not None
    assert sorted(p.name for p in folder.iterdir()) == [LOG_NAME, LOG_NAME + ".1"]
    assert all(p.stat().st_size <= 2000 for p in folder.iterdir())
    assert "failure 39" in (folder / LOG_NAME).read_text(encoding="utf-8")


def test_a_folder_that_cannot_hold_the_log_gives_none(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert log_error(blocker / "data", _failure("lost")) is None
    assert log_error(tmp_path / "ok", _failure("kept")) == tmp_path / "ok" / LOG_NAME
