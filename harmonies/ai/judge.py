"""The review's judge: what a turn is worth to its seat, in expected final points.

The played turn and the suggested turn are each played on the same sampled worlds of the observer
view at the turn's start (``Game.sample_hidden`` of that view, one seed a world), and the rest of
the game is played out by the judge's continuation player (:func:`continuation`) for every seat, the
same player after both turns, so the two futures differ only by what the two turns left. The world's
seed also orders what the refills draw, so both turns meet the same tokens and cards: the difference
measures the decision, not the luck of the draw (common random numbers).

The continuation is a two-wide planner with the hard player's weights for the mode that looks at the
face-up cards: it plays stronger than the medium level and than a greedy one-token playout, in solo
and at a table (docs/ai.md, "The review's judge"), and a weak playout undervalues a turn that sets up
what a stronger player would follow up. A close call (a loss within
two standard errors of a mark's threshold, with a standard error over :data:`CLOSE_STDERR`) gets
more worlds, one batch at a time, up to :data:`MAX_BATCHES` batches.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass

from ..rules import ChooseSpirit, Command, Game, ScoreSheet
from .evaluate import load_weights
from .finish import finish_turn
from .helper import Helper, cached_searcher, turn_game
from .planner import Planner, play_plan
from .review_turn import same_turn
from .turn_root import PlanOptions

#: The score rows a playout's final points are split into (their ``score.`` catalogue keys).
ROWS = ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit")

#: The continuation player's search: two boards kept after each token, two finished boards settled
#: with every card choice, steering toward a face-up card's pattern (the hard player's own fast
#: planner at a table).
CONTINUATION = PlanOptions(beam=2, finals=2)

#: A loss whose standard error is at most this is precise enough for its mark as it is.
CLOSE_STDERR = 0.75

#: Most batches of worlds a turn gets (each as many worlds as the first).
MAX_BATCHES = 2


@dataclass(frozen=True)
class TurnValues:
    """What one turn's review measured: the best turn's commands, both expected final scores, the
    paired difference's standard error, and per score row the mean of best minus played."""

    best: tuple[Command, ...]
    same: bool
    played_value: float
    best_value: float
    stderr: float
    samples: int
    rows: tuple[tuple[str, float], ...]


def continuation(game: Game) -> Planner:
    """The judge's continuation player for ``game``'s mode: :data:`CONTINUATION` with the hard
    player's weights (its solo weights in solo)."""
    weights = load_weights("hard_solo" if game.setup.solo else "hard")
    return Planner(weights, CONTINUATION, random.Random(0))


def play_turn(game: Game, turn: Sequence[Command]) -> None:
    """Play ``turn`` on ``game``; a command refused there ends the turn plainly (never a stall)."""
    seat = game.current
    for cmd in turn:
        if not game.apply(cmd).ok:
            if not game.over and game.current == seat:
                finish_turn(game)
            return


def playout(game: Game, player: Planner) -> None:
    """Plays ``game`` to its end, every seat by ``player``."""
    while not game.over:
        if game.spirit_choices:
            game.apply(ChooseSpirit(game.spirit_choices[0]))
        play_plan(game, player)


def _rows(sheet: ScoreSheet) -> tuple[int, ...]:
    return tuple(int(getattr(sheet, row)) for row in ROWS)


def world_seeds(seed: int, samples: int) -> list[int]:
    """The seeds of a turn's sampled worlds, from the turn's seed (a longer list starts the same)."""
    rng = random.Random(seed)
    return [rng.randrange(1 << 62) for _ in range(samples)]


#: One world's outcome: for each turn valued, the seat's final points by :data:`ROWS`.
WorldRows = tuple[tuple[int, ...], ...]


def world_rows(view: Game, turns: Sequence[Sequence[Command]], seed: int, player: Planner) -> WorldRows:
    """Each of ``turns`` played on the world of ``seed`` and played out to the end by ``player``."""
    seat = view.current
    world = view.sample_hidden(random.Random(seed))
    out = []
    for turn in turns:
        g = world.clone()
        play_turn(g, turn)
        playout(g, player)
        out.append(_rows(g.score(seat)))
    return tuple(out)


