"""Fitting the evaluation's weights to played-out futures (``scripts/tune --fit``).

At the end of a turn the evaluation is linear in most of its weights: the exact score plus a sum of
terms, each a weight times what the board shows of it (stacks that may grow, lone fields, cards a
few tokens away...). For states of self-play games, several candidate turns are each played out to
the end of the game on the same sampled pouches; within one state, the differences in final score
between candidates are regressed on the differences in those terms. Comparing candidates of the same
state keeps only what the decision depends on: a fit to whole-game outcomes instead learns "fewer
empty cells, fewer points to come", which is true and useless to a player choosing a move
(docs/ai.md has what such fits gave).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Hashable
from dataclasses import fields

from ..ai.evaluate import Weights
from ..ai.planner import Planner
from ..ai.turn_root import CandidateTurn, PlanOptions, TurnRoot
from ..ai.base import take_turn
from ..ai.players import PlannerPlayer
from ..rules import Game, GameSetup
from .linalg import solve

# Weights held fixed: the value is not linear in card_more, horizon and room_turns (the turns-left
# estimate); display is a token-search term only and swap_prior a choice of the solo swap only;
# spirit_unplaced multiplies the card factors (fixed, it leaves the value linear in them).
# card_prior is an end-of-turn term of every unfinished card held, like the card factors.
_NONLINEAR = frozenset({"card_more", "horizon", "room_turns", "display", "swap_prior", "spirit_unplaced"})
LINEAR: tuple[str, ...] = tuple(f.name for f in fields(Weights) if f.name not in _NONLINEAR)
# What scripts/tune --fit moves: the landscape terms. The regression over-trusts the card, empty-cell
# and turns-left terms, so their fitted values are printed but not written (docs/ai.md).
LANDSCAPE: tuple[str, ...] = ("brown1", "brown2", "gray1", "gray2", "lone_mountain", "red1", "building0",
                              "building1", "building2", "field1", "blue_waste", "river_end")


def unit_planners(weights: Weights) -> list[Planner]:
    """Planners whose end-of-turn value is the exact score (first) or exactly one term (the rest)."""
    zero = weights.with_values(**{n: 0.0 for n in LINEAR})
    opts = PlanOptions()
    out = [Planner(zero, opts, random.Random(0))]
    out += [Planner(zero.with_values(**{n: 1.0}), opts, random.Random(0)) for n in LINEAR]
    return out


def terms(planners: list[Planner], game: Game, seat: int) -> tuple[float, list[float]]:
    """(exact score, each linear term with weight 1) of ``seat``'s board as it stands."""
    view = game.clone()
    view.state.current = seat  # the evaluation reads the seat to move; any seat's board may be asked about
    values = []
    for planner in planners:
        values.append(planner.settled_value(TurnRoot(view, planner.evaluator(view), planner.opts)))
    exact = values[0]
    return exact, [v - exact for v in values[1:]]


def distinct_turns(cands: list[CandidateTurn], k: int, key: Callable[[CandidateTurn], Hashable]) -> list[CandidateTurn]:
    """The first ``k`` of ``cands`` that differ by ``key``: the spread of turns the fit compares."""
    out: list[CandidateTurn] = []
    seen: set[Hashable] = set()
    for c in cands:
        kc = key(c)
        if kc not in seen:
            seen.add(kc)
            out.append(c)
            if len(out) == k:
                break
    return out


def game_groups(seed: int, weights: Weights, players: int = 1, side: str = "A", beam: int = 4,
                k: int = 6, worlds: int = 3) -> list[list[tuple[list[float], float]]]:
    """One self-play game's states: per state, per candidate turn, (terms after it, mean points it
    gained to the end over ``worlds`` sampled pouches)."""
    rng = random.Random(seed)
    units = unit_planners(weights)
    opts = PlanOptions(beam=beam, finals=beam)
    game = Game.new(GameSetup(players=players, side=side, seed=seed))
    seats = [PlannerPlayer(seed * 8 + s, weights, opts) for s in range(players)]
    groups: list[list[tuple[list[float], float]]] = []
    while not game.over:
        me = game.current
        planner = seats[me].planner
        # The first token tells turns apart too: the fit learns from boards that differ.
        picked = distinct_turns(planner.candidates(game), k, lambda c: (c.space, c.card, tuple(c.tokens[:1])))
        world_seeds = [rng.randrange(1 << 30) for _ in range(worlds)]
        rows: list[tuple[list[float], float]] = []
        for cand in picked if len(picked) > 1 else []:  # one turn alone has nothing to be compared with
            gains: list[float] = []
            phi: list[float] | None = None
            for ws in world_seeds:
                g = game.sample_hidden(random.Random(ws))
                if not all(g.apply(cmd).ok for cmd in planner.commands(g, cand)) or g.over:
                    break  # the last turn: nothing left to learn from
                exact, phi = terms(units, g, me)
                sim = [PlannerPlayer(ws * 8 + s, weights, opts) for s in range(players)]
                while not g.over:
                    take_turn(sim[g.current], g)
                gains.append(g.score(me).total - exact)
            if phi is not None and len(gains) == worlds:
                rows.append((phi, statistics.mean(gains)))
        if len(rows) > 1:
            groups.append(rows)
        take_turn(seats[me], game)
    return groups


def ridge_fit(groups: list[list[tuple[list[float], float]]], prior: dict[str, float],
              strength: float = 30.0) -> dict[str, float]:
    """Weights of LINEAR that best explain the gains' differences within each state, pulled toward
    ``prior`` (the weights that played the games) with ``strength`` per 100 rows, scaled by each
    term's spread so rarely seen terms move little. Terms that never differ keep their prior."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for rows in groups:
        n = len(rows)
        mean_phi = [sum(r[0][i] for r in rows) / n for i in range(len(LINEAR))]
        mean_y = sum(r[1] for r in rows) / n
        for phi, y in rows:
            xs.append([a - b for a, b in zip(phi, mean_phi)])
            ys.append(y - mean_y)
    live = [i for i in range(len(LINEAR)) if any(abs(x[i]) > 1e-9 for x in xs)]
    if not live:
        return dict(prior)
    m = len(live)
    spread = [statistics.pstdev([x[i] for x in xs]) for i in live]
    lam = strength * len(ys) / 100.0
    p0 = [prior[LINEAR[i]] for i in live]
    # Normal equations (X'X + lam D) w = X'y + lam D p0, D = diag(spread^2), solved by elimination.
    a = [[sum(x[live[r]] * x[live[c]] for x in xs) for c in range(m)] for r in range(m)]
    b = [sum(x[live[r]] * y for x, y in zip(xs, ys)) for r in range(m)]
    for r in range(m):
        d = lam * spread[r] ** 2
        a[r][r] += d
        b[r] += d * p0[r]
    w = solve(a, b)
    out = dict(prior)
    for i, v in zip(live, w):
        out[LINEAR[i]] = v
    return out

