"""The token search's card index gives the same distances as counting every placement afresh."""

from __future__ import annotations

import random

import pytest

from harmonies.ai import make_player, take_turn
from harmonies.ai.turn_root import TurnRoot
from harmonies.ai.tables import FAR
from harmonies.rules import Game, GameSetup


def _fresh(root: TurnRoot, card_id: str, stacks: list[int], want: int) -> list[int]:
    """Nearest distinct cube cells of a card under 6 tokens away, counted over every live placement."""
    per_cube: dict[int, int] = {}
    for cube, cells in root.placements[card_id]:
        d = 0
        for j, need in cells:
            n = need[stacks[j]]
            d += FAR if n and (root.cubes >> j) & 1 else n
        per_cube[cube] = min(d, per_cube.get(cube, FAR))
    return sorted(d for d in per_cube.values() if d < 6)[:want]


def _mid_game(seed: int, turns: int) -> Game:
    game = Game.new(GameSetup(players=1, side="A" if seed % 2 else "B", seed=seed))
    player = make_player("medium", seed)
    for _ in range(turns):
        take_turn(player, game)
    return game


@pytest.mark.parametrize("seed,turns", [(3, 2), (4, 4), (7, 6), (12, 8)])
def test_index_distances_match_a_fresh_count(seed: int, turns: int) -> None:
    game = _mid_game(seed, turns)
    planner = make_player("medium", 0).planner  # type: ignore[attr-defined]
    root = TurnRoot(game, planner.evaluator(game), planner.opts)
    add, size = root.t.add, root.t.size
    rng = random.Random(seed)
    free = [i for i in range(size) if not (root.cubes >> i) & 1]
    checked = 0
    # Many boards from one turn's start, so the index's per-cell memo is hit as well as filled.
    for _ in range(300):
        stacks = root.stacks[:]
        changed: list[int] = []
        for _ in range(rng.randint(1, 3)):
            i = rng.choice(free)
            grown = [s for s in add[stacks[i]] if s >= 0]
            if grown:
                stacks[i] = rng.choice(grown)
                changed.append(i)
        for card_id, index in root.index.items():
            want = rng.randint(1, 4)
            assert list(index.distances(stacks, tuple(changed), want)) == _fresh(root, card_id, stacks, want)
            checked += 1
    assert checked >= 300
