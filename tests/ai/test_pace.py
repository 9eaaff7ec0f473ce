"""How many turns the planner expects before another board ends the game."""

from __future__ import annotations

from harmonies.ai.turn_root import _turns_to_fill
from harmonies.rules import Colour, EndTurn, Game, GameSetup, PlaceToken, TakeTokens
from harmonies.rules.tables import rules_data


STACKING = {Colour.BROWN, Colour.GRAY, Colour.RED, Colour.GREEN}


def _play(game: Game, spread: bool) -> None:
    """One turn: each token on a new cell (``spread``, from the first space) or, where the stacking
    rules allow, on a covered one (from the space with the most colours that stack)."""
    seat = game.current
    spaces = [i for i, s in enumerate(game.central) if s]
    if not spread:
        spaces.sort(key=lambda i: -sum(c in STACKING for c in game.central[i]))
    assert game.apply(TakeTokens(spaces[0])).ok
    for colour in list(game.hand):
        cells = game.token_cells(colour)
        covered = set(game.player(seat).stacks)
        new = [c for c in cells if c not in covered]
        old = [c for c in cells if c in covered]
        cell = (new or old)[0] if spread else (old or new)[0]
        assert game.apply(PlaceToken(colour, cell)).ok
    assert game.apply(EndTurn()).ok


def _game(rounds: int) -> Game:
    """Seat 0 stacks where it can, seat 1 covers three new cells a turn."""
    game = Game.new(GameSetup(players=2, side="A", seed=2))
    for _ in range(rounds):
        _play(game, spread=False)
        _play(game, spread=True)
    return game


def test_a_board_covering_three_cells_a_turn_is_expected_to_fill_at_that_pace() -> None:
    game = _game(4)
    spreader = game.player(1)
    assert len(spreader.stacks) == 12  # three new cells on each of its 4 turns
    end = rules_data().end_empty_cells
    # At three cells a turn it ends the game with its third turn from now. Seat 0, to play, plays
    # before it in each round: this turn and 2 more.
    really = -(-(spreader.empty_cells - end) // 3) - 1
    assert abs(_turns_to_fill(game, 1, 0) - really) < 0.5
    # The old guess of two cells a turn gave seat 0 a turn and a half more than it has.
    assert (spreader.empty_cells - end) / 2 - 1 - really >= 1


def test_a_board_that_stacks_is_expected_to_last_longer_than_its_empty_cells_suggest() -> None:
    game = _game(4)
    stacker = game.player(0)
    assert len(stacker.stacks) == 6  # half of its tokens went on covered cells
    end = rules_data().end_empty_cells
    # Seat 1's view of seat 0 (an earlier seat: no turn taken off).
    assert _turns_to_fill(game, 0, 1) > (stacker.empty_cells - end) / 2
