"""The result of a finished game, and the read-only views of a player the UI draws from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .boards import Hex
from .colours import Colour
from .scoring import ScoreSheet, SunReport


@dataclass(frozen=True)
class Outcome:
    """Final scores, who won, and whether the tie-break (most animal cubes) decided it."""

    scores: tuple[ScoreSheet, ...]
    animal_cubes: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: bool
    suns: SunReport | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scores": [s.to_json() for s in self.scores],
            "animal_cubes": list(self.animal_cubes),
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
        }
        if self.suns is not None:
            out["suns"] = {
                "score": self.suns.score_suns,
                "side": self.suns.side_suns,
                "spirit": self.suns.spirit_suns,
                "total": self.suns.total,
            }
        return out


def decide(scores: tuple[ScoreSheet, ...], animal_cubes: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
    """Winners by total, then by animal cubes placed (§9, §13 Q10); a remaining tie is shared."""
    best = max(s.total for s in scores)
    top = [i for i, s in enumerate(scores) if s.total == best]
    if len(top) == 1:
        return (top[0],), False
    most = max(animal_cubes[i] for i in top)
    winners = tuple(i for i in top if animal_cubes[i] == most)
    return winners, len(winners) < len(top)


@dataclass(frozen=True)
class HeldCard:
    """An animal card above (or beside, once complete) a player's board."""

    card_id: str
    cubes_placed: int
    cubes_total: int

    @property
    def cubes_left(self) -> int:
        return self.cubes_total - self.cubes_placed


@dataclass(frozen=True)
class PlayerView:
    """A snapshot of one player's board and cards."""

    seat: int
    stacks: dict[Hex, tuple[Colour, ...]]
    cubes: dict[Hex, str]
    cards: tuple[HeldCard, ...]
    completed: tuple[HeldCard, ...]
    spirit_choices: tuple[str, ...]
    spirit: str | None
    spirit_placed: bool
    animal_cubes_placed: int
    empty_cells: int
