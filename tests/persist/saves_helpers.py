"""Games at known points, played by the random player, for the saves tests."""

from __future__ import annotations

from harmonies.ai import play_random_game
from harmonies.rules import Command, Game, GameSetup


def finished_history(setup: GameSetup, seed: int = 1) -> tuple[Command, ...]:
    return play_random_game(setup, seed).history


def game_after(setup: GameSetup, commands: tuple[Command, ...] | list[Command]) -> Game:
    return Game.replay(setup, list(commands))


def mid_turn(setup: GameSetup | None = None) -> Game:
    """A game stopped with tokens taken but not all placed, three turns in."""
    setup = setup or GameSetup(2, seed=5)
    history = finished_history(setup)
    ends = [i for i, c in enumerate(history) if type(c).__name__ == "EndTurn"]
    start = ends[2] + 1                    # first command of the fourth turn: take tokens
    return game_after(setup, history[:start + 2])  # taken, and one more command (card or token)
