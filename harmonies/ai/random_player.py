"""The built-in random player: legal, uniform choices. The baseline and the engine's benchmark load."""

from __future__ import annotations

import random

from ..rules import ChooseSpirit, EndTurn, Game, PlaceCube, PlaceToken, TakeCard, TakeTokens


class RandomPlayer:
    """Takes a random space, a random card when allowed, and places every cube as soon as it can."""

    kind = "random"
    # It reads only the seat's legal moves and the table, so drivers hand it the real game.
    needs_view = False

    def __init__(self, seed: int = 0, take_cards: bool = True) -> None:
        self.rng = random.Random(seed)
        self.take_cards = take_cards

    def play_turn(self, game: Game) -> None:
        rng = self.rng
        choices = game.spirit_choices
        if choices:
            game.apply(ChooseSpirit(rng.choice(choices)))
        spaces = [i for i, s in enumerate(game.central) if s]
        game.apply(TakeTokens(rng.choice(spaces)))
        if self.take_cards:
            face_up = [c for c in game.display if c is not None]
            if face_up and game.check(TakeCard(face_up[0])) is None:
                game.apply(TakeCard(rng.choice(face_up)))
        hand = list(game.hand)
        rng.shuffle(hand)
        for colour in hand:
            game.apply(PlaceToken(colour, rng.choice(game.token_cells(colour))))
            if self.take_cards:
                self._place_cubes(game)
        game.apply(EndTurn())

    def _place_cubes(self, game: Game) -> None:
        options = game.cube_options()
        while options:
            card_id = next(iter(options))
            game.apply(PlaceCube(card_id, self.rng.choice(options[card_id])))
            options = game.cube_options()
