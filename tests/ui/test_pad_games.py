"""Whole games with a game controller alone: a virtual SDL pad (``vpad.py``) whose buttons, triggers and
stick SDL reports as a plugged-in pad's; from the menu through setup (its defaults: no typing), every turn
and the hand-over screen, to the scoresheet. Nothing but what SDL emits from the pad reaches the game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from pad_driver import Pad, PadPlayer, no_posted_input, plug, unplug
from ui_driver import Driver, assert_rules_scores
from vpad import VirtualPad


@pytest.fixture
def pad(app: Any) -> Iterator[VirtualPad]:
    found = plug(app)
    yield found
    unplug(app, found)


def fixed_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The seed a game gets when none is typed (no pad can type one yet), fixed so the test plays one deal."""
    monkeypatch.setattr("harmonies.session.match.random.SystemRandom", lambda: random.Random(seed))


def setup_by_pad(d: Driver, p: Pad, players: int, spirits: bool = False) -> None:
    """Menu: New game. Setup: the d-pad to the number of players, each seat's kind and the spirits (the
    names and the seed keep their defaults), then Start."""
    assert d.top.name == "menu"
    p.focus_widget("new")
    p.press("a")
    d.settle()
    assert d.top.name == "setup"
    setup = d.top
    p.focus_widget("players")
    while setup.count != players:
        p.press("dpleft" if setup.count > players else "dpright")
    for i in range(players):
        if setup.seats[i]["kind"] != "human":
            p.focus_widget(f"kind{i}")
            for _ in range(3):                  # the kinds go round: human, computer, remote player
                if setup.seats[i]["kind"] == "human":
                    break
                p.press("dpright")
        assert setup.seats[i]["kind"] == "human"
    p.focus_widget("spirits")
    if setup.spirits != spirits:
        p.press("dpright")
    assert setup.spirits == spirits
    p.focus_widget("start")
    p.press("a")
    d.settle()
    assert d.top.name == "play" and len(d.top.config.seats) == players


def play_to_scoring(d: Driver, player: PadPlayer, max_actions: int = 900) -> tuple[Any, int]:
    game = d.top.game
    handovers = 0
    for _ in range(max_actions):
        no_posted_input()
        top = d.top
        if top.name == "scoring":
            return top, handovers
        if top.name == "handover":
            handovers += 1
            d.frames(8, 0.05)                   # past the grace period that guards against a stray press
            player.press("a")
            d.settle()
            assert d.top.name == "play"
            continue
        if game.over or not top.human_turn():
            d.frames(1, 0.1)
            continue
        before = len(game.history)
        cmd = player.act()
        assert len(game.history) == before + 1, f"{cmd} did not go through (reason: {top.message!r})"
        assert game.history[-1] == cmd
    raise AssertionError("the game did not reach the scoresheet")


@pytest.mark.slow
def test_a_solo_game_with_the_pad_alone(app: Any, pad: VirtualPad, monkeypatch: pytest.MonkeyPatch) -> None:
    fixed_seed(monkeypatch, 7)
    d = Driver(app)
    p = Pad(d, pad)
    setup_by_pad(d, p, players=1, spirits=True)
    assert app.pads.style == "xbox"
    player = PadPlayer(d, pad, seed=7)
    scoring, handovers = play_to_scoring(d, player)
    assert_rules_scores(scoring)
    kinds = {type(c).__name__ for c in scoring.game.history}
    # every kind of solo action happened, each through the pad
    assert {"ChooseSpirit", "TakeTokens", "PlaceToken", "TakeCard", "PlaceCube", "SoloSwap", "EndTurn"} <= kinds
    assert handovers == 0 and scoring.outcome.suns is not None
    # the scoresheet too: X shows the final boards, View opens the review of the game
    p.press("x")
    assert scoring.show_boards
    p.press("back")
    d.settle()
    viewer = d.top
    assert viewer.name == "replay" and viewer.reviewer.running
    # the triggers page through the replay's turns; B stops the review, B again closes the viewer
    end = viewer.replay.step
    p.press("lefttrigger")
    assert viewer.replay.step < end
    p.press("righttrigger")
    assert viewer.replay.step == end
    p.press("b")
    assert not viewer.reviewer.running and d.top is viewer
    p.press("b")
    d.settle()
    assert d.top is scoring
    p.press("b")
    d.settle()
    assert d.top.name == "menu"


@pytest.mark.slow
def test_a_two_seat_hot_seat_game_with_the_pad_alone(app: Any, pad: VirtualPad,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fixed_seed(monkeypatch, 12)
    d = Driver(app)
    p = Pad(d, pad)
    setup_by_pad(d, p, players=2)
    player = PadPlayer(d, pad, seed=12)
    scoring, handovers = play_to_scoring(d, player)
    assert_rules_scores(scoring)
    history = scoring.game.history
    assert {"TakeTokens", "PlaceToken", "TakeCard", "PlaceCube", "EndTurn"} <= {type(c).__name__ for c in history}
    turns = sum(1 for c in history if type(c).__name__ == "EndTurn")
    assert handovers == turns - 1            # one hand-over between every two turns
