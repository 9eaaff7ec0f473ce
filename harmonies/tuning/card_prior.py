"""Measuring the per-card prior of the hard player's card choices (``scripts/tune --card-prior N``).

It plays N hard solo games and logs every held card after every turn: tokens missing at each of its
cube cells, my turns left, and the points the card had finally brought by the end. A logistic
regression gives the chance that a card's k-th further cube goes down from (tokens missing, k, turns
left). A card's prior is the mean, over the games that took it with at least ``MIN_TURNS`` turns to
go, of the points it brought minus the points those chances predicted when it was taken; shrunk
toward 0 by ``SHRINK`` games' worth of zeros and centred, so 0 is an average card. The result is
written to harmonies/ai/card_prior.yaml, which the players read (harmonies/ai/card_prior.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..ai.card_prior import parse_prior
from ..ai.base import take_turn
from ..ai.evaluate import load_weights
from ..ai.turn_root import TurnRoot
from ..ai.players import HardPlayer
from ..persist.atomic import atomic_write_text
from ..rules import CardSet, Game, GameSetup
from .linalg import solve

MIN_TURNS = 3.0  # cards taken later get one cube or none whatever they are: they say little
SHRINK = 10.0    # zeros added to each card's residuals: a card taken a dozen times moves half-way
_MAX_D, _MAX_K, _MAX_T = 6, 3, 9.0


# ------------------------------------------------------------------ self-play records
@dataclass(frozen=True)
class Held:
    """A held card after one of my turns: cubes on it and tokens missing at its free cube cells."""

    card_id: str
    placed: int
    dists: tuple[int, ...]  # sorted, one per distinct cube cell within reach
    turns_left: float       # my turns after this one, as the planner estimates them


@dataclass(frozen=True)
class GameRecord:
    held: tuple[tuple[Held, ...], ...]  # per turn played
    final: Mapping[str, int]            # card id -> cubes on it at the end


def record_game(seed: int, side: str) -> GameRecord:
    """One hard solo game (no helper process: callers run several at once), logged turn by turn.

    Hard plays it without the prior: a player that already shuns a card takes it only where it
    happens to fit, so measuring under the prior would pull every card back toward 0, and a second
    run would not reproduce the first."""
    game = Game.new(GameSetup(players=1, side=side, seed=seed))
    blind = load_weights("hard_solo").with_values(card_prior=0.0)
    player = HardPlayer(seed=seed * 8, weights=blind, helper=False)
    planner = player.modes[True][0]
    turns: list[tuple[Held, ...]] = []
    while not game.over:
        # The turns left are the planner's own estimate for the board its turn leaves, read from
        # the turn's start (the pouch it saw) as it values that board.
        before = TurnRoot(game, planner.evaluator(game), planner.opts)
        take_turn(player, game)
        if game.over:
            break
        after = TurnRoot(game, planner.evaluator(game), planner.opts)
        left = before.turns_left(after.stacks)
        ev = after.ev
        row = []
        for card in game.player(0).cards:
            dists = ev.cube_distances(after.placements[card.card_id], after.stacks, after.cubes)
            row.append(Held(card.card_id, card.cubes_placed, tuple(sorted(dists.values())), left))
        turns.append(tuple(row))
    view = game.player(0)
    final = {h.card_id: h.cubes_placed for h in (*view.cards, *view.completed)}
    return GameRecord(tuple(turns), final)


# ------------------------------------------------------------------ the chance of a further cube
def features(d: int, k: int, turns: float) -> list[float]:
    d, k, t = min(d, _MAX_D), min(k, _MAX_K), min(turns, _MAX_T)
    return [1.0, float(d), float(k), t, d * t, k * t, t * t]


def odds(coef: Sequence[float], d: int, k: int, turns: float) -> float:
    """Chance that the k-th further cube of a card (0: the next) goes down, its cube cell ``d``
    tokens away, with ``turns`` of my turns left after this one."""
    if turns <= 0:
        return 0.0
    z = sum(c * x for c, x in zip(coef, features(d, k, turns)))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def cube_rows(records: Iterable[GameRecord], cards: CardSet) -> list[tuple[list[float], bool]]:
    """(features, whether that cube went down) for every further cube of every held card logged."""
    rows = []
    for rec in records:
        for turn in rec.held:
            for h in turn:
                more = rec.final[h.card_id] - h.placed
                left = cards.animal(h.card_id).cubes - h.placed
                for k, d in enumerate(h.dists[:left]):
                    rows.append((features(d, k, h.turns_left), more > k))
    return rows


def fit_odds(rows: Sequence[tuple[list[float], bool]], iterations: int = 30) -> tuple[float, ...]:
    """Logistic regression by Newton's method (a tiny ridge keeps it solvable on thin data)."""
    m = len(rows[0][0])
    coef = [0.0] * m
    for _ in range(iterations):
        grad = [0.0] * m
        hess = [[1e-6 if i == j else 0.0 for j in range(m)] for i in range(m)]
        for x, y in rows:
            p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, sum(c * v for c, v in zip(coef, x))))))
            w = p * (1.0 - p)
            for i in range(m):
                grad[i] += ((1.0 if y else 0.0) - p) * x[i]
                wi = w * x[i]
                row = hess[i]
                for j in range(m):
                    row[j] += wi * x[j]
        step = solve(hess, grad)
        coef = [c + s for c, s in zip(coef, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return tuple(coef)


# ------------------------------------------------------------------ the prior
def expected_points(track: Sequence[int], h: Held, coef: Sequence[float]) -> float:
    """Points a held card is expected to end with, by the fitted chances of its further cubes."""
    prev = track[h.placed - 1] if h.placed else 0
    total = float(prev)
    for k, d in enumerate(h.dists[: len(track) - h.placed]):
        total += (track[h.placed + k] - prev) * odds(coef, d, k, h.turns_left)
        prev = track[h.placed + k]
    return total


def card_priors(records: Sequence[GameRecord], coef: Sequence[float], cards: CardSet) -> dict[str, float]:
    """Per card: points brought minus points expected, when taken early enough, shrunk and centred."""
    residuals: dict[str, list[float]] = {}
    for rec in records:
        seen: set[str] = set()
        for turn in rec.held:
            for h in turn:
                if h.card_id in seen:
                    continue
                seen.add(h.card_id)  # the turn it was taken (a card completed that turn never shows)
                if h.turns_left < MIN_TURNS:
                    continue
                track = cards.animal(h.card_id).track
                final = rec.final[h.card_id]
                brought = track[final - 1] if final else 0
                residuals.setdefault(h.card_id, []).append(brought - expected_points(track, h, coef))
    shrunk = {cid: sum(r) / (len(r) + SHRINK) for cid, r in residuals.items()}
    if not shrunk:
        return {}
    mean = sum(shrunk.values()) / len(shrunk)
    return {cid: round(v - mean, 3) for cid, v in sorted(shrunk.items())}


def write_prior(path: Path, side: str, prior: Mapping[str, float]) -> None:
    """Replace one side's prior in the file (atomically), keeping the other sides."""
    data: dict[str, Any] = parse_prior(path.read_text(encoding="utf-8"), str(path)) if path.exists() else {}
    data[side] = dict(sorted(prior.items()))
    head = ["# Per-card prior of the hard player's card choices, per board side: the points a card brought in",
            "# hard solo self-play beyond what its distance predicted; 0 is an average card. Read by",
            "# harmonies/ai/card_prior.py and weighed by Weights.card_prior (weights.yaml).",
            "# Written by scripts/tune --card-prior (harmonies/tuning/card_prior.py); see docs/ai.md."]
    atomic_write_text(path, "\n".join(head) + "\n" + yaml.safe_dump(data, sort_keys=True))


__all__ = ["MIN_TURNS", "SHRINK", "GameRecord", "Held", "card_priors", "cube_rows", "expected_points", "fit_odds",
           "odds", "record_game", "write_prior"]
