"""The safety net of every computer player: end a turn legally from wherever it stands."""

from __future__ import annotations

from ..rules import ChooseSpirit, EndTurn, Game, PlaceToken, TakeTokens


def finish_turn(game: Game) -> None:
    """End the current turn legally from wherever it stands (the safety net after a slip)."""
    if game.over:
        return
    if game.spirit_choices:  # a first turn with spirits starts with the choice of one
        game.apply(ChooseSpirit(game.spirit_choices[0]))
    if not game.taken_tokens_this_turn:
        space = next(i for i, s in enumerate(game.central) if s)
        game.apply(TakeTokens(space))
    for colour in list(game.hand):
        cells = game.token_cells(colour)
        if cells:
            game.apply(PlaceToken(colour, cells[0]))
    game.apply(EndTurn())
