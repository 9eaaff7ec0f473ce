"""The daily and challenge records derived from the finished games (harmonies.session.results): written
with the archive, the same game recorded twice counted once, an imported game never counted, the cache of
marks built again when damaged and read again for a file that changed."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from harmonies.ai import play_random_game
from harmonies.persist import Store
from harmonies.persist.challenges import read_progress
from harmonies.persist.daily import DailyRecords
from harmonies.persist.marks import CACHE_NAME
from harmonies.persist.share import import_finished
from harmonies.rules import GameSetup
from harmonies.session import SaveSlot
from harmonies.session.daily import deal_for
from harmonies.session.match import GameStamp
from harmonies.session.results import CHALLENGE_MET_KEY, rebuild, record_game

DAY = date(2026, 11, 26)


def daily_meta(attempt: int) -> dict[str, object]:
    return {**deal_for(DAY).config("Ann", attempt).to_meta(), **GameStamp.new().to_meta()}


def daily_game(seed: int = 5):  # type: ignore[no-untyped-def]
    deal = deal_for(DAY)
    return play_random_game(GameSetup(1, deal.side, deal.spirits, deal.seed), seed)


def test_a_daily_try_is_recorded_with_its_archive_and_twice_is_once(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    game, meta = daily_game(), daily_meta(1)
    slot.autosave(game, meta)
    recorded = slot.recorded_for(game)
    assert recorded is not None and recorded.problem is None and recorded.day is not None
    assert recorded.day.attempts[0].score == game.outcome.scores[0].total
    store = slot.store
    assert store is not None
    before = (tmp_path / "daily.json").read_bytes()
    again = record_game(store, game, store.stamped(game, meta))
    assert again.problem is None and (tmp_path / "daily.json").read_bytes() == before
    store.archive(game, meta)           # archived again (a crash before the autosave was cleared)
    assert len(store.finished_games()) == 1
    assert rebuild(store).problem is None and (tmp_path / "daily.json").read_bytes() == before


def test_a_challenge_game_is_recorded_with_its_verdict(tmp_path: Path) -> None:
    from harmonies.session.challenges_file import default_challenges
    from harmonies.session import MatchConfig, Seat

    first = default_challenges()[0]
    game = play_random_game(first.setup, 3)
    slot = SaveSlot(tmp_path)
    config = MatchConfig((Seat("Ann"),), first.side, first.spirits, first.seed, challenge=first.id)
    slot.autosave(game, {**config.to_meta(), **GameStamp.new().to_meta()})
    (path,) = Store(tmp_path).finished_games()
    assert isinstance(json.loads(path.read_text())["meta"][CHALLENGE_MET_KEY], bool)
    result = read_progress(Store(tmp_path).dirs)[0].of(first.id)
    assert result.played == 1 and result.best == game.score(0).total


def test_an_imported_daily_game_is_someone_elses_try(tmp_path: Path) -> None:
    friend = tmp_path / "friend"
    SaveSlot(friend).autosave(daily_game(), daily_meta(1))
    (exported,) = Store(friend).finished_games()
    mine = tmp_path / "mine"
    store = Store(mine)
    assert import_finished(store, exported).fresh
    SaveSlot(mine)
    assert DailyRecords(mine).load().days == {}


def test_the_cache_of_marks_is_built_again_when_damaged_and_a_changed_file_is_read_again(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.autosave(daily_game(5), daily_meta(1))
    assert (tmp_path / CACHE_NAME).is_file()
    (tmp_path / CACHE_NAME).write_text("[1, 2")
    (tmp_path / "daily.json").unlink()
    SaveSlot(tmp_path)
    assert DailyRecords(tmp_path).load().day(DAY.isoformat()).attempts[0].score is not None
    # the finished file changes (another try's mark written in by hand): read again, not taken from the cache
    (path,) = Store(tmp_path).finished_games()
    doc = json.loads(path.read_text())
    doc["meta"]["daily"]["attempt"] = 2
    path.write_text(json.dumps(doc) + " ")
    SaveSlot(tmp_path)
    assert [a.score is not None for a in DailyRecords(tmp_path).load().day(DAY.isoformat()).attempts] == [False, True]


def test_after_a_failed_write_the_next_archive_rebuilds_the_records(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    (tmp_path / "daily.json").mkdir()            # daily.json cannot be written
    first = daily_game(5)
    slot.autosave(first, daily_meta(1))
    recorded = slot.recorded_for(first)
    assert recorded is not None and recorded.problem is not None and "daily.json" in recorded.problem
    assert slot.problem is None and len(Store(tmp_path).finished_games()) == 1   # the game itself is kept
    (tmp_path / "daily.json").rmdir()
    second = daily_game(6)
    slot.autosave(second, daily_meta(2))
    day = DailyRecords(tmp_path).load().day(DAY.isoformat())
    assert [a.score for a in day.attempts] == [first.outcome.scores[0].total, second.outcome.scores[0].total]
