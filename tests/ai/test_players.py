"""The computer levels: they finish every kind of game with legal commands only, and plan on copies."""

from __future__ import annotations

import statistics

import pytest

from harmonies.ai import PLAYER_KINDS, hint, make_player, plan_turn, play_game
from harmonies.rules import Command, Game, GameSetup, Result

LEVELS = ("easy", "medium", "hard")
# (players, side, spirits): every player count, both sides, with and without spirits.
MODES = [(1, "A", False), (1, "B", True), (2, "A", True), (2, "B", False), (3, "A", False), (4, "B", True)]


class StrictGame(Game):
    """A game that remembers every command it refused (clones are plain games, so plans stay quiet)."""

    refused: list[tuple[Command, str]]

    def apply(self, cmd: Command) -> Result:
        result = super().apply(cmd)
        if not result.ok:
            self.__dict__.setdefault("refused", []).append((cmd, result.reason))  # type: ignore[union-attr]
        return result


def test_levels_are_registered() -> None:
    for kind in LEVELS:
        assert kind in PLAYER_KINDS
        assert make_player(kind, 1).kind == kind


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players,side,spirits", MODES)
def test_level_finishes_games_legally(level: str, players: int, side: str, spirits: bool) -> None:
    setup = GameSetup(players=players, side=side, spirits=spirits, seed=11 * players + len(level))
    game = StrictGame(setup)
    # Big tables mix in random seats so the file stays fast; the level still plays first and last.
    seats = [make_player(level if seat in (0, players - 1) else "random", seed=seat) for seat in range(players)]
    play_game(setup, seats, game)
    assert game.over
    assert game.__dict__.get("refused", []) == []
    # Replaying the log checks every command again from the start.
    again = Game.replay(setup, game.history)
    assert again.over
    assert [s.total for s in again.outcome.scores] == [s.total for s in game.outcome.scores]  # type: ignore[union-attr]
    if spirits:
        assert all(game.player(i).spirit is not None for i in range(players))


def test_solo_swaps_a_card_when_no_card_is_taken() -> None:
    setup = GameSetup(players=1, seed=3)
    game = Game.new(setup)
    play_game(setup, [make_player("medium", 3)], game)
    from harmonies.rules import SoloSwap, TakeCard

    turns: list[list[Command]] = [[]]
    for cmd in game.history:
        turns[-1].append(cmd)
        if type(cmd).__name__ == "EndTurn":
            turns.append([])
    no_card = [t for t in turns if t and not any(isinstance(c, TakeCard) for c in t)]
    assert no_card and all(any(isinstance(c, SoloSwap) for c in t) for t in no_card[:-1])


def test_medium_beats_random_on_average() -> None:
    medium, rnd = [], []
    for seed in range(4):
        setup = GameSetup(players=2, seed=100 + seed)
        game = play_game(setup, [make_player("medium", seed), make_player("random", seed)])
        medium.append(game.outcome.scores[0].total)  # type: ignore[union-attr]
        rnd.append(game.outcome.scores[1].total)  # type: ignore[union-attr]
    assert statistics.mean(medium) > statistics.mean(rnd) + 20


@pytest.mark.parametrize("level", LEVELS)
def test_plan_turn_leaves_the_game_untouched(level: str) -> None:
    setup = GameSetup(players=2, spirits=True, seed=5)
    game = Game.new(setup)
    for _ in range(3):
        make_player("medium", 9).play_turn(game)
    before = (game.to_json(), game.central, game.display, game.pouch_size, game.deck_size,
              [game.stack_ids(i) for i in range(2)], [game.player(i) for i in range(2)])
    commands = plan_turn(make_player(level, 2), game)
    after = (game.to_json(), game.central, game.display, game.pouch_size, game.deck_size,
             [game.stack_ids(i) for i in range(2)], [game.player(i) for i in range(2)])
    assert before == after
    # The planned commands are legal when played on the real game, and make a whole turn.
    seat = game.current
    for cmd in commands:
        assert game.apply(cmd).ok, cmd
    assert game.current != seat


def test_hint_is_a_legal_whole_turn() -> None:
    game = Game.new(GameSetup(players=1, side="B", spirits=True, seed=8))
    commands = hint(game)
    assert commands
    assert len(game.history) == 0
    for cmd in commands:
        assert game.apply(cmd).ok, cmd
    assert game.round == 2
