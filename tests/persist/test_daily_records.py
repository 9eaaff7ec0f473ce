"""daily.json: three attempts a day, the best counts, streaks, a clock put back, a damaged file set aside."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from harmonies.persist.daily import DAILY_NAME, DailyRecords


def _finish_on(records: DailyRecords, day: date, score: int = 100, played_on: date | None = None) -> None:
    on = played_on or day
    n = records.start_attempt(day.isoformat(), on)
    assert n is not None
    records.finish_attempt(day.isoformat(), n, score, 3, on)


def test_three_attempts_then_none_and_the_best_counts(tmp_path: Path) -> None:
    records = DailyRecords(tmp_path)
    today = date(2026, 11, 26)
    iso = today.isoformat()
    assert [records.start_attempt(iso, today) for _ in range(3)] == [1, 2, 3]
    assert records.start_attempt(iso, today) is None  # the fourth is refused; nothing written
    records.finish_attempt(iso, 1, 98, 4, today)
    records.finish_attempt(iso, 3, 121, 6, today)
    day = records.load().day(iso)
    assert len(day.attempts) == 3 and day.tries_left == 0
    assert day.attempts[1].score is None  # started and left: it still used a try
    assert day.best is not None and (day.best.score, day.best.suns) == (121, 6)
    records.set_par(iso, 121)
    assert records.load().day(iso).beaten is False  # level with par is not beating it
    records.finish_attempt(iso, 2, 130, 7, today)
    assert records.load().day(iso).beaten is True


def test_a_result_is_never_lowered(tmp_path: Path) -> None:
    records = DailyRecords(tmp_path)
    today = date(2026, 11, 26)
    records.finish_attempt(today.isoformat(), 1, 110, 5, today)
    records.finish_attempt(today.isoformat(), 1, 90, 3, today)
    assert records.load().day(today.isoformat()).attempts[0].score == 110


@pytest.mark.parametrize("end", [date(2026, 12, 2), date(2027, 1, 2), date(2028, 3, 1)])
def test_streak_across_month_and_year_ends(tmp_path: Path, end: date) -> None:
    records = DailyRecords(tmp_path)
    for back in range(4):  # four days in a row, ending on `end`, across a month or year end
        _finish_on(records, end - timedelta(days=back))
    book = records.load()
    assert book.streak(end) == 4
    assert book.streak(end + timedelta(days=1)) == 4  # today not played yet: the streak still stands
    assert book.streak(end + timedelta(days=2)) == 0  # a day missed: broken


def test_a_past_day_played_later_never_counts_for_the_streak(tmp_path: Path) -> None:
    records = DailyRecords(tmp_path)
    today = date(2026, 11, 26)
    _finish_on(records, today)
    _finish_on(records, today - timedelta(days=2))
    _finish_on(records, today - timedelta(days=1), played_on=today)  # yesterday's deal, played today
    book = records.load()
    assert book.day("2026-11-25").best is not None  # recorded and shown
    assert book.streak(today) == 1


def test_an_unfinished_attempt_does_not_count_for_the_streak(tmp_path: Path) -> None:
    records = DailyRecords(tmp_path)
    today = date(2026, 11, 26)
    records.start_attempt(today.isoformat(), today)
    assert records.load().streak(today) == 0


def test_a_clock_put_back_never_loses_a_result(tmp_path: Path) -> None:
    records = DailyRecords(tmp_path)
    later = date(2026, 11, 26)
    _finish_on(records, later, 117)
    earlier = later - timedelta(days=30)  # the clock goes back a month
    _finish_on(records, earlier, 88)
    records.set_par(earlier.isoformat(), 120)
    book = records.load()
    assert book.day(later.isoformat()).attempts[0].score == 117
    assert book.day(earlier.isoformat()).attempts[0].score == 88
    assert book.streak(earlier) == 1
    assert book.streak(later) == 1  # and back to the right date, the later result is still there


@pytest.mark.parametrize("content", [b"{not json", b"", b"[]", b'{"format": 1, "days": {"26-11-2026": {"attempts": []}}}',
                                     b'{"format": 1, "days": {"2026-11-26": {"par": -3, "attempts": []}}}',
                                     b'{"format": 1, "days": {"2026-11-26": {"attempts": [{"on": "x"}]}}}',
                                     b'{"format": 9, "days": {}}'])
def test_a_damaged_record_is_set_aside_with_one_line_and_play_goes_on(tmp_path: Path, content: bytes) -> None:
    (tmp_path / DAILY_NAME).write_bytes(content)
    records = DailyRecords(tmp_path)
    assert records.load().days == {}
    assert records.problem is not None and "\n" not in records.problem and DAILY_NAME in records.problem
    aside = list(tmp_path.glob("daily.bad-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == content  # kept, never deleted
    assert records.start_attempt("2026-11-26", date(2026, 11, 26)) == 1  # a fresh record starts
    doc = json.loads((tmp_path / DAILY_NAME).read_text())
    assert doc["days"]["2026-11-26"]["attempts"][0]["on"] == "2026-11-26"


def test_a_damaged_record_that_cannot_be_set_aside_is_never_written_over(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / DAILY_NAME).write_bytes(b"{broken")

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("harmonies.persist.daily.set_aside", refuse)
    records = DailyRecords(tmp_path)
    with pytest.raises(OSError):
        records.start_attempt("2026-11-26", date(2026, 11, 26))
    assert (tmp_path / DAILY_NAME).read_bytes() == b"{broken"
    assert records.problem is not None and "cannot be set aside" in records.problem
