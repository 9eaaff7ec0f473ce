"""The planner's memo of board values and the evaluator's cached card indexes change no decision:
a planner that has seen other positions plans exactly as a fresh one."""

from __future__ import annotations

import random
from dataclasses import replace

from harmonies.ai import make_player, take_turn
from harmonies.ai.evaluate import Weights
from harmonies.ai.planner import Planner
from harmonies.ai.turn_root import PlanOptions
from harmonies.rules import Game, GameSetup, TakeCard, TakeTokens


def _planner(look_at_display: bool = True) -> Planner:
    return Planner(Weights(), PlanOptions(beam=4, finals=4, look_at_display=look_at_display), random.Random(0))


def _mid_game(seed: int, turns: int, players: int = 1) -> Game:
    game = Game.new(GameSetup(players=players, side="A", seed=seed))
    player = make_player("medium", seed)
    for _ in range(turns):
        take_turn(player, game)
    return game


def test_planning_twice_gives_what_a_fresh_planner_gives() -> None:
    game = _mid_game(5, 4)
    warm = _planner()
    first = warm.candidates(game)
    assert warm.candidates(game) == first == _planner().candidates(game)


def test_a_card_taken_on_the_same_board_is_not_read_from_the_memo() -> None:
    # Same board, same cubes: only the held cards differ (blind to the display, which differs too
    # once a card is taken). Were they missing from the memo's key, the second search would read the
    # first one's values.
    game = _mid_game(8, 3)
    card = next(c for c in game.display if c is not None)
    holding = game.clone()
    assert holding.apply(TakeTokens(0)).ok and holding.apply(TakeCard(card)).ok
    not_holding = game.clone()
    assert not_holding.apply(TakeTokens(0)).ok
    warm = _planner(look_at_display=False)
    assert warm.hand_candidates(not_holding)
    assert warm.hand_candidates(holding) == _planner(look_at_display=False).hand_candidates(holding)


def test_the_turns_left_are_part_of_the_key() -> None:
    # At a table the other board's pace sets my turns left; a later position of the same game
    # differs in board too, so compare one position with its pouch emptied instead.
    game = _mid_game(9, 4, players=2)
    pos = game.position()
    left = pos.pouch or ()
    short = Game.from_position(replace(pos, pouch=left[:12], discarded=pos.discarded + len(left) - 12))
    warm = _planner()
    warm.candidates(game)
    assert warm.candidates(short) == _planner().candidates(short)
