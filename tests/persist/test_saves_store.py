"""The game in progress and finished games: saved after every command, resumed exactly, bad files set aside."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import harmonies.persist as persist
from harmonies.persist import LoadProblem, SaveError, SavedGame, Store, resolve_dirs
from harmonies.rules import EndTurn, Game, GameSetup, TakeTokens, Undo, load_cards

from saves_helpers import finished_history, game_after, mid_turn

SEATS = {"seats": [{"name": "Ann", "kind": "human", "level": "random"},
                   {"name": "Bot", "kind": "computer", "level": "random"}]}


def same(a: Game, b: Game) -> None:
    assert a.to_json() == b.to_json()
    assert [a.player(i) for i in range(a.setup.players)] == [b.player(i) for i in range(b.setup.players)]
    assert (a.current, a.round, a.hand, a.central, a.display, a.deck_size, a.pouch_size, a.turn_commands) == \
           (b.current, b.round, b.hand, b.central, b.display, b.deck_size, b.pouch_size, b.turn_commands)


def test_resume_mid_turn_exactly(store: Store) -> None:
    game = mid_turn()
    assert game.hand and game.taken_tokens_this_turn  # tokens taken, not all placed
    store.autosave(game, SEATS)
    saved = store.load_autosave()
    assert isinstance(saved, SavedGame)
    loaded, meta = saved
    same(loaded, game)
    assert meta["seats"] == SEATS["seats"]
    assert isinstance(meta["started"], str)
    # The turn goes on: its commands can still be undone, back to its start and no further.
    while loaded.turn_commands:
        assert loaded.apply(Undo()).ok
    assert not loaded.apply(Undo()).ok
    assert loaded.legal_commands()


def test_started_time_is_kept_across_saves_and_loads(tmp_path: Path) -> None:
    setup = GameSetup(3, side="B", spirits=True, seed=11)
    history = finished_history(setup)
    first = Store(tmp_path)
    first.autosave(game_after(setup, history[:1]), SEATS)
    started = first.load_autosave().meta["started"]  # type: ignore[union-attr]
    later = Store(tmp_path)  # as after a restart
    loaded = later.load_autosave()
    assert loaded is not None
    game, meta = loaded
    for cmd in history[1:10]:
        assert game.apply(cmd).ok
        later.autosave(game, {"seats": SEATS["seats"]})  # the app may drop 'started': the store keeps it
    assert later.load_autosave().meta["started"] == started  # type: ignore[union-attr]


def test_finished_game_is_archived_once_with_scores(store: Store) -> None:
    setup = GameSetup(2, seed=8)
    history = finished_history(setup)
    game = game_after(setup, history[:-1])
    store.autosave(game, SEATS)
    assert game.apply(history[-1]).ok and game.over
    path = store.autosave(game, SEATS)       # the last command ends the game: archived, autosave gone
    assert not store.has_autosave()
    assert store.archive_finished(game, SEATS) == path  # the app may archive too: same file
    assert store.finished_games() == [path]
    doc = json.loads(path.read_text())
    assert doc["harmonies"] == "finished"
    assert doc["game"] == game.to_json()
    assert doc["outcome"]["winners"] == list(game.outcome.winners)  # type: ignore[union-attr]
    assert [s["total"] for s in doc["outcome"]["scores"]] == [game.score(i).total for i in range(2)]
    again, meta = store.load_finished(path)
    same(again, game)
    assert meta["seats"] == SEATS["seats"] and "finished" in meta


def test_archiving_a_game_not_over_is_refused(store: Store) -> None:
    with pytest.raises(ValueError):
        store.archive_finished(mid_turn(), SEATS)


def test_a_tampered_final_score_is_caught(store: Store) -> None:
    setup = GameSetup(1, seed=2)
    game = game_after(setup, finished_history(setup))
    path = store.archive_finished(game, {})
    doc = json.loads(path.read_text())
    doc["outcome"]["scores"][0]["total"] += 10
    path.write_text(json.dumps(doc))
    with pytest.raises(LoadProblem, match="recorded final scores"):
        store.load_finished(path)
    assert not path.exists() and len(list(path.parent.glob("*.bad-*.json"))) == 1


def _good_save(store: Store) -> bytes:
    store.autosave(mid_turn(), SEATS)
    return store.autosave_path.read_bytes()


def _corrupt(kind: str, good: bytes) -> bytes:
    doc = json.loads(good)
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "empty":
        return b""
    if kind == "binary":
        return b"\x00\xff\xfe garbage \x80"
    if kind == "not an object":
        return b"[1, 2, 3]"
    if kind == "newer format":
        doc["version"] = 99
    elif kind == "newer game format":
        doc["game"]["format"] = 99
    elif kind == "illegal command":
        doc["game"]["commands"].insert(1, {"do": "take_tokens", "space": 0})
    elif kind == "unknown command":
        doc["game"]["commands"][0] = {"do": "teleport"}
    elif kind == "bad setup":
        doc["game"]["setup"]["players"] = 9
    elif kind == "wrong types":
        doc["game"]["setup"] = {"players": "two", "side": ["A"], "spirits": None, "seed": 1.5}
    elif kind == "no game":
        del doc["game"]
    elif kind == "other file":
        doc = {"side": "A", "cells": []}
    return json.dumps(doc).encode()


KINDS = ["truncated", "empty", "binary", "not an object", "newer format", "newer game format",
         "illegal command", "unknown command", "bad setup", "wrong types", "no game", "other file"]
REASONS = {"truncated": "not valid JSON", "empty": "empty", "binary": "UTF-8", "not an object": "JSON object",
           "newer format": "newer version", "newer game format": "newer format", "illegal command": "commands[1]",
           "unknown command": "teleport", "bad setup": "players", "wrong types": "players",
           "no game": "'game'", "other file": "not a Harmonies save"}


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_autosave_is_set_aside_with_a_clear_reason(store: Store, kind: str) -> None:
    bad = _corrupt(kind, _good_save(store))
    store.autosave_path.write_bytes(bad)
    with pytest.raises(LoadProblem) as caught:
        store.load_autosave()
    problem = caught.value
    assert str(store.autosave_path) in str(problem)
    assert REASONS[kind] in problem.reason, problem.reason
    assert problem.moved_to is not None and problem.moved_to.name in str(problem)
    assert problem.moved_to.read_bytes() == bad          # kept byte for byte
    assert not store.has_autosave()
    assert store.load_autosave() is None                 # and the next start is clean


def test_a_save_played_with_other_cards_is_left_in_place(tmp_path: Path) -> None:
    custom_path = tmp_path / "cards.yaml"
    text = Path(default_cards_path_text()).read_text(encoding="utf-8")
    custom_path.write_text(text.replace("id: ", "id: x_"), encoding="utf-8")
    custom = load_cards(custom_path)
    setup = GameSetup(2, seed=4)
    game = Game.new(setup, custom)
    while not game.took_card_this_turn:  # make the log name a custom card
        cmd = next(c for c in game.legal_commands() if type(c).__name__ in ("TakeTokens", "TakeCard"))
        game.apply(cmd)
    Store(tmp_path, cards=custom, cards_path=custom_path).autosave(game, SEATS)
    with pytest.raises(LoadProblem) as caught:
        Store(tmp_path).load_autosave()
    assert caught.value.moved_to is None and str(custom_path) in str(caught.value)
    assert "--cards" in str(caught.value)
    loaded = Store(tmp_path, cards=custom, cards_path=custom_path).load_autosave()
    assert loaded is not None and loaded.game.to_json() == game.to_json()


def default_cards_path_text() -> str:
    from harmonies.rules.cards import default_cards_path

    return str(default_cards_path())


def test_a_save_that_cannot_be_written_raises_save_error_and_keeps_the_old(tmp_path: Path) -> None:
    store = Store(tmp_path)
    good = _good_save(store)
    with pytest.raises(SaveError, match="not storable as JSON"):
        store.autosave(mid_turn(), {"seats": {1, 2}})
    assert store.autosave_path.read_bytes() == good
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    with pytest.raises(SaveError) as caught:
        Store(blocked).autosave(mid_turn(), SEATS)
    assert str(blocked) in str(caught.value)


def test_clear_autosave(store: Store) -> None:
    store.clear_autosave()  # nothing there: fine
    _good_save(store)
    assert store.has_autosave()
    store.clear_autosave()
    assert not store.has_autosave() and store.load_autosave() is None


def test_an_over_game_found_as_autosave_is_archived(store: Store) -> None:
    setup = GameSetup(2, seed=9)
    game = game_after(setup, finished_history(setup))
    from harmonies.persist import document
    from harmonies.persist.atomic import atomic_write_text

    atomic_write_text(store.autosave_path, document.dumps(document.encode(game, dict(SEATS))))
    assert store.load_autosave() is None
    assert len(store.finished_games()) == 1 and not store.has_autosave()


def test_killed_between_archiving_and_clearing_the_autosave_the_game_stays_finished(store: Store) -> None:
    # The last command ends the game: it is archived, then the autosave is removed. A crash between
    # the two leaves the save of the step before; loading must not offer that game to continue.
    setup = GameSetup(2, seed=8)
    history = finished_history(setup)
    game = game_after(setup, history[:-1])
    store.autosave(game, SEATS)
    left_behind = store.autosave_path.read_bytes()
    assert game.apply(history[-1]).ok and game.over
    (archive,) = [store.autosave(game, SEATS)]
    store.autosave_path.write_bytes(left_behind)
    assert store.load_autosave() is None
    assert not store.has_autosave()
    assert store.finished_games() == [archive]
    same(store.load_finished(archive).game, game)


def test_abandoning_a_game_keeps_an_unrelated_autosave(store: Store) -> None:
    _good_save(store)
    setup = GameSetup(2, seed=77)
    store.archive_finished(game_after(setup, finished_history(setup)), {})
    assert store.has_autosave()  # the archived game was not the one in progress


def test_data_dir_override_and_platform_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dirs = resolve_dirs(tmp_path)
    assert dirs.data == dirs.config == tmp_path
    assert dirs.autosave == tmp_path / "autosave.json"
    default = resolve_dirs(None)
    assert default.data.name == "Harmonies" and default.config.name == "Harmonies"
    if os.name == "posix" and sys.platform != "darwin":
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
        assert resolve_dirs(None).data == tmp_path / "share" / "Harmonies"


def test_module_functions_share_a_store_per_folder(tmp_path: Path) -> None:
    game = mid_turn()
    persist.autosave(game, SEATS, data_dir=tmp_path)
    assert persist.has_autosave(data_dir=tmp_path)
    loaded = persist.load_autosave(data_dir=tmp_path)
    assert loaded is not None and loaded.game.to_json() == game.to_json()
    persist.clear_autosave(data_dir=tmp_path)
    assert persist.load_autosave(data_dir=tmp_path) is None


def test_a_whole_game_autosaved_after_every_command_loads_at_every_step(tmp_path: Path) -> None:
    setup = GameSetup(4, side="B", spirits=True, seed=21)
    history = finished_history(setup)
    store = Store(tmp_path, durable=False)
    game = Game.new(setup)
    for n, cmd in enumerate(history[:-1]):
        assert game.apply(cmd).ok
        store.autosave(game, SEATS)
        if n % 7 == 0:
            loaded = store.load_autosave()
            assert loaded is not None
            same(loaded.game, game)
    assert game.apply(history[-1]).ok
    store.autosave(game, SEATS)
    assert not store.has_autosave() and len(store.finished_games()) == 1


def test_undo_then_save_saves_the_undone_state(store: Store) -> None:
    game = Game.new(GameSetup(2, seed=3))
    game.apply(TakeTokens(1))
    store.autosave(game, SEATS)
    game.apply(Undo())
    store.autosave(game, SEATS)
    loaded = store.load_autosave()
    assert loaded is not None and loaded.game.history == () and not loaded.game.taken_tokens_this_turn
    assert not loaded.game.apply(EndTurn()).ok
