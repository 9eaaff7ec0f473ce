"""Global options in any order, and hostile board and cards files: exit 2 with one line, never a traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import harmonies.app.demo as demo
from harmonies import cli
from harmonies.cli import main
from harmonies.rules import GameSetup
from harmonies.rules.cards import default_cards_path
from harmonies.rules.yamlfile import MAX_DEPTH

from test_cli import RIVER_OF_EIGHT, _write


def _cards_file(tmp_path: Path, change: Any = None) -> Path:
    text = default_cards_path().read_text(encoding="utf-8")
    head, body = text.split("\nanimals:", 1)
    body = "\nanimals:" + body
    if change is not None:
        body = change(body)
    path = tmp_path / "cards.yaml"
    path.write_text(head + body, encoding="utf-8")
    return path


def _renamed_cards(tmp_path: Path) -> Path:
    """The bundled cards with every id prefixed: a board naming x_fennec_fox only scores with this file."""
    return _cards_file(tmp_path, lambda body: body.replace("id: ", "id: x_"))


def _save(tmp_path: Path) -> Path:
    from harmonies.persist import document
    from harmonies.rules import Game, load_cards

    cards = load_cards(_renamed_cards(tmp_path))
    game = Game.new(GameSetup(2, seed=3), cards)
    while not game.took_card_this_turn:  # the log names a card, which only this cards file has
        game.apply(next(c for c in game.legal_commands() if type(c).__name__ in ("TakeTokens", "TakeCard")))
    path = tmp_path / "save.json"
    path.write_text(document.dumps(document.encode(game, {})), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["score", "habitats"])
@pytest.mark.parametrize("before", [True, False])
def test_cards_option_before_or_after_the_board_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         command: str, before: bool) -> None:
    cards = _renamed_cards(tmp_path)
    board = _write(tmp_path, "b.json", json.loads(json.dumps(RIVER_OF_EIGHT).replace('"id": "', '"id": "x_')))
    argv = ["--cards", str(cards), command, str(board)] if before else [command, "--cards", str(cards), str(board)]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert ("x_fennec_fox" in out["cards"]) if command == "score" else ("x_fennec_fox" in out)
    # After the file too, and with --data-dir on either side.
    assert main([command, str(board), "--data-dir", str(tmp_path), "--cards", str(cards)]) == 0


@pytest.mark.parametrize("argv", [["replay", "--cards", "{cards}", "{save}"], ["--cards", "{cards}", "replay", "{save}"],
                                  ["replay", "{save}", "--cards", "{cards}", "--data-dir", "{dir}"]])
def test_cards_option_before_or_after_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             argv: list[str]) -> None:
    save = _save(tmp_path)
    cards = _renamed_cards(tmp_path)
    filled = [a.format(cards=cards, save=save, dir=tmp_path) for a in argv]
    assert main(filled) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["commands"] == 2
    # Without the cards the same file does not replay: the option really was used.
    assert main(["replay", str(save)]) == 1


def test_simulate_takes_the_cards_option_after_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = _cards_file(tmp_path, lambda body: body.replace("track: [", "track: [!!int \"abc\", ", 1))
    assert main(["simulate", "--games", "1", "--cards", str(broken)]) == 2
    assert f"harmonies simulate: {broken}:" in capsys.readouterr().err


def test_demo_reads_settings_from_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run(players: int, seed: int, exit_when_done: bool, data_dir: str | None = None) -> int:
        seen["data_dir"] = data_dir
        seen["settings"] = demo._user_settings(data_dir)
        return 0

    (tmp_path / "settings.json").write_text(json.dumps({"ai_speed": "instant"}), encoding="utf-8")
    monkeypatch.setattr(demo, "run", fake_run)
    assert main(["demo", "--data-dir", str(tmp_path), "--exit-when-done"]) == 0
    assert seen["data_dir"] == str(tmp_path) and seen["settings"].ai_speed == "instant"
    assert main(["--data-dir", str(tmp_path), "demo"]) == 0 and seen["data_dir"] == str(tmp_path)


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "harmonies", *argv], capture_output=True, text=True,
                          check=False, timeout=60)


def test_hostile_board_files_exit_2_with_one_line(tmp_path: Path) -> None:
    files = {
        "list_id.json": json.dumps({"side": "A", "cards": [{"id": ["fennec_fox"]}]}),
        "object_id.json": json.dumps({"side": "A", "spirit": {"id": {"a": 1}}}),
        "deep.json": "[" * 2000 + "]" * 2000,
        "cube.json": json.dumps({"side": "A", "cells": [[0, 0, ["blue"]]], "cubes": [[0, 0, 7]]}),
    }
    paths = [_write(tmp_path, name, text) for name, text in files.items()]
    for command in ("score", "habitats"):
        for path in paths:
            run = _run(command, str(path))
            assert run.returncode == 2 and "Traceback" not in run.stderr
            assert set(json.loads(run.stdout)) == {"file", "error"}
            (line,) = run.stderr.strip().splitlines()
            assert line.startswith(f"harmonies {command}: {path}")


@pytest.mark.parametrize("change,expected", [
    (lambda b: b.replace("cube: true}", 'cube: !!bool "maybe"}', 1), r":\d+: animals\[0\] \(\w+\) pattern\[0\]\.cube: "
                                                                       r"expected true or false"),
    (lambda b: b.replace("track: [", 'track: [!!int "abc", ', 1), r":\d+: animals\[0\] \(\w+\) track\[0\]: "
                                                                    r"expected a whole number"),
    (lambda b: b.replace("track: [", "track: [" + "9" * 5000 + ", ", 1), r":\d+: animals\[0\] \(\w+\) track\[0\]: "),
    (lambda b: b.replace("name: ", "name: " + "x" * 200_000 + "\n    oops: ", 1), r":\d+: .*unknown field"),
    (lambda b: b.replace("pattern:", "pattern: " + "[" * 10_000 + "]" * 10_000 + "\n    old:", 1),
     rf":\d+: not valid YAML: nested more than {MAX_DEPTH} levels deep"),
])
def test_hostile_cards_files_give_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                change: Any, expected: str) -> None:
    cards = _cards_file(tmp_path, change)
    board = _write(tmp_path, "b.json", {"side": "A"})
    assert main(["score", str(board), "--cards", str(cards)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and len(err) < 400, err[:500]
    assert re.search(re.escape(f"harmonies score: {cards}") + expected, err), err


def test_a_cards_file_over_the_cpu_limit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "USER_CARDS_SECONDS", 0.0)
    cli._cards.cache_clear()
    cards = _cards_file(tmp_path)
    board = _write(tmp_path, "b.json", {"side": "A"})
    assert main(["score", str(board), "--cards", str(cards)]) == 2
    assert re.search(re.escape(str(cards)) + r":\d+: reading it took more than 0 s of CPU time",
                     capsys.readouterr().err)
    cli._cards.cache_clear()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("argv", [["score", "{f}"], ["habitats", "{f}"], ["replay", "{f}"], ["--cards", "{f}", "score", "{f}"],
                                  ["score", "{dir}"]])
def test_a_pipe_or_a_folder_named_as_a_file_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               argv: list[str]) -> None:
    fifo = tmp_path / "board.json"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    assert main([a.format(f=fifo, dir=tmp_path) for a in argv]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ("a pipe" in err[0] or "a folder" in err[0]), err
