"""The computer levels: they finish every kind of game with legal commands only, and plan on copies."""

from __future__ import annotations

import random
import statistics
from typing import Any, cast

import pytest

from harmonies.ai import PLAYER_KINDS, HardPlayer, Player, hint, make_player, commands_for_turn, play_game, take_turn
from harmonies.ai.seat_table import SeatTable, Slip
from harmonies.ai.turn_root import CandidateTurn
from harmonies.rules import Command, EndTurn, Game, GameSetup, PlaceToken, Result, SoloSwap, TakeCard, TakeTokens

LEVELS = ("easy", "medium", "hard")


def seat(kind: str, seed: int) -> Player:
    """A player of ``kind``; hard searches narrower here so the file stays fast (same code paths)."""
    if kind == "hard":
        return HardPlayer(seed, width=2, samples=1, beam=3)
    return make_player(kind, seed)


class StrictGame:
    """A game that remembers every command it refused; everything else is the wrapped game's (its
    clones and views are plain games, so plans stay quiet). A wrapper, not a subclass: the compiled
    build's Game takes no Python subclasses."""

    def __init__(self, setup: GameSetup) -> None:
        self.game = Game(setup)
        self.refused: list[tuple[Command, Result]] = []

    def apply(self, cmd: Command) -> Result:
        result = self.game.apply(cmd)
        if not result.ok:
            self.refused.append((cmd, result))
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


class StrictTablePlayer:
    """A player that plays at its seat's table (``play_turn``), remembering every command the table
    refused (a ``Slip``) before passing it on. The table takes only a real game, so such a seat is
    handed the wrapped game itself; the table checks each command before playing it."""

    def __init__(self, player: Any, refused: list[Any]) -> None:
        self.player = player
        self.kind = player.kind
        self.refused = refused

    def next_commands(self, view: Game) -> list[Command]:
        return list(self.player.next_commands(view))

    def play_turn(self, table: SeatTable) -> None:
        try:
            self.player.play_turn(table)
        except Slip as slip:
            self.refused.append(slip)
            raise


def play_strict(setup: GameSetup, seats: list[Player]) -> Game:
    strict = StrictGame(setup)
    refused: list[Any] = strict.refused
    players = [cast(Player, StrictTablePlayer(p, refused)) if hasattr(p, "play_turn") else p for p in seats]
    while not strict.game.over:
        player = players[strict.game.current]
        take_turn(player, strict.game if hasattr(player, "play_turn") else cast(Game, strict))
    game = strict.game
    assert game.over
    assert strict.refused == []
    # Replaying the log checks every command again from the start.
    again = Game.replay(setup, game.history)
    assert again.over
    assert [s.total for s in again.outcome.scores] == [s.total for s in game.outcome.scores]  # type: ignore[union-attr]
    if setup.spirits:
        assert all(game.player(i).spirit is not None for i in range(setup.players))
    return game


def test_levels_are_registered() -> None:
    for kind in LEVELS:
        assert kind in PLAYER_KINDS
        assert make_player(kind, 1).kind == kind


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("side,spirits", [("A", False), ("B", True)])
def test_level_finishes_solo_games(level: str, side: str, spirits: bool) -> None:
    play_strict(GameSetup(players=1, side=side, spirits=spirits, seed=7 + len(level)), [seat(level, 1)])


# Every level sits at a table of 2, 3 and 4, on both sides, with and without spirits.
TABLES = [
    (("hard", "easy"), "A", True),
    (("medium", "hard"), "B", False),
    (("easy", "medium", "hard"), "B", True),
    (("hard", "medium", "easy", "random"), "A", False),
    (("medium", "easy"), "A", False),
]


@pytest.mark.parametrize("kinds,side,spirits", TABLES)
def test_levels_finish_table_games(kinds: tuple[str, ...], side: str, spirits: bool) -> None:
    setup = GameSetup(players=len(kinds), side=side, spirits=spirits, seed=len(kinds) * 13)
    play_strict(setup, [seat(k, i) for i, k in enumerate(kinds)])


