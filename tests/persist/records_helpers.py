"""Finished games at known times and seats, for the index, bests and history tests."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from harmonies.ai import play_random_game
from harmonies.persist import Store
from harmonies.rules import Game, GameSetup

HUMAN = {"name": "Ann", "kind": "human", "level": "random"}


def bot(level: str, name: str = "Bot") -> dict[str, str]:
    return {"name": name, "kind": "computer", "level": level}


@lru_cache(maxsize=None)
def finished_game(players: int, side: str = "A", spirits: bool = False, seed: int = 1) -> Game:
    """A game played to its end by random players (cached: the tests only read it)."""
    return play_random_game(GameSetup(players, side, spirits, seed), seed)


def archive(store: Store, game: Game, day: int, seats: list[dict[str, str]] | None = None,
            **meta: Any) -> Path:
    """Archive ``game`` as started and finished on day ``day`` of January 2026 (``day`` orders the games)."""
    when = f"2026-01-{day:02d}T10:00:00+00:00"
    full = {"seats": seats or [HUMAN] + [bot("medium")] * (game.setup.players - 1),
            "started": when, "finished": when.replace("T10", "T11"), **meta}
    return store.archive_finished(game, full)
