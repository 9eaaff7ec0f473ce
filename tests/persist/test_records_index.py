"""The index of finished games: built from the archive, rebuilt when missing, damaged or out of date."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from harmonies.persist import Store, document
from harmonies.persist.index import INDEX_NAME, FinishedIndex
from harmonies.persist.lock import LOCK_NAME
from harmonies.persist.summary import CATEGORIES, summary_of_game

from records_helpers import HUMAN, archive, bot, finished_game


@pytest.fixture
def filled(store: Store) -> Store:
    archive(store, finished_game(1, "A", False, 1), 1, [HUMAN])
    archive(store, finished_game(2, "B", True, 2), 2, [HUMAN, bot("hard", "Hal")])
    archive(store, finished_game(1, "B", True, 3), 3, [HUMAN])
    return store


def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files the index reads from now on."""
    seen: list[str] = []
    real = FinishedIndex._read

    def spy(self: FinishedIndex, name: str, mtime_ns: int):  # type: ignore[no-untyped-def]
        seen.append(name)
        return real(self, name, mtime_ns)

    monkeypatch.setattr(FinishedIndex, "_read", spy)
    return seen


def test_list_matches_a_replay_of_every_file_newest_first(filled: Store) -> None:
    games = FinishedIndex(filled.dirs).games()
    assert [g.file for g in games] == [p.name for p in filled.finished_games()]  # names start with the date
    for summary in games:
        game, meta = filled.load_finished(filled.dirs.finished / summary.file)
        assert summary == summary_of_game(game, meta, summary.file, meta["finished"])
    two = games[1]
    assert (two.side, two.spirits, two.players, two.suns) == ("B", True, 2, None)
    assert [s.name for s in two.seats] == ["Ann", "Hal"] and two.seats[1].level == "hard"
    assert all(s is not None for s in two.spirit_ids)  # both seats chose a spirit
    assert games[0].suns is not None and games[0].solo


def test_sorted_by_score(filled: Store) -> None:
    games = FinishedIndex(filled.dirs).games(by="score")
    assert [g.top for g in games] == sorted((g.top for g in games), reverse=True)


def test_up_to_date_index_reads_no_file(filled: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    FinishedIndex(filled.dirs).games()
    seen = reads(monkeypatch)
    index = FinishedIndex(filled.dirs)
    assert len(index.games()) == 3
    assert not index.rebuilt and seen == []


def test_new_changed_and_removed_files_are_noticed(filled: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    index = FinishedIndex(filled.dirs)
    first = index.games()
    seen = reads(monkeypatch)
    added = archive(filled, finished_game(3, "A", False, 4), 4)
    assert [g.file for g in index.games()][0] == added.name
    assert index.rebuilt and seen == [added.name]  # only the new file is read
    # Changed: the same file rewritten with other names (and another size).
    changed = filled.dirs.finished / first[1].file
    doc = json.loads(changed.read_text())
    doc["meta"]["seats"][1]["name"] = "Someone else entirely"
    changed.write_text(document.dumps(doc))
    assert next(g for g in index.games() if g.file == changed.name).seats[1].name == "Someone else entirely"
    os.unlink(filled.dirs.finished / first[0].file)
    assert first[0].file not in [g.file for g in index.games()]
    assert len(index.games()) == 3


@pytest.mark.parametrize("damage", ["deleted", "garbage", "truncated", "other schema", "empty tables"])
def test_missing_or_damaged_index_is_rebuilt(filled: Store, damage: str) -> None:
    expected = FinishedIndex(filled.dirs).games()
    path = filled.dirs.data / INDEX_NAME
    if damage == "deleted":
        path.unlink()
    elif damage == "garbage":
        path.write_bytes(b"this is no database" * 100)
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:1500])
    elif damage == "other schema":
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE info SET value = 'old' WHERE key = 'schema'")
    else:
        with sqlite3.connect(path) as conn:
            conn.execute("DROP TABLE games")
    index = FinishedIndex(filled.dirs)
    assert index.games() == expected
    assert index.rebuilt
    with sqlite3.connect(path) as conn:  # the file itself is whole again, not just an in-memory copy
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3


def test_index_is_written_atomically_and_leaves_no_temporary_file(filled: Store) -> None:
    FinishedIndex(filled.dirs).games()
    # the lock file stays from the archive's writes (they happen under the folder's lock)
    assert sorted(p.name for p in filled.dirs.data.iterdir()) == ["finished", INDEX_NAME, LOCK_NAME]


def test_bad_files_are_skipped_with_one_line_each(filled: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = filled.dirs.finished
    (folder / "broken.json").write_text('{"harmonies": "finished", ')
    (folder / "list.json").write_text("[1, 2]")
    unfinished = finished_game(1, "A", False, 1).to_json()
    unfinished["commands"] = unfinished["commands"][:10]
    (folder / "unfinished.json").write_text(json.dumps(unfinished))
    (folder / "x.bad-20260101-000000.json").write_text("set aside earlier: not listed, not reported")
    index = FinishedIndex(filled.dirs)
    assert len(index.games()) == 3
    assert [p.split(":")[0] for p in index.problems] == ["broken.json", "list.json", "unfinished.json"]
    assert all("\n" not in p for p in index.problems)
    assert "not over" in index.problems[2]
    seen = reads(monkeypatch)
    again = FinishedIndex(filled.dirs)
    assert len(again.games()) == 3 and seen == []  # known bad files are not read again...
    assert again.problems == index.problems         # ...and still reported


def test_file_without_a_record_is_replayed(store: Store) -> None:
    game = finished_game(1, "B", True, 5)
    (store.dirs.finished).mkdir(parents=True)
    (store.dirs.finished / "bare.json").write_text(json.dumps(game.to_json()))
    [summary] = FinishedIndex(store.dirs).games()
    assert summary.totals == (game.outcome.scores[0].total,)  # type: ignore[union-attr]
    assert summary.spirit_ids == (game.player(0).spirit,)
    assert summary.seats[0].name == "Player 1"


def test_record_that_disagrees_with_itself_is_checked_by_a_replay(store: Store) -> None:
    path = archive(store, finished_game(2, "A", False, 6), 1)
    doc = json.loads(path.read_text())
    doc["outcome"]["scores"][0]["total"] += 10  # no longer the sum of its rows: the replay decides
    path.write_text(document.dumps(doc))
    index = FinishedIndex(store.dirs)
    assert index.games() == []
    assert "differ from the replay" in index.problems[0]


def test_categories_add_up_to_totals(filled: Store) -> None:
    for g in FinishedIndex(filled.dirs).games():
        assert len(g.categories[0]) == len(CATEGORIES)
        assert [sum(c) for c in g.categories] == list(g.totals)


def test_folder_without_games_gives_an_empty_list(tmp_path: Path) -> None:
    index = FinishedIndex(Store(tmp_path / "none").dirs)
    assert index.games() == [] and index.problems == []
    assert not (tmp_path / "none").exists()  # listing creates nothing


def test_unwritable_folder_still_lists(filled: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("harmonies.persist.index.tempfile.mkstemp", refuse)
    (filled.dirs.data / INDEX_NAME).unlink()  # built when the games were archived (looking their identity up)
    index = FinishedIndex(filled.dirs)
    assert len(index.games()) == 3
    assert not (filled.dirs.data / INDEX_NAME).exists()