@pytest.mark.slow
def test_registered_hard_plays_a_solo_game() -> None:
    play_strict(GameSetup(players=1, seed=2), [make_player("hard", 2)])


def test_solo_swaps_a_card_when_no_card_is_taken() -> None:
    setup = GameSetup(players=1, seed=3)
    game = play_game(setup, [make_player("medium", 3)])
    turns: list[list[Command]] = [[]]
    for cmd in game.history:
        turns[-1].append(cmd)
        if isinstance(cmd, EndTurn):
            turns.append([])
    no_card = [t for t in turns if t and not any(isinstance(c, TakeCard) for c in t)]
    # Every turn without a card swaps one, except when the draw pile has run out.
    assert no_card and any(isinstance(c, SoloSwap) for t in no_card for c in t)


def test_medium_beats_random_on_average() -> None:
    medium, rnd = [], []
    for seed in range(4):
        setup = GameSetup(players=2, seed=100 + seed)
        game = play_game(setup, [make_player("medium", seed), make_player("random", seed)])
        medium.append(game.outcome.scores[0].total)  # type: ignore[union-attr]
        rnd.append(game.outcome.scores[1].total)  # type: ignore[union-attr]
    assert statistics.mean(medium) > statistics.mean(rnd) + 20


@pytest.mark.parametrize("level", LEVELS)
def test_commands_for_turn_leaves_the_game_untouched(level: str) -> None:
    setup = GameSetup(players=2, spirits=True, seed=5)
    game = Game.new(setup)
    for _ in range(3):
        take_turn(make_player("easy", 9), game)

    def snapshot() -> tuple[object, ...]:
        return (game.to_json(), game.central, game.display, game.pouch_size, game.deck_size,
                [game.stack_ids(i) for i in range(2)], [game.player(i) for i in range(2)], game.current)

    before = snapshot()
    commands = commands_for_turn(seat(level, 2), game)
    assert snapshot() == before
    # The planned commands are legal when played on the real game, and make a whole turn.
    mover = game.current
    for cmd in commands:
        assert game.apply(cmd).ok, cmd
    assert game.current != mover


def test_hint_is_a_legal_whole_turn() -> None:
    game = Game.new(GameSetup(players=1, side="B", spirits=True, seed=8))
    commands = hint(game)
    assert commands
    assert len(game.history) == 0
    for cmd in commands:
        assert game.apply(cmd).ok, cmd
    assert game.round == 2


def test_hint_mid_turn_plans_only_what_remains() -> None:
    game = Game.new(GameSetup(players=2, side="A", seed=8))
    game.apply(TakeTokens(0))
    colour = game.hand[0]
    assert game.apply(PlaceToken(colour, game.token_cells(colour)[0])).ok
    card = next(c for c in game.display if c is not None)
    assert game.apply(TakeCard(card)).ok
    before = len(game.history)
    commands = hint(game)
    assert len(game.history) == before
    # The tokens left in hand, cubes if any, then EndTurn; no second space or card.
    assert not any(isinstance(cmd, (TakeTokens, TakeCard)) for cmd in commands)
    assert sum(isinstance(cmd, PlaceToken) for cmd in commands) == len(game.hand)
    assert isinstance(commands[-1], EndTurn)
    for cmd in commands:
        assert game.apply(cmd).ok, cmd
    assert game.current == 1


def _lookahead_work(budget: int) -> tuple[int, list[Command]]:
    """Board evaluations the hard player's look-ahead spends on the first turn of a fixed game."""
    game = Game.new(GameSetup(players=2, seed=21))
    player = HardPlayer(4, budget=budget)
    commands = commands_for_turn(player, game)
    return player.modes[False][1].last_spent, commands


