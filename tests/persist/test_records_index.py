"""The index of finished games: built from the archive, rebuilt when missing, damaged or out of date."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from harmonies.persist import Store, document
from harmonies.persist.index import INDEX_NAME, SCHEMA_VERSION, FinishedIndex
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
    assert [g.file for g in index.games()][0] == first[0].file  # an index object refreshes once, by itself
    index.refresh()
    assert [g.file for g in index.games()][0] == added.name
    assert index.rebuilt and seen == [added.name]  # only the new file is read
    # Changed: the same file rewritten with other names (and another size).
    changed = filled.dirs.finished / first[1].file
    doc = json.loads(changed.read_text())
    doc["meta"]["seats"][1]["name"] = "Someone else entirely"
    changed.write_text(document.dumps(doc))
    index.refresh()
    assert next(g for g in index.games() if g.file == changed.name).seats[1].name == "Someone else entirely"
    os.unlink(filled.dirs.finished / first[0].file)
    index.refresh()
    assert first[0].file not in [g.file for g in index.games()]
    assert len(index.games()) == 3 and index.count() == 3


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

    monkeypatch.setattr("harmonies.persist.index._open_writable", refuse)
    (filled.dirs.data / INDEX_NAME).unlink()  # built when the games were archived (looking their identity up)
    index = FinishedIndex(filled.dirs)
    assert len(index.games()) == 3
    assert not (filled.dirs.data / INDEX_NAME).exists()


def test_pages_read_only_the_rows_asked_for_in_either_order(store: Store) -> None:
    played = [finished_game(1 + day % 3, "AB"[day % 2], False, day) for day in range(1, 8)]
    for day, game in enumerate(played, start=1):
        archive(store, game, day)
    index = FinishedIndex(store.dirs)
    assert index.count() == 7
    for by in ("date", "score"):
        whole = index.games(by)
        pages = [g for offset in range(0, 7, 3) for g in index.page(offset, 3, by)]
        assert pages == whole  # three pages of 3, 3 and 1 give the whole list, in the same order
        assert index.page(7, 3, by) == [] and index.page(2, 0, by) == []
    assert [g.top for g in index.games("score")] == sorted((g.top for g in index.games("score")), reverse=True)
    assert [g.sort_key for g in index.page(0, 7)] == sorted((g.sort_key for g in index.page(0, 7)), reverse=True)


def test_an_index_of_an_older_schema_version_is_rebuilt_in_place(filled: Store) -> None:
    expected = FinishedIndex(filled.dirs).games()
    path = filled.dirs.data / INDEX_NAME
    with sqlite3.connect(path) as conn:  # as version 1 wrote it: no file kind, schema "1"
        conn.execute("ALTER TABLE files DROP COLUMN kind")
        conn.execute("UPDATE info SET value = '1' WHERE key = 'schema'")
    index = FinishedIndex(filled.dirs)
    assert index.games() == expected and index.rebuilt
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT value FROM info WHERE key = 'schema'").fetchone() == (str(SCHEMA_VERSION),)


def test_a_refresh_fills_the_index_in_batches_newest_first_and_a_stopped_one_is_completed_later(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    for day in range(1, 8):
        archive(store, finished_game(1, "A", False, day), day)
    (store.dirs.data / INDEX_NAME).unlink(missing_ok=True)  # built while archiving (each identity looked up)
    monkeypatch.setattr("harmonies.persist.index._BATCH_FILES", 3)
    stop = threading.Event()
    seen: list[tuple[int, int, list[str]]] = []
    reader = FinishedIndex(store.dirs, auto_refresh=False)
    assert reader.count() == 0 and reader.page(0, 10) == []  # no index yet: empty, and nothing written

    def progress(done: int, total: int) -> None:
        # another reader sees what each batch committed, newest first
        seen.append((done, total, [g.file for g in reader.page(0, 10)]))
        if done >= 6:
            stop.set()

    writer = FinishedIndex(store.dirs, auto_refresh=False)
    writer.refresh(progress, stop)
    names = sorted((p.name for p in store.finished_games()), reverse=True)
    assert [(d, t) for d, t, _ in seen] == [(0, 7), (3, 7), (6, 7)]
    assert [files for _, _, files in seen] == [[], names[:3], names[:6]]
    assert not writer.refreshed
    counts: list[tuple[int, int]] = []
    FinishedIndex(store.dirs, auto_refresh=False).refresh(lambda d, t: counts.append((d, t)))
    assert counts == [(0, 1), (1, 1)] and reader.count() == 7  # only the one left is read


@pytest.mark.parametrize("kind", ["fifo", "folder", "link to /dev/zero", "dangling link", "unreadable"])
def test_an_entry_that_is_not_a_game_file_is_named_and_never_opened(
        filled: Store, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    FinishedIndex(filled.dirs).games()  # the games are indexed: from now on only the new entry is looked at
    entry = filled.dirs.finished / f"20990101-000000-{kind.replace(' ', '-').replace('/', '')}.json"
    if kind == "fifo":
        os.mkfifo(entry)
    elif kind == "folder":
        entry.mkdir()
        (entry / "inside.json").write_text("{}")
    elif kind == "link to /dev/zero":
        entry.symlink_to("/dev/zero")
    elif kind == "dangling link":
        entry.symlink_to(filled.dirs.finished / "nothing-here.json")
    else:
        entry.write_text("{}")
        entry.chmod(0)  # enough for a user; root reads anyway, so the refusal is also made for it here
        monkeypatch.setattr("harmonies.persist.document.read_limited",
                            lambda path: (_ for _ in ()).throw(PermissionError(13, "Permission denied")))
    seen = reads(monkeypatch)
    index = FinishedIndex(filled.dirs)
    assert index.count() == 3
    [line] = index.problems
    assert line.startswith(entry.name + ": ") and "\n" not in line
    assert index.problem_count() == 1 and index.problem_page(0, 5) == [line]
    expected = {"fifo": "a pipe (FIFO)", "folder": "a folder", "link to /dev/zero": "link to /dev/zero, a device",
                "dangling link": "does not exist", "unreadable": "Permission denied"}[kind]
    assert expected in line
    assert seen == ([entry.name] if kind == "unreadable" else [])  # only a regular file is ever opened
