"""The command line as a user runs it: board files in, one JSON line out, one clear line on errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harmonies.cli import main

RIVER_OF_EIGHT = {
    "side": "A",
    "cells": [[q, r, ["blue"]] for q, r in
              [[1, 0], [1, 1], [1, 2], [1, 3], [2, 0], [3, 0], [3, 1], [4, 1], [4, 2]]]
    + [[0, 0, ["gray"]], [0, 1, ["gray"]], [0, 2, ["yellow"]], [0, 3, ["yellow"]],
       [2, 2, ["brown", "green"]], [2, 1, ["gray", "red"]]],
    "cubes": [[0, 1]],
    "cards": [{"id": "fennec_fox", "cubes_placed": 1}, {"id": "macaw", "cubes_placed": 0}],
    "spirit": {"id": "lion", "placed": False},
}


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


def test_score_prints_one_json_line_per_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _write(tmp_path, "a.json", RIVER_OF_EIGHT)
    b = _write(tmp_path, "b.json", {"side": "B", "cells": [[0, 0, ["blue"]]]})
    assert main(["score", str(a), str(b)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    # river of 8 = 23; two adjacent height-1 mountains 1 + 1; a field pair 5; a 2-tree 3;
    # the building at [2, 1] sees only blue and green tops, so it scores nothing.
    assert first["water"] == 23
    assert first["buildings"] == 0
    assert first["mountains"] == 2
    assert first["fields"] == 5
    assert first["trees"] == 3
    assert first["cards"] == {"fennec_fox": 4, "macaw": 0}
    assert first["animals"] == 4 and first["spirit"] == 0
    assert first["landscapes"] == sum(first[k] for k in ("trees", "mountains", "fields", "buildings", "water"))
    assert first["total"] == first["landscapes"] + first["animals"] + first["spirit"]
    second = json.loads(lines[1])
    assert second["water"] == 5  # side B: one island (every non-blue cell, empty included)
    assert set(first) == {"trees", "mountains", "fields", "buildings", "water", "landscapes", "animals",
                          "spirit", "total", "cards"}


def test_habitats_lists_cells_for_each_card_with_cubes_left(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "a.json", RIVER_OF_EIGHT)
    assert main(["habitats", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    # fennec fox: gray cube cell next to a gray next to a yellow, in a line: only [0, 0] is free
    assert out == {"fennec_fox": [[0, 0]], "macaw": [[2, 2]], "lion": []}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"side": "A", "cells": [[0, 0, ["purple"]]]}, "cells[0]: unknown colour 'purple'"),
        ({"side": "A", "cells": [[9, 9, ["blue"]]]}, "cells[0]: [9, 9] is not a cell of board side A"),
        ({"side": "A", "cells": [[0, 0, ["blue", "red"]]]}, "cells[0]: [blue, red] is not a legal stack"),
        ({"side": "A", "cards": [{"id": "unicorn"}]}, "cards[0]: unknown animal card \"unicorn\""),
        ({"side": "C"}, "side: must be \"A\" or \"B\""),
        ("{not json", "not valid JSON"),
    ],
)
def test_bad_board_file_exits_nonzero_with_one_clear_line(tmp_path: Path, data: object, expected: str) -> None:
    path = _write(tmp_path, "bad.json", data)
    run = subprocess.run([sys.executable, "-m", "harmonies", "score", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2  # a single bad board file exits 2, as the README has always said
    # stdout names the file and the error, as for every file of a batch (tests/cli/test_batches.py).
    out = json.loads(run.stdout)
    assert set(out) == {"file", "error"} and out["file"] == str(path) and expected in out["error"]
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert str(path) in lines[0] and expected in lines[0]
    assert "Traceback" not in run.stderr


def test_simulate_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "random,random", "--games", "5", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 5 and out["games_per_second"] > 0
    assert [p["seat"] for p in out["players"]] == [0, 1]
    for p in out["players"]:
        assert p["kind"] == "random" and set(p) == {"seat", "kind", "mean", "median", "max", "wins", "turn_seconds"}
    assert sum(p["wins"] for p in out["players"]) >= 5
    assert set(out["turn_seconds"]) == {"median", "p95", "max"}
    assert 0 < out["turns_per_seat"] and 0 <= out["board_ends"] <= 5
    # The lead of seat 0 over seat 1, game by game, is the difference of their means.
    (margin,) = out["margins"]
    assert margin["seat"] == 1 and margin["kind"] == "random" and margin["stderr"] > 0
    assert margin["mean"] == pytest.approx(out["players"][0]["mean"] - out["players"][1]["mean"])


def test_simulate_reports_game_length_and_board_ends(capsys: pytest.CaptureFixture[str]) -> None:
    # A solo game lasts 13 turns unless the board fills first; a random player fills it long before.
    assert main(["simulate", "--players", "random", "--games", "3", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["board_ends"] == 3
    assert 8 <= out["turns_per_seat"] < 13
    assert main(["simulate", "--players", "random", "--games", "3", "--seed", "1"]) == 0
    assert f"game length: {out['turns_per_seat']:.2f} turns per seat; 3 of 3 games ended by a full board" in (
        capsys.readouterr().out)


# Hard solo: seed 9 plays all 13 turns and its last one leaves no empty cell, yet the pouch ended it;
# seed 8's board ends it on turn 12 (one empty cell left).
@pytest.mark.slow
@pytest.mark.parametrize(("seed", "turns", "board_ends"), [(9, 13, 0), (8, 12, 1)])
def test_a_solo_game_that_lasts_13_turns_was_ended_by_the_pouch(
        capsys: pytest.CaptureFixture[str], seed: int, turns: int, board_ends: int) -> None:
    # The last turn often fills the board too; what ended the game is what could not go on.
    assert main(["simulate", "--players", "hard", "--games", "1", "--seed", str(seed), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["turns_per_seat"], out["board_ends"]) == (turns, board_ends)


def test_simulate_results_do_not_depend_on_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "random,random", "--games", "6", "--seed", "9", "--json"])
    one = json.loads(capsys.readouterr().out)
    main(["simulate", "--players", "random,random", "--games", "6", "--seed", "9", "--json", "--jobs", "2"])
    two = json.loads(capsys.readouterr().out)
    def scores(summary: dict[str, object]) -> list[dict[str, object]]:
        return [{k: v for k, v in p.items() if k != "turn_seconds"} for p in summary["players"]]  # type: ignore[attr-defined]

    assert scores(one) == scores(two)


def test_simulate_rejects_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "random,genius", "--games", "1"]) == 2
    assert "unknown player kind 'genius'" in capsys.readouterr().err
