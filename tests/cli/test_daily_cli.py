"""``harmonies daily``: the set-up of a date, the par once known, a bad date in one line (exit 1)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from harmonies.cli import main
from harmonies.persist.daily import DAILY_NAME, DailyRecords
from harmonies.session.daily import deal_for


def test_json_for_a_date_twice_the_same_and_another_date_differs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for iso in ("2026-11-26", "2026-11-26", "2026-11-27"):
        assert main(["daily", "--date", iso, "--json", "--data-dir", str(tmp_path)]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    assert outs[0] == outs[1] == {"date": "2026-11-26", "seed": 6747137075832821169, "side": "B", "spirits": True,
                                  "par": None}
    assert outs[2]["seed"] != outs[0]["seed"]
    assert not (tmp_path / DAILY_NAME).exists()  # the command writes nothing


def test_the_par_once_known(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    DailyRecords(tmp_path).set_par("2026-11-26", 117)
    assert main(["daily", "--date", "2026-11-26", "--data-dir", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "6747137075832821169" in text and "side B" in text and "spirits on" in text and "par 117" in text


def test_today_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--json", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == deal_for(date.today()).seed


@pytest.mark.parametrize("bad", ["2026-02-30", "tomorrow", "2026/11/26", "1999-01-01"])
def test_a_bad_date_is_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str) -> None:
    assert main(["daily", "--date", bad, "--data-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and captured.err.startswith("harmonies daily: ")


def test_a_damaged_record_is_one_line_and_the_set_up_still_prints(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / DAILY_NAME).write_text("{oops")
    assert main(["daily", "--date", "2026-11-26", "--json", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["par"] is None
    assert captured.err.count("\n") == 1 and DAILY_NAME in captured.err
    assert (tmp_path / DAILY_NAME).read_text() == "{oops"  # left for the game to set aside


def test_a_clock_before_the_first_daily_day_is_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    import argparse
    import io

    from harmonies.session import daily_cli

    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(date=None, json=True, data_dir=str(tmp_path))
    assert daily_cli.run(args, out, err, clock=lambda: date(2025, 6, 1)) == 1
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1 and "2026-01-01" in err.getvalue()
    assert list(tmp_path.iterdir()) == []
    assert daily_cli.run(args, out, err, clock=lambda: date(2026, 11, 26)) == 0
    assert json.loads(out.getvalue())["date"] == "2026-11-26"


def test_duplicate_keys_in_the_record_are_named_and_the_file_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = '{"format": 1, "days": {"2026-11-26": {"par": 90, "attempts": []}, "2026-11-26": {"par": 70, "attempts": []}}}'
    (tmp_path / DAILY_NAME).write_text(text)
    assert main(["daily", "--date", "2026-11-26", "--json", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["par"] is None  # neither par is taken silently
    assert captured.err.count("\n") == 1 and '"2026-11-26" is written twice' in captured.err
    assert (tmp_path / DAILY_NAME).read_text() == text
