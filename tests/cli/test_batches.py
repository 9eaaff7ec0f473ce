"""Several files to one command (score, habitats, replay), run as a user runs them: exactly one line
per file on stdout in the order given (the result, or ``{"file", "error"}``), one human line per
failure on stderr, exit status 1 if any file failed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from harmonies.rules import default_cards
from harmonies.rules.boardfile import read_board

from test_cli import RIVER_OF_EIGHT, _write

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves" / "0.1.0"


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "harmonies", *argv], capture_output=True, text=True,
                          check=False, timeout=120)


def _river(tmp_path: Path, n: int) -> Path:
    """A board whose score differs with ``n``: a river of ``n`` blue tokens down the first column
    (with a yellow field pair once it is long), so lines in the wrong order would not match."""
    cells: list[list[object]] = [[0, r, ["blue"]] for r in range(n)]
    if n > 2:
        cells += [[2, 0, ["yellow"]], [2, 1, ["yellow"]]]
    return _write(tmp_path, f"river-{n:02d}.json", {"side": "A", "cells": cells})


def test_a_score_batch_with_one_refused_file_scores_all_the_others_in_order(tmp_path: Path) -> None:
    files = [_river(tmp_path, 1 + i % 5) for i in range(20)]
    files[6] = _write(tmp_path, "purple.json", {"side": "A", "cells": [[0, 0, ["purple"]]]})
    run = _run("score", *map(str, files))
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 20
    cards = default_cards()
    for i, (path, line) in enumerate(zip(files, lines)):
        out = json.loads(line)
        if i == 6:
            assert out["file"] == str(path) and out["error"].startswith("cells[0]: unknown colour 'purple'")
        else:
            assert out == read_board(path, cards).score().to_json(), (i, line)
    assert run.stderr.splitlines() == [f"harmonies score: {files[6]}: {json.loads(lines[6])['error']}"]


def test_habitats_gives_33_lines_for_33_files_whatever_fails(tmp_path: Path) -> None:
    good = _write(tmp_path, "good.json", RIVER_OF_EIGHT)
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    bad = {
        3: _write(tmp_path, "unicorn.json", {"side": "A", "cards": [{"id": "unicorn"}]}),
        10: _write(tmp_path, "broken.json", "{not json"),
        11: tmp_path / "missing.json",
        20: folder,
        32: _write(tmp_path, "empty.json", ""),
    }
    files = [bad.get(i, good) for i in range(33)]
    run = _run("habitats", *map(str, files))
    assert run.returncode == 1
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(lines) == 33
    expected = read_board(good, default_cards()).habitats()
    for i, out in enumerate(lines):
        if i in bad:
            assert set(out) == {"file", "error"} and out["file"] == str(bad[i]) and out["error"], out
        else:
            assert out == expected
    errors = run.stderr.splitlines()
    assert len(errors) == len(bad) and "Traceback" not in run.stderr
    for line, path in zip(errors, bad.values()):
        assert line.startswith(f"harmonies habitats: {path}")


def test_replay_names_each_file_on_its_line_good_or_bad(tmp_path: Path) -> None:
    finished = SAVES / "finished-3p-A.json"
    mid = SAVES / "autosave-2p-mid-turn.json"
    board = _write(tmp_path, "board.json", RIVER_OF_EIGHT)  # a board file, not a save
    files = [finished, board, tmp_path / "missing.json", mid]
    run = _run("replay", *map(str, files))
    assert run.returncode == 1
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(f) for f in files]
    assert lines[0]["over"] is True and lines[3]["over"] is False
    assert set(lines[1]) == {"file", "error"} and "not a Harmonies save" in lines[1]["error"]
    assert lines[2] == {"file": str(files[2]), "error": "cannot read it (No such file or directory)"}
    errors = run.stderr.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"harmonies replay: {board}: ") and errors[1].startswith(f"harmonies replay: {files[2]}: ")


def test_a_batch_that_all_works_exits_0_with_nothing_on_stderr(tmp_path: Path) -> None:
    files = [_river(tmp_path, n) for n in (1, 4, 2)]
    run = _run("score", *map(str, files))
    assert run.returncode == 0 and run.stderr == ""
    assert [json.loads(line)["water"] for line in run.stdout.splitlines()] == \
        [read_board(f, default_cards()).score().water for f in files]


def test_a_bad_cards_file_stops_the_batch_before_any_file_with_status_2(tmp_path: Path) -> None:
    cards = _write(tmp_path, "cards.yaml", "animals: [")
    files = [_river(tmp_path, n) for n in (1, 2)]
    run = _run("score", "--cards", str(cards), *map(str, files))
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and str(cards) in run.stderr
