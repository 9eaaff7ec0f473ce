"""The challenge progress in challenges.json: kept across restarts, left alone by Clear bests, started afresh
only by Reset challenges, and a damaged file set aside (renamed, never deleted) with one line."""

from __future__ import annotations

import json
from pathlib import Path

from harmonies.persist.bests import clear
from harmonies.persist.challenges import PROGRESS_NAME, Result, read_progress, record_game, reset_progress
from harmonies.persist.paths import Dirs


def dirs_of(tmp_path: Path) -> Dirs:
    return Dirs(tmp_path, tmp_path)


def test_no_file_is_no_progress_and_no_line(tmp_path: Path) -> None:
    progress, problem = read_progress(dirs_of(tmp_path))
    assert progress.results == {} and problem is None


def test_results_are_kept_across_restarts(tmp_path: Path) -> None:
    dirs = dirs_of(tmp_path)
    record_game(dirs, "first_steps", 54, False)
    record_game(dirs, "first_steps", 71, True)
    record_game(dirs, "first_steps", 63, False)
    record_game(dirs, "gatherer", 80, False)
    # a new process reads the file afresh
    progress, problem = read_progress(Dirs(Path(str(tmp_path)), Path(str(tmp_path))))
    assert problem is None
    assert progress.of("first_steps") == Result(done=True, best=71, played=3)
    assert progress.of("gatherer") == Result(done=False, best=80, played=1)
    assert progress.of("never_played") == Result()
    assert progress.done_count(["first_steps", "gatherer", "gone"]) == 1


def test_clear_bests_leaves_the_challenges_and_reset_empties_them(tmp_path: Path) -> None:
    dirs = dirs_of(tmp_path)
    record_game(dirs, "first_steps", 71, True)
    clear(dirs)
    assert read_progress(dirs)[0].of("first_steps").done
    reset_progress(dirs)
    progress, problem = read_progress(dirs)
    assert progress.results == {} and problem is None
    assert (tmp_path / "records.json").exists()  # the bests' own file is another one


def test_writes_leave_no_temporary_file(tmp_path: Path) -> None:
    record_game(dirs_of(tmp_path), "first_steps", 71, True)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "harmonies.lock") == [PROGRESS_NAME]
    assert json.loads((tmp_path / PROGRESS_NAME).read_text())["results"]["first_steps"]["best"] == 71


def damaged_contents() -> list[bytes]:
    return [
        b"{ not json",
        b"",
        b'{"harmonies": "save", "version": 1, "results": {}}',
        b'{"harmonies": "challenges", "version": 99, "results": {}}',
        b'{"harmonies": "challenges", "version": 1, "results": {"a": {"done": "yes", "best": 3, "played": 1}}}',
        b'{"harmonies": "challenges", "version": 1, "results": {"a": {"done": true, "best": -3, "played": 1}}}',
        b'{"harmonies": "challenges", "version": 1, "results": []}',
    ]


def test_a_damaged_file_is_set_aside_with_one_line(tmp_path: Path) -> None:
    for n, content in enumerate(damaged_contents()):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / PROGRESS_NAME).write_bytes(content)
        progress, problem = read_progress(dirs_of(folder))
        assert progress.results == {}
        assert problem is not None and "\n" not in problem and str(folder / PROGRESS_NAME) in problem
        assert "set aside as challenges.bad-" in problem, problem
        kept = [p for p in folder.iterdir() if p.name.startswith("challenges.bad-")]
        assert len(kept) == 1 and kept[0].read_bytes() == content  # renamed, never deleted
        assert not (folder / PROGRESS_NAME).exists()


def test_recording_over_a_damaged_file_starts_afresh_and_keeps_the_damaged_one(tmp_path: Path) -> None:
    (tmp_path / PROGRESS_NAME).write_text("{ broken")
    progress = record_game(dirs_of(tmp_path), "gatherer", 90, True)
    assert progress.of("gatherer") == Result(True, 90, 1)
    assert any(p.name.startswith("challenges.bad-") for p in tmp_path.iterdir())
    assert read_progress(dirs_of(tmp_path)) == (progress, None)


def test_an_unwritable_folder_raises_oserror_and_changes_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    try:
        record_game(Dirs(blocker, blocker), "gatherer", 90, True)
    except OSError:
        pass
    else:  # pragma: no cover - the write must fail
        raise AssertionError("a write into a file as a folder succeeded")
    assert blocker.read_text() == "not a folder"
