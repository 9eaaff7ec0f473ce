"""Every driver hands a computer player (or the hint) an observer view, never the real game: a spy
player records what it was given and finds neither the real order of the pouch and the pile nor a
seed that deals it again. The commands it chose are then played on the real game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import harmonies.ai as ai
from harmonies import cli
from harmonies.ai import HardPlayer, RandomPlayer, hint, commands_for_turn, play_game, take_turn
from harmonies.ai.finish import finish_turn
from harmonies.ai.helper import Helper, Session
from harmonies.ai.planner import Planner
from harmonies.ai.turn_root import CandidateTurn
from harmonies.rules import ChooseSpirit, Command, EndTurn, Game, GameSetup, TakeTokens
from harmonies.session import ComputerSeat, Jobs, SeatTurns, plan_hint, seat_view


def face_down(game: Game) -> tuple[Any, ...]:
    """The order of what is face down, as a spy reads it from the game it holds."""
    pos = game.position()
    return pos.pouch, pos.deck


def check_blind(seen: Game, real: Game) -> None:
    """``seen`` is an observer view of ``real``: nothing face down in the real order, no seed."""
    assert face_down(seen) != face_down(real)
    pouch, deck = face_down(seen)
    assert list(pouch or ()) == sorted(pouch or ()) and list(deck or ()) == sorted(deck or ())
    assert seen.setup.seed is None
    with pytest.raises(ValueError, match="cannot be dealt"):
        Game.replay(seen.setup, seen.history)
    assert (seen.central, seen.display, seen.history) == (real.central, real.display, real.history)


class Spy:
    """Records every game it is handed, then ends the turn with the first legal commands."""

    kind = "spy"

    def __init__(self, seed: int = 0) -> None:
        self.given: list[Game] = []
        self.played: list[list[Command]] = []

    def next_commands(self, view: Game) -> list[Command]:
        self.given.append(view.clone())
        trial = view.clone()
        start = len(trial.history)
        finish_turn(trial)
        self.played.append(list(trial.history[start:]))
        return self.played[-1]


def test_play_game_and_take_turn_hand_the_spy_a_view() -> None:
    setup = GameSetup(3, spirits=False, seed=0)
    spy = Spy()
    game = Game.new(setup)
    for _ in range(6):
        real = game.clone()
        take_turn(spy, game)
        check_blind(spy.given[-1], real)
        assert list(game.history[len(real.history):]) == spy.played[-1]  # played on the real game
    finished = play_game(setup, [spy, RandomPlayer(1), spy], game)
    assert finished.over and len(spy.given) > 6
    assert all(g.setup.seed is None for g in spy.given)


def test_commands_for_turn_hands_the_spy_a_view_and_returns_the_commands_for_the_real_game() -> None:
    game = Game.new(GameSetup(1, seed=0))
    spy = Spy()
    commands = commands_for_turn(spy, game)
    check_blind(spy.given[-1], game)
    for cmd in commands:
        assert game.apply(cmd).ok
    assert type(commands[-1]) is EndTurn and game.round == 2


def test_the_random_player_is_handed_a_view_too_and_leaves_it_as_it_was() -> None:
    game = Game.new(GameSetup(2, seed=3))
    real = game.clone()
    seen: list[tuple[Game, dict[str, Any]]] = []

    class Blind(RandomPlayer):
        def next_commands(self, view: Game) -> list[Command]:
            commands = super().next_commands(view)
            seen.append((view, view.to_json()))
            return commands

    commands = commands_for_turn(Blind(0), game)
    (view, after), = seen
    check_blind(view, real)
    assert after == real.observer_view().to_json()  # its turn was played on its own copy
    for cmd in commands:
        assert game.apply(cmd).ok
    assert game.current == 1
    # take_turn plays it at its seat's table instead (tests/ai/test_seat_table.py), to the same turn.
    again = real.clone()
    take_turn(RandomPlayer(0), again)
    assert again.history == game.history


def test_simulate_hands_every_seat_a_view(monkeypatch: pytest.MonkeyPatch) -> None:
    spies: list[Spy] = []

    def make(seed: int) -> Spy:
        spies.append(Spy(seed))
        return spies[-1]

    monkeypatch.setitem(ai.PLAYER_KINDS, "spy", make)
    summary = cli.simulate(["spy", "spy"], games=2, seed=5, side="A", spirits=True, rotate=False, jobs=1,
                           cards_path=None, progress=False)
    assert summary["games"] == 2
    given = [g for s in spies for g in s.given]
    assert len(given) > 20
    for g in given:
        pouch, deck = face_down(g)
        assert g.setup.seed is None
        assert list(pouch or ()) == sorted(pouch or ()) and list(deck or ()) == sorted(deck or ())


def test_a_computer_seat_in_the_window_plans_on_a_view() -> None:
    game = Game.new(GameSetup(2, seed=7))
    spy = Spy()
    jobs = Jobs(None)
    seats = SeatTurns((ComputerSeat(spy), ComputerSeat(HardPlayer(1))), jobs)
    try:
        assert seats.poll(game) == "started"
        assert seats.wait(30) and seats.poll(game) == "ready"
        assert not jobs.take_failures()
    finally:
        jobs.close()
    check_blind(spy.given[-1], game)
    check_blind(seat_view(game, game.current), game)
    while (cmd := seats.next_command()) is not None:
        assert game.apply(cmd).ok
    assert game.current == 1


@pytest.mark.pure_python
def test_the_hint_plans_on_a_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Game] = []

    def spy_view(self: HardPlayer, game: Game) -> None:
        seen.append(game.clone())
        finish_turn(game)

    def spy_hand(self: Planner, game: Game) -> list[CandidateTurn]:
        seen.append(game.clone())
        return []

    monkeypatch.setattr(HardPlayer, "_play_view", spy_view)
    monkeypatch.setattr(Planner, "hand_candidates", spy_hand)
    game = Game.new(GameSetup(1, seed=2))
    assert hint(game)
    check_blind(seen[-1], game)
    assert game.apply(TakeTokens(1)).ok  # mid-turn: only the rest of the turn is planned
    assert hint(game) == []
    check_blind(seen[-1], game)
    jobs = Jobs(None)
    try:
        job = plan_hint(jobs, game, version=1)  # the window's hint plans on a view
        assert job.wait(30) and job.commands == []
    finally:
        jobs.close()
    check_blind(seen[-1], game)


class RecordingHelper(Helper):
    """A helper that never starts: it records the game each search would send to the other process."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[Game] = []

    @contextmanager
    def session(self, game: Game) -> Iterator[Session | None]:
        self.sent.append(game.clone())
        yield None


