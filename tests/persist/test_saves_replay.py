"""``harmonies replay FILE``: scores as JSON for a good save, a clear reason and exit 1 for a bad one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harmonies.persist import Store
from harmonies.persist.replay import main
from harmonies.rules import GameSetup

from saves_helpers import finished_history, game_after, mid_turn


def _finished(store: Store, setup: GameSetup) -> Path:
    return store.archive_finished(game_after(setup, finished_history(setup)), {"seats": [{"name": "Solo"}]})


def test_a_finished_game_prints_its_final_scores(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    setup = GameSetup(1, side="B", spirits=True, seed=6)
    path = _finished(store, setup)
    assert main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    game = game_after(setup, finished_history(setup))
    assert out["kind"] == "finished" and out["over"] is True and out["names"] == ["Solo"]
    assert [s["total"] for s in out["scores"]] == [game.score(0).total]
    assert out["winners"] == [0] and out["suns"]["total"] == game.outcome.suns.total  # type: ignore[union-attr]


def test_a_game_in_progress_prints_its_current_scores(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    game = mid_turn()
    store.autosave(game, {})
    assert main(["replay", str(store.autosave_path)]) == 0  # as harmonies.cli passes it on
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is False and out["current"] == game.current
    assert [s["total"] for s in out["scores"]] == [game.score(i).total for i in range(2)]


def test_a_bare_game_log_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(mid_turn().to_json()))
    assert main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "game"


def test_a_save_that_does_not_replay_exits_1_naming_file_and_command(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    store.autosave(mid_turn(), {})
    doc = json.loads(store.autosave_path.read_text())
    doc["game"]["commands"].append({"do": "end_turn"})
    bad = store.dirs.data / "bad.json"
    bad.write_text(json.dumps(doc))
    assert main([str(bad)]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"file": str(bad), "error": captured.err.split(f"{bad}: ", 1)[1].rstrip()}
    assert str(bad) in captured.err and "commands[" in captured.err and "end_turn" in captured.err
    # one line, with the rules' refusal in the catalogue's English words
    assert captured.err.count("\n") == 1
    assert captured.err.rstrip().endswith("is illegal: place your 3 remaining tokens first")
    assert bad.exists()  # replay only reads


def test_tampered_scores_and_damaged_files_exit_1(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    path = _finished(store, GameSetup(2, seed=3))
    doc = json.loads(path.read_text())
    doc["outcome"]["winners"] = [5]
    path.write_text(json.dumps(doc))
    cut = store.dirs.data / "cut.json"
    cut.write_text(json.dumps(doc)[:100])
    assert main([str(path), str(cut), str(store.dirs.data / "missing.json")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert "recorded winners" in err[0]
    assert "not valid JSON" in err[1] and "line 1" in err[1]
    assert "cannot read" in err[2]


def test_a_bad_cards_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text("animals: [\n")
    assert main(["--cards", str(cards), "replay", str(tmp_path / "x.json")]) == 2
    assert str(cards) in capsys.readouterr().err


def test_through_the_harmonies_command(store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    from harmonies.cli import main as cli_main

    path = _finished(store, GameSetup(3, seed=12))
    assert cli_main(["--data-dir", str(store.dirs.data), "replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is True
