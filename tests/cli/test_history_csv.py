"""``harmonies history --csv [--out FILE]``: the columns, one row per game, the escaping, the bad arguments."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from harmonies.ai import play_random_game
from harmonies.cli import main
from harmonies.persist import Store
from harmonies.persist.history_csv import COLUMNS, SEAT_FIELDS, as_text
from harmonies.persist.index import FinishedIndex
from harmonies.persist.summary import CATEGORIES
from harmonies.rules import GameSetup

HISTORY = Path(__file__).resolve().parents[1] / "data" / "stats_history"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def history(tmp_path: Path) -> Path:
    shutil.copytree(HISTORY / "finished", tmp_path / "finished")
    return tmp_path


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_every_game_is_a_row_with_its_seats_scores_and_winners(history: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "history", "--csv", "--data-dir", str(history))
    assert status == 0 and err == ""
    assert out.splitlines()[0] == ",".join(COLUMNS)
    assert COLUMNS[:7] == ("finished", "file", "players", "side", "spirits", "suns", "winners")
    assert COLUMNS[7:7 + len(SEAT_FIELDS)] == ("seat1_name", "seat1_level", *(f"seat1_{c}" for c in CATEGORIES),
                                               "seat1_total")
    table = rows(out)
    games = {g.file: g for g in FinishedIndex(Store(history).dirs).games()}
    assert len(table) == len(games) == 52
    assert [r["finished"] for r in table] == sorted((r["finished"] for r in table), reverse=True)  # newest first
    for row in table:
        g = games[row["file"]]
        assert (row["players"], row["side"], row["spirits"]) == (str(g.players), g.side, "yes" if g.spirits else "no")
        assert row["suns"] == ("" if g.suns is None else str(g.suns))
        assert row["winners"] == "; ".join(g.seats[i].name for i in g.winners)
        for k in range(4):
            seat = {f: row[f"seat{k + 1}_{f}"] for f in SEAT_FIELDS}
            if k >= g.players:
                assert set(seat.values()) == {""}
                continue
            assert seat["name"] == g.seats[k].name
            assert seat["level"] == ("human" if g.seats[k].kind == "human" else g.seats[k].level)
            assert [int(seat[c]) for c in CATEGORIES] == list(g.categories[k])
            assert int(seat["total"]) == g.totals[k] == sum(g.categories[k])


def test_names_with_commas_quotes_and_accents_come_back_whole(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    names = ['Ann "the best", Jr.', "Zoë; 佐藤", "=1+1"]
    store = Store(tmp_path, durable=False)
    game = play_random_game(GameSetup(3, "A", False, seed=7), 7)
    seats = [{"name": names[0], "kind": "human", "level": ""},
             *({"name": n, "kind": "computer", "level": "easy"} for n in names[1:])]
    store.archive_finished(game, {"seats": seats, "started": "2026-01-02T10:00:00+00:00",
                                  "finished": "2026-01-02T10:30:00+00:00"})
    status, out, _ = run(capsys, "history", "--csv", "--data-dir", str(tmp_path))
    [row] = rows(out)
    assert status == 0
    # a name a spreadsheet would run as a formula is kept as text: the apostrophe in front
    assert [row["seat1_name"], row["seat2_name"], row["seat3_name"]] == [*names[:2], "'=1+1"]
    assert '"Ann ""the best"", Jr."' in out  # quoted, the quotes doubled, as CSV writes them
    assert row["seat4_name"] == "" and row["seat2_level"] == "easy" and row["seat1_level"] == "human"


@pytest.mark.parametrize("name", ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tTab"])
def test_a_name_a_spreadsheet_would_run_starts_with_an_apostrophe(name: str) -> None:
    assert as_text(name) == "'" + name
    assert as_text("Ann") == "Ann" and as_text("Zoë=1") == "Zoë=1"


def test_out_writes_the_same_csv_to_a_file(history: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, printed, _ = run(capsys, "history", "--csv", "--data-dir", str(history))
    target = tmp_path / "games.csv"
    status, out, err = run(capsys, "history", "--csv", "--out", str(target), "--data-dir", str(history))
    assert (status, out, err) == (0, "", "")
    assert target.read_text(encoding="utf-8") == printed
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".games.csv")] == []  # no temporary left


def test_an_empty_archive_gives_the_header_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "history", "--csv", "--data-dir", str(tmp_path))
    assert status == 0 and out == ",".join(COLUMNS) + "\n"


@pytest.mark.parametrize("argv, words", [
    (["--csv", "--json"], "choose one of --csv and --json"),
    (["--out", "x.csv"], "--out goes with --csv"),
    (["--csv", "--out", ""], "--out needs a file name"),
    (["--csv", "--out", "{tmp}"], "is a folder"),
    (["--csv", "--out", "{tmp}/no/such/folder/x.csv"], "cannot write it"),
])
def test_bad_arguments_are_one_line_and_status_1(history: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 argv: list[str], words: str) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    status, out, err = run(capsys, "history", *argv, "--data-dir", str(history))
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("harmonies history: ") and words in err
