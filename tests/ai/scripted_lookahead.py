"""A solo look-ahead whose sample games are scripted, for tests of how it spends its samples."""

from __future__ import annotations

from collections.abc import Sequence

from harmonies.ai import HardPlayer
from harmonies.ai.lookahead import Lookahead
from harmonies.ai.turn_root import CandidateTurn
from harmonies.rules import Game, GameSetup


def scripted_lookahead(stages: Sequence[tuple[int, int]], values: dict[int, list[float]], budget: int = 0,
                       evals: int = 1) -> tuple[Game, Lookahead, list[CandidateTurn], dict[int, int]]:
    """A solo look-ahead whose sample games are replaced by ``values``: candidate n's k-th sample is
    worth ``values[n][k]``. Returns the game, the look-ahead, its candidates and the samples each got."""
    game = Game.new(GameSetup(players=1, seed=5))
    planner, look = HardPlayer(0, helper=False, stages=stages, budget=budget).modes[True]
    look.room = None  # only the stages decide here
    cands = planner.candidates(game)[: len(values)]
    assert len(cands) == len(values)
    played = {n: 0 for n in values}

    def sample(cand: CandidateTurn, me: int, seed: int, world: Game) -> tuple[float, int]:
        n = next(i for i, c in enumerate(cands) if c is cand)
        value = values[n][played[n]]
        played[n] += 1
        return value, evals

    look.sample = sample  # type: ignore[method-assign]
    return game, look, cands, played
