"""Cube placement at the end of a turn: what an unplaced cube is worth."""

from __future__ import annotations

import json
from pathlib import Path

from harmonies.ai import HardPlayer, MediumPlayer
from harmonies.ai.turn_root import TurnRoot
from harmonies.rules import Game

DATA = Path(__file__).parent / "data"


def _last_turn() -> Game:
    """A solo game before its 13th and last turn (seed 41, as hard played it), where the lizard and
    the shrew held wait on one cube cell: a building with two fields beside it in a line."""
    return Game.from_json(json.loads((DATA / "two_cards_one_cube_cell.json").read_text()))


def test_the_saved_position_is_what_the_test_needs() -> None:
    game = _last_turn()
    assert game.pouch_size < 9  # no refill after this turn: the game ends with it
    held = {h.card_id: h.cubes_placed for h in game.player(0).cards}
    assert held["lizard"] == held["shrew"] == 0
    assert game.cube_cells("lizard") == game.cube_cells("shrew") == [(0, 1)]


def test_on_the_last_turn_an_unplaced_cube_is_worth_nothing() -> None:
    game = _last_turn()
    planner = HardPlayer(0, helper=False).modes[True][0]
    root = TurnRoot(game, planner.evaluator(game), planner.opts)
    ev = root.ev
    # The turn's cubes settled, a formed pattern without its cube scores nothing at the end...
    assert ev.card_value("lizard", 0, root.placements["lizard"], root.stacks, root.cubes, 0.0) == 0.0
    # ...while the token search, whose cubes are still to come, counts it nearly in full.
    assert ev.value_of_distances("lizard", 0, [0], 0.0) > 0.0


def test_two_cards_waiting_on_one_cell_still_get_a_cube_on_the_last_turn() -> None:
    # Each card alone valued the shared cell as good as banked, so placing either cube (losing the
    # other's claim) looked worse than placing none, and the game ended with neither.
    for player in (HardPlayer(0, helper=False), MediumPlayer(0)):
        game = _last_turn()
        for cmd in player.turn_commands(game):
            assert game.apply(cmd).ok, cmd
        assert game.over
        placed = {h.card_id: h.cubes_placed for h in game.player(0).cards + game.player(0).completed}
        assert placed["lizard"] + placed["shrew"] == 1, type(player).__name__
