"""The built-in random player: legal, uniform choices. The baseline and the engine's benchmark load."""

from __future__ import annotations

import random

from ..rules import Game
from .random_turn import play_random_turn


class RandomPlayer:
    """Takes a random space, a random card when allowed, and places every cube as soon as it can."""

    kind = "random"
    # It reads only the seat's legal moves and the table, so drivers hand it the real game.
    needs_view = False

    def __init__(self, seed: int = 0, take_cards: bool = True) -> None:
        self.rng = random.Random(seed)
        self.take_cards = take_cards

    def play_turn(self, game: Game) -> None:
        # The turn itself is compiled with the rules (random_turn.py).
        play_random_turn(game, self.rng, self.take_cards)
