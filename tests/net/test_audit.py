"""The hidden-information audit over the wire: every byte each client received in random hosted games
(2 to 4 seats, spirits on) holds no seed, no order of the pouch or the pile, no other seat's hidden
spirits; and the same audit catches a host made to leak each of them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from harmonies.net import host as host_module
from harmonies.net import wire
from harmonies.rules import Game, GameSetup

from audit import leaks
from harmonies.net.protocol import encode

from positions import SEED_BASE, step
from table import play_recorded

GAMES = 12
#: Games whose every position is audited as each seat's view, without the network.
VIEW_GAMES = 12


@pytest.mark.slow
@pytest.mark.parametrize("n", range(GAMES))
def test_no_client_receives_what_its_seat_may_not_see(n: int) -> None:
    rng = random.Random(n)
    players = 2 + n % 3
    setup = GameSetup(players=players, side=rng.choice("AB"), spirits=True, seed=SEED_BASE + 1000 + n)
    played = play_recorded(setup, [rng.choice(["random", "easy"]) for _ in range(players)])
    assert played.game.over
    for seat, received in played.received.items():
        assert received, f"seat {seat} received nothing"
        assert leaks(received, played.game, seat) == []
        record = played.records[seat]
        assert record is not None and record.outcome is not None and played.game.outcome is not None
        assert [s.total for s in record.outcome.scores] == [s.total for s in played.game.outcome.scores]


@pytest.mark.slow
def test_no_view_of_any_position_tells_what_its_seat_may_not_see() -> None:
    for n in range(VIEW_GAMES):
        rng = random.Random(n)
        game = Game.new(GameSetup(players=2 + n % 3, side=rng.choice("AB"), spirits=True, seed=SEED_BASE + 5000 + n))
        sent: list[bytearray] = [bytearray() for _ in range(game.setup.players)]
        while not game.over:
            for seat in range(game.setup.players):
                sent[seat] += encode({"t": "state", "view": wire.view_json(game, seat)})
            step(game, rng)
        for seat, received in enumerate(sent):
            assert leaks(bytes(received), game, seat) == [], f"game {n}, seat {seat}"


def _leaky_view(extra: str) -> Any:
    honest = wire.view_json

    def view_json(game: Game, seat: int) -> dict[str, Any]:
        out = honest(game, seat)
        if extra == "pouch":
            out["pouch_order"] = [c.label for c in game.state.pouch]
        elif extra == "pile":
            out["pile_order"] = list(game.state.deck)
        elif extra == "seed":
            out["dealt_from"] = game.setup.seed
        return out

    return view_json


@pytest.mark.slow
@pytest.mark.parametrize("leak", ["pouch", "pile", "seed", "spirits"])
def test_the_audit_catches_a_host_that_leaks(leak: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if leak == "spirits":
        monkeypatch.setattr(wire, "_hidden_spirits", lambda cards, seats, seat: tuple(seats))
    else:
        monkeypatch.setattr(host_module, "view_json", _leaky_view(leak))
    setup = GameSetup(players=3, side="A", spirits=True, seed=SEED_BASE + 77)
    played = play_recorded(setup, ["random", "random", "random"])
    found = [why for seat, received in played.received.items() for why in leaks(received, played.game, seat)]
    assert found, f"the audit missed the leaked {leak}"
