"""Seeds: a new game's seed is drawn from 2**63 values, so the opening deal cannot give it away;
every seed a game may have (SEEDS) deals, saves, archives and is listed; a seed outside is refused
by the rules and dropped from a match's meta."""

from __future__ import annotations

from pathlib import Path

import pytest

from harmonies.ai import play_random_game
from harmonies.persist import Store
from harmonies.persist.index import FinishedIndex
from harmonies.rules import SEEDS, Game, GameSetup
from harmonies.session import MatchConfig, Seat

SEATS = (Seat("Ada"), Seat("Bo", "computer"))


def test_a_new_games_seed_is_drawn_from_two_to_the_63_values() -> None:
    seeds = [MatchConfig(SEATS).resolved_seed() for _ in range(64)]
    assert all(1 <= s < 2**63 for s in seeds)
    # Half of the range is at or above 2**62: none of 64 draws there has odds 2**-64.
    assert any(s >= 2**62 for s in seeds)
    assert len(set(seeds)) == len(seeds)


def test_a_given_seed_is_kept() -> None:
    assert MatchConfig(SEATS, seed=7).resolved_seed() == 7
    assert MatchConfig(SEATS, seed=7).deal().setup.seed == 7


@pytest.mark.parametrize("seed", [SEEDS.start, -1, 0, 2**31 - 1, 2**31, SEEDS.stop - 1])
def test_every_seed_a_game_may_have_is_saved_archived_and_listed(tmp_path: Path, seed: int) -> None:
    store = Store(tmp_path)
    game = play_random_game(GameSetup(1, seed=seed))
    again = Game.from_json(game.to_json())
    assert again.setup.seed == seed and again.to_json() == game.to_json()
    store.archive_finished(game)
    [listed] = FinishedIndex(store.dirs).games()
    assert listed.seed == seed


@pytest.mark.parametrize("seed", [SEEDS.start - 1, SEEDS.stop, 2**70])
def test_a_seed_outside_the_range_is_refused_and_dropped_from_a_meta(seed: int) -> None:
    with pytest.raises(ValueError, match="seed must be from"):
        GameSetup(2, seed=seed)
    doc = play_random_game(GameSetup(1, seed=3)).to_json()
    with pytest.raises(ValueError, match="seed must be from"):
        Game.from_json({**doc, "setup": {**doc["setup"], "seed": seed}})
    meta = {**MatchConfig(SEATS, seed=5).to_meta(), "seed": seed}
    assert MatchConfig.from_meta(meta, 2).seed is None
    assert MatchConfig.from_meta({**meta, "seed": 5}, 2).seed == 5
