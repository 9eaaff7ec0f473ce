"""Games in progress that a new game replaced: kept in ``in-progress/``, listed, resumed exactly; the folder check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harmonies.persist import SaveError, Store
from harmonies.persist.lock import LOCK_NAME
from harmonies.persist.store import IN_PROGRESS_DIR, KEEP_REPLACED
from harmonies.rules import Game, GameSetup


def _game(seed: int, actions: int) -> Game:
    """A game with ``actions`` commands played (the first legal one each time)."""
    game = Game.new(GameSetup(players=2, seed=seed))
    for _ in range(actions):
        assert game.apply(game.legal_commands()[0]).ok
    return game


def _meta(*names: str) -> dict[str, object]:
    return {"seats": [{"name": n, "kind": "human", "level": "random"} for n in names]}


def test_keep_current_moves_the_game_in_progress_aside(store: Store) -> None:
    old = _game(1, 3)
    store.autosave(old, _meta("Ada", "Bo"))
    kept = store.keep_current()
    assert kept is not None and kept.parent == store.dirs.data / IN_PROGRESS_DIR
    assert not store.has_autosave() and store.has_kept()
    assert json.loads(kept.read_text(encoding="utf-8"))["game"] == old.to_json()


def test_a_game_with_no_action_is_not_kept(store: Store) -> None:
    store.autosave(_game(2, 0), _meta("Ada", "Bo"))
    assert store.keep_current() is None
    assert store.has_autosave() and not store.has_kept()    # the new game's save replaces it


def test_nothing_to_keep_without_a_game_in_progress(store: Store) -> None:
    assert store.keep_current() is None
    assert store.games_in_progress() == []


def test_only_the_latest_replaced_games_are_kept(store: Store) -> None:
    for seed in range(1, KEEP_REPLACED + 3):
        store.autosave(_game(seed, 1), _meta(f"P{seed}", "Bo"))
        store.keep_current()
    kept = store._kept_files()
    assert len(kept) == KEEP_REPLACED
    seeds = [json.loads(p.read_text(encoding="utf-8"))["game"]["setup"]["seed"] for p in kept]
    assert seeds == list(range(3, KEEP_REPLACED + 3))       # the two oldest went


def test_games_in_progress_are_listed_newest_first_with_who_and_round(store: Store) -> None:
    store.autosave(_game(1, 2), _meta("Ada", "Bo"))
    store.keep_current()
    newer = _game(2, 9)
    store.autosave(newer, _meta("Cy", "Di"))
    games = store.games_in_progress()
    assert [g.names for g in games] == [("Cy", "Di"), ("Ada", "Bo")]
    assert [g.current for g in games] == [True, False]
    assert games[0].round == newer.round and games[0].commands == 9
    assert games[1].commands == 2 and games[1].saved_at is not None


def test_resume_kept_swaps_it_with_the_game_in_progress_and_replays_exactly(store: Store) -> None:
    old, new = _game(1, 5), _game(2, 4)
    store.autosave(old, _meta("Ada", "Bo"))
    kept = store.keep_current()
    store.autosave(new, _meta("Cy", "Di"))
    assert kept is not None
    saved = store.resume_kept(kept)
    assert saved is not None and saved.game.to_json() == old.to_json()
    assert saved.meta["seats"][0]["name"] == "Ada"
    games = store.games_in_progress()
    assert {g.names: g.current for g in games} == {("Ada", "Bo"): True, ("Cy", "Di"): False}
    other = next(g for g in games if not g.current)
    back = store.resume_kept(other.path)
    assert back is not None and back.game.to_json() == new.to_json()


def test_resume_kept_refuses_a_file_elsewhere(store: Store, tmp_path: Path) -> None:
    stray = tmp_path / "elsewhere.json"
    stray.write_text("{}", encoding="utf-8")
    with pytest.raises(ValueError):
        store.resume_kept(stray)


def test_a_damaged_or_hostile_file_is_listed_as_unreadable_and_names_are_cleaned(store: Store) -> None:
    folder = store.dirs.data / IN_PROGRESS_DIR
    folder.mkdir(parents=True)
    (folder / "20200101-000000.json").write_text("{ not json", encoding="utf-8")
    (folder / "20200101-000001.json").write_text(json.dumps({"meta": {"seats": [{"name": "A\x00d\ud800a"}]}}),
                                                 encoding="utf-8")
    (folder / "20200101-000002.json").write_text("[" * 100_000, encoding="utf-8")
    by_name = {g.path.name: g for g in store.games_in_progress()}
    assert not by_name["20200101-000000.json"].readable
    assert not by_name["20200101-000002.json"].readable
    assert by_name["20200101-000001.json"].names == ("Ada",)


def test_keep_current_failing_leaves_the_game_in_progress_untouched(store: Store) -> None:
    game = _game(1, 2)
    store.autosave(game, _meta("Ada", "Bo"))
    before = store.autosave_path.read_bytes()
    (store.dirs.data / IN_PROGRESS_DIR).write_text("a file where the folder goes", encoding="utf-8")
    with pytest.raises(SaveError):
        store.keep_current()
    assert store.autosave_path.read_bytes() == before


def test_check_folder_fails_when_a_file_stands_in_the_way(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SaveError) as info:
        Store(blocker).check_folder()
    assert str(blocker) in str(info.value)
    Store(tmp_path / "fine").check_folder()                 # a usable folder: no error, nothing left
    assert [p.name for p in (tmp_path / "fine").iterdir()] == [LOCK_NAME]   # but the lock file of the write
