"""Judging the look-ahead's sample schedules offline, on recorded samples instead of whole games.

A schedule (``Lookahead.stages``) decides how many of the planner's best turns are played on how
many sampled worlds before one is chosen. Comparing two schedules by playing games costs minutes
per hundred games and still leaves a standard error over a point. Here each position of a few hard
games has its best turns played once on the same many worlds (``record_game``); a schedule then
picks a turn from a random part of those samples, as the look-ahead would, and the samples it never
saw judge the pick (``regret``). The answer is in the look-ahead's own points, the value after my
next turns: how much a schedule's noise costs, not how well that value predicts the final score.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.base import take_turn
from ..ai.players import HardPlayer, MediumPlayer, PlannerPlayer
from ..rules import Game, GameSetup

Stages = Sequence[tuple[int, int]]


@dataclass(frozen=True)
class Position:
    """One turn of a recorded game: its candidate turns, best first by the planner."""

    values: tuple[float, ...]                 # the planner's one-turn value of each candidate
    samples: tuple[tuple[float, ...], ...]    # samples[i][s]: candidate i played on sampled world s


def record_game(seed: int, side: str = "A", width: int = 16, samples: int = 40,
                players: int = 1) -> list[Position]:
    """Play one game, hard in the first seat and medium in any other; before each of hard's turns but
    the last, its planner's best ``width`` turns are each played on the same ``samples`` sampled
    worlds. Positions where a candidate cannot be played on some world are left out (a sample can
    deal a display the turn cannot take)."""
    game = Game.new(GameSetup(players=players, side=side, seed=seed))
    hard = HardPlayer(seed=seed * 8, helper=False)
    seats: list[PlannerPlayer] = [hard] + [MediumPlayer(seed * 8 + k) for k in range(1, players)]
    planner, lookahead = hard.modes[players == 1]
    rng = random.Random(seed)
    out: list[Position] = []
    while not game.over:
        if game.current == 0 and not game.end_triggered and not game.spirit_choices:
            cands = planner.candidates(game)[:width]
            seeds = [rng.randrange(1 << 30) for _ in range(samples)]
            worlds: dict[int, Game] = {}
            values = [[lookahead.sample(c, 0, s, lookahead.world(game, s, worlds))[0] for s in seeds]
                      for c in cands]
            rows = tuple(tuple(v for v in row if v is not None) for row in values)
            if len(rows) > 1 and all(len(row) == samples for row in rows):
                out.append(Position(tuple(c.value for c in cands), rows))
        take_turn(seats[game.current], game)
    return out


def pick(position: Position, stages: Stages, order: Sequence[int]) -> tuple[int, int, int]:
    """The candidate ``stages`` would choose, drawing the samples in ``order`` as Lookahead.plan does
    (every candidate still in the race gets the same new samples at each stage; ties go to the
    planner's order): (its index, samples drawn, sample games played)."""
    alive = list(range(min(stages[0][0], len(position.values))))
    totals = [0.0] * len(position.values)
    used = played = 0
    for n, (keep, count) in enumerate(stages):
        if n:
            alive = sorted(alive, key=lambda i: -totals[i])[:keep]
            if len(alive) <= 1:
                break
        drawn = order[used: used + count]
        for i in alive:
            totals[i] += sum(position.samples[i][s] for s in drawn)
        used += len(drawn)
        played += len(drawn) * len(alive)
    return max(alive, key=lambda i: totals[i]), used, played


def regret(positions: Sequence[Position], stages: Stages, judged_by: int | None = None, shuffles: int = 6,
           seed: int = 1) -> tuple[float, float]:
    """(mean regret, mean sample games a turn) of ``stages``: how far below the best candidate the
    chosen one falls, each judged by the mean of the last ``judged_by`` samples of a shuffled order
    (default: all the schedule does not draw). Schedules compared with each other should be judged
    by as many samples: a noisier judge makes even a perfect pick look worse."""
    rng = random.Random(seed)
    losses: list[float] = []
    costs: list[int] = []
    for pos in positions:
        size = len(pos.samples[0])
        judges = size - samples_needed(stages) if judged_by is None else judged_by
        if judges < 1 or samples_needed(stages) + judges > size:
            raise ValueError(f"{size} samples a position cannot feed {samples_needed(stages)} to the "
                             f"schedule and {judges} to its judge")
        for _ in range(shuffles):
            order = list(range(size))
            rng.shuffle(order)
            chosen, _, played = pick(pos, stages, order[: size - judges])
            truth = [statistics.fmean(row[s] for s in order[size - judges:]) for row in pos.samples]
            losses.append(max(truth) - truth[chosen])
            costs.append(played)
    if not losses:
        return math.nan, math.nan
    return statistics.fmean(losses), statistics.fmean(costs)


def samples_needed(stages: Stages) -> int:
    """Samples a candidate that stays to the end draws under ``stages``."""
    return sum(count for _, count in stages)
