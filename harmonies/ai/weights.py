"""The weights of the board evaluation (``evaluate.Evaluator``) and the named sets shipped in
``weights.yaml`` (tuned offline by ``scripts/tune``): one field per term the evaluation weighs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


@dataclass(frozen=True)
class Weights:
    """Everything the evaluation weighs; names are the keys of weights.yaml."""

    # growth of a stack that is not finished yet (per cell, no cube on it)
    brown1: float = 1.5       # [brown]: a tree of 3 or 7 later
    brown2: float = 3.0       # [brown, brown]: a green away from 7
    gray1: float = 1.0        # [gray]: may grow
    gray2: float = 2.0        # [gray, gray]: one more makes 7 (if it has a neighbour)
    lone_mountain: float = 0.4  # fraction of a mountain's points it may get once a neighbour comes
    red1: float = 0.8         # [red]: half a building
    building0: float = 0.5    # building with 0/1/2 neighbour colours and room to get more
    building1: float = 1.5
    building2: float = 3.0
    field1: float = 1.5       # a yellow cell not yet in a group of two
    empty: float = 0.6        # room to build later
    blue_waste: float = -0.5  # blue cells outside the longest river (side A)
    river_end: float = 1.0    # the longest river can still grow at an end (side A)
    # animal cards: share of the next cube's points by tokens still missing (0, 1, 2, 3, 4, 5+)
    card0: float = 0.9
    card1: float = 0.6
    card2: float = 0.4
    card3: float = 0.25
    card4: float = 0.12
    card5: float = 0.05
    card_more: float = 0.35   # share of the later cubes' points, times the same factor
    card_held: float = -0.5   # each unfinished card (a slot used)
    card_crowd: float = 0.0   # each unfinished card beyond two: a full hand takes no better card later
    display: float = 0.7      # the best face-up card, while a card may still be taken this turn
    card_prior: float = 0.0   # times a card's prior (card_prior.yaml), for each unfinished card held
    swap_prior: float = 1.0   # share of that the solo swap weighs when it picks the face-up card to discard
    spirit_unplaced: float = 0.6  # share of the spirit's points before its cube is down
    # end of the game: potential counts fully with this many of my turns left, less below
    horizon: float = 2.5
    future: float = 4.0       # points per turn I still get to play (filling the board early ends the game)
    # My turns a board still gives before it ends the game: this many with one cell more empty than
    # the end leaves, then one more per two empty cells (turn_root.TurnRoot.turns_left). 0.5 is
    # (empty cells - 2) / 2; hard solo counts a whole turn there, since the next turn is played
    # whatever it covers (weights.yaml, docs/ai.md).
    room_turns: float = 0.5

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (to the helper process) through the constructor: the compiled build's frozen
        # dataclass refuses pickle's default of setting each field on a bare object.
        return (Weights, tuple(getattr(self, f.name) for f in fields(self)))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Weights":
        known = {f.name for f in fields(cls)}
        return cls(**{k: float(v) for k, v in data.items() if k in known})

    def to_dict(self) -> dict[str, float]:
        return {k: round(float(v), 4) for k, v in asdict(self).items()}

    def with_values(self, **changes: float) -> "Weights":
        return replace(self, **changes)


@lru_cache(maxsize=None)
def load_weights(name: str = "hard") -> Weights:
    """A named weight set from the shipped weights.yaml (defaults when the file lacks it)."""
    try:
        text = resources.files(__package__).joinpath("weights.yaml").read_text(encoding="utf-8")
        data = yaml.safe_load(text) or {}
    except FileNotFoundError:
        data = {}
    entry = data.get(name)
    return Weights.from_dict(entry) if isinstance(entry, dict) else Weights()
