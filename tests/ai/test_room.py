"""The look-ahead's search for a turn that keeps the game going when every turn it picked ends it."""

from __future__ import annotations

import json
from pathlib import Path

from harmonies.ai import HardPlayer
from harmonies.ai.planner import TurnPlan, distinct_turns
from harmonies.rules import Game

DATA = Path(__file__).parent / "data"


def _load(name: str) -> Game:
    return Game.from_json(json.loads((DATA / name).read_text()))


def _fills(game: Game, plan: TurnPlan) -> bool:
    trial = game.clone()
    for cmd in HardPlayer(0, helper=False).modes[True][0].commands(trial, plan):
        assert trial.apply(cmd).ok, cmd
    return trial.end_reason == "board"


def _picked(player: HardPlayer, game: Game) -> list[TurnPlan]:
    planner = player.modes[game.setup.solo][0]
    return distinct_turns(planner.candidates(game), 4, lambda c: (c.space, c.card))


def test_a_turn_that_leaves_room_is_found_when_every_picked_turn_fills_the_board() -> None:
    # Solo seed 22 before its 10th turn, as hard played it: 4 empty cells, a blue token in every
    # space, 30 tokens in the pouch. Each turn the one-turn search ranks first ends the game.
    game = _load("last_turn_fills_the_board.json")
    player = HardPlayer(0, helper=False)
    picked = _picked(player, game)
    assert picked and all(_fills(game, p) for p in picked)
    extra = player.modes[True][1]._room_keeping(game, picked)
    assert extra is not None and not _fills(game, extra)
    # The look-ahead then plays it: three more turns' worth of tokens are left in the pouch.
    for cmd in player.turn_commands(game):
        assert game.apply(cmd).ok, cmd
    assert not game.over
    assert game.player(0).empty_cells >= 3


def test_no_search_for_room_when_the_pouch_ends_the_game_anyway() -> None:
    game = _load("two_cards_one_cube_cell.json")  # before the last solo turn: the pouch cannot refill
    player = HardPlayer(0, helper=False)
    assert player.modes[True][1]._room_keeping(game, _picked(player, game)) is None


def test_no_search_for_room_while_a_picked_turn_keeps_the_game_going() -> None:
    game = _load("last_turn_fills_the_board.json")
    player = HardPlayer(0, helper=False)
    lookahead = player.modes[True][1]
    extra = lookahead._room_keeping(game, _picked(player, game))
    assert extra is not None
    assert lookahead._room_keeping(game, [extra]) is None
