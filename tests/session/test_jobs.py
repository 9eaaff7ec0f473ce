"""Background jobs: answers come back, and a job that raises is logged, shown and replaced by its fallback."""

from __future__ import annotations

import threading
from pathlib import Path

from harmonies.session import Jobs
from harmonies.session.errlog import LOG_NAME


def test_a_job_answers_in_the_background(tmp_path: Path) -> None:
    jobs = Jobs(tmp_path)
    gate = threading.Event()
    job = jobs.start("turn", lambda: gate.wait(10) and 42, lambda: -1)
    assert not job.done and not job.wait(0.01)
    gate.set()
    assert job.wait(10) and job.done
    assert job.result() == 42 and job.error is None
    assert jobs.take_failures() == [] and not (tmp_path / LOG_NAME).exists()
    jobs.close()


def _boom() -> int:
    raise ZeroDivisionError("no moves to divide")


def test_a_job_that_raises_is_logged_with_its_traceback_and_answers_its_fallback(tmp_path: Path) -> None:
    jobs = Jobs(tmp_path / "data")
    job = jobs.start("hint", _boom, lambda: 7)
    assert job.wait(10)
    assert job.result() == 7
    assert job.error == "ZeroDivisionError: no moves to divide"
    (failure,) = jobs.take_failures()
    assert failure.what == "hint" and failure.error == job.error
    assert failure.log == tmp_path / "data" / LOG_NAME
    text = failure.log.read_text(encoding="utf-8")
    assert "Traceback" in text and "_boom" in text and "no moves to divide" in text and " hint" in text
    assert jobs.take_failures() == []
    jobs.close()


def test_a_log_that_cannot_be_written_still_reports_the_failure(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    jobs = Jobs(blocker / "data")
    job = jobs.start("turn", _boom, lambda: 0)
    assert job.wait(10) and job.result() == 0
    (failure,) = jobs.take_failures()
    assert failure.log is None and failure.error.startswith("ZeroDivisionError")
    jobs.close()