def judge_turns(view: Game, played: Sequence[Command], best: Sequence[Command], seed: int, samples: int,
                cancelled: Callable[[], bool] | None = None, helper: Helper | None = None,
                bounds: Sequence[float] = ()) -> TurnValues:
    """Both turns played on the same ``samples`` worlds of ``view`` and played out to the end by the
    continuation player; half of the worlds in the helper process when there is one (the same numbers
    either way: each world is decided by its seed alone).

    While the loss lies within two standard errors of one of ``bounds`` (the marks' thresholds) and
    that standard error is over :data:`CLOSE_STDERR`, another ``samples`` worlds are played, up to
    :data:`MAX_BATCHES` batches in all. When both are the same turn, it is played once per world on
    half as many worlds (its loss is exactly 0; only its expected score is wanted). Fewer worlds come
    back when ``cancelled()`` stopped it."""
    same = same_turn(view, played, best)
    turns = (tuple(played),) if same else (tuple(played), tuple(best))
    count = max(2, samples // 2) if same else samples
    seeds = world_seeds(seed, MAX_BATCHES * count)
    player = continuation(view)
    worlds = _play_worlds(view, turns, seeds[:count], player, helper, cancelled)
    values = _values(tuple(best), same, worlds)
    batch = 1
    while not same and batch < MAX_BATCHES and len(worlds) == batch * count and _close(values, bounds):
        worlds += _play_worlds(view, turns, seeds[batch * count:(batch + 1) * count], player, helper, cancelled)
        values = _values(tuple(best), same, worlds)
        batch += 1
    return values


def _close(values: TurnValues, bounds: Sequence[float]) -> bool:
    loss = values.best_value - values.played_value
    return values.stderr > CLOSE_STDERR and any(abs(loss - b) < 2 * values.stderr for b in bounds)


def _values(best: tuple[Command, ...], same: bool, worlds: Sequence[WorldRows]) -> TurnValues:
    played_totals = [float(sum(w[0])) for w in worlds]
    diffs = [float(sum(w[-1]) - sum(w[0])) for w in worlds]
    n = len(worlds)
    mean_played = statistics.fmean(played_totals)
    loss = statistics.fmean(diffs)
    stderr = statistics.stdev(diffs) / n ** 0.5 if n > 1 and not same else 0.0
    rows = tuple((row, statistics.fmean(w[-1][i] - w[0][i] for w in worlds)) for i, row in enumerate(ROWS))
    return TurnValues(best, same, mean_played, mean_played + loss, stderr, n, rows)


def _play_worlds(view: Game, turns: tuple[tuple[Command, ...], ...], seeds: Sequence[int], player: Planner,
                 helper: Helper | None, cancelled: Callable[[], bool] | None) -> list[WorldRows]:
    """:func:`world_rows` of each seed, in order, the first half in the helper when there is one; the
    worlds played here so far (at least one) when ``cancelled()`` stops it."""
    half = len(seeds) // 2 if helper is not None else 0
    with (helper.session(view) if helper is not None else nullcontext()) as session:
        future = session.ask(_playouts_remote, player, turns, list(seeds[:half])) if session is not None else None
        mine: list[WorldRows] = []
        for wseed in seeds[half:] if future is not None else seeds:
            if cancelled is not None and mine and cancelled():
                return mine  # an answer still coming from the helper is dropped
            mine.append(world_rows(view, turns, wseed, player))
        theirs = session.collect(future) if session is not None and future is not None else []
        if theirs is None:  # the helper failed: its share is played here
            theirs = [world_rows(view, turns, wseed, player) for wseed in seeds[:half]]
    return list(theirs) + mine


# ---------------------------------------------------------------------- run in the helper process
def _playouts_remote(turn: int, token: int | None, cards: bytes | None, state: bytes | None, spec: bytes,
                     turns: tuple[tuple[Command, ...], ...], seeds: list[int]) -> list[WorldRows]:
    """:func:`world_rows` of each of ``seeds`` for the planner of ``spec``, on this turn's view
    (harmonies/ai/helper.py)."""
    view = turn_game(turn, token, cards, state)
    player = cached_searcher("playout", spec, Planner.from_spec)
    return [world_rows(view, turns, wseed, player) for wseed in seeds]
