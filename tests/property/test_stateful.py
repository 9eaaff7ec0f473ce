"""Random command sequences, legal and illegal, undo included, sent into the rules by a hypothesis state machine.

After every command: no exception escaped; a rejected command changed nothing (and ``check`` gave the
same verdict beforehand); an undo restored exactly the state before the undone command; and the
invariants hold: 120 tokens accounted for, every animal card's cubes and every card conserved, each
board's score equal to scoring it afresh from the public view, the cube options equal to matching the
habitats afresh, and save -> load (through JSON and the saves package) giving the same game.

A failure prints the setup and the command sequence; paste them into a test to reproduce.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from harmonies.persist import document
from harmonies.rules import (
    ChooseSpirit, Colour, Command, EndTurn, Game, GameSetup, PlaceCube, PlaceToken, SoloSwap, TakeCard,
    REFUSALS, TakeTokens, Undo, board_shape, default_cards,
)
from harmonies.rules.boardfile import parse_board
from harmonies.rules.habitats import habitat_tables
from harmonies.rules.habitats import matching_cells
from harmonies.rules.tables import stack_table

TOKENS = 120
CARDS = default_cards()
ANIMALS = {a.id: a for a in CARDS.animals}

# Values a command may carry: real ones, near misses, and junk of the wrong type.
ids: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from([*CARDS.ids, "", "nobody", "LION"]),
    st.sampled_from([None, 5, ["lion"], ("lion",)]),  # an empty display slot is None; junk of other types
)
real_cells = st.sampled_from(sorted(set(board_shape("A").cells) | set(board_shape("B").cells)))
junk_cells: st.SearchStrategy[Any] = st.one_of(
    st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
    st.sampled_from([None, (1,), (1, 2, 3), "0,0", (0.0, 0.0), [0, 0], ([0], 0), ((), ())]),
)
cells = st.one_of(real_cells, real_cells, junk_cells)
colours: st.SearchStrategy[Any] = st.one_of(st.sampled_from(list(Colour)), st.sampled_from([-1, 6, 99, "blue", None]))
spaces: st.SearchStrategy[Any] = st.one_of(st.integers(-2, 6), st.sampled_from([None, "0", 1.0, True]))
commands: st.SearchStrategy[Any] = st.one_of(
    st.builds(ChooseSpirit, ids),
    st.builds(TakeTokens, spaces),
    st.builds(PlaceToken, colours, cells),
    st.builds(TakeCard, ids),
    st.builds(PlaceCube, ids, cells),
    st.builds(SoloSwap, ids),
    st.just(EndTurn()),
    st.just(Undo()),
    st.sampled_from([None, "end_turn", EndTurn, {"do": "end_turn"}, 42]),  # not commands at all
)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a player or the app can see of a game."""
    n = game.setup.players
    return (
        game.to_json(), [game.player(i) for i in range(n)], game.central, game.hand, game.display,
        game.deck_size, game.pouch_size, game.discarded_tokens, game.current, game.round, game.over,
        game.end_triggered, game.taken_tokens_this_turn, game.took_card_this_turn, game.turn_commands,
        game.spirit_choices, game.outcome,
    )


def board_file(game: Game, seat: int) -> dict[str, Any]:
    """A player's board as a board file, built from the public view only."""
    view = game.player(seat)
    doc: dict[str, Any] = {
        "side": game.setup.side,
        "cells": [[q, r, [c.label for c in stack]] for (q, r), stack in view.stacks.items()],
        "cubes": [[q, r] for (q, r) in view.cubes],
        "cards": [{"id": h.card_id, "cubes_placed": h.cubes_placed} for h in (*view.cards, *view.completed)],
    }
    if view.spirit is not None:
        doc["spirit"] = {"id": view.spirit, "placed": view.spirit_placed}
    return doc


def fresh_cube_options(game: Game) -> dict[str, list[Any]]:
    """Where each owed cube may go, matched from scratch on the board rebuilt from the view."""
    board = parse_board(board_file(game, game.current), Path("<view>"), game.cards)
    where = [0] * len(stack_table().stacks)
    for i, s in enumerate(board.stacks):
        where[s] |= 1 << i
    cube_bits = sum(1 << i for i in board.cubes)
    tables = habitat_tables(game.cards, game.setup.side)
    owed = [c.id for c, n in board.cards if n < c.cubes]
    if board.spirit is not None and not board.spirit_placed:
        owed.append(board.spirit.id)
    out = {}
    for cid in owed:
        found = matching_cells(tables[cid], board.stacks, where, cube_bits)
        if found:
            out[cid] = sorted(board.shape.cells[i] for i in found)
    return out


