"""The unchecked path for listed commands (``Game.play_listed``) plays exactly as ``apply`` does,
the quick queries agree with the full checks, and cell bit sets read back as the right cells."""

from __future__ import annotations

import random

import pytest

from harmonies.ai.random_player import RandomPlayer
from harmonies.ai.random_turn import play_random_turn
from harmonies.rules import COLOURS, EndTurn, Game, PlaceCube, PlaceToken, TakeCard, board_shape
from harmonies.rules.cellbits import CellBits, cell_bits
from test_support import new_game, snapshot


def _walk(game: Game, rng: random.Random, every: int, visit) -> int:  # type: ignore[no-untyped-def]
    """Play random legal commands to the end, calling ``visit(game)`` every ``every`` steps."""
    steps = visited = 0
    while not game.over:
        if steps % every == 0:
            visit(game)
            visited += 1
        legal = game.legal_commands()
        cmd = EndTurn() if EndTurn() in legal and rng.random() < 0.5 else rng.choice(legal)
        assert game.apply(cmd).ok
        steps += 1
    return visited


def _same_as_apply(game: Game) -> None:
    for cmd in game.legal_commands():
        checked, unchecked = game.clone(), game.clone()
        result = checked.apply(cmd)
        assert result.ok, cmd
        assert unchecked.play_listed(cmd) == result.events, cmd  # type: ignore[union-attr]
        assert snapshot(unchecked) == snapshot(checked), cmd
        # Both copies go on to the same game: their next lists agree too.
        assert unchecked.legal_commands() == checked.legal_commands(), cmd


@pytest.mark.parametrize(
    "players, side, spirits, seed",
    [(1, "A", False, 3), (1, "B", True, 4), (2, "A", True, 5), (4, "B", False, 6)],
)
def test_every_listed_command_plays_unchecked_as_it_does_checked(
        players: int, side: str, spirits: bool, seed: int) -> None:
    game = new_game(players=players, side=side, spirits=spirits, seed=seed)
    assert _walk(game, random.Random(seed), 5, _same_as_apply) >= 5


def test_the_token_and_cube_lists_are_the_legal_placements() -> None:
    """What token_moves (token_cells as commands) and cube_options offer is exactly what
    legal_commands lists (and so what a player may send through play_listed)."""
    def agree(game: Game) -> None:
        legal = set(game.legal_commands())
        for colour in COLOURS:
            assert game.token_moves(colour) == [PlaceToken(colour, cell) for cell in game.token_cells(colour)]
        offered: set[PlaceToken | PlaceCube] = {move for c in set(game.hand) for move in game.token_moves(c)}
        offered |= {PlaceCube(cid, cell) for cid, cells in game.cube_options().items() for cell in cells}
        assert offered == {c for c in legal if isinstance(c, (PlaceToken, PlaceCube))}

    for seed in range(4):
        game = new_game(players=1 + seed % 3, side="AB"[seed % 2], spirits=seed % 2 == 1, seed=seed)
        _walk(game, random.Random(seed), 1, agree)


def test_can_take_card_agrees_with_the_check_of_taking_one() -> None:
    def agree(game: Game) -> None:
        for cid in game.display:
            if cid is not None:
                assert game.can_take_card() == (game.check(TakeCard(cid)) is None)

    for seed in range(3):
        _walk(new_game(players=1 + seed, seed=seed), random.Random(seed), 1, agree)


def test_a_random_players_game_is_the_same_whether_its_commands_are_checked_or_not() -> None:
    """The random player plays through play_listed; replaying its log through apply accepts every
    command and ends in the same place."""
    for seed in range(6):
        game = new_game(players=1 + seed % 4, side="AB"[seed % 2], spirits=seed % 3 == 0, seed=seed)
        players = [RandomPlayer(seed * 8 + s) for s in range(game.setup.players)]
        while not game.over:
            play_random_turn(game, players[game.current].rng, players[game.current].take_cards)
        again = Game.replay(game.setup, game.history)
        assert snapshot(again) == snapshot(game)
        assert again.outcome == game.outcome


@pytest.mark.parametrize("side", ["A", "B"])
def test_cell_bit_sets_read_back_as_their_cells_in_board_order(side: str) -> None:
    cells = board_shape(side).cells
    reader = cell_bits(side)
    rng = random.Random(side)
    sets = [0, (1 << len(cells)) - 1, *(1 << i for i in range(len(cells))),
            *(rng.getrandbits(len(cells)) for _ in range(300))]
    for bits in sets:
        assert reader.cells(bits) == [c for i, c in enumerate(cells) if bits >> i & 1]


def test_a_board_of_more_than_32_cells_is_read_too() -> None:
    cells = [(q, 0) for q in range(41)]
    reader = CellBits(cells)
    rng = random.Random(41)
    for bits in [(1 << 41) - 1, 1 << 40, *(rng.getrandbits(41) for _ in range(200))]:
        assert reader.cells(bits) == [c for i, c in enumerate(cells) if bits >> i & 1]
