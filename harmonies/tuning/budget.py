"""The hard player's score against its thinking budget (issue 43, docs/ai.md "The budget curve").

A *point* of the curve is a scale ``k`` (and optionally a look-ahead depth): the hard player with
``k`` times the samples of each look-ahead stage and ``k`` times the board evaluations a turn may
spend (``HardPlayer(scale=k)``), so about ``k`` times the evaluations a turn. ``play_point`` plays one
solo game of a seed at one point, with the helper process off (one core per game), and records the
score, the seconds and CPU seconds of each turn and the board evaluations spent. ``play_table``
plays one two-seat game of a point against another. ``curve`` pairs every point with the first by
seed. ``scripts/budget_curve`` drives them.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..ai.base import take_turn
from ..ai.players import SOLO_BUDGET, HardPlayer
from ..rules import Game, GameSetup


@dataclass(frozen=True)
class Point:
    """A budget: ``scale`` times the look-ahead's samples and evaluations; ``depth`` None: the mode's;
    ``budget`` (solo points only) the evaluations' scale when it differs from the samples'."""

    scale: int
    depth: int | None = None
    budget: int | None = None

    @property
    def name(self) -> str:
        return (f"x{self.scale}" + (f"d{self.depth}" if self.depth is not None else "")
                + (f"b{self.budget}" if self.budget is not None else ""))

    @classmethod
    def parse(cls, text: str) -> "Point":
        """``x4`` or ``4`` (scale 4), ``x4d3`` (scale 4, depth 3), ``x2d3b4`` (twice the samples, depth 3,
        four times the evaluations)."""
        body = text.strip().removeprefix("x")
        body, b_sep, budget = body.partition("b")
        scale, d_sep, depth = body.partition("d")
        if (not scale.isdigit() or int(scale) < 1 or (d_sep and (not depth.isdigit() or int(depth) < 1))
                or (b_sep and (not budget.isdigit() or int(budget) < 1))):
            raise ValueError(f"{text!r}: expected a point like x2, x4d3 or x2d3b4 (scale, then optionally "
                             f"d and a depth, b and the evaluations' scale)")
        return cls(int(scale), int(depth) if d_sep else None, int(budget) if b_sep else None)

    def player(self, seed: int, helper: bool = False) -> HardPlayer:
        # HardPlayer multiplies a given budget by the scale too; a budget point is a solo one.
        budget = SOLO_BUDGET * self.budget // self.scale if self.budget is not None else None
        return HardPlayer(seed, scale=self.scale, depth=self.depth, helper=helper, budget=budget)


@dataclass
class Record:
    """One played game of a point: hard's score (at a table, the point's seat minus the other's),
    and per turn of the point's seat the wall and CPU seconds and the board evaluations spent."""

    point: str
    seed: int
    score: int
    turn_seconds: list[float]
    turn_cpu: list[float]
    evals: list[int]
    extra: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"point": self.point, "seed": self.seed, "score": self.score,
                           "turn_seconds": self.turn_seconds, "turn_cpu": self.turn_cpu, "evals": self.evals,
                           "extra": self.extra})

    @classmethod
    def from_json(cls, line: str, where: str) -> "Record":
        try:
            d = json.loads(line)
            return cls(str(d["point"]), int(d["seed"]), int(d["score"]), [float(t) for t in d["turn_seconds"]],
                       [float(t) for t in d["turn_cpu"]], [int(e) for e in d["evals"]],
                       {str(k): int(v) for k, v in d.get("extra", {}).items()})
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{where}: not a game record ({type(exc).__name__}: {exc})") from exc


def _evals(hard: HardPlayer) -> int:
    """Board evaluations spent by ``hard`` in this process so far, over all its planners in both modes
    (with the helper process on, those it plays are not counted: the curve is played without it)."""
    total = 0
    for planner, look in hard.modes.values():
        total += planner.evals + look.spent()
        if look.room is not None:
            total += look.room.evals
    return total


def _timed_turn(hard: HardPlayer, game: Game, rec: Record) -> None:
    spent, wall, cpu = _evals(hard), time.perf_counter(), time.process_time()
    take_turn(hard, game)
    rec.turn_seconds.append(time.perf_counter() - wall)
    rec.turn_cpu.append(time.process_time() - cpu)
    rec.evals.append(_evals(hard) - spent)


