"""Each game is a game of its own from its start: its game id, kept in its autosave and finished record,
tells two games of one deal apart even when they are played move for move alike; an archive write never
replaces a file that holds another game; the same game archived twice is still one game; files written
before game ids keep loading and count once (issue 47, point 1)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from harmonies.ai import play_random_game
from harmonies.persist import Store
from harmonies.persist.index import INDEX_NAME
from harmonies.persist.identity import GAME_ID_KEY, game_id_of, new_game_id, same_game
from harmonies.persist.store import archive_name
from harmonies.rules import Game

from lock_holder import ROOT
from records_helpers import HUMAN, finished_game

OLD = ROOT / "tests" / "data" / "saves" / "0.1.0"
STARTED = "2026-11-26T09:00:00+00:00"


def meta(game_id: str | None, started: str = STARTED) -> dict[str, object]:
    return {"seats": [HUMAN], "started": started, **({GAME_ID_KEY: game_id} if game_id else {})}


def test_two_games_of_one_deal_played_alike_started_in_the_same_second_are_two_records(tmp_path: Path) -> None:
    game = finished_game(1)
    store = Store(tmp_path)
    first = store.archive(game, meta(new_game_id()))
    second = store.archive(game, meta(new_game_id()))
    assert first.fresh and second.fresh and first.path != second.path
    assert second.path.name == archive_name(game.setup, STARTED)[:-5] + "-2.json"
    assert len(store.finished_games()) == 2
    ids = {game_id_of(store.load_finished(p).meta) for p in store.finished_games()}
    assert len(ids) == 2 and None not in ids


def test_a_name_held_by_another_game_is_never_written_over(tmp_path: Path) -> None:
    store = Store(tmp_path)
    one = finished_game(1, seed=4)
    other = play_random_game(one.setup, 99)      # another play of the same deal
    assert other.history != one.history
    path = store.archive(one, meta(None)).path
    before = path.read_bytes()
    with_index = store.archive(other, meta(None))   # same setup and start second, no game id from the caller
    (store.dirs.data / INDEX_NAME).unlink()
    (store.dirs.data / INDEX_NAME).mkdir()        # and once more with no index to look the game up in
    third = store.archive(play_random_game(one.setup, 98), meta(None))
    assert path.read_bytes() == before
    assert with_index.fresh and with_index.path.name.endswith("-2.json")
    assert third.fresh and third.path.name.endswith("-3.json")
    assert not store.archive(other, meta(None)).fresh   # the name chain still finds a game it holds


def test_the_same_game_archived_twice_is_one_game(tmp_path: Path) -> None:
    game = finished_game(1)
    game_id = new_game_id()
    store = Store(tmp_path)
    first = store.archive(game, meta(game_id))
    again = Store(tmp_path).archive(game, meta(game_id, "2026-11-27T09:00:00+00:00"))
    assert not again.fresh and again.path == first.path
    assert store.finished_games() == [first.path]


def test_killed_between_the_archive_and_the_autosave_clear_the_game_is_not_offered_again(tmp_path: Path) -> None:
    game = finished_game(1)
    before_end = Game.replay(game.setup, game.history[:-1])
    store = Store(tmp_path)
    game_id = new_game_id()
    store.autosave(before_end, meta(game_id))
    kept = store.autosave_path.read_bytes()
    store.archive(game, meta(game_id))
    store.autosave_path.write_bytes(kept)   # the autosave of the step before the end is still there
    # a second game of the same setup and start second in the archive does not fool the check
    again = Store(tmp_path)
    assert again.load_autosave() is None and not again.has_autosave()
    assert len(again.finished_games()) == 1


def test_an_autosave_of_another_game_of_the_same_name_is_offered(tmp_path: Path) -> None:
    game = finished_game(1)
    store = Store(tmp_path)
    store.archive(game, meta(new_game_id()))
    before_end = Game.replay(game.setup, game.history[:-1])
    store.autosave(before_end, meta(new_game_id()))  # the next game of the deal, started in the same second
    loaded = Store(tmp_path).load_autosave()
    assert loaded is not None and loaded.game.history == before_end.history


def test_a_game_saved_in_progress_gets_its_id_and_keeps_it(tmp_path: Path) -> None:
    game = finished_game(1)
    store = Store(tmp_path)
    store.autosave(Game.replay(game.setup, game.history[:3]), {"seats": [HUMAN]})
    saved = Store(tmp_path).load_autosave()
    assert saved is not None and game_id_of(saved.meta) is not None
    path = store.archive_finished(game, {"seats": [HUMAN]})
    assert game_id_of(store.load_finished(path).meta) == game_id_of(saved.meta)


def test_files_written_before_game_ids_load_and_count_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.dirs.finished.mkdir(parents=True)
    shutil.copy(OLD / "finished-solo-B-spirits.json", store.dirs.finished / "old.json")
    shutil.copy(OLD / "autosave-2p-mid-turn.json", store.autosave_path)
    old = store.load_finished(store.dirs.finished / "old.json")
    assert game_id_of(old.meta) is None and old.game.over
    saved = store.load_autosave()
    assert saved is not None and game_id_of(saved.meta) is None
    # the old record's game, archived again by this version with a game id, is still one game
    again = store.archive(old.game, meta(new_game_id()))
    assert not again.fresh and again.path == store.dirs.finished / "old.json"
    assert json.loads((store.dirs.finished / "old.json").read_text())["meta"].get(GAME_ID_KEY) is None


def test_same_game_rules() -> None:
    a, b = new_game_id(), new_game_id()
    assert same_game(("x", a), ("x", a)) and not same_game(("x", a), ("x", b))
    assert same_game(("x", None), ("x", b)) and same_game(("x", a), ("x", None))
    assert not same_game(("x", a), ("y", a)) and not same_game((None, a), (None, a))
    assert game_id_of({GAME_ID_KEY: "not an id"}) is None and game_id_of({GAME_ID_KEY: a}) == a
