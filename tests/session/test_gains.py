"""The points preview: what a drop would change in the score equals the rules' score of the game replayed
with that drop, row by row, for random drops in random games."""

from __future__ import annotations

import random

from harmonies.ai import make_player, take_turn
from harmonies.rules import Game, GameSetup, PlaceCube, PlaceToken
from harmonies.session import drop_gains
from harmonies.session.gains import ROWS


def _games(n: int) -> list[Game]:
    """Random games stopped at random moments of a turn (some with tokens in hand, some with cubes to place)."""
    rng = random.Random(4242)
    found = []
    for k in range(n):
        setup = GameSetup(players=1 + k % 4, side="AB"[k % 2], spirits=k % 3 == 0, seed=900 + k)
        game = Game.new(setup)
        bots = [make_player("medium", 900 + k + i) for i in range(setup.players)]
        for _turn in range(rng.randrange(1, 12)):
            if game.over:
                break
            take_turn(bots[game.current], game)
        for _ in range(rng.randrange(0, 4)):       # into the turn: some commands of a random player
            legal = [c for c in game.legal_commands() if not isinstance(c, (PlaceToken, PlaceCube))] \
                or game.legal_commands()
            if game.over or not legal:
                break
            game.apply(rng.choice(legal))
        if not game.over:
            found.append(game)
    return found


def test_a_hundred_drops_score_as_the_rules_score_them() -> None:
    rng = random.Random(7)
    checked = 0
    for game in _games(40):
        gains = drop_gains(game)
        seat = game.current
        before = game.score(seat)
        drops = [c for c in game.legal_commands() if isinstance(c, (PlaceToken, PlaceCube))]
        assert len(gains) == len(drops)
        for cmd in rng.sample(drops, min(4, len(drops))):
            replayed = Game.replay(game.setup, [*game.history, cmd])
            after = replayed.score(seat)
            want = {row: getattr(after, row) - getattr(before, row) for row in ROWS}
            key = (cmd.colour, cmd.cell) if isinstance(cmd, PlaceToken) else (cmd.card_id, cmd.cell)
            got = dict(gains[key])
            assert {r: got.get(r, 0) for r in ROWS} == want, cmd
            assert all(d != 0 for d in got.values())        # only the rows that change are named
            checked += 1
    assert checked >= 100
