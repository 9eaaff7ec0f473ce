"""``harmonies history``, ``import`` and ``export`` as a user runs them."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harmonies.cli import main
from harmonies.persist import Store
from harmonies.persist.records_cli import Progress

OLD = Path(__file__).resolve().parents[1] / "data" / "saves" / "0.1.0"
SOLO = OLD / "finished-solo-B-spirits.json"
TABLE = OLD / "finished-3p-A.json"
BARE = OLD / "game-finished-bare.json"
SAVE = OLD / "autosave-2p-mid-turn.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_history_json_has_exactly_the_documented_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path)
    assert run(capsys, "--data-dir", data, "import", str(SOLO), str(TABLE))[0] == 0
    status, out, err = run(capsys, "history", "--json", "--data-dir", data)  # options after the command too
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert list(doc) == ["games", "bests"]
    solo, table = sorted(doc["games"], key=lambda g: len(g["seats"]))
    assert [g["finished"] for g in doc["games"]] == ["2026-11-20T20:40:00+00:00", "2026-11-20T19:20:00+00:00"]
    for game in doc["games"]:
        assert list(game) == ["file", "finished", "side", "spirits", "seats", "totals", "winners", "suns"]
        assert Path(game["file"]).is_file() and Path(game["file"]).parent == tmp_path.absolute() / "finished"
        assert all(list(s) == ["name", "kind", "level"] for s in game["seats"])
    expected = json.loads(TABLE.read_text())
    assert table["seats"] == expected["meta"]["seats"]
    assert table["totals"] == [s["total"] for s in expected["outcome"]["scores"]]
    assert table["winners"] == expected["outcome"]["winners"]
    assert (table["side"], table["spirits"], table["suns"]) == ("A", False, None)
    solo_doc = json.loads(SOLO.read_text())
    assert (solo["side"], solo["spirits"], solo["suns"]) == ("B", True, solo_doc["outcome"]["suns"]["total"])
    chosen = next(c["spirit_id"] for c in solo_doc["game"]["commands"] if c["do"] == "choose_spirit")
    assert doc["bests"] == [{"side": "B", "spirit": chosen, "score": solo["totals"][0], "suns": solo["suns"],
                             "file": solo["file"]}]


def test_history_table_is_readable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "--data-dir", str(tmp_path), "import", str(TABLE), str(SOLO))
    status, out, _ = run(capsys, "--data-dir", str(tmp_path), "history")
    assert status == 0
    assert out.startswith("2 finished games in ")
    assert "Eddie (easy)" in out and "Hana (hard)" in out
    assert "Solo bests:" in out and "side B" in out
    assert "against easy:" in out and "against hard:" in out


def test_history_of_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--data-dir", str(tmp_path), "history", "--json")
    assert status == 0 and json.loads(out) == {"games": [], "bests": []}


def test_history_skips_a_bad_archive_file_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "--data-dir", str(tmp_path), "import", str(SOLO))
    (tmp_path / "finished" / "zz-damaged.json").write_text('{"harmonies": "finished"')
    status, out, err = run(capsys, "--data-dir", str(tmp_path), "history", "--json")
    assert status == 0 and len(json.loads(out)["games"]) == 1
    assert err.count("\n") == 1 and "zz-damaged.json" in err and "Traceback" not in err


def test_import_good_and_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tampered = json.loads(TABLE.read_text())
    tampered["outcome"]["winners"] = [1]
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(tampered))
    cut = tmp_path / "cut.json"
    cut.write_text(SOLO.read_text()[:900])
    data = tmp_path / "data"
    status, out, err = run(capsys, "--data-dir", str(data), "import", str(bad), str(SOLO), str(cut), str(SAVE),
                           str(tmp_path / "missing.json"))
    assert status == 1
    lines = err.splitlines()
    assert len(lines) == 4
    for line, (name, why) in zip(lines, [("tampered.json", "winners"), ("cut.json", "cut short"),
                                         (SAVE.name, "not finished"), ("missing.json", "cannot read")]):
        assert name in line and why in line and line.startswith("harmonies import: ")
    assert [p.name for p in Store(data).finished_games()] == ["20261120-190000-1p-B-spirits-seed21.json"]
    assert "imported as" in out
    # Importing the same game again adds nothing.
    assert run(capsys, "--data-dir", str(data), "import", str(SOLO))[1].count("already in the archive") == 1
    assert len(Store(data).finished_games()) == 1


def test_import_old_and_bare_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    older = json.loads(TABLE.read_text())
    older["app_version"] = "0.0.1"
    for key in ("status", "cards", "outcome"):
        del older[key]  # a sparser file, as an early version might have written: replayed, then kept
    del older["meta"]["finished"]
    path = tmp_path / "older.json"
    path.write_text(json.dumps(older))
    data = tmp_path / "data"
    status, _, err = run(capsys, "--data-dir", str(data), "import", str(path), str(BARE))
    assert status == 0, err
    store = Store(data)
    assert len(store.finished_games()) == 2
    for name in store.finished_games():
        game, meta = store.load_finished(name)
        written = json.loads(name.read_text())
        assert written["outcome"] == game.outcome.to_json()  # type: ignore[union-attr]
        assert "imported" in meta and "finished" in meta


def test_export_copies_a_checked_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    run(capsys, "--data-dir", str(data), "import", str(SOLO))
    [name] = Store(data).finished_games()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    status, out, _ = run(capsys, "--data-dir", str(data), "export", name.name, str(out_dir))
    assert status == 0 and (out_dir / name.name).read_bytes() == name.read_bytes()
    status, _, err = run(capsys, "export", str(name), str(out_dir), "--data-dir", str(data))
    assert status == 1 and "already exists" in err  # never overwrites
    status, _, err = run(capsys, "--data-dir", str(data), "export", "nothing.json", str(out_dir / "x.json"))
    assert status == 1 and "no finished game is called nothing.json" in err


@pytest.mark.slow
def test_commands_run_from_the_shell(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(OLD, tmp_path / "old")
    done = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(data), "import",
                           str(tmp_path / "old" / TABLE.name)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    done = subprocess.run([sys.executable, "-m", "harmonies", "history", "--data-dir", str(data), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and len(json.loads(done.stdout)["games"]) == 1


def test_import_of_things_that_are_not_game_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "a folder.json"
    folder.mkdir()
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (17 * 2**20))
    status, out, err = run(capsys, "--data-dir", str(tmp_path / "data"), "import", str(folder), str(deep), str(huge))
    assert status == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 3 and all("Traceback" not in line for line in lines)
    assert "cannot read it" in lines[0] and "nested" in lines[1] and "larger than" in lines[2]
    assert not (tmp_path / "data" / "finished").exists()


@pytest.mark.slow
def test_history_names_a_fifo_a_folder_and_a_link_to_dev_zero_in_one_line_each_without_reading_them(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "import", str(SOLO)]) == 0
    finished = data / "finished"
    os.mkfifo(finished / "a-pipe.json")  # opened for reading, it would wait for a writer forever
    (finished / "a-folder.json").mkdir()
    (finished / "endless.json").symlink_to("/dev/zero")  # read, it would never end
    (finished / "damaged.json").write_text('{"harmonies": "finished"')
    (finished / "notes.txt").write_text("not named like a game: not an entry of the archive")
    for args in (["history"], ["history", "--json"]):  # the second run reads them from the index
        done = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(data), *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        lines = done.stderr.splitlines()
        assert [line.split(": ")[1].rsplit("/", 1)[-1] for line in lines] == \
            ["a-folder.json", "a-pipe.json", "damaged.json", "endless.json"]
        assert all(line.startswith("harmonies history: skipped ") for line in lines)
        assert "a folder" in lines[0] and "a pipe (FIFO)" in lines[1] and "/dev/zero, a device" in lines[3]
    assert len(json.loads(done.stdout)["games"]) == 1


def test_history_reports_indexing_progress_on_stderr_once_it_takes_a_while(tmp_path: Path) -> None:
    err = io.StringIO()
    progress = Progress(err, after=0.0)
    for done in range(0, 1001, 250):
        progress(done, 1000)
    lines = err.getvalue().splitlines()
    # the first report, then at most one a second, and always the last
    assert lines[0] == "harmonies history: Indexing finished games: 0 of 1000"
    assert lines[-1] == "harmonies history: Indexing finished games: 1000 of 1000" and len(lines) == 2
    quiet = io.StringIO()
    Progress(quiet)(5, 5)  # a refresh that ends within a second says nothing
    assert quiet.getvalue() == ""
