"""``harmonies review FILE [--seat N] [--json]`` as a user runs it: one line and exit 1 for a file it
cannot review, the review of games written by earlier versions, and a kept review the second time."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from harmonies import review_cli
from harmonies.ai.review import GameReview, TurnReview, seat_turns
from harmonies.ai.review_reasons import Reason
from harmonies.cli import main
from harmonies.rules import Command, Game, GameSetup

OLD = Path(__file__).resolve().parents[1] / "data" / "saves" / "0.1.0"
SOLO = OLD / "finished-solo-B-spirits.json"
TABLE = OLD / "finished-3p-A.json"
BARE = OLD / "game-finished-bare.json"
SAVE = OLD / "autosave-2p-mid-turn.json"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def quick_review(setup: GameSetup, commands: Sequence[Command], seat: int, **_: Any) -> GameReview:
    """A stand-in for the engine: each complete turn of the seat, compared with itself."""
    turns = seat_turns(Game.new(setup), commands, seat)
    return GameReview(seat, tuple(
        TurnReview(n, start, rnd, tuple(commands[start:end]), tuple(commands[start:end]), 80.0 + n, 80.0 + n, 0.0,
                   0.0, "best", (Reason("same"),), 2)
        for n, (start, end, rnd) in enumerate(turns)), len(turns))


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> GameReview:
        calls.append(args[2])
        return quick_review(*args, **kwargs)

    monkeypatch.setattr(review_cli, "review_game", counted)
    return calls


@pytest.mark.parametrize("content, why", [
    (None, "cannot read it"),
    ("", "the file is empty"),
    ('{"harmonies": "finished", "version": 1, "game": {"format": 1, "setup"', "cut short"),
    ('{"setup": {"players": 1}, "commands": [{"do": "take_tokens", "space": 9}]}', "does not replay"),
    ('[1, 2, 3]', "not a Harmonies save"),
])
def test_a_file_that_cannot_be_reviewed_gets_one_line_and_exit_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], quick: list[int], content: str | None, why: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    status, out, err = run(capsys, "review", str(path))
    assert status == 1 and out == "" and quick == []
    assert err.count("\n") == 1 and err.startswith(f"harmonies review: {path}: ") and why in err, err


def test_a_bad_seat_or_no_complete_turn_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], quick: list[int]) -> None:
    status, _, err = run(capsys, "review", str(SAVE), "--seat", "2")
    assert status == 1 and err.count("\n") == 1 and "--seat must be 0 to 1" in err
    fresh = tmp_path / "fresh.json"
    fresh.write_text(json.dumps(Game.new(GameSetup(2, seed=3)).to_json()), encoding="utf-8")
    status, _, err = run(capsys, "review", str(fresh))
    assert status == 1 and err.count("\n") == 1 and "seat 0 has no complete turn to review yet" in err
    assert quick == []


@pytest.mark.parametrize("path", [SOLO, TABLE, BARE, SAVE])
def test_games_of_earlier_versions_are_reviewed(
        capsys: pytest.CaptureFixture[str], quick: list[int], path: Path) -> None:
    status, out, err = run(capsys, "review", str(path), "--json")
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert doc["file"] == str(path) and doc["over"] == (path != SAVE) and doc["turns"]
    assert set(doc["summary"]) == {"total_loss", "accuracy", "marks", "costliest"}
    assert doc["seat"] == 0  # the first human seat, or seat 0
    status, out, _ = run(capsys, "review", str(path))
    assert status == 0 and "Turn 1, round 1" in out and "played:" in out and "accuracy" in out


def test_a_review_with_errors_says_what_the_margin_means_once(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def unsure(*args: Any, **kwargs: Any) -> GameReview:
        review = quick_review(*args, **kwargs)
        return GameReview(review.seat, tuple(replace(t, loss=2.0, stderr=1.5, mark="inaccuracy") for t in review.turns),
                          review.of_turns)

    monkeypatch.setattr(review_cli, "review_game", quick_review)
    _, out, _ = run(capsys, "review", str(SOLO))
    assert "±" in out and "margin" not in out         # exact losses: no margin to explain
    monkeypatch.setattr(review_cli, "review_game", unsure)
    status, out, _ = run(capsys, "review", str(SOLO))
    assert status == 0 and out.count("The ± is the margin of the estimate") == 1 and "loss 2.0 ± 1.5" in out


def test_a_game_in_the_archive_keeps_its_review(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], quick: list[int]) -> None:
    data = str(tmp_path)
    assert run(capsys, "--data-dir", data, "import", str(SOLO))[0] == 0
    [recorded] = (tmp_path / "finished").glob("*.json")
    first = run(capsys, "--data-dir", data, "review", str(recorded), "--json")
    again = run(capsys, "--data-dir", data, "review", str(recorded), "--json")
    assert first == again and first[0] == 0
    assert quick == [0]  # the second time, read from the kept review
    assert [p.name for p in (tmp_path / "finished").glob("*.review")] == [f"{recorded.stem}.seat0.review"]


@pytest.mark.parametrize("field, value", [("loss", 1e308), ("played_value", -1e300), ("stderr", "NaN"),
                                          ("samples", 10**30), ("turn", -1)])
def test_a_kept_review_holding_an_absurd_number_is_set_aside_in_one_line_and_made_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], quick: list[int], field: str, value: object) -> None:
    data = str(tmp_path)
    assert run(capsys, "--data-dir", data, "import", str(SOLO))[0] == 0
    [recorded] = (tmp_path / "finished").glob("*.json")
    first = run(capsys, "--data-dir", data, "review", str(recorded), "--json")
    [kept] = (tmp_path / "finished").glob("*.review")
    text = kept.read_text(encoding="utf-8")
    doc = json.loads(text)
    doc["turns"][0][field] = value
    kept.write_text(json.dumps(doc).replace('"NaN"', "NaN"), encoding="utf-8")

    status, out, err = run(capsys, "--data-dir", data, "review", str(recorded), "--json")
    assert (status, out) == (0, first[1]) and quick == [0, 0]  # reviewed again, the same review printed
    lines = [line for line in err.splitlines() if not line.startswith("\rharmonies review: turn")]
    [note] = [line for line in lines if line.strip()]
    assert str(kept) in note and ("turns[0]" in note or "NaN" in note) and "reviewed again" in note
    assert [p.name for p in kept.parent.glob("*.bad-*")] and kept.read_text(encoding="utf-8") == text  # made again


@pytest.mark.slow
def test_the_real_review_of_an_old_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "review", str(SOLO), "--json", "--samples", "2")
    assert status == 0, err
    doc = json.loads(out)
    turns = doc["turns"]
    assert len(turns) == doc["of_turns"] > 3
    for t in turns:
        assert t["mark"] in ("best", "good", "inaccuracy", "mistake") and t["best"] and t["reasons"]
        assert t["loss"] == pytest.approx(t["best_value"] - t["played_value"], abs=0.01)
