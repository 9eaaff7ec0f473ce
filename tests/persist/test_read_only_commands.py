"""Read-only commands (``challenges``, ``daily``, ``history``) with a damaged file in a data folder a
window holds: one line naming the file and what is wrong, and the file left where it is for the window.
Duplicate keys are damage like any other, in every file the game reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harmonies.cli import main
from harmonies.persist import LoadProblem, Store
from harmonies.persist.challenges import PROGRESS_NAME, read_progress
from harmonies.persist.daily import DAILY_NAME, DailyRecords
from harmonies.persist.index import FinishedIndex
from harmonies.persist.paths import resolve_dirs

from lock_holder import LockHolder
from records_helpers import archive, finished_game

DAILY_TWICE = ('{"format": 1, "days": {\n "2026-11-26": {"par": 90, "attempts": [{"on": "2026-11-26", "score": 95,'
               ' "suns": 3}]},\n "2026-11-26": {"par": 90, "attempts": []}}}\n')
CHALLENGES_TWICE = ('{"harmonies": "challenges", "version": 1, "results": {\n'
                    ' "first-steps": {"done": true, "best": 80, "played": 4},\n'
                    ' "first-steps": {"done": false, "best": null, "played": 0}}}\n')


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def only_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.is_file() and p.name != "harmonies.lock")


def test_challenges_and_daily_leave_damaged_records_in_place_while_a_window_holds_the_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / PROGRESS_NAME).write_text(CHALLENGES_TWICE)
    (tmp_path / DAILY_NAME).write_text(DAILY_TWICE)
    with LockHolder(tmp_path):
        status, out, err = run(capsys, "challenges", "--data-dir", str(tmp_path))
        assert status == 0 and out
        [line] = err.splitlines()
        assert str(tmp_path / PROGRESS_NAME) in line and '"first-steps" is written twice' in line and "line 3" in line
        status, out, err = run(capsys, "daily", "--date", "2026-11-26", "--json", "--data-dir", str(tmp_path))
        assert status == 0 and json.loads(out)["par"] is None
        [line] = err.splitlines()
        assert str(tmp_path / DAILY_NAME) in line and '"2026-11-26" is written twice' in line
        status, out, err = run(capsys, "history", "--data-dir", str(tmp_path))
        assert status == 0
    assert not [name for name in only_files(tmp_path) if ".bad-" in name]  # nothing set aside
    assert (tmp_path / PROGRESS_NAME).read_text() == CHALLENGES_TWICE
    assert (tmp_path / DAILY_NAME).read_text() == DAILY_TWICE


def test_challenges_never_moves_a_damaged_progress_file_even_in_a_free_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / PROGRESS_NAME).write_text(CHALLENGES_TWICE)
    status, _, err = run(capsys, "challenges", "--data-dir", str(tmp_path))
    assert status == 0 and "left in place" in err and err.count("\n") == 1
    assert (tmp_path / PROGRESS_NAME).read_text() == CHALLENGES_TWICE


def test_the_window_sets_duplicate_keys_aside_and_says_which_key(tmp_path: Path) -> None:
    dirs = resolve_dirs(tmp_path)
    (tmp_path / PROGRESS_NAME).write_text(CHALLENGES_TWICE)
    progress, problem = read_progress(dirs)
    assert progress.results == {} and problem is not None and '"first-steps" is written twice' in problem
    assert "set aside as challenges.bad-" in problem and not (tmp_path / PROGRESS_NAME).exists()
    [kept] = tmp_path.glob("challenges.bad-*.json")
    assert kept.read_text() == CHALLENGES_TWICE  # nothing dropped: the whole file is kept

    (tmp_path / DAILY_NAME).write_text(DAILY_TWICE)
    records = DailyRecords(tmp_path)
    assert records.load().days == {}
    assert records.problem is not None and '"2026-11-26" is written twice' in records.problem
    assert [p.read_text() for p in tmp_path.glob("daily.bad-*.json")] == [DAILY_TWICE]


def test_a_window_holding_the_folder_is_left_the_damaged_progress(tmp_path: Path) -> None:
    """Another process (a second window, a tool) reading the progress does not move the holder's file."""
    (tmp_path / PROGRESS_NAME).write_text(CHALLENGES_TWICE)
    with LockHolder(tmp_path):
        _, problem = read_progress(resolve_dirs(tmp_path))
    assert problem is not None and "left in place while another window holds the folder" in problem
    assert (tmp_path / PROGRESS_NAME).read_text() == CHALLENGES_TWICE


@pytest.mark.parametrize("where", ["settings", "autosave", "finished"])
def test_duplicate_keys_in_settings_saves_and_finished_games_are_refused(tmp_path: Path, where: str) -> None:
    store = Store(tmp_path, durable=False)
    if where == "settings":
        store.dirs.settings.parent.mkdir(parents=True, exist_ok=True)
        store.dirs.settings.write_text('{"language": "en",\n "language": "fr"}')
        with pytest.raises(LoadProblem) as e:
            store.load_settings()
        assert '"language" is written twice' in str(e.value) and e.value.moved_to is not None
        return
    game = finished_game(1)
    path = archive(store, game, 1)
    text = path.read_text()
    doubled = text.replace('"harmonies": "finished",', '"harmonies": "finished", "harmonies": "finished",', 1)
    assert doubled != text
    if where == "autosave":
        store.autosave_path.write_text(doubled.replace('"finished"', '"save"', 2))
        with pytest.raises(LoadProblem) as e:
            store.load_autosave()
        assert '"harmonies" is written twice' in str(e.value)
        return
    path.write_text(doubled)
    index = FinishedIndex(store.dirs)
    assert index.count() == 0 and len(index.problems) == 1 and '"harmonies" is written twice' in index.problems[0]


def test_a_key_written_twice_in_the_hard_averages_is_refused_with_its_line(tmp_path: Path) -> None:
    from harmonies.persist.stats import HardAveragesError, load_hard_averages

    path = tmp_path / "hard.yaml"
    path.write_text("A:\n  false: {trees: 1}\n  false: {trees: 2}\n")
    with pytest.raises(HardAveragesError, match=r"line 3 is not valid YAML \(the key False is written twice\)"):
        load_hard_averages(path)
