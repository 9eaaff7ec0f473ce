"""Computer players. Each drives the game only through the rules' queries and commands."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules import Game, GameSetup
from .advice import hint, suggested_turn
from .base import Player, commands_for_turn, take_turn
from .players import EasyPlayer, HardPlayer, MediumPlayer
from .random_player import RandomPlayer
from .random_turn import play_random_turn

# kind name -> factory(seed); stronger levels register here too.
PLAYER_KINDS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed),
    "easy": lambda seed: EasyPlayer(seed),
    "medium": lambda seed: MediumPlayer(seed),
    "hard": lambda seed: HardPlayer(seed),
}


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player of ``kind``; ``ValueError`` lists the kinds there are."""
    factory = PLAYER_KINDS.get(kind)
    if factory is None:
        raise ValueError(f"unknown player kind {kind!r} (expected one of {', '.join(PLAYER_KINDS)})")
    return factory(seed)


def play_game(setup: GameSetup, players: list[Player], game: Game | None = None) -> Game:
    """Play a game to its end, each seat by its player (its commands planned on an observer view, or
    sent one by one through the seat's table, and played on ``game``: base.take_turn)."""
    game = game if game is not None else Game.new(setup)
    while not game.over:
        take_turn(players[game.current], game)
    return game


def play_random_game(setup: GameSetup, seed: int = 0) -> Game:
    """A complete game between random players (used by the smoke test and the soak run): the game
    ``play_game`` plays with ``RandomPlayer(seed * 31 + seat)`` at each seat, each turn played
    straight on the game it owns (random_turn.play_random_turn, the engine's benchmark load)."""
    rngs = [random.Random(seed * 31 + seat) for seat in range(setup.players)]
    game = Game.new(setup)
    while not game.over:
        play_random_turn(game, rngs[game.current], True)
    return game


__all__ = ["PLAYER_KINDS", "EasyPlayer", "HardPlayer", "MediumPlayer", "Player", "RandomPlayer", "commands_for_turn", "hint", "make_player", "play_game", "play_random_game", "suggested_turn", "take_turn"]
