"""The seat's table (harmonies.ai.seat_table): what take_turn hands the random player instead of a copy.

It shows the seat to move what an observer view shows of the moment and nothing face down; every
command sent through it is checked by the rules and a refused one changes nothing; the random player
chooses the same turns at the table as on a view, so games and simulate's results stay the same.
"""

from __future__ import annotations

import random

import pytest

from harmonies.ai import RandomPlayer, commands_for_turn, take_turn
from harmonies.ai.base import TablePlayer
from harmonies.ai.seat_table import SeatTable, Slip
from harmonies.rules import COLOURS, Command, EndTurn, Game, GameSetup, PlaceToken, TakeTokens, Undo


class OnViews:
    """The random player with its table taken away: take_turn plans its turns on observer views."""

    kind = "random"

    def __init__(self, seed: int, take_cards: bool = True) -> None:
        self._player = RandomPlayer(seed, take_cards)

    def next_commands(self, view: Game) -> list[Command]:
        return self._player.next_commands(view)


def played(setup: GameSetup, players: list[RandomPlayer] | list[OnViews]) -> Game:
    game = Game.new(setup)
    while not game.over:
        take_turn(players[game.current], game)
    return game


@pytest.mark.parametrize("players,side,spirits", [(1, "A", False), (1, "B", True), (2, "A", True),
                                                  (3, "B", False), (4, "A", True)])
def test_the_random_player_plays_the_same_games_at_the_table_as_on_views(players: int, side: str,
                                                                        spirits: bool) -> None:
    for seed in range(3):
        setup = GameSetup(players, side=side, spirits=spirits, seed=seed)
        take_cards = seed != 1
        at_table = played(setup, [RandomPlayer(seed * 8 + s, take_cards) for s in range(players)])
        on_views = played(setup, [OnViews(seed * 8 + s, take_cards) for s in range(players)])
        assert at_table.history == on_views.history
        assert at_table.outcome == on_views.outcome


def test_the_table_shows_what_an_observer_view_shows_and_nothing_face_down() -> None:
    game = Game.new(GameSetup(3, spirits=True, seed=4))
    rng = random.Random(2)
    for _ in range(12):  # through the spirit choice, a turn begun and turns of other seats
        table = SeatTable(game)
        view = game.observer_view()
        assert table.spirit_choices == view.spirit_choices
        assert (table.central, table.display, table.hand) == (view.central, view.display, view.hand)
        assert table.taken_tokens_this_turn == view.taken_tokens_this_turn
        assert table.can_take_card() == view.can_take_card()
        assert table.cube_options() == view.cube_options()
        for colour in COLOURS:
            assert table.token_moves(colour) == view.token_moves(colour)
        legal = [c for c in game.legal_commands() if type(c) is not EndTurn or rng.random() < 0.3]
        assert game.apply(rng.choice(legal)).ok
    public = {name for name in dir(SeatTable) if not name.startswith("_")}
    assert public == {"over", "ended", "spirit_choices", "central", "display", "hand", "taken_tokens_this_turn",
                      "can_take_card", "token_moves", "cube_options", "play_listed"}


def test_a_command_the_rules_refuse_raises_a_slip_and_changes_nothing() -> None:
    game = Game.new(GameSetup(2, seed=1))
    table = SeatTable(game)
    before = game.to_json()
    for cmd in (PlaceToken(game.central[0][0], (0, 0)), TakeTokens(99), EndTurn(), Undo()):
        with pytest.raises(Slip):
            table.play_listed(cmd)
        assert game.to_json() == before
    table.play_listed(TakeTokens(1))
    assert game.hand and not table.ended


def test_the_table_takes_nothing_more_once_its_seat_ended_the_turn() -> None:
    game = Game.new(GameSetup(2, seed=1))
    table = SeatTable(game)
    RandomPlayer(3).play_turn(table)
    assert table.ended and game.current == 1
    after = game.to_json()
    with pytest.raises(Slip):
        table.play_listed(TakeTokens(0))  # the next seat's command, sent by the seat that ended
    assert game.to_json() == after


class Slipping:
    """A table player that takes tokens, then sends ``then`` (refused or not) and stops."""

    kind = "slipping"

    def __init__(self, then: Command | None) -> None:
        self.then = then

    def next_commands(self, view: Game) -> list[Command]:
        raise AssertionError("take_turn plays a table player at its table")

    def play_turn(self, table: SeatTable) -> None:
        table.play_listed(TakeTokens(2))
        if self.then is not None:
            table.play_listed(self.then)


@pytest.mark.parametrize("then", [None, TakeTokens(0), Undo()])
def test_take_turn_ends_the_turn_of_a_table_player_that_slips_or_stops_short(then: Command | None) -> None:
    game = Game.new(GameSetup(2, seed=1))
    player: TablePlayer = Slipping(then)
    take_turn(player, game)
    assert game.current == 1 and game.history[0] == TakeTokens(2)  # ended plainly on the real game
    assert type(game.history[-1]) is EndTurn and Undo() not in game.history


def test_take_turn_on_a_finished_game_asks_the_player_nothing() -> None:
    game = played(GameSetup(1, seed=0), [RandomPlayer(0)])
    done = game.to_json()
    take_turn(Slipping(None), game)
    assert game.to_json() == done


def test_commands_for_turn_still_plans_the_random_player_on_a_view() -> None:
    game = Game.new(GameSetup(2, seed=6))
    twin = game.clone()
    commands = commands_for_turn(RandomPlayer(5), game)
    assert game.to_json() == twin.to_json()
    take_turn(RandomPlayer(5), twin)
    assert tuple(commands) == twin.history
