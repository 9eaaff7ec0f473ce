"""``Game.end_may_trigger``: the warning before the last round is decided by the rules.

Over random games, the end is triggered only by a command played while the warning named that very
cause; and once the end is set, there is nothing left to warn of.
"""

from __future__ import annotations

import random

import pytest

from harmonies.rules import EndTriggered, EndTurn, Game, GameSetup


@pytest.mark.parametrize("setup", [GameSetup(1, "A", False, 1), GameSetup(1, "B", True, 2), GameSetup(2, "A", False, 3),
                                   GameSetup(3, "B", True, 4), GameSetup(4, "A", True, 5)])
def test_the_end_is_triggered_only_in_a_turn_warned_of(setup: GameSetup) -> None:
    rng = random.Random(setup.seed)
    game = Game.new(setup)
    triggered: set[str] = set()
    while not game.over:
        warned = game.end_may_trigger()
        before_end = game.end_triggered
        commands = game.legal_commands()
        cmd = rng.choice([c for c in commands if not isinstance(c, EndTurn)] or commands)
        result = game.apply(cmd)
        assert result.ok
        for ev in result.events:  # type: ignore[union-attr]
            if isinstance(ev, EndTriggered):
                assert not before_end and warned == ev.reason, (warned, ev)
                triggered.add(ev.reason)
        if game.end_triggered:
            assert game.end_may_trigger() is None
    assert triggered  # every game ends by the pouch or a board


def test_a_new_game_warns_of_nothing() -> None:
    assert Game.new(GameSetup(2, seed=1)).end_may_trigger() is None
