"""Whole games played through the real scenes with posted mouse events."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from ui_driver import Driver, MousePlayer, assert_rules_scores


def _new_game_from_menu(d: Driver, players: int, humans: int) -> None:
    assert d.top.name == "menu"
    d.press_widget("new")
    d.frames(1)
    assert d.top.name == "setup"
    setup = d.top
    while setup.count != players:
        d.press_widget("players")           # clicks cycle 2 -> 3 -> 4 -> 1
    for i in range(players):
        want = "human" if i < humans else "computer"
        for _ in range(3):                  # clicks cycle human -> computer -> remote player -> human
            if setup.seats[i]["kind"] == want:
                break
            d.press_widget(f"kind{i}")
        assert setup.seats[i]["kind"] == want
    setup.seed = "11"
    d.press_widget("start")
    d.frames(2)
    assert d.top.name == "play"


def _play_to_scoring(d: Driver, seed: int, max_actions: int = 2500) -> tuple[Any, dict[str, int]]:
    player = MousePlayer(d, seed)
    game = d.top.game
    stats = {"handovers": 0, "commands": 0}
    for _ in range(max_actions):
        top = d.top
        if top.name == "scoring":
            stats["commands"] = len(game.history)
            return top, stats
        if top.name == "handover":
            stats["handovers"] += 1
            assert top.who == d.app.scenes.scenes[-2].seat(game.current).name
            d.frames(20, 0.05)               # past the grace period
            d.click((640, 433))
            continue
        if top.name != "play":
            d.frames(1)
            continue
        if game.over or not top.human_turn():
            d.frames(1, 0.1)
            continue
        before = len(game.history)
        cmd = player.act()
        d.settle()
        assert len(game.history) == before + 1, f"{cmd} did not go through (reason: {top.message!r})"
        assert game.history[-1] == cmd
    raise AssertionError("the game did not reach the scoring scene")


@pytest.mark.slow
def test_solo_game_through_the_scenes(app: Any) -> None:
    d = Driver(app)
    _new_game_from_menu(d, players=1, humans=1)
    scoring, stats = _play_to_scoring(d, seed=5)
    assert_rules_scores(scoring)
    assert stats["handovers"] == 0
    assert scoring.outcome.suns is not None


@pytest.mark.slow
def test_two_player_hot_seat_game(app: Any) -> None:
    d = Driver(app)
    _new_game_from_menu(d, players=2, humans=2)
    scoring, stats = _play_to_scoring(d, seed=9)
    assert_rules_scores(scoring)
    # one hand-over per turn after the first
    turns = sum(1 for c in scoring.game.history if type(c).__name__ == "EndTurn")
    assert stats["handovers"] == turns - 1


def test_computer_opponent_plays_without_freezing(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from harmonies.session import seats

    # The planner waits until the window has drawn frames while it thinks: a planner run in the frame
    # loop would hold that loop, no frame would come, and the wait would run out.
    plan_turn = seats.ComputerSeat.next_commands
    frames_seen = threading.Event()

    def planner_after_frames(seat: Any, view: Any) -> Any:
        frames_seen.wait(30)
        return plan_turn(seat, view)

    monkeypatch.setattr(seats.ComputerSeat, "next_commands", planner_after_frames)
    d = Driver(app)
    _new_game_from_menu(d, players=2, humans=1)
    sc = d.top
    player = MousePlayer(d, 3)
    # play the human's first turn, then watch the computer take its turn
    while sc.game.current == 0:
        player.act()
        d.settle()
    thinking_frames = 0
    for _ in range(20000):
        if sc.game.current != 1:
            break
        d.frames(1, 1 / 60)
        thinking_frames += sc.thinking
        if thinking_frames >= 5:
            frames_seen.set()
        time.sleep(0.002)
    frames_seen.set()
    assert sc.game.current == 0, "the computer never finished its turn"
    # the planner ran beside the frame loop: frames kept coming while it thought
    assert thinking_frames >= 5
