"""What leaves the host, in one process: a seat's view, the events and the finished record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from harmonies.ai import make_player
from harmonies.net.protocol import ProtocolError
from harmonies.net.wire import event_json, read_event, read_record, record_json, view_game, view_json
from harmonies.persist.store import Store
from harmonies.rules import Colour, Event, Game, command_to_json

from positions import SEED_BASE, random_game, step


def _sorted_commands(game: Game) -> list[str]:
    return sorted(json.dumps(command_to_json(c), sort_keys=True) for c in game.legal_commands())


@pytest.mark.parametrize("n", range(12))
def test_the_view_rebuilds_the_game_as_its_seat_sees_it(n: int) -> None:
    game = random_game(n)
    if game.over:
        pytest.skip("this game ended before its random point")
    for seat in range(game.setup.players):
        data = view_json(game, seat)
        json.dumps(data)
        view = view_game(data, game.cards)
        assert view.current == game.current and view.round == game.round
        assert view.hand == game.hand and view.central == game.central and view.display == game.display
        for i in range(game.setup.players):
            shown, real = view.player(i), game.player(i)
            assert (shown.stacks, shown.cubes, shown.cards, shown.completed, shown.spirit) == \
                (real.stacks, real.cubes, real.cards, real.completed, real.spirit)
            assert view.score(i) == game.score(i)
        assert view.player(seat).spirit_choices == game.player(seat).spirit_choices
        assert view.setup.seed is None and view.state.deal is None
        if seat == game.current:
            assert _sorted_commands(view) == _sorted_commands(game)


@pytest.mark.parametrize("n", range(12))
def test_the_seat_to_moves_view_is_the_same_whatever_the_hidden_order(n: int) -> None:
    game = random_game(n)
    if game.over:
        pytest.skip("this game ended before its random point")
    again = game.sample_hidden(random.Random(n))
    assert view_json(again, game.current) == view_json(game, game.current)


def test_a_computer_player_plans_on_the_view_a_turn_the_host_accepts() -> None:
    game = random_game(3)
    while not game.over:
        view = view_game(view_json(game, game.current), game.cards)
        for cmd in make_player("easy", 1).next_commands(view):
            assert game.apply(cmd).ok
            if game.over:
                break


def test_every_event_reads_back_as_it_was() -> None:
    game = random_game(5, players=3)
    rng = random.Random(5)
    seen: list[Event] = []
    while not game.over:
        before = len(game.history)
        step(game, rng)
        assert len(game.history) >= before
    again = Game.new(game.setup, game.cards)
    for cmd in game.history:
        seen.extend(again.apply(cmd).events)  # type: ignore[union-attr]
    kinds = {type(ev).__name__ for ev in seen}
    assert {"TokensTaken", "TokenPlaced", "TurnStarted", "GameEnded", "SpaceRefilled"} <= kinds
    for ev in seen:
        data = json.loads(json.dumps(event_json(ev)))
        assert read_event(data, game.outcome) == ev


def test_the_finished_record_replays_to_the_same_game_without_its_seed_and_goes_into_finished_games(
        tmp_path: Path) -> None:
    game = random_game(8, players=4)
    rng = random.Random(8)
    while not game.over:
        step(game, rng)
    data = json.loads(json.dumps(record_json(game)))
    assert data["setup"]["seed"] == 0 and str(SEED_BASE + 8) not in json.dumps(data)
    again = read_record(data, game.cards)
    assert again.history == game.history
    assert again.outcome is not None and game.outcome is not None
    assert [s.total for s in again.outcome.scores] == [s.total for s in game.outcome.scores]
    store = Store(tmp_path)
    archived = store.archive(again, {"seats": [{"name": f"P{i}", "kind": "remote"} for i in range(4)]})
    assert store.load_finished(archived.path).game.history == game.history
    assert len(store.finished_games()) == 1
    left, cards_left = len(game.state.pouch), len(game.state.deck)
    order = [Colour.parse(label).value for label in data["deal"]["pouch"][:left]]
    assert order == sorted(order) and data["deal"]["deck"][:cards_left] == sorted(data["deal"]["deck"][:cards_left])
    assert data["deal"]["pouch"][left:] == [c.label for c in game.state.deal.pouch[left:]]  # type: ignore[union-attr]


@pytest.mark.parametrize("bad", [
    {}, {"setup": {"players": 2, "side": "A", "spirits": False}},
    {"setup": {"players": 9, "side": "A", "spirits": False}},
])
def test_a_view_that_is_not_one_is_malformed(bad: dict[str, object]) -> None:
    game = random_game(1)
    with pytest.raises(ProtocolError) as caught:
        view_game(bad, game.cards)
    assert caught.value.reason == "malformed"


def test_an_impossible_view_is_malformed() -> None:
    game = random_game(2)
    data = view_json(game, 0)
    data["pouch"] = {"blue": 500}
    with pytest.raises(ProtocolError):
        view_game(data, game.cards)


@pytest.mark.parametrize("bad", [None, [], {"e": "Nothing"}, {"e": "TurnStarted", "player": "x", "round": 1},
                                 {"e": "GameEnded", "player": 0, "outcome": {}}])
def test_an_event_that_is_not_one_is_malformed(bad: object) -> None:
    with pytest.raises(ProtocolError):
        read_event(bad, None)
