"""A finished game whose times are out of range: refused by ``import``, and, when one is already in the
archive (an older version imported it), named as damaged by ``history`` (plain, --csv, --json) while
every other game is listed and later imports work."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from harmonies.cli import main
from harmonies.persist.index import FinishedIndex
from harmonies.persist.paths import resolve_dirs
from harmonies.persist.times import TimeError, read_time

OLD = Path(__file__).resolve().parents[1] / "data" / "saves" / "0.1.0"
SOLO = OLD / "finished-solo-B-spirits.json"
TABLE = OLD / "finished-3p-A.json"

POISONS = [
    ("meta.finished", "9999-12-31T23:59:59-23:59"),
    ("meta.started", "0001-01-01T00:00:00-05:00"),
    ("meta.started", "0001-01-01T00:00:00+05:00"),
    ("meta.finished", "1200-05-01T10:00:00+00:00"),
    ("saved_at", "9999-12-31T23:59:59-23:59"),
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def poisoned(source: Path, field: str, value: str, to: Path) -> Path:
    doc = json.loads(source.read_text())
    if field == "saved_at":
        doc["saved_at"] = value
        doc["meta"].pop("finished", None)
    else:
        doc["meta"][field.split(".")[1]] = value
    to.write_text(json.dumps(doc))
    return to


@pytest.mark.parametrize("value", ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00-05:00",
                                   "0001-01-01T00:00:00+23:59", "0001-01-01T00:00:00", "10000-01-01", "yesterday", 5])
def test_read_time_refuses_in_one_line_naming_the_field(value: object) -> None:
    with pytest.raises(TimeError) as e:
        read_time(value, "meta.finished")
    assert "'meta.finished'" in str(e.value) and "\n" not in str(e.value)


def test_read_time_takes_any_offset_in_range() -> None:
    assert read_time("2026-11-26T00:30:00+14:00", "f").isoformat() == "2026-11-25T10:30:00+00:00"


@pytest.mark.parametrize(("field", "value"), POISONS)
def test_import_refuses_a_time_out_of_range_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        field: str, value: str) -> None:
    bad = poisoned(SOLO, field, value, tmp_path / "bad.json")
    data = str(tmp_path / "data")
    status, out, err = run(capsys, "--data-dir", data, "import", str(bad), str(TABLE))
    assert status == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and f"'{field}'" in lines[0] and "nothing imported" in lines[0]
    assert "imported as" in out  # the good file after it still goes in
    assert len(list((tmp_path / "data" / "finished").glob("*.json"))) == 1


@pytest.mark.parametrize(("field", "value"), POISONS[:2])
def test_a_poisoned_game_in_the_archive_leaves_history_and_import_working(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: str) -> None:
    data = tmp_path / "data"
    assert run(capsys, "--data-dir", str(data), "import", str(TABLE))[0] == 0
    # As an older version imported it: straight into finished/.
    bad = poisoned(SOLO, field, value, data / "finished" / "20260101-100000-1p-B-spirits-seed1.json")
    named = f"{bad}: '{field}'"

    status, out, err = run(capsys, "--data-dir", str(data), "history")
    assert status == 0 and "1 finished game in" in out and "Traceback" not in err
    assert [line for line in err.splitlines() if named in line] and len(err.strip().splitlines()) == 1

    status, out, err = run(capsys, "--data-dir", str(data), "history", "--json")
    assert status == 0 and named in err
    games = json.loads(out)["games"]
    assert len(games) == 1 and "-3p-A-" in games[0]["file"]

    status, out, err = run(capsys, "--data-dir", str(data), "history", "--csv")
    assert status == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) == 2 and "-3p-A-" in rows[1][1] and named in err

    status, out, err = run(capsys, "--data-dir", str(data), "import", str(SOLO))
    assert status == 0 and "imported as" in out and err == ""
    index = FinishedIndex(resolve_dirs(data))
    assert index.count() == 2 and [p.split(":")[0] for p in index.problems] == [bad.name]


def test_an_index_built_before_times_were_checked_is_built_again(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """An index of the earlier schema may hold a poisoned row: it is rebuilt, so the row becomes a problem."""
    data = tmp_path / "data"
    run(capsys, "--data-dir", str(data), "import", str(TABLE))
    index = FinishedIndex(resolve_dirs(data))
    assert index.count() == 1
    with __import__("sqlite3").connect(index.path) as conn:
        conn.execute("UPDATE info SET value = '3' WHERE key = 'schema'")
        conn.execute("UPDATE games SET finished = '9999-12-31T23:59:59-23:59'")
    status, out, err = run(capsys, "--data-dir", str(data), "history")
    assert status == 0 and "1 finished game in" in out and err == ""


@pytest.mark.parametrize("where", ["suns", "score"])
def test_a_record_with_numbers_no_game_reaches_is_replayed_and_history_works(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    data = tmp_path / "data"
    doc = json.loads(SOLO.read_text())
    if where == "suns":
        doc["outcome"]["suns"]["total"] = 10**20  # past what the index's integers hold
    else:
        sheet = doc["outcome"]["scores"][0]
        sheet["trees"] += 10**20
        sheet["total"] += 10**20  # the sum still agrees
    (data / "finished").mkdir(parents=True)
    (data / "finished" / SOLO.name).write_text(json.dumps(doc))
    status, out, err = run(capsys, "--data-dir", str(data), "history", "--json")
    assert status == 0 and "Traceback" not in err
    games = json.loads(out)["games"]
    real = json.loads(SOLO.read_text())["outcome"]
    if where == "suns":  # the replay's suns are shown, not the record's
        assert [g["suns"] for g in games] == [real["suns"]["total"]] and err == ""
    else:  # the replay disagrees with the recorded score: the file is named as damaged
        assert games == [] and f"{SOLO.name}: the recorded final scores" in err
