"""Random games for the network tests: dealt with large seeds, played by random choices to a point."""

from __future__ import annotations

import random

from harmonies.rules import EndTurn, Game, GameSetup, SoloSwap

#: Seeds this large never appear by chance in a message (the audit looks for their digits).
SEED_BASE = 7_300_000_000_000_000_000


def random_game(n: int, players: int | None = None, spirits: bool = True) -> Game:
    """Game ``n``: 2-4 seats, played by random legal commands (never a solo swap) to a random point,
    often in the middle of a turn."""
    rng = random.Random(n)
    seats = players if players is not None else rng.randint(2, 4)
    game = Game.new(GameSetup(players=seats, side=rng.choice("AB"), spirits=spirits, seed=SEED_BASE + n))
    for _ in range(rng.randint(0, 90)):
        if game.over:
            break
        step(game, rng)
    return game


def step(game: Game, rng: random.Random) -> None:
    """One random legal command (an end of the turn more often than not, when it may end)."""
    legal = [c for c in game.legal_commands() if type(c) is not SoloSwap]
    ends = [c for c in legal if type(c) is EndTurn]
    cmd = ends[0] if ends and rng.random() < 0.5 else rng.choice(legal)
    assert game.apply(cmd).ok
