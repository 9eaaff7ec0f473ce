"""Stepping through a game: the position at every step is the setup with that many commands replayed."""

from __future__ import annotations

import random

from harmonies.ai import play_random_game
from harmonies.rules import Game, GameSetup
from harmonies.session.replay import Replay


def _state(g: Game) -> tuple[object, ...]:
    """Everything a player can see of a position, and its command log."""
    seats = range(g.setup.players)
    return (g.to_json(), g.current, g.round, g.over, g.central, g.display, g.hand, g.deck_size, g.pouch_size,
            g.end_triggered, tuple(g.player(i) for i in seats), tuple(g.score(i) for i in seats))


def _same(a: Game, b: Game) -> bool:
    return _state(a) == _state(b)


def test_every_step_forwards_and_backwards_equals_a_replay_to_that_step() -> None:
    game = play_random_game(GameSetup(2, "B", True, 11), 2)
    setup, commands = game.setup, game.history
    replay = Replay(setup, commands, game.cards)
    assert replay.step == replay.last == len(commands) and _same(replay.game, game)
    expected = [Game.replay(setup, commands[:k], game.cards) for k in range(len(commands) + 1)]
    for k in range(len(commands), -1, -1):
        replay.go(k)
        assert _same(replay.game, expected[k]), k
    for k in range(len(commands) + 1):
        replay.go(k)
        assert _same(replay.game, expected[k]), k
    rng = random.Random(5)
    for _ in range(40):
        k = rng.randrange(len(commands) + 1)
        replay.go(k)
        assert _same(replay.game, expected[k]), k


def test_turn_by_turn() -> None:
    game = play_random_game(GameSetup(1, "A", False, 4), 3)
    replay = Replay(game.setup, game.history, game.cards)
    starts = replay.turn_starts()
    assert starts[0] == 0 and starts == sorted(set(starts))
    replay.go(0)
    seen = [replay.step]
    while replay.step < replay.last:
        replay.next_turn()
        seen.append(replay.step)
    assert seen == [*starts, replay.last]
    assert replay.game.over
    replay.previous_turn()
    assert replay.step == starts[-1] and replay.turn_index() == len(starts) - 1
    replay.go(starts[2] + 1)
    replay.previous_turn()
    assert replay.step == starts[2]
    replay.go(-5)
    assert replay.step == 0
    replay.go(10**6)
    assert replay.step == replay.last