class RulesMachine(RuleBasedStateMachine):
    game: Game

    @initialize(players=st.sampled_from([1, 1, 2, 3, 4]), side=st.sampled_from("AB"), spirits=st.booleans(),
                seed=st.integers(0, 2**63 - 1))
    def start(self, players: int, side: str, spirits: bool, seed: int) -> None:
        self.game = Game.new(GameSetup(players, side, spirits, seed))
        self.before_each: list[tuple[Any, ...]] = []  # snapshots before each command Undo may take back
        self.unseen = self.game.pouch_size + self.game.deck_size

    def send(self, cmd: Any, must_pass: bool = False) -> None:
        game = self.game
        before = snapshot(game)
        verdict = game.check(cmd)
        result = game.apply(cmd)  # an exception here is a rules bug: hypothesis shows the sequence
        event(f"{type(cmd).__name__} {'accepted' if result.ok else 'rejected'}")
        if not result.ok:
            assert not must_pass, f"legal_commands offered {cmd!r}, apply refused: {result}"
            assert snapshot(game) == before, f"rejected {cmd!r} changed the game"
            assert verdict == result, (verdict, result)
            assert set(result.params) == set(REFUSALS[result.code]), result
            return
        assert verdict is None, f"check refused {cmd!r} ({verdict}) but apply accepted it"
        if type(cmd) is Undo:
            assert self.before_each, "undo accepted with nothing to undo this turn"
            assert snapshot(game) == self.before_each.pop(), "undo did not restore the state before"
        elif type(cmd) in (EndTurn, SoloSwap):  # both draw: Undo stops there
            self.before_each = []
        else:
            self.before_each.append(before)

    @precondition(lambda self: not self.game.over)
    @rule(pick=st.integers(0, 10**6), prefer=st.sampled_from([None, None, PlaceCube, TakeCard, SoloSwap, EndTurn]))
    def legal(self, pick: int, prefer: type | None) -> None:
        """One legal command, of the preferred kind when there is one (cubes and cards are rarer)."""
        options = self.game.legal_commands()
        assert options, "a game not over offers no legal command"
        preferred = [c for c in options if type(c) is prefer]
        options = preferred or options
        self.send(options[pick % len(options)], must_pass=True)

    @precondition(lambda self: not self.game.over)
    @rule(steps=st.integers(1, 30), salt=st.integers(0, 2**16))
    def fast_forward(self, steps: int, salt: int) -> None:
        """Many legal commands at once, to reach late game states within a short run."""
        rng = random.Random(salt)
        for _ in range(steps):
            if self.game.over:
                break
            cmd = rng.choice(self.game.legal_commands())
            before = snapshot(self.game) if type(cmd) not in (EndTurn, SoloSwap) else None
            result = self.game.apply(cmd)
            assert result.ok, (cmd, result)
            if before is None:
                self.before_each = []
            else:
                self.before_each.append(before)

    @rule(cmd=commands)
    def anything(self, cmd: Command) -> None:
        self.send(cmd)

    @rule()
    def undo(self) -> None:
        self.send(Undo())

    # ------------------------------------------------------------------ invariants
    @invariant()
    def nothing_drawn_goes_back(self) -> None:
        """Tokens and cards drawn are seen: no Undo puts one back into the pouch or the pile."""
        unseen = self.game.pouch_size + self.game.deck_size
        assert unseen <= self.unseen, "an undo put a drawn token or card back"
        self.unseen = unseen

    @invariant()
    def tokens_accounted_for(self) -> None:
        assert self.game.token_count() == TOKENS

    @invariant()
    def cubes_and_cards_conserved(self) -> None:
        game = self.game
        held = []
        for seat in range(game.setup.players):
            view = game.player(seat)
            on_board = Counter(view.cubes.values())
            for h in view.cards:
                assert 0 <= h.cubes_placed < h.cubes_total == ANIMALS[h.card_id].cubes
                assert on_board.pop(h.card_id, 0) == h.cubes_placed
            for h in view.completed:
                assert h.cubes_placed == h.cubes_total == ANIMALS[h.card_id].cubes
                assert on_board.pop(h.card_id, 0) == h.cubes_total
            if view.spirit is not None:
                assert on_board.pop(view.spirit, 0) == (1 if view.spirit_placed else 0)
            assert not on_board, f"cubes of cards nobody holds: {dict(on_board)}"
            assert view.animal_cubes_placed == sum(h.cubes_placed for h in (*view.cards, *view.completed))
            assert len(view.cards) + (view.spirit is not None and not view.spirit_placed) <= 4
            held += [h.card_id for h in (*view.cards, *view.completed)]
        shown = [c for c in game.display if c is not None]
        swapped = sum(type(c) is SoloSwap for c in game.history)
        all_cards = held + shown
        assert len(all_cards) == len(set(all_cards)), "a card is in two places"
        assert len(all_cards) + game.deck_size + swapped == len(ANIMALS)

    @invariant()
    def scores_equal_fresh_scoring(self) -> None:
        game = self.game
        for seat in range(game.setup.players):
            fresh = parse_board(board_file(game, seat), Path("<view>"), game.cards).score()
            assert game.score(seat) == fresh
        if game.outcome is not None:
            assert game.outcome.scores == tuple(game.score(i) for i in range(game.setup.players))

    @invariant()
    def cube_options_equal_fresh_matching(self) -> None:
        game = self.game
        if game.over or game.spirit_choices:
            assert game.cube_options() == {}
            return
        mine = {cid: sorted(cells) for cid, cells in game.cube_options().items()}
        assert mine == fresh_cube_options(game)

    @invariant()
    def save_and_load_give_the_same_game(self) -> None:
        game = self.game
        text = document.dumps(document.encode(game, {"seats": []}))
        loaded, meta, kind = document.decode(document.parse_json(text.encode("utf-8")), game.cards)
        assert kind == "save" and meta["seats"] == []
        assert snapshot(loaded) == snapshot(game)
        assert loaded.legal_commands() == game.legal_commands()
        plain = Game.from_json(json.loads(json.dumps(game.to_json())), game.cards)
        assert plain.to_json() == game.to_json()

    def teardown(self) -> None:
        if hasattr(self, "game"):
            event("game over" if self.game.over else f"stopped in round {min(self.game.round, 5)}+")
            # the same game rebuilt command by command (undo folded away) reaches the same state
            rebuilt = Game.replay(self.game.setup, self.game.history, self.game.cards)
            assert snapshot(rebuilt) == snapshot(self.game)


RulesMachine.TestCase.settings = settings(
    max_examples=120,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestRules = pytest.mark.slow(RulesMachine.TestCase)
