"""A data folder whose daily.json and challenges.json were deleted, are behind the archive, or hold a result
no finished game holds comes back whole from ``finished/`` on the next start (issue 47, point 2)."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pygame
import pytest

from harmonies.ai import play_random_game
from harmonies.persist.challenges import PROGRESS_NAME, read_progress, reset_progress
from harmonies.persist.daily import DAILY_NAME, DailyRecords
from harmonies.persist.paths import Dirs
from harmonies.rules import Game, GameSetup
from harmonies.session import MatchConfig, SaveSlot, Seat
from harmonies.session.challenges_file import default_challenges
from harmonies.session.daily import deal_for
from harmonies.session.match import GameStamp

from records_driver import TODAY, daily_game, start, stored
from ui_driver import final_total

YESTERDAY = "2026-11-25"

pytestmark = pytest.mark.slow


def archive(folder: Path, game: Game, config: MatchConfig) -> None:
    """``game`` finished and archived as the window does it (its result recorded with it)."""
    SaveSlot(folder).autosave(game, {**config.to_meta(), **GameStamp.new().to_meta()})


def challenge_config(challenge_id: str) -> MatchConfig:
    c = default_challenges().get(challenge_id)
    assert c is not None
    return MatchConfig((Seat("Ann"),), c.side, c.spirits, c.seed, challenge=c.id)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Three daily tries over two days, two games of the first challenge and one of the last (not met); the
    records as they were after the first game are kept in ``behind/``."""
    data = tmp_path / "data"
    today = deal_for(TODAY)
    archive(data, daily_game(5), today.config("Ann", 1))
    (tmp_path / "behind").mkdir()
    shutil.copy(data / DAILY_NAME, tmp_path / "behind" / DAILY_NAME)
    archive(data, daily_game(6), today.config("Ann", 2))
    past = deal_for(TODAY.replace(day=25))
    archive(data, play_random_game(GameSetup(1, past.side, past.spirits, past.seed), 3), past.config("Ann", 1))
    first = default_challenges()[0].id
    archive(data, stored(first), challenge_config(first))
    shutil.copy(data / PROGRESS_NAME, tmp_path / "behind" / PROGRESS_NAME)
    archive(data, stored(first), challenge_config(first))
    archive(data, stored("untouched"), challenge_config("master"))  # the last challenge's deal, not met
    return data


def check_whole(folder: Path) -> None:
    book = DailyRecords(folder).load()
    assert [a.score for a in book.day(TODAY.isoformat()).attempts] == [final_total(daily_game(5)),
                                                                      final_total(daily_game(6))]
    assert len(book.day(YESTERDAY).attempts) == 1 and book.day(YESTERDAY).best is not None
    progress, problem = read_progress(Dirs(folder, folder))
    assert problem is None
    first = default_challenges()[0].id
    assert progress.of(first).played == 2 and progress.of(first).done
    assert progress.of("master").played == 1 and not progress.of("master").done
    assert set(progress.results) == {first, "master"}


def test_the_records_as_written_with_the_archive(folder: Path) -> None:
    check_whole(folder)


@pytest.mark.parametrize("how", ["deleted", "behind"])
def test_lost_or_old_records_come_back_whole_on_the_next_start(folder: Path, how: str) -> None:
    for name in (DAILY_NAME, PROGRESS_NAME):
        (folder / name).unlink()
        if how == "behind":
            shutil.copy(folder.parent / "behind" / name, folder / name)
    d = start(folder)
    try:
        check_whole(folder)
        d.press_widget("challenges")
        d.settle()
        assert d.top.entries()[0].state == "done" and d.top.entries()[0].result.played == 2
    finally:
        pygame.display.quit()


def test_a_result_no_finished_game_holds_is_dropped_and_a_par_and_a_started_try_stay(folder: Path) -> None:
    doc = json.loads((folder / DAILY_NAME).read_text())
    doc["days"]["2026-11-20"] = {"par": 100, "attempts": [{"on": "2026-11-20", "score": 150, "suns": 7},
                                                          {"on": "2026-11-20", "score": None, "suns": None}]}
    (folder / DAILY_NAME).write_text(json.dumps(doc))
    progress = json.loads((folder / PROGRESS_NAME).read_text())
    progress["results"]["golden_fields"] = {"done": True, "best": 90, "played": 4}
    (folder / PROGRESS_NAME).write_text(json.dumps(progress))
    SaveSlot(folder)                      # a start
    day = DailyRecords(folder).load().day("2026-11-20")
    assert day.par == 100 and [a.score for a in day.attempts] == [None, None]
    check_whole(folder)


def test_games_finished_before_a_reset_do_not_come_back(folder: Path) -> None:
    reset_progress(Dirs(folder, folder))
    SaveSlot(folder)
    assert read_progress(Dirs(folder, folder))[0].results == {}
    time.sleep(1.1)  # times are kept to the second: the next game ends in a later one than the reset
    first = default_challenges()[0].id
    archive(folder, stored(first), challenge_config(first))
    SaveSlot(folder)
    assert read_progress(Dirs(folder, folder))[0].of(first).played == 1