def test_the_helper_process_would_be_sent_a_view() -> None:
    helper = RecordingHelper()
    player = HardPlayer(1, width=2, samples=2, beam=2, helper=helper)
    game = Game.new(GameSetup(1, seed=0))
    real = game.clone()
    commands = player.next_commands(game)  # handed the real game, it still plans on a view
    assert game.history == () and helper.sent
    for sent in helper.sent:
        check_blind(sent, real)
    for cmd in commands:
        assert game.apply(cmd).ok
    assert game.round == 2  # and its commands play the turn on the real game


def test_a_hard_turn_does_not_depend_on_the_real_order() -> None:
    """Two games alike face up but dealt differently face down get the same hard turn."""
    game = Game.new(GameSetup(1, seed=9))
    twin = game.sample_hidden(random.Random(4))
    assert face_down(twin) != face_down(game)
    turns = [HardPlayer(3, width=2, samples=2, beam=2, helper=False).turn_commands(g) for g in (game, twin)]
    assert turns[0] == turns[1]


@pytest.mark.parametrize("spirits", [False, True])
def test_take_turn_ends_the_turn_of_a_player_that_stops_short(spirits: bool) -> None:
    class Idle:
        kind = "idle"

        def next_commands(self, view: Game) -> list[Command]:
            return [TakeTokens(2)]  # and nothing more (refused first on a spirit turn)

    game = Game.new(GameSetup(2, spirits=spirits, seed=1))
    take_turn(Idle(), game)
    assert game.current == 1  # the safety net ended the turn on the real game
    if spirits:
        assert game.history[:2] == (ChooseSpirit(game.player(0).spirit or ""), TakeTokens(0))
    else:
        assert game.history[0] == TakeTokens(2)  # what the player played on its view came first
