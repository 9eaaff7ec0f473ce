"""Property tests over whole random games (issue 2): with the built-in random player and with
uniform choices among ``legal_commands``, on every player count, side and spirit setting.

After every command: 120 tokens in all; cubes on the boards match the cubes taken off the cards
(plus placed spirits); boards hold only legal stacks; at most 4 unfinished cards; and (legal-command
games) the cells offered for each owed cube equal a naive match of the board. Every game ends,
with everyone having played the same number of turns. At the end: replaying the command log
rebuilds the same game, and the final scores equal a fresh scoring of the final boards, both by the
engine's ``score_board`` and by the naive scorer of tests/rules/test_support.py.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
import pytest
from hypothesis import strategies as st

from harmonies.ai.random_player import RandomPlayer
from harmonies.ai.random_turn import play_random_turn
from harmonies.rules import (
    COLOURS, REFUSALS, Command, EndTurn, Game, GameSetup, PlaceToken, SoloSwap, TakeCard, TakeTokens, Undo, score_board,
)
from harmonies.rules.outcome import decide
from harmonies.rules.tables import stack_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from test_support import ref_habitat_cells, ref_score  # noqa: E402  (the naive reading lives with the rules tests)

MAX_COMMANDS = 5000
LEGAL_STACKS = set(stack_table().stacks) - {()}

setups = st.builds(
    GameSetup,
    players=st.integers(1, 4),
    side=st.sampled_from(["A", "B"]),
    spirits=st.booleans(),
    seed=st.integers(0, 2**63 - 1),  # the whole range a new game draws from
)


class Strict:
    """The game as the random player sees it, except that a refused command fails the test.

    The random player only sends commands it has checked or the engine listed (those through
    ``play_listed``, which is checked here too), so a refusal means the engine's queries and its
    checks disagree; failing at once also keeps such a bug from looping the player forever.
    """

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, cmd: Any) -> Any:
        result = self._game.apply(cmd)
        assert result.ok, (cmd, result)
        return result

    def play_listed(self, cmd: Any) -> Any:
        # The unchecked path is for commands the engine listed: each one must pass the full check.
        assert self._game.check(cmd) is None, (cmd, self._game.check(cmd))
        return self._game.play_listed(cmd)


def observable(game: Game) -> dict[str, Any]:
    return {
        "json": game.to_json(),
        "players": [game.player(i) for i in range(game.setup.players)],
        "central": game.central, "hand": game.hand, "display": game.display,
        "pouch": game.pouch_size, "deck": game.deck_size, "discarded": game.discarded_tokens,
        "current": game.current, "round": game.round, "over": game.over, "outcome": game.outcome,
    }


def check_invariants(game: Game) -> None:
    # Tokens: the engine's own count and one made from what anybody can see.
    assert game.token_count() == 120
    on_boards = sum(len(s) for i in range(game.setup.players) for s in game.player(i).stacks.values())
    seen = game.pouch_size + sum(map(len, game.central)) + len(game.hand) + on_boards + game.discarded_tokens
    assert seen == 120
    ids: list[str] = [c for c in game.display if c is not None]
    for seat in range(game.setup.players):
        view = game.player(seat)
        assert set(view.stacks.values()) <= LEGAL_STACKS
        assert view.empty_cells == game.shape.size - len(view.stacks)
        # Cubes: every cube on the board came off a card the player holds, one for one.
        on_board = Counter(view.cubes.values())
        for held in (*view.cards, *view.completed):
            assert on_board.pop(held.card_id, 0) == held.cubes_placed
            assert 0 <= held.cubes_placed <= held.cubes_total
        for held in view.cards:
            assert held.cubes_placed < held.cubes_total
        for held in view.completed:
            assert held.cubes_placed == held.cubes_total
        if view.spirit_placed:
            assert view.spirit is not None and on_board.pop(view.spirit) == 1
        assert not on_board, on_board
        assert len(view.cubes) == view.animal_cubes_placed + view.spirit_placed
        assert all(cell in view.stacks for cell in view.cubes)   # a cube always sits on a token
        unfinished = len(view.cards) + (view.spirit is not None and not view.spirit_placed)
        assert unfinished <= 4
        ids += [h.card_id for h in (*view.cards, *view.completed)]
    assert len(ids) == len(set(ids))  # no animal card is in two places


def check_cube_cells(game: Game) -> None:
    """The engine keeps habitat matches between commands; they must equal a fresh naive match."""
    view = game.player(game.current)
    for card_id in game.cubes_owed():
        expected = ref_habitat_cells(game.setup.side, card_id, view.stacks, view.cubes)
        assert set(game.cube_cells(card_id)) == expected, card_id


def check_rejections_change_nothing(game: Game, rng: random.Random) -> None:
    """A few commands that are illegal here by construction: each is refused, with a reason, and
    leaves everything observable as it was."""
    hidden = [c for c in ("frog", "bee", "lion", "nonsense") if c not in game.display]
    tries: list[Any] = [TakeCard(rng.choice(hidden)), PlaceToken(rng.choice(COLOURS), (8, 8))]
    # Taking tokens twice, or ending a turn before taking any, is never legal.
    tries.append(TakeTokens(0) if game.taken_tokens_this_turn else EndTurn())
    cubes = sorted(game.player(game.current).cubes)
    if cubes and game.hand:
        tries.append(PlaceToken(rng.choice(game.hand), rng.choice(cubes)))   # never on a cube
    before = observable(game)
    for cmd in tries:
        result = game.apply(cmd)
        assert not result.ok, cmd
        assert result.code in REFUSALS, result  # type: ignore[union-attr]
        assert observable(game) == before


def check_final(game: Game, turns_by_seat: Counter[int]) -> None:
    assert game.over and game.outcome is not None
    assert game.legal_commands() == []
    n = game.setup.players
    assert len({turns_by_seat[s] for s in range(n)}) == 1, turns_by_seat
    # Replay rebuilds the same game.
    again = Game.replay(game.setup, game.history)
    assert observable(again) == observable(game)
    # Final scores equal a fresh scoring of the final boards.
    ids = stack_table().ids
    for seat in range(n):
        view = game.player(seat)
        stacks = [ids[view.stacks.get(c, ())] for c in game.shape.cells]
        cards = [(game.cards.animal(h.card_id), h.cubes_placed) for h in (*view.cards, *view.completed)]
        spirit = game.cards.spirit(view.spirit) if view.spirit else None
        fresh = score_board(game.shape, stacks, cards, spirit, view.spirit_placed)
        assert game.outcome.scores[seat] == fresh
        naive = ref_score(game.setup.side, view.stacks, [(c.id, k) for c, k in cards], view.spirit,
                          view.spirit_placed)
        assert naive["total"] == fresh.total and naive["water"] == fresh.water
    assert (game.outcome.winners, game.outcome.tiebreak) == decide(game.outcome.scores, game.outcome.animal_cubes)
    assert game.outcome.animal_cubes == tuple(game.player(i).animal_cubes_placed for i in range(n))
    assert (game.outcome.suns is not None) == game.setup.solo


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups, player_seed=st.integers(0, 2**31 - 1), take_cards=st.booleans())
def test_random_player_games(setup: GameSetup, player_seed: int, take_cards: bool) -> None:
    game = Game.new(setup)
    players = [RandomPlayer(seed=player_seed + s, take_cards=take_cards) for s in range(setup.players)]
    rng = random.Random(player_seed)
    turns: Counter[int] = Counter()
    check_invariants(game)
    for _ in range(200):
        if game.over:
            break
        seat = game.current
        play_random_turn(Strict(game), players[seat].rng, players[seat].take_cards)
        turns[seat] += 1
        check_invariants(game)
        if not game.over:
            check_rejections_change_nothing(game, rng)
    check_final(game, turns)


@pytest.mark.slow
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups, choice_seed=st.integers(0, 2**31 - 1))
def test_games_of_random_legal_commands(setup: GameSetup, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    game = Game.new(setup)
    turns: Counter[int] = Counter()
    for _ in range(MAX_COMMANDS):
        if game.over:
            break
        legal = game.legal_commands()
        assert legal, "a game that is not over always has a legal command"
        cmd: Command
        if EndTurn() in legal and rng.random() < 0.4:
            cmd = EndTurn()
        else:
            cmd = rng.choice(legal)
        seat = game.current
        before = observable(game) if rng.random() < 0.03 else None
        result = game.apply(cmd)
        assert result.ok, (cmd, result)
        if isinstance(cmd, EndTurn):
            turns[seat] += 1
        elif before is not None and not isinstance(cmd, SoloSwap):  # a swap's draw cannot be undone
            # Now and then, take it back and do it again.
            assert game.apply(Undo()).ok
            assert observable(game) == before
            assert game.apply(cmd).ok
        check_invariants(game)
        if not game.over and not game.spirit_choices:
            check_cube_cells(game)
            if rng.random() < 0.1:
                check_rejections_change_nothing(game, rng)
    else:
        raise AssertionError("the game did not end")
    check_final(game, turns)
