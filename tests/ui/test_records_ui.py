"""A daily try and a challenge game in the real window are each a finished game of their own, and their
results are kept from the moment the last action is played (issue 47, points 1 and 2)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from harmonies.app.scenes.daily import DailyScene
from harmonies.app.scenes.play import PlayScene
from harmonies.persist import Store
from harmonies.persist.challenges import read_progress
from harmonies.persist.daily import DailyRecords
from harmonies.persist.identity import GAME_ID_KEY
from harmonies.session.challenges_file import default_challenges

from records_driver import (TODAY, close_after, daily_game, open_challenge_and_play, open_daily_and_play,
                            play_to_last_action, start, stored, to_scoresheet)
from ui_driver import final_total

pytestmark = pytest.mark.slow


def finished_ids(folder: Path) -> list[str]:
    store = Store(folder)
    return sorted(store.load_finished(p).meta[GAME_ID_KEY] for p in store.finished_games())


def test_two_daily_tries_with_play_again_leave_two_finished_games(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    d = start(folder)
    game = daily_game()
    open_daily_and_play(d)
    play_to_last_action(d, game)
    sheet = to_scoresheet(d)
    d.press_widget("again")          # Play again: the Daily screen, where the next try is counted
    d.frames(2)
    assert isinstance(d.top, DailyScene) and sheet.daily is not None
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert isinstance(d.top, PlayScene) and d.top.config.daily is not None and d.top.config.daily.attempt == 2
    play_to_last_action(d, game)     # the same play, move for move: still a game of its own
    to_scoresheet(d)
    pygame.display.quit()
    ids = finished_ids(folder)
    assert len(ids) == 2 and ids[0] != ids[1]
    total = final_total(game)
    day = DailyRecords(folder).load().day(TODAY.isoformat())
    assert [a.score for a in day.attempts] == [total, total]


def test_two_games_of_one_challenge_leave_two_finished_games(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    d = start(folder)
    first = default_challenges()[0]
    game = stored(first.id)
    open_challenge_and_play(d)
    play_to_last_action(d, game)
    sheet = to_scoresheet(d)
    assert sheet.verdict is not None and sheet.verdict.met and sheet.verdict.first
    d.press_widget("again")          # Play again: the same challenge, a new game
    d.settle()
    play_to_last_action(d, game)
    sheet = to_scoresheet(d)
    assert sheet.verdict is not None and sheet.verdict.met and not sheet.verdict.first
    pygame.display.quit()
    assert len(set(finished_ids(folder))) == 2
    result = read_progress(Store(folder).dirs)[0].of(first.id)
    assert (result.played, result.done, result.best) == (2, True, game.score(0).total)


def test_the_window_closed_just_after_the_last_action_keeps_both_results(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    d = start(folder)
    game = daily_game(7)
    open_daily_and_play(d)
    play_to_last_action(d, game)
    close_after(d, 0.3)              # long before the scoresheet opens
    d = start(folder)
    first = default_challenges()[0]
    open_challenge_and_play(d)
    play_to_last_action(d, stored(first.id))
    close_after(d, 0.3)
    d = start(folder)                # the next start has both
    try:
        day = DailyRecords(folder).load().day(TODAY.isoformat())
        assert [(a.score, a.on) for a in day.attempts] == [(final_total(game), TODAY.isoformat())]
        assert read_progress(Store(folder).dirs)[0].of(first.id).done
        d.press_widget("challenges")
        d.settle()
        assert d.top.entries()[0].state == "done"
    finally:
        pygame.display.quit()
