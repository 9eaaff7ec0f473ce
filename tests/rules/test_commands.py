"""The command interface: rejected commands change nothing and say why, legal_commands and check
agree with apply, undo goes back to the start of the turn only, same seed and commands give the
same game, and a game survives JSON."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from harmonies.ai.random_player import RandomPlayer
from harmonies.ai.random_turn import play_random_turn
from harmonies.rules import (
    COLOURS, ChooseSpirit, Colour, Command, EndTurn, Game, GameSetup, PlaceCube, PlaceToken, SoloSwap, TakeCard,
    REFUSALS, Rejected, TakeTokens, Undo, Undone, command_from_json, command_to_json,
)
from test_support import new_game, ref_animal_ids, ref_spirit_ids, refusal_code, snapshot
from test_support import accepted, face_up, refused
from test_turns import compact_cell, place_all, play_turn

ALL_IDS = [*ref_animal_ids(), *ref_spirit_ids()]


def candidates(game: Game, rng: random.Random) -> list[Command]:
    """A broad set of commands, legal and not, for the current state."""
    cells = list(game.shape.cells) + [(9, 9), (-1, -1)]
    cmds: list[Command] = [TakeTokens(i) for i in range(-1, 7)]
    cmds += [PlaceToken(c, cell) for c in COLOURS for cell in cells]
    cmds += [TakeCard(i) for i in ALL_IDS + ["nonsense"]]
    view = game.player(game.current)
    owed = [h.card_id for h in view.cards] + ([view.spirit] if view.spirit else [])
    owed += rng.sample(ALL_IDS, 3)
    cmds += [PlaceCube(cid, cell) for cid in owed for cell in cells]
    cmds += [SoloSwap(i) for i in ALL_IDS]
    cmds += [ChooseSpirit(s) for s in ref_spirit_ids()]
    cmds += [EndTurn()]
    return cmds


def check_every_candidate(game: Game, rng: random.Random) -> int:
    legal = game.legal_commands()
    assert Undo() not in legal
    for cmd in legal:
        assert game.check(cmd) is None, cmd
    legal_set = set(legal)
    before = snapshot(game)
    rejected = 0
    for cmd in candidates(game, rng):
        refusal = game.check(cmd)
        assert (refusal is None) == (cmd in legal_set), (cmd, refusal)
        if refusal is None:
            trial = game.clone()
            assert trial.apply(cmd).ok, cmd
            continue
        assert isinstance(refusal, Rejected) and set(refusal.params) == set(REFUSALS[refusal.code]), cmd
        result = game.apply(cmd)
        assert result == refusal, cmd
        rejected += 1
        if rejected % 25 == 0:  # a full comparison now and then, a cheap one always
            assert snapshot(game) == before, cmd
        else:
            assert game.to_json() == before["json"] and game.player(game.current) == before["players"][game.current]
    assert snapshot(game) == before
    return rejected


def random_step(game: Game, rng: random.Random) -> None:
    """One random legal command, with end of turn made likely once allowed."""
    legal = game.legal_commands()
    cmd: Command
    if EndTurn() in legal and rng.random() < 0.5:
        cmd = EndTurn()
    else:
        cmd = rng.choice(legal)
    assert game.apply(cmd).ok


@pytest.mark.parametrize(
    "players, side, spirits, seed",
    [(1, "A", True, 1), (2, "B", False, 2), (3, "A", True, 3), (4, "B", True, 4), (1, "B", False, 5)],
)
@pytest.mark.slow
def test_check_legal_commands_and_apply_agree_and_rejections_change_nothing(
        players: int, side: str, spirits: bool, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(players=players, side=side, spirits=spirits, seed=seed)
    # Hold some cards early so that cube commands are exercised.
    states = 0
    steps = 0
    while not game.over and steps < 400:
        if steps % 9 == 0:
            check_every_candidate(game, rng)
            states += 1
        random_step(game, rng)
        steps += 1
    check_every_candidate(game, rng)
    assert states >= 5


def test_a_command_of_the_wrong_kind_is_refused() -> None:
    game = new_game()
    before = snapshot(game)
    result = game.apply("take tokens")  # type: ignore[arg-type]
    assert refusal_code(result) == "command.unknown" and refused(result).params == {"command": "'take tokens'"}
    assert game.check(42) == Rejected("command.unknown", {"command": "42"})  # type: ignore[arg-type]
    assert snapshot(game) == before


# --------------------------------------------------------------------------- undo


def test_undo_walks_back_to_the_start_of_the_turn_and_no_further() -> None:
    game = new_game(players=2, seed=13)
    assert game.apply(TakeTokens(0)).ok
    place_all(game)
    assert game.apply(EndTurn()).ok
    start = snapshot(game)
    refused = game.apply(Undo())
    assert refusal_code(refused) == "undo.nothing" and snapshot(game) == start
    steps: list[Command] = [TakeCard(face_up(game.display[2])), TakeTokens(4)]
    saved = [start]
    for cmd in steps:
        assert game.apply(cmd).ok
        saved.append(snapshot(game))
    for colour in list(game.hand):
        assert game.apply(PlaceToken(colour, compact_cell(game, colour))).ok
        steps.append(game.history[-1])
        saved.append(snapshot(game))
    for n in range(len(steps), 0, -1):
        result = game.apply(Undo())
        assert result.ok and accepted(result).events == (Undone(1, steps[n - 1]),)
        assert snapshot(game) == saved[n - 1]
    refused = game.apply(Undo())
    assert not refused.ok and snapshot(game) == start
    # Playing the same commands again gives the same state.
    for cmd, expected in zip(steps, saved[1:]):
        assert game.apply(cmd).ok
        assert snapshot(game) == expected


def test_undo_restores_the_spirit_choice_but_never_a_solo_swap() -> None:
    game = new_game(players=1, spirits=True, seed=2)
    start = snapshot(game)
    choice = game.spirit_choices[0]
    assert game.apply(ChooseSpirit(choice)).ok
    assert game.apply(Undo()).ok
    assert snapshot(game) == start
    assert game.apply(ChooseSpirit(choice)).ok
    assert game.apply(TakeTokens(1)).ok
    place_all(game)
    assert game.apply(SoloSwap(face_up(game.display[0]))).ok
    after_swap = snapshot(game)
    # The swap showed the pile's top card: it cannot be put back and swapped or taken again.
    refused = game.apply(Undo())
    assert refusal_code(refused) == "undo.swap_final"
    assert snapshot(game) == after_swap


@pytest.mark.parametrize("players, spirits, seed", [(1, True, 3), (2, True, 6), (4, False, 5)])
def test_undo_after_any_command_restores_the_state_before_it(players: int, spirits: bool, seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(players=players, spirits=spirits, seed=seed)
    undone: set[type] = set()
    while not game.over:
        legal = game.legal_commands()
        cubes = [c for c in legal if isinstance(c, PlaceCube)]
        cards = [c for c in legal if isinstance(c, TakeCard)]
        cmd: Command
        if cubes:
            cmd = rng.choice(cubes)
        elif cards and rng.random() < 0.5:
            cmd = rng.choice(cards)
        elif EndTurn() in legal and rng.random() < 0.5:
            cmd = EndTurn()
        else:
            cmd = rng.choice(legal)
        before = snapshot(game)
        assert game.apply(cmd).ok
        after = snapshot(game)
        result = game.apply(Undo())
        if isinstance(cmd, (EndTurn, SoloSwap)):  # both draw: what they showed stays seen
            assert not result.ok and snapshot(game) == after
            continue
        assert result.ok and snapshot(game) == before, cmd
        undone.add(type(cmd))
        assert game.apply(cmd).ok
        assert snapshot(game) == after
    assert {TakeTokens, PlaceToken, TakeCard} <= undone
    if players > 1:  # these seeds reach cube placements; the solo one does not
        assert PlaceCube in undone


def test_undo_is_refused_once_the_turn_has_ended_for_every_seat() -> None:
    game = new_game(players=3, seed=5)
    for _ in range(3):
        play_turn(game)
        refused = game.apply(Undo())
        assert refusal_code(refused) == "undo.nothing"


# --------------------------------------------------------------------------- same seed, same game


def _random_game(setup: GameSetup, player_seed: int) -> Game:
    game = Game.new(setup)
    players = [RandomPlayer(seed=player_seed + s) for s in range(setup.players)]
    for _ in range(300):
        if game.over:
            break
        play_random_turn(game, players[game.current].rng, players[game.current].take_cards)
    assert game.over
    return game


@pytest.mark.parametrize("players, side, spirits", [(1, "A", True), (2, "B", False), (4, "A", True)])
def test_same_seed_and_commands_give_the_same_game(players: int, side: str, spirits: bool) -> None:
    setup = GameSetup(players=players, side=side, spirits=spirits, seed=77)
    first = _random_game(setup, 5)
    random.seed(12345)            # the engine must not use the global random generator
    random.random()
    again = Game.new(setup)
    for cmd in first.history:
        assert again.apply(cmd).ok
    assert snapshot(again) == snapshot(first)
    assert again.outcome == first.outcome
    assert snapshot(Game.replay(setup, first.history)) == snapshot(first)


def test_a_new_game_depends_only_on_its_setup() -> None:
    for seed in (0, 1, 99):
        setup = GameSetup(players=3, spirits=True, seed=seed)
        random.seed(seed + 1)
        a = Game.new(setup)
        random.seed(seed + 2)
        b = Game.new(setup)
        assert snapshot(a) == snapshot(b)
        assert [a.player(i).spirit_choices for i in range(3)] == [b.player(i).spirit_choices for i in range(3)]
    deals = {(Game.new(GameSetup(players=2, seed=s)).central, Game.new(GameSetup(players=2, seed=s)).display)
             for s in range(20)}
    assert len(deals) == 20


def test_clone_is_independent() -> None:
    game = new_game(players=2, seed=8)
    before = snapshot(game)
    copy = game.clone()
    play_turn(copy)
    play_turn(copy)
    assert snapshot(game) == before
    assert snapshot(game.clone()) == before


@pytest.mark.parametrize("players, side", [(1, "B"), (3, "A")])
def test_a_pickled_game_plays_on_exactly_like_the_original(players: int, side: str) -> None:
    # The hard player's helper process receives games this way.
    game = new_game(players=players, side=side, seed=12)
    play_turn(game)
    copy = pickle.loads(pickle.dumps(game))
    assert snapshot(copy) == snapshot(game)
    assert len(pickle.dumps(game)) < 20000  # the derived habitat tables stay behind
    for g in (game, copy):
        play_random_turn(g, RandomPlayer(5).rng, True)
        play_random_turn(g, RandomPlayer(6).rng, True)
    assert snapshot(copy) == snapshot(game)
    assert copy.history == game.history


# --------------------------------------------------------------------------- JSON


def test_commands_round_trip_through_json() -> None:
    cmds: list[Command] = [ChooseSpirit("lion"), TakeTokens(3), PlaceToken(Colour.GRAY, (2, -1)), TakeCard("fennec_fox"),
            PlaceCube("fennec_fox", (4, -2)), SoloSwap("bee"), EndTurn(), Undo()]
    for cmd in cmds:
        data = command_to_json(cmd)
        assert json.loads(json.dumps(data)) == data
        assert command_from_json(json.loads(json.dumps(data))) == cmd
    assert command_to_json(PlaceToken(Colour.GRAY, (2, -1))) == {"do": "place_token", "colour": "gray",
                                                                 "cell": [2, -1]}


@pytest.mark.parametrize(
    "bad",
    [None, [], {}, {"do": "fly"}, {"do": "take_tokens"}, {"do": "take_tokens", "space": "1"},
     {"do": "take_tokens", "space": 1, "extra": 2}, {"do": "place_token", "colour": "pink", "cell": [0, 0]},
     {"do": "place_token", "colour": "gray", "cell": [0]}, {"do": "place_token", "colour": "gray", "cell": "0,0"},
     {"do": "take_card", "card_id": 3}],
)
def test_malformed_command_json_is_a_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        command_from_json(bad)


@pytest.mark.parametrize("players, side, spirits", [(1, "B", True), (3, "A", False)])
def test_a_game_round_trips_through_json_mid_turn_and_at_the_end(players: int, side: str, spirits: bool) -> None:
    setup = GameSetup(players=players, side=side, spirits=spirits, seed=31)
    game = Game.new(setup)
    play_turn(game)
    if game.spirit_choices:
        game.apply(ChooseSpirit(game.spirit_choices[1]))
    game.apply(TakeTokens(0))
    game.apply(PlaceToken(game.hand[0], compact_cell(game, game.hand[0])))
    text = json.dumps(game.to_json())
    loaded = Game.from_json(json.loads(text))
    assert snapshot(loaded) == snapshot(game)
    assert loaded.setup == setup
    # Undo still works inside the loaded turn, as it would have in the original.
    assert loaded.apply(Undo()).ok and game.apply(Undo()).ok
    assert snapshot(loaded) == snapshot(game)
    finished = _random_game(setup, 3)
    again = Game.from_json(json.loads(json.dumps(finished.to_json())))
    assert snapshot(again) == snapshot(finished) and again.over and again.outcome == finished.outcome


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: [],
        lambda d: {k: v for k, v in d.items() if k != "format"},
        lambda d: {**d, "format": d["format"] + 1},
        lambda d: {**d, "setup": "two players"},
        lambda d: {**d, "setup": {k: v for k, v in d["setup"].items() if k != "seed"}},
        lambda d: {**d, "setup": {**d["setup"], "players": 5}},
        lambda d: {**d, "setup": {**d["setup"], "side": "C"}},
        lambda d: {**d, "commands": "none"},
        lambda d: {**d, "commands": [{"do": "jump"}]},
        lambda d: {**d, "commands": [{"do": "end_turn"}]},            # illegal: no tokens taken
        lambda d: {**d, "commands": d["commands"] + [{"do": "take_tokens", "space": 0}] * 2},
    ],
)
def test_a_broken_saved_game_is_a_value_error(mutate) -> None:  # type: ignore[no-untyped-def]
    game = new_game(players=2, seed=4)
    play_turn(game)
    data = json.loads(json.dumps(game.to_json()))
    assert isinstance(data["format"], int)
    with pytest.raises(ValueError):
        Game.from_json(mutate(data))


def test_the_same_game_in_processes_with_different_string_hashing() -> None:
    # Set and dict order of strings changes with PYTHONHASHSEED; a game must not.
    import os
    import subprocess
    import sys
    from pathlib import Path
    script = (
        "import json\n"
        "from harmonies.ai.random_player import RandomPlayer\n"
        "from harmonies.ai.random_turn import play_random_turn\n"
        "from harmonies.rules import Game, GameSetup\n"
        "g = Game.new(GameSetup(players=3, side='B', spirits=True, seed=5))\n"
        "ps = [RandomPlayer(seed=s) for s in range(3)]\n"
        "while not g.over:\n"
        "    play_random_turn(g, ps[g.current].rng, ps[g.current].take_cards)\n"
        "print(json.dumps([g.to_json(), g.outcome.to_json()]))\n"
    )
    root = Path(__file__).resolve().parents[2]
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=root,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1
