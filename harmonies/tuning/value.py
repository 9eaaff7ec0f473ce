"""Fitting the hard player's learned leaf value (harmonies/tuning/leaf_value.py) to self-play outcomes.

Two kinds of data, both from hard solo games without the helper process (the runs keep to one core
each):

- ``play_solo`` with ``record``: the features of the position at the start of each of hard's turns,
  as the look-ahead's last turn sees its sampled games (the fast planner's best turn from there, the
  score by rows, the potential terms, the turns left); the target is the game's final score.
- ``play_leaves``: before each of hard's turns, its planner's best few turns are each played on the
  same sampled worlds as the look-ahead plays them, to the look-ahead's last turn; the features
  there are recorded, and the sample is then played to its end by the fast planner, whose final
  score is the target. Rows of one world form a group, and the fit explains the differences within
  each group: what the look-ahead has to rank.

``fit_value`` regresses the targets on the features (ridge, pulled toward today's value:
``plan + completed``). ``paired`` compares two runs on the same seeds. ``scripts/value`` drives them.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..ai.base import take_turn
from ..ai.lookahead import Lookahead
from ..ai.planner import play_plan
from ..ai.turn_root import CandidateTurn
from ..ai.players import HardPlayer
from ..rules import Game, GameSetup
from .leaf_value import FEATURES, TODAY, LearnedValue, features
from .linalg import solve


@dataclass
class GameLog:
    """One played game: its seed, hard's final score, the seconds of each turn and, if recorded, the
    features of the position at the start of each turn."""

    seed: int
    score: int
    turn_seconds: list[float]
    rows: list[dict[str, float]] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"seed": self.seed, "score": self.score, "turn_seconds": self.turn_seconds,
                           "rows": self.rows})

    @classmethod
    def from_json(cls, line: str, where: str) -> "GameLog":
        try:
            d = json.loads(line)
            return cls(int(d["seed"]), int(d["score"]), [float(t) for t in d["turn_seconds"]],
                       [{k: float(v) for k, v in r.items()} for r in d.get("rows", [])])
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{where}: not a game record ({type(exc).__name__}: {exc})") from exc


def play_solo(seed: int, value: LearnedValue | None = None, record: bool = False, side: str = "A",
              helper: bool = False) -> GameLog:
    """One hard solo game of ``seed`` (players seeded as ``harmonies simulate`` seeds them), with
    ``value`` as its leaf value (None: today's). ``helper``: the second process on, as the game runs
    the hard player, for its turn times (the turns are the same either way)."""
    game = Game.new(GameSetup(players=1, side=side, seed=seed))
    hard = HardPlayer(seed * 8, helper=helper, value=value)
    fast = hard.modes[True][1].fast
    rows: list[dict[str, float]] = []
    times: list[float] = []
    while not game.over:
        if record:
            # Planning on a view only reads it, and the fast planner's caches change no value: the
            # game is played the same recorded or not.
            view = game.observer_view()
            rows.append(features(view, 0, fast, fast.plan(view)))
        start = time.perf_counter()
        take_turn(hard, game)
        times.append(time.perf_counter() - start)
    return GameLog(seed, game.score(0).total, times, rows)


def play_leaves(seed: int, value: LearnedValue | None = None, cands: int = 6, samples: int = 4,
                side: str = "A") -> GameLog:
    """One hard solo game of ``seed`` whose rows are the look-ahead's leaves, played out (see above);
    each row carries its world's group (``_group``) and its final score (``_target``)."""
    game = Game.new(GameSetup(players=1, side=side, seed=seed))
    hard = HardPlayer(seed * 8, helper=False, value=value)
    planner, look = hard.modes[True]
    rng = random.Random(seed)
    rows: list[dict[str, float]] = []
    times: list[float] = []
    group = 0
    while not game.over:
        if not game.end_triggered and not game.spirit_choices:
            view = game.observer_view()
            tops = planner.candidates(view)[:cands]
            worlds: dict[int, Game] = {}
            for _ in range(samples):
                world_seed = rng.randrange(1 << 30)
                world = look.world(view, world_seed, worlds)
                for cand in tops:
                    row = _leaf_row(look, cand, world, world_seed)
                    if row is not None:
                        row["_group"] = float(group)
                        rows.append(row)
                group += 1
        start = time.perf_counter()
        take_turn(hard, game)
        times.append(time.perf_counter() - start)
    return GameLog(seed, game.score(0).total, times, rows)


def _leaf_row(look: Lookahead, cand: CandidateTurn, world: Game, seed: int) -> dict[str, float] | None:
    """``cand`` played on ``world`` to the look-ahead's leaf (``Lookahead.leaf``): its features there,
    and the final score once the fast planner has played the sample to its end (None: it cannot be
    played there, or the game ends before the leaf, where the look-ahead takes the exact score)."""
    g = look.played(cand, world)
    if g is None:
        return None
    me = world.current
    nxt = look.leaf(g, me, seed)
    if nxt is None:
        return None
    row = features(g, me, look.fast, nxt)
    play_plan(g, look.fast, nxt)
    while not g.over:
        play_plan(g, look.fast)
    row["_target"] = float(g.score(me).total)
    return row


def read_logs(paths: Iterable[Path]) -> list[GameLog]:
    """The game records of JSON-lines files (``scripts/value play --out``)."""
    out = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                out.append(GameLog.from_json(line, f"{path}:{n}"))
    return out


def fit_value(logs: Sequence[GameLog], strength: float = 1.0, names: Sequence[str] = FEATURES) -> LearnedValue:
    """The weights of ``names`` that best predict each recorded row's target (its ``_target``, else
    its game's final score), pulled toward today's value with ``strength`` per 100 rows, scaled by
    each feature's spread (ridge); features that never vary keep today's weight. Rows with a
    ``_group`` are compared only with the rows of their group (their differences are fitted); the
    intercept then sets the mean prediction to the mean target."""
    raw = [([r[n] for n in names], r.get("_target", float(log.score)), (log.seed, r.get("_group")))
           for log in logs for r in log.rows]
    if len(raw) < 2:
        raise ValueError("fewer than two recorded positions: play with --record first")
    k = len(names)
    sums: dict[tuple[int, float | None], tuple[list[float], float, int]] = {}
    for x, y, key in raw:
        key = key if key[1] is not None else (0, None)  # ungrouped rows: one group of all of them
        sx, sy, n = sums.get(key, ([0.0] * k, 0.0, 0))
        sums[key] = ([a + b for a, b in zip(sx, x)], sy + y, n + 1)
    cx: list[list[float]] = []
    cy: list[float] = []
    for x, y, key in raw:
        key = key if key[1] is not None else (0, None)
        sx, sy, n = sums[key]
        cx.append([a - b / n for a, b in zip(x, sx)])
        cy.append(y - sy / n)
    live = [i for i in range(k) if any(abs(x[i]) > 1e-9 for x in cx)]
    spread = [statistics.pstdev([x[i] for x in cx]) for i in live]
    lam = strength * len(cy) / 100.0
    prior = [TODAY.get(names[i], 0.0) for i in live]
    a = [[sum(x[r] * x[c] for x in cx) for c in live] for r in live]
    b = [sum(x[r] * y for x, y in zip(cx, cy)) for r in live]
    for j in range(len(live)):
        d = lam * spread[j] ** 2
        a[j][j] += d
        b[j] += d * prior[j]
    solved = dict(zip(live, solve(a, b)))
    weights = [solved.get(i, TODAY.get(names[i], 0.0)) for i in range(k)]
    # The level: the look-ahead compares these values with the exact scores of samples that end
    # before its last turn, so the prediction's level matters too. Features that never differ
    # within a group (the pouch's turns left) set it, fitted to what the weights above leave.
    rest = [y - sum(w * v for w, v in zip(weights, x)) for x, y, _ in raw]
    level = [i for i in range(k) if i not in solved and len({x[i] for x, _, _ in raw}) > 1]
    if level:
        xs = [[1.0] + [x[i] for i in level] for x, _, _ in raw]
        m = len(level) + 1
        fitted = solve([[sum(x[r] * x[c] for x in xs) for c in range(m)] for r in range(m)],
                       [sum(x[r] * y for x, y in zip(xs, rest)) for r in range(m)])
        for i, w in zip(level, fitted[1:]):
            weights[i] = w
        rest = [y - sum(w * v for w, v in zip(weights, x)) for x, y, _ in raw]
    intercept = statistics.fmean(rest)
    return LearnedValue(tuple((n, w) for n, w in zip(names, weights) if w), intercept)


def residual(logs: Sequence[GameLog], value: LearnedValue) -> float:
    """Root mean square of (final score - predicted) over the recorded positions."""
    errs = [r.get("_target", float(log.score)) - value.intercept - sum(w * r[n] for n, w in value.weights)
            for log in logs for r in log.rows]
    return statistics.fmean(e * e for e in errs) ** 0.5 if errs else 0.0


@dataclass(frozen=True)
class Pairing:
    seeds: int
    mean_a: float
    mean_b: float
    diff: float
    stderr: float


def paired(a: Sequence[GameLog], b: Sequence[GameLog]) -> Pairing:
    """``b`` against ``a`` on the seeds both played: means and the mean gain with its standard error."""
    by_seed = {log.seed: log.score for log in a}
    common = [(by_seed[log.seed], log.score) for log in b if log.seed in by_seed]
    if not common:
        raise ValueError("the two runs share no seed")
    diffs = [y - x for x, y in common]
    err = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return Pairing(len(common), statistics.fmean(x for x, _ in common), statistics.fmean(y for _, y in common),
                   statistics.fmean(diffs), err)


def summary(logs: Sequence[GameLog]) -> str:
    """Mean, median and turn times of a run, one line."""
    scores = [log.score for log in logs]
    times = sorted(t for log in logs for t in log.turn_seconds)
    if not scores:
        return "no games"
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (f"{len(scores)} games: mean {statistics.fmean(scores):.2f}, median {statistics.median(scores):g}, "
            f"max {max(scores)}; turn median {statistics.median(times):.3f} s, p95 {p95:.3f} s, "
            f"max {times[-1]:.3f} s")


__all__ = ["GameLog", "Pairing", "fit_value", "paired", "play_leaves", "play_solo", "read_logs", "residual", "summary"]