def test_lookahead_work_is_capped_by_a_count_not_a_clock() -> None:
    uncapped, _ = _lookahead_work(0)
    capped, first = _lookahead_work(1000)
    # The cap stops examining candidates once the next one would go past it; the first two are
    # always examined, so the capped turn costs more than nothing but far less than no cap.
    assert 0 < capped < uncapped
    # Counted work, not time: the same seed plans the same turn on any machine, under any load.
    again, second = _lookahead_work(1000)
    assert (again, second) == (capped, first)


def _board_value(player: Player, game: Game, last_turn: bool) -> float:
    """What a player's planner thinks of the current board, as if this were (not) its last turn."""
    from harmonies.ai.turn_root import TurnRoot

    planner = player.planner  # type: ignore[attr-defined]
    root = TurnRoot(game, planner.evaluator(game), planner.opts)
    root.end_triggered = last_turn
    return float(planner._token_value(root, root.stacks, ()))


def test_medium_plays_the_turn_and_hard_plans_the_end_of_the_game() -> None:
    # Medium is a one-turn planner (weights.yaml: future 0, horizon 0): a board is worth the same
    # to it whether turns remain or not. Hard values turns left and discounts unfinished work.
    game = Game.new(GameSetup(players=2, seed=5))
    play_game_turns(game, [make_player("medium", 1), make_player("medium", 2)], turns=6)
    medium, hard = make_player("medium", 3), make_player("hard", 3)
    hard.planner = hard.modes[False][0]  # type: ignore[attr-defined]
    assert _board_value(medium, game, False) == pytest.approx(_board_value(medium, game, True))
    assert _board_value(hard, game, False) > _board_value(hard, game, True) + 5
    assert not medium.planner.opts.look_at_display  # type: ignore[attr-defined]


def play_game_turns(game: Game, players: list[Player], turns: int) -> None:
    for _ in range(turns):
        take_turn(players[game.current], game)


@pytest.mark.pure_python
@pytest.mark.parametrize("kind", ["medium", "hard"])
def test_a_spirit_turn_plans_from_the_trials_that_chose_the_spirit(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each offered spirit is tried by planning the turn on a copy; planning it once more made
    # medium's spirit turn the one slower than 0.1 s, and hard's over 2 s at four seats.
    game = Game.new(GameSetup(players=2, seed=4, spirits=True))
    player = seat(kind, 4)
    planner = player.modes[False][0] if kind == "hard" else player.planner  # type: ignore[attr-defined]
    calls: list[int] = []
    real = planner.candidates

    def counted(g: Game) -> Any:
        calls.append(1)
        return real(g)

    monkeypatch.setattr(planner, "candidates", counted)
    offered = len(game.spirit_choices)
    assert offered >= 2
    take_turn(player, game)
    assert len(calls) == offered
    assert game.player(0).spirit is not None and game.current == 1


@pytest.mark.pure_python
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_lookahead_plays_depth_minus_one_of_my_turns_then_values_the_last(depth: int) -> None:
    game = Game.new(GameSetup(players=1, seed=5))
    player = HardPlayer(5, depth=depth)
    planner, lookahead = player.modes[True]
    planned: list[int] = []
    plan = lookahead.fast.plan

    def counted(g: Game) -> CandidateTurn:
        planned.append(g.round)
        return plan(g)

    lookahead.fast.plan = counted  # type: ignore[method-assign,assignment]  # a spy on this one instance
    sample = game.sample_hidden(random.Random(1))
    for cmd in planner.commands(sample, planner.candidates(game)[0]):
        assert sample.apply(cmd).ok
    value = lookahead.follow(sample, 0, 1)
    # Round 2 is the first turn after the candidate's; each turn but the last is played for real.
    assert planned == list(range(2, 2 + depth))
    assert sample.round == 1 + depth
    assert 0 < value < 400


def test_hard_looks_two_turns_ahead_in_solo_and_one_at_a_table() -> None:
    player = HardPlayer(1)
    assert player.modes[True][1].depth == 2
    assert player.modes[False][1].depth == 1