def play_point(point: Point, seed: int, side: str = "A", helper: bool = False) -> Record:
    """One hard solo game of ``seed`` (players seeded as ``harmonies simulate`` seeds them) at ``point``."""
    game = Game.new(GameSetup(players=1, side=side, seed=seed))
    hard = point.player(seed * 8, helper)
    rec = Record(point.name, seed, 0, [], [], [])
    while not game.over:
        _timed_turn(hard, game, rec)
    rec.score = game.score(0).total
    return rec


def play_table(point: Point, other: Point, seed: int, seat: int, side: str = "A") -> Record:
    """One two-seat game of ``seed``, ``point`` in ``seat`` and ``other`` in the other seat, both seeded
    by seat as ``simulate`` seeds them; the score is ``point``'s seat minus the other's, and
    ``extra`` holds both seats' scores (``mine``, ``theirs``)."""
    game = Game.new(GameSetup(players=2, side=side, seed=seed))
    players = [other.player(seed * 8 + s) for s in range(2)]
    players[seat] = point.player(seed * 8 + seat)
    rec = Record(f"{point.name}@{seat}", seed, 0, [], [], [])
    while not game.over:
        if game.current == seat:
            _timed_turn(players[seat], game, rec)
        else:
            take_turn(players[game.current], game)
    mine, theirs = game.score(seat).total, game.score(1 - seat).total
    rec.score, rec.extra = mine - theirs, {"mine": mine, "theirs": theirs}
    return rec


@dataclass(frozen=True)
class Row:
    """A point of the curve: games, mean score, the paired gain over the base point with its
    standard error, CPU a game and a turn, evaluations a turn (mean, median), wall turn times."""

    point: str
    n: int
    mean: float
    gain: float
    stderr: float
    cpu_game: float
    cpu_turn_median: float
    evals_turn: float
    evals_median: float
    turn_median: float
    turn_p95: float
    turn_max: float


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def curve(records: Sequence[Record], base: str) -> list[Row]:
    """One row per point, in order of appearance; the gain is paired by seed with ``base``."""
    by_point: dict[str, dict[int, Record]] = {}
    for rec in records:
        by_point.setdefault(rec.point, {})[rec.seed] = rec
    base_scores = {s: r.score for s, r in by_point.get(base, {}).items()}
    rows = []
    for name, games in by_point.items():
        diffs = [r.score - base_scores[s] for s, r in games.items() if s in base_scores]
        err = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
        walls = [t for r in games.values() for t in r.turn_seconds]
        cpus = [t for r in games.values() for t in r.turn_cpu]
        evals = [e for r in games.values() for e in r.evals]
        rows.append(Row(name, len(games), statistics.fmean(r.score for r in games.values()),
                        statistics.fmean(diffs) if diffs else float("nan"), err,
                        statistics.fmean(sum(r.turn_cpu) for r in games.values()),
                        statistics.median(cpus), statistics.fmean(evals), statistics.median(evals),
                        statistics.median(walls),
                        _quantile(walls, 0.95), max(walls)))
    return rows


def format_curve(rows: Sequence[Row], base: str) -> str:
    lines = [f"{'point':>8} {'n':>4} {'mean':>7} {'gain vs ' + base:>16} {'cpu/game':>9} {'cpu/turn':>9} "
             f"{'evals/turn':>10} {'(median)':>9} {'turn median':>11} {'p95':>6} {'max':>6}"]
    for r in rows:
        gain = f"{r.gain:+.2f} +- {r.stderr:.2f}"
        lines.append(f"{r.point:>8} {r.n:>4} {r.mean:>7.2f} {gain:>16} {r.cpu_game:>8.2f}s {r.cpu_turn_median:>8.3f}s "
                     f"{r.evals_turn:>10.0f} {r.evals_median:>9.0f} {r.turn_median:>10.3f}s {r.turn_p95:>6.3f} {r.turn_max:>6.3f}")
    return "\n".join(lines)


__all__ = ["Point", "Record", "Row", "curve", "format_curve", "play_point", "play_table"]
