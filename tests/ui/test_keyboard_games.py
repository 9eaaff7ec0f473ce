"""Whole games without the mouse: from the menu, through setup, every turn and the hand-over screen, to
the scoresheet, with posted key events alone."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from key_driver import KeyPlayer, Keys
from ui_driver import Driver, assert_rules_scores



def _mouse_free(d: Driver) -> None:
    """Fail if anything posted a mouse event (the games below must need none)."""
    assert not pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION))


def _setup_by_keys(d: Driver, players: int, spirits: bool, seed: str) -> None:
    """Menu: Enter opens setup. Setup: Tab to each field, Left/Right change it, digits type the seed,
    Enter starts."""
    k = Keys(d)
    assert d.top.name == "menu"
    k.press(pygame.K_RETURN)
    d.settle()
    assert d.top.name == "setup"
    setup = d.top
    k.tab_to_widget("players")
    while setup.count != players:
        k.press(pygame.K_LEFT)
    for i in range(players):
        if setup.seats[i]["kind"] != "human":
            k.tab_to_widget(f"kind{i}")
            k.press(pygame.K_LEFT)          # the kind before the computer's is human (after it: remote player)
        assert setup.seats[i]["kind"] == "human"
    k.tab_to_widget("spirits")
    if setup.spirits != spirits:
        k.press(pygame.K_RIGHT)
    assert setup.spirits == spirits
    k.tab_to_widget("seed")
    k.type(seed)
    assert setup.seed == seed
    k.press(pygame.K_RETURN)
    d.settle()
    assert d.top.name == "play"
    assert len(d.top.config.seats) == players and d.top.config.seed == int(seed)


def _play_to_scoring(d: Driver, player: KeyPlayer, max_actions: int = 800) -> tuple[Any, int]:
    game = d.top.game
    handovers = 0
    for _ in range(max_actions):
        _mouse_free(d)
        top = d.top
        if top.name == "scoring":
            return top, handovers
        if top.name == "handover":
            handovers += 1
            assert top.who == d.app.scenes.scenes[-2].seat(game.current).name
            d.frames(8, 0.05)                   # past the grace period that guards against a stray key
            player.press(pygame.K_RETURN)
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
def test_a_solo_game_with_the_keyboard_alone(app: Any) -> None:
    d = Driver(app)
    _setup_by_keys(d, players=1, spirits=True, seed="7")
    player = KeyPlayer(d, seed=7)
    scoring, handovers = _play_to_scoring(d, player)
    assert_rules_scores(scoring)
    history = scoring.game.history
    kinds = {type(c).__name__ for c in history}
    # every kind of solo action happened, each through the keys
    assert {"ChooseSpirit", "TakeTokens", "PlaceToken", "TakeCard", "PlaceCube", "SoloSwap", "EndTurn"} <= kinds
    assert handovers == 0 and scoring.outcome.suns is not None
    # the scoresheet too: B shows the boards, Esc goes back to the menu
    k = Keys(d)
    k.press(pygame.K_b)
    assert scoring.show_boards
    k.press(pygame.K_ESCAPE)
    d.settle()
    assert d.top.name == "menu"


@pytest.mark.slow
def test_a_two_player_hot_seat_game_with_the_keyboard_alone(app: Any) -> None:
    d = Driver(app)
    _setup_by_keys(d, players=2, spirits=False, seed="12")
    player = KeyPlayer(d, seed=12)
    scoring, handovers = _play_to_scoring(d, player)
    assert_rules_scores(scoring)
    history = scoring.game.history
    assert {"TakeTokens", "PlaceToken", "TakeCard", "PlaceCube", "EndTurn"} <= {type(c).__name__ for c in history}
    turns = sum(1 for c in history if type(c).__name__ == "EndTurn")
    assert handovers == turns - 1            # one hand-over between every two turns
    # Enter skips the game's finale, then on the scoresheet's first button plays again with the same seats
    Keys(d).press(pygame.K_RETURN)
    assert d.top is scoring and scoring.finale is None
    Keys(d).press(pygame.K_RETURN)
    d.settle()
    assert d.top.name == "play" and len(d.top.config.seats) == 2
