"""A learned value of a position for the look-ahead's leaves: a linear model over features of the
position that the seat may see, read from a data file (``value.yaml`` beside this module).

The look-ahead (lookahead.Lookahead.follow) values the sampled game at its leaf, my last turn of the
look-ahead, by the fast planner's best turn there (its one-turn value) plus the points of the cards
already completed. A :class:`LearnedValue` fills the AI's ``LeafValue`` protocol (ai/lookahead.py),
which ``HardPlayer(value=...)`` accepts, and replaces that sum by ``intercept + sum(weight *
feature)``, where the features are the parts of that value and of the position: the exact score by
rows, today's potential terms in groups, the cards held, the turns left, and a few of their products
with the turns left. With weight 1 on ``plan`` and ``completed`` and 0 elsewhere it is today's value.
The shipped hard player passes no value, so the game never imports this module.

``scripts/value`` plays the games, fits the weights (harmonies/tuning/value.py) and writes the file;
docs/ai.md records how and with what result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..ai.evaluate import Evaluator
from ..ai.planner import Planner
from ..ai.turn_root import CandidateTurn, TurnRoot
from ..rules import Game

# The fitted value kept with the tools (docs/ai.md says which fit it holds and how it played).
VALUE_PATH = Path(__file__).with_name("value.yaml")
FORMAT = "harmonies-leaf-value"
VERSION = 1

# Today's potential terms, grouped: each group is valued with the planner's own weights for its
# terms only (hard_solo in solo), so its feature is what today's evaluation adds for it at full phase.
GROUPS: dict[str, tuple[str, ...]] = {
    "growth": ("brown1", "brown2", "gray1", "gray2", "red1"),
    "buildings": ("building0", "building1", "building2"),
    "lone_mountains": ("lone_mountain",),
    "lone_fields": ("field1",),
    "water": ("blue_waste", "river_end"),
}
_POTENTIAL = tuple(n for names in GROUPS.values() for n in names) + ("empty",)

FEATURES: tuple[str, ...] = (
    "plan",            # the fast planner's one-turn value of my best next turn (today's leaf, part 1)
    "completed",       # points of the cards completed (today's leaf, part 2)
    "trees", "mountains", "fields", "buildings", "water", "animals", "spirit",  # the exact score now
    "turns_left",      # my turns after the next one, roughly (TurnRoot.turns_left)
    "pouch_turns",     # the turns the pouch still allows, whatever the board
    "empty",           # empty cells
    *(f"pot_{g}" for g in GROUPS),  # today's potential terms, by group, at full phase
    "cards_held",      # unfinished animal cards held
    "card_potential",  # what today's evaluation expects of the held cards' further cubes (full phase)
    "card_prior",      # the held cards' priors (card_prior.yaml), summed
    "potential_x_turns",  # the landscape potential groups, summed, times turns_left
    "cards_x_turns",   # card_potential times turns_left
)

TODAY: dict[str, float] = {"plan": 1.0, "completed": 1.0}


@dataclass(frozen=True)
class LearnedValue:
    """``intercept + sum(weights[f] * feature f)``; features missing from ``weights`` weigh 0."""

    weights: tuple[tuple[str, float], ...]
    intercept: float = 0.0

    def __call__(self, g: Game, me: int, fast: Planner, nxt: CandidateTurn) -> float:
        """The value of the sampled game ``g`` (``me`` to play) whose best next turn is ``nxt``."""
        f = features(g, me, fast, nxt)
        return self.intercept + sum(w * f[name] for name, w in self.weights)


@lru_cache(maxsize=8)
def _group_evaluators(ev: Evaluator) -> tuple[Evaluator, dict[str, Evaluator]]:
    """An evaluator with no potential at all (the exact landscape) and one per group."""
    zero = {n: 0.0 for n in _POTENTIAL}
    w = ev.w
    base = Evaluator(ev.t, ev.cards, replace(w, **zero))
    groups = {g: Evaluator(ev.t, ev.cards, replace(w, **{**zero, **{n: getattr(w, n) for n in names}}))
              for g, names in GROUPS.items()}
    return base, groups


def features(g: Game, me: int, fast: Planner, nxt: CandidateTurn) -> dict[str, float]:
    """The features of the position ``g`` for seat ``me``, on its turn, whose fast planner's best next
    turn is ``nxt``; only what the seat may see is read."""
    ev = fast.evaluator(g)
    root = TurnRoot(g, ev, fast.opts)
    stacks = root.stacks
    cubes = root.cubes
    sheet = g.score(me)
    cards = g.cards
    completed = sum(cards.animal(h.card_id).track[-1] for h in g.player(me).completed)
    turns = root.turns_left(stacks)
    base, groups = _group_evaluators(ev)
    exact = base.landscape(stacks, cubes, 0.0)
    out: dict[str, float] = {
        "plan": nxt.value, "completed": float(completed),
        "trees": float(sheet.trees), "mountains": float(sheet.mountains), "fields": float(sheet.fields),
        "buildings": float(sheet.buildings), "water": float(sheet.water), "animals": float(sheet.animals),
        "spirit": float(sheet.spirit),
        "turns_left": turns, "pouch_turns": root.pouch_turns, "empty": float(stacks.count(0)),
    }
    landscape_pot = 0.0
    for name, gev in groups.items():
        pot = gev.landscape(stacks, cubes, 1.0) - exact
        out[f"pot_{name}"] = pot
        landscape_pot += pot
    card_pot = prior = 0.0
    for cid, placed in root.held:
        dists = ev.cube_distances(root.placements[cid], stacks, cubes)
        card_pot += ev.value_of_distances(cid, placed, sorted(dists.values()), 1.0, now=False)
        prior += ev.card_prior.get(cid, 0.0)
    out["cards_held"] = float(len(root.held))
    out["card_potential"] = card_pot
    out["card_prior"] = prior
    out["potential_x_turns"] = landscape_pot * turns
    out["cards_x_turns"] = card_pot * turns
    return out


# ---------------------------------------------------------------------- the data file
def parse_value(text: str, where: str) -> LearnedValue:
    """The model of a value file's text; ``ValueError`` names ``where``, the place and what is wrong."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ValueError(f"{where}: not valid YAML: {str(exc).splitlines()[0]}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping with format, version and weights")
    if data.get("format") != FORMAT:
        raise ValueError(f"{where}: format: expected {FORMAT!r}, found {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise ValueError(f"{where}: version: expected {VERSION}, found {data.get('version')!r}")
    intercept = _number(data.get("intercept", 0.0), f"{where}: intercept")
    weights = data.get("weights")
    if not isinstance(weights, dict) or not weights:
        raise ValueError(f"{where}: weights: expected a mapping of feature name to number")
    out = []
    for name, value in weights.items():
        if name not in FEATURES:
            raise ValueError(f"{where}: weights: unknown feature {name!r} (expected one of {', '.join(FEATURES)})")
        out.append((str(name), _number(value, f"{where}: weights: {name}")))
    return LearnedValue(tuple(out), intercept)


def _number(value: Any, place: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{place}: {value!r} is not a number")
    return float(value)


def format_value(value: LearnedValue) -> str:
    """The text of a value file for ``value``; what it was fitted on goes in docs/ai.md and the commit."""
    data = {"format": FORMAT, "version": VERSION, "intercept": round(value.intercept, 4),
            "weights": {name: round(w, 5) for name, w in value.weights}}
    head = ("# A learned leaf value of the hard player's look-ahead (harmonies/tuning/leaf_value.py):\n"
            "# feature name -> weight.\n"
            "# Written by scripts/value fit (harmonies/tuning/value.py); how to make it again: docs/ai.md.\n")
    return head + yaml.safe_dump(data, sort_keys=False)


def read_value(path: Path = VALUE_PATH) -> LearnedValue:
    """The model of the value file ``path`` (default: the one kept here); ``ValueError`` names the
    file, the place and what is wrong, ``OSError`` a file that cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text") from exc
    return parse_value(text, str(path))


__all__ = ["FEATURES", "LearnedValue", "TODAY", "VALUE_PATH", "features", "format_value", "parse_value",
           "read_value"]
