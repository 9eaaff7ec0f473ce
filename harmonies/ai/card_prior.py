"""The per-card prior: how much more (or less) each animal card brings, once taken, than its
distance alone says.

The evaluation values a held card by how many tokens its nearest patterns still miss, which says
nothing of how well the card suits the boards the hard player builds. So the planner also adds
``Weights.card_prior`` times the card's prior, for each unfinished card held, to the value of a
board, and the solo swap weighs it when it picks the face-up card to discard
(harmonies/ai/planner.py). 0 is an average card.

This module only reads the shipped ``card_prior.yaml``; ``scripts/tune --card-prior`` measures and
writes it (harmonies/tuning/card_prior.py, docs/ai.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources

import yaml

PRIOR_FILE = "card_prior.yaml"



def parse_prior(text: str, where: str) -> dict[str, dict[str, float]]:
    """Side -> card id -> prior, from the text of a prior file; ``ValueError`` names ``where``, the
    place and what is wrong."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ValueError(f"{where}: not valid YAML: {exc}") from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping of board side to cards, found {type(data).__name__}")
    out: dict[str, dict[str, float]] = {}
    for side, cards in data.items():
        if not isinstance(cards, dict):
            raise ValueError(f"{where}: side {side!r}: expected a mapping of card id to number")
        row: dict[str, float] = {}
        for cid, value in cards.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"{where}: side {side!r}, card {cid!r}: {value!r} is not a number")
            row[str(cid)] = float(value)
        out[str(side)] = row
    return out


@lru_cache(maxsize=None)
def load_prior(side: str) -> Mapping[str, float]:
    """The shipped prior of one board side (empty when none was measured for it)."""
    try:
        text = resources.files(__package__).joinpath(PRIOR_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return parse_prior(text, PRIOR_FILE).get(side, {})


__all__ = ["PRIOR_FILE", "load_prior", "parse_prior"]
