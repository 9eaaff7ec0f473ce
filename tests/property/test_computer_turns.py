"""Every computer level, handed its seat's observer view at any point of its turn, returns commands
the rules accept and leaves the view as it was handed.

The positions come from random games: some whole turns of random players, then part of the next
turn by random legal commands (a spirit chosen or still to choose, tokens taken or not, a card taken
before or after them, some tokens placed, cubes due or placed). The commands a level returns are
played on the real game: every one accepted, the turn ended, and the game still a game (its
position builds a game again, its log replays to the same place).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harmonies.ai import HardPlayer, Player, make_player
from harmonies.ai.random_turn import play_random_turn
from harmonies.rules import Command, EndTurn, Game, GameSetup, TakeTokens, Undo
from harmonies.session import seat_view

setups = st.builds(
    GameSetup,
    players=st.integers(1, 4),
    side=st.sampled_from(["A", "B"]),
    spirits=st.booleans(),
    seed=st.integers(0, 2**63 - 1),
)


def position(setup: GameSetup, rng: random.Random, turns: int, steps: int, seek_cubes: bool = False) -> Game:
    """``setup``'s game after ``turns`` random turns and up to ``steps`` random legal commands of the
    next turn (never its end); a game that ends first is played back to the start of its last turn.
    ``seek_cubes``: those commands are, where some would, ones that leave a cube to place."""
    game = Game.new(setup)
    last = game
    for _ in range(turns):
        if game.over:
            break
        last = game.clone()
        play_random_turn(game, rng, True)
    if game.over:
        game = last
    for _ in range(steps):
        legal = [c for c in game.legal_commands() if not isinstance(c, (EndTurn, Undo))]
        if not legal:
            break
        if seek_cubes:
            legal = [c for c in legal if _leaves_cubes(game, c)] or legal
        assert game.apply(rng.choice(legal)).ok
    return game


def _leaves_cubes(game: Game, cmd: Command) -> bool:
    trial = game.clone()
    return trial.apply(cmd).ok and bool(trial.cube_options())


def snapshot(view: Game) -> tuple[Any, ...]:
    """Everything a player could change in the view it was handed."""
    players = range(view.setup.players)
    return (view.position(), view.to_json(), view.history, view.turn_commands, view.spirit_choices,
            [view.player(i) for i in players], [view.score(i) for i in players])


def check_turn(player: Player, game: Game) -> None:
    seat, turn, before = game.current, game.round, len(game.history)
    view = seat_view(game, seat)
    handed = snapshot(view)
    commands = player.next_commands(view)
    assert snapshot(view) == handed, "the player changed the view it was handed"
    assert commands and type(commands[-1]) is EndTurn
    for cmd in commands:
        result = game.apply(cmd)
        assert result.ok, (cmd, result)
    assert game.over or (game.current, game.round) != (seat, turn)   # the turn ended
    assert list(game.history[before:]) == list(commands)
    # the game is whole: its position builds a game again and its log replays to the same place
    if not game.over:
        Game.from_position(game.position())
    assert Game.replay(game.setup, game.history).to_json() == game.to_json()


def fast_hard(seed: int) -> Player:
    """The hard player searching narrower (the same code paths, a fraction of the time)."""
    return HardPlayer(seed, width=2, samples=1, beam=3, helper=False)


positions = dict(setup=setups, seed=st.integers(0, 2**31 - 1), turns=st.integers(0, 40), steps=st.integers(0, 8),
                 seek_cubes=st.booleans())


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**positions)
def test_a_level_plays_on_from_any_point_of_its_turn(level: str, setup: GameSetup, seed: int, turns: int,
                                                     steps: int, seek_cubes: bool) -> None:
    game = position(setup, random.Random(seed), turns, steps, seek_cubes)
    check_turn(make_player(level, seed), game)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**positions)
def test_hard_plays_on_from_any_point_of_its_turn(setup: GameSetup, seed: int, turns: int, steps: int,
                                                  seek_cubes: bool) -> None:
    game = position(setup, random.Random(seed), turns, steps, seek_cubes)
    check_turn(fast_hard(seed), game)


@pytest.mark.slow
@pytest.mark.parametrize("steps", [0, 1, 2, 4])
def test_the_shipped_hard_player_plays_on_from_points_of_its_turn(steps: int) -> None:
    # Its whole look-ahead at the start of a turn (seconds each, so a few fixed positions at a table),
    # then tokens taken, one placed, a card taken or cubes due.
    game = position(GameSetup(players=3, spirits=True, seed=17), random.Random(steps), 7, steps, seek_cubes=True)
    assert (game.turn_commands == 0) == (steps == 0)
    check_turn(HardPlayer(steps, helper=False), game)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_a_level_handed_a_turn_whose_tokens_are_taken_takes_no_second_space(level: str) -> None:
    # Every level places the tokens in hand and takes no second space (a second take through the
    # random turn's unchecked path would lose three tokens, and the log would no longer replay).
    game = Game.new(GameSetup(players=2, side="A", seed=7))
    assert game.apply(TakeTokens(0)).ok
    check_turn(fast_hard(1) if level == "hard" else make_player(level, 1), game)
    assert sum(isinstance(c, TakeTokens) for c in game.history) == 1


def _found(seeds: range, wanted: Any) -> Game:
    """The first position of those seeds' games (as the property tests make them) that ``wanted`` accepts."""
    for seed in seeds:
        rng = random.Random(seed)
        setup = GameSetup(players=1 + seed % 4, side="AB"[seed % 2], spirits=seed % 3 == 0, seed=seed)
        game = position(setup, rng, rng.randrange(0, 30), rng.randrange(1, 8), seek_cubes=True)
        if wanted(game):
            return game
    raise AssertionError("no such position in these games")


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_a_level_places_or_leaves_the_cubes_due_and_ends_its_turn(level: str) -> None:
    for start in (0, 100, 200):
        game = _found(range(start, start + 100), lambda g: bool(g.cube_options()))
        check_turn(fast_hard(start) if level == "hard" else make_player(level, start), game)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_a_level_chooses_its_spirit_first(level: str) -> None:
    game = Game.new(GameSetup(players=3, spirits=True, seed=12))
    assert game.spirit_choices
    check_turn(fast_hard(3) if level == "hard" else make_player(level, 3), game)
    assert game.player(0).spirit is not None
