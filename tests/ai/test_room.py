"""The look-ahead's search for a turn that keeps the game going when every turn it picked ends it."""

from __future__ import annotations

import json
from pathlib import Path

from harmonies.ai import HardPlayer
from harmonies.ai.evaluate import load_weights
from harmonies.ai.turn_root import CandidateTurn
from harmonies.rules import Game

DATA = Path(__file__).parent / "data"
# The position of these tests was found when a board left with three empty cells counted as half
# a turn still to come: the one-turn search then ranked first a turn that fills the board. Counting
# a whole turn, as hard solo now does, it ranks first one that keeps room (the last test). The
# look-ahead's own safeguards are tested with the old estimate, which still shows the fault they
# guard against.
HALF_TURN = load_weights("hard_solo").with_values(room_turns=0.5)


def _load(name: str) -> Game:
    return Game.from_json(json.loads((DATA / name).read_text()))


def _fills(game: Game, plan: CandidateTurn) -> bool:
    trial = game.clone()
    for cmd in HardPlayer(0, helper=False).modes[True][0].commands(trial, plan):
        assert trial.apply(cmd).ok, cmd
    return trial.end_reason == "board"


def _picked(player: HardPlayer, game: Game) -> list[CandidateTurn]:
    planner, lookahead = player.modes[game.setup.solo]
    return lookahead.pick(planner.candidates(game))


def test_a_turn_that_leaves_room_is_found_when_every_picked_turn_fills_the_board() -> None:
    # Solo seed 22 before its 10th turn: 4 empty cells, a blue token in every space, 30 tokens in
    # the pouch. The turn the one-turn search ranks first ends the game; a look-ahead that picked it
    # alone must look wider for one that does not.
    game = _load("last_turn_fills_the_board.json")
    narrow = HardPlayer(0, weights=HALF_TURN, width=1, helper=False)
    picked = _picked(narrow, game)
    assert len(picked) == 1 and _fills(game, picked[0])
    extra = narrow.modes[True][1]._room_keeping(game, picked)
    assert extra is not None and not _fills(game, extra)
    # Hard plays on: three more turns' worth of tokens are left in the pouch.
    for cmd in HardPlayer(0, helper=False).turn_commands(game):
        assert game.apply(cmd).ok, cmd
    assert not game.over
    assert game.player(0).empty_cells >= 3


def test_no_search_for_room_when_the_pouch_ends_the_game_anyway() -> None:
    game = _load("two_cards_one_cube_cell.json")  # before the last solo turn: the pouch cannot refill
    player = HardPlayer(0, helper=False)
    assert player.modes[True][1]._room_keeping(game, _picked(player, game)) is None


def test_no_search_for_room_while_a_picked_turn_keeps_the_game_going() -> None:
    game = _load("last_turn_fills_the_board.json")
    lookahead = HardPlayer(0, weights=HALF_TURN, width=1, helper=False).modes[True][1]
    extra = lookahead._room_keeping(game, lookahead.pick(lookahead.planner.candidates(game)))
    assert extra is not None
    assert lookahead._room_keeping(game, [extra]) is None


def test_the_look_ahead_weighs_turns_that_differ_only_in_where_the_tokens_go() -> None:
    # In the same position the one-turn search's first two turns take the same space and card; the
    # first fills the board, the second puts a token elsewhere and keeps room. Played forward, the
    # second is worth more, and the look-ahead sees it without the room search's help (a pick of one
    # turn per space and card, as it once was, played the first and ended the game).
    game = _load("last_turn_fills_the_board.json")
    player = HardPlayer(0, weights=HALF_TURN, helper=False)
    planner, lookahead = player.modes[True]
    lookahead.room = None
    cands = planner.candidates(game)
    first, second = cands[0], cands[1]
    assert (first.space, first.card) == (second.space, second.card) and first.tokens != second.tokens
    assert _fills(game, first) and not _fills(game, second)
    assert lookahead.plan(game, cands) is second


def test_counting_a_whole_turn_for_three_empty_cells_ranks_a_turn_that_keeps_room_first() -> None:
    game = _load("last_turn_fills_the_board.json")
    planner = HardPlayer(0, helper=False).modes[True][0]
    assert not _fills(game, planner.candidates(game)[0])
