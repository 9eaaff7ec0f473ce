"""The built-in random player: legal, uniform choices. The baseline and the engine's benchmark load."""

from __future__ import annotations

import random

from ..rules import Command, Game
from .random_turn import play_random_turn
from .seat_table import SeatTable


class RandomPlayer:
    """Takes a random space, a random card when allowed, and places every cube as soon as it can.

    It reads only what its seat may see (the seat's legal moves and the table), and plays from any
    position of its turn: on a copy of the view it is handed (:meth:`next_commands`), or straight at
    the seat's table, each command checked there (:meth:`play_turn`, what ``take_turn`` uses). Both
    make the same draws from the same generator, so they choose the same commands.
    """

    kind = "random"

    def __init__(self, seed: int = 0, take_cards: bool = True) -> None:
        self.rng = random.Random(seed)
        self.take_cards = take_cards

    def next_commands(self, view: Game) -> list[Command]:
        """The rest of the turn, played on a copy of ``view`` (the turn itself is compiled with the
        rules: random_turn.py)."""
        if view.over:
            return []
        trial = view.clone()
        start = len(trial.history)
        play_random_turn(trial, self.rng, self.take_cards)
        return list(trial.history[start:])

    def play_turn(self, table: SeatTable) -> None:
        """The rest of the turn, sent through the seat's table of the real game."""
        if not table.over:
            play_random_turn(table, self.rng, self.take_cards)
