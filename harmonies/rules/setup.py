"""The setup of a game: everything that decides it before the first command.

Its own module, which stays Python in the compiled build (harmonies/compiled.py): a setup is read
from saves and from callers, and must answer anything wrong with its ValueError.
"""

from __future__ import annotations

from dataclasses import dataclass

from .boards import board_shape

# The seeds a game may have: the whole numbers a signed 64-bit integer holds, which is what the index
# of finished games stores a seed in (an SQLite INTEGER). A new game's seed is drawn from 1 to
# 2**63 - 1 (``MatchConfig.resolved_seed``): too many to find a game's seed, and with it the pouch,
# the animal pile and the spirit cards face down, by trying seeds until one deals the opening seen.
SEEDS = range(-2**63, 2**63)


@dataclass(frozen=True)
class GameSetup:
    """Everything that decides a game before the first command: same setup, same game."""

    players: int
    side: str = "A"
    spirits: bool = False
    # None: unknown, as in an observer's view or a sample (Game.observer_view), whose hidden order
    # is not the one any seed deals; such a setup cannot be dealt.
    seed: int | None = 0

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 1 <= self.players <= 4:
            raise ValueError(f"players must be 1 to 4, not {self.players!r}")
        if not isinstance(self.side, str):
            raise ValueError(f"side must be \"A\" or \"B\", not {self.side!r}")
        board_shape(self.side)  # raises for an unknown side
        if not isinstance(self.spirits, bool):
            raise ValueError(f"spirits must be true or false, not {self.spirits!r}")
        if self.seed is not None and type(self.seed) is not int:
            raise ValueError(f"seed must be a whole number, not {self.seed!r}")
        if self.seed is not None and self.seed not in SEEDS:
            raise ValueError(f"seed must be from -2**63 to 2**63 - 1, not {self.seed}")

    @property
    def solo(self) -> bool:
        return self.players == 1
