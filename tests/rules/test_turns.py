"""Turn structure (components.md §6, §9-11, §13 Q8, Q12-Q13): what a player may do, in which order,
how a turn ends, how the game ends, and who wins. Real seeded games; the draw is rigged only where
a test needs particular colours or cards."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

import pytest

from harmonies.rules import (
    COLOURS, CardTaken, ChooseSpirit, Colour, Command, Event, Game, DisplayRefilled, EndTriggered, EndTurn, GameEnded, PlaceCube, PlaceToken,
    ScoreSheet, SoloSwap, SoloSwapped, SpaceRefilled, SpiritChosen, TakeCard, TakeTokens, TokenPlaced,
    TokensDiscarded, TokensTaken, TurnStarted, Undo,
)
from harmonies.rules.outcome import decide
from test_support import (
    M2, M3, T2, W, F, new_game, ref_animal_ids, ref_spirit_ids, refusal_code, rig_card, rig_spirit, rig_tokens,
    snapshot,
)
from test_support import accepted, face_up, refused

#: The events of one turn, and how a test picks a cell for a token.
Events = tuple[Event, ...]
Pick = Callable[[Game, Colour], tuple[int, int]]

# --------------------------------------------------------------------------- playing whole turns


def compact_cell(game: Game, colour: Colour) -> tuple[int, int]:
    """Stack on an existing cell when the rules allow, else the first empty cell."""
    cells = game.token_cells(colour)
    occupied = game.player(game.current).stacks
    on = [c for c in cells if c in occupied]
    return on[0] if on else cells[0]


def spread_cell(game: Game, colour: Colour) -> tuple[int, int]:
    """Always a new cell while there is one."""
    cells = game.token_cells(colour)
    occupied = game.player(game.current).stacks
    free = [c for c in cells if c not in occupied]
    return free[0] if free else cells[0]


def place_all(game: Game, pick: Pick = compact_cell, order: Sequence[Colour] | None = None) -> None:
    for colour in list(order or game.hand):
        result = game.apply(PlaceToken(colour, pick(game, colour)))
        assert result.ok, result


def play_turn(game: Game, pick: Pick = compact_cell, space: int | None = None) -> Events:
    if game.spirit_choices:
        assert game.apply(ChooseSpirit(game.spirit_choices[0])).ok
    if space is None:
        space = next(i for i, s in enumerate(game.central) if s)
    assert game.apply(TakeTokens(space)).ok
    place_all(game, pick)
    result = game.apply(EndTurn())
    assert result.ok, result
    return accepted(result).events


def thrifty_turn(game: Game) -> Events:
    """The space and token order that leave the most empty cells: makes games run to the pouch."""
    if game.spirit_choices:
        assert game.apply(ChooseSpirit(game.spirit_choices[0])).ok
    best = None
    for space, tokens in enumerate(game.central):
        if not tokens:
            continue
        for order in set(itertools.permutations(tokens)):
            trial = game.clone()
            trial.apply(TakeTokens(space))
            place_all(trial, compact_cell, order)
            empty = trial.player(trial.current).empty_cells
            if best is None or empty > best[0]:
                best = (empty, space, order)
    assert best is not None
    _, space, order = best
    assert game.apply(TakeTokens(space)).ok
    place_all(game, compact_cell, order)
    result = game.apply(EndTurn())
    assert result.ok
    return accepted(result).events


def play_out(game: Game, turn: Callable[[Game], Events] = play_turn) -> list[Events]:
    """Every turn's EndTurn events until the game is over (with a bound, so a bug cannot hang)."""
    log: list[Events] = []
    for _ in range(200):
        if game.over:
            return log
        log.append(turn(game))
    raise AssertionError("the game did not end")


def turns_by_seat(log: list[Events], players: int) -> list[int]:
    """EndTurn events always carry the seat that ended its turn as their first event's player."""
    counts = Counter(events[0].player for events in log)
    return [counts[s] for s in range(players)]


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players, spaces, face_up", [(1, 3, 3), (2, 5, 5), (3, 5, 5), (4, 5, 5)])
def test_setup_fills_the_central_board_and_the_display(players: int, spaces: int, face_up: int) -> None:
    game = new_game(players=players, seed=11)
    assert len(game.central) == spaces and all(len(s) == 3 for s in game.central)
    assert len(game.display) == face_up and None not in game.display
    assert len(set(game.display)) == face_up and set(game.display) <= set(ref_animal_ids())
    assert game.pouch_size == 120 - 3 * spaces
    assert game.deck_size == 32 - face_up
    assert game.token_count() == 120
    assert (game.current, game.round, game.over, game.end_triggered, game.end_reason) == (0, 1, False, False, None)
    assert game.hand == () and not game.taken_tokens_this_turn and not game.took_card_this_turn
    assert game.discarded_tokens == 0
    tokens = Counter(c for s in game.central for c in s)
    assert sum(tokens.values()) == 3 * spaces


def test_the_pouch_holds_the_reference_token_mix() -> None:
    # A 4-player game run to the pouch's end draws every token: 15 at setup, then 35 refills of 3.
    counts = {"blue": 23, "gray": 23, "brown": 21, "green": 19, "yellow": 19, "red": 15}
    game = new_game(players=4, seed=3)
    seen: Counter[str] = Counter(c.label for s in game.central for c in s)
    for events in play_out(game, thrifty_turn):
        for e in events:
            if isinstance(e, SpaceRefilled):
                seen.update(c.label for c in e.colours)
    assert game.pouch_size == 0
    assert dict(seen) == counts


# --------------------------------------------------------------------------- taking tokens


def test_tokens_are_taken_exactly_once_per_turn() -> None:
    game = new_game(players=2, seed=1)
    assert game.check(EndTurn()) == game.apply(EndTurn())
    start = snapshot(game)
    refused = game.apply(PlaceToken(game.central[0][0], (0, 0)))
    assert refusal_code(refused) == "token.take_first"
    assert snapshot(game) == start
    space = game.central[2]
    result = game.apply(TakeTokens(2))
    assert result.ok and accepted(result).events == (TokensTaken(0, 2, space),)
    assert game.hand == space and game.central[2] == () and game.taken_tokens_this_turn
    for again in range(5):
        before = snapshot(game)
        refused = game.apply(TakeTokens(again))
        assert refusal_code(refused) == "tokens.already_taken"
        assert snapshot(game) == before
    assert not any(isinstance(c, TakeTokens) for c in game.legal_commands())


@pytest.mark.parametrize("players, bad", [(2, [-1, 5, 6]), (1, [-1, 3, 4])])
def test_there_is_no_such_central_space(players: int, bad: list[int]) -> None:
    game = new_game(players=players)
    for space in bad:
        before = snapshot(game)
        result = game.apply(TakeTokens(space))
        assert refusal_code(result) == "tokens.no_space" and refused(result).params == {"space": space}
        assert snapshot(game) == before


def test_all_three_tokens_must_be_placed_before_the_turn_ends() -> None:
    game = new_game(players=2, seed=5)
    before = snapshot(game)
    result = game.apply(EndTurn())
    assert refusal_code(result) == "turn.take_first" and refused(result).params == {"n": 3}
    assert snapshot(game) == before and not game.can_end_turn()
    game.apply(TakeTokens(0))
    for left in (3, 2, 1):
        assert len(game.hand) == left
        before = snapshot(game)
        result = game.apply(EndTurn())
        assert refusal_code(result) == "turn.tokens_left" and refused(result).params == {"n": left}
        assert snapshot(game) == before
        assert EndTurn() not in game.legal_commands()
        colour = game.hand[0]
        placed = game.apply(PlaceToken(colour, compact_cell(game, colour)))
        assert placed.ok and isinstance(accepted(placed).events[0], TokenPlaced)
    assert game.can_end_turn() and EndTurn() in game.legal_commands()
    assert game.apply(EndTurn()).ok
    assert game.current == 1


def test_only_tokens_in_hand_can_be_placed() -> None:
    game = new_game(players=2, seed=5)
    game.apply(TakeTokens(0))
    missing = [c for c in COLOURS if c not in game.hand]
    for colour in missing:
        before = snapshot(game)
        result = game.apply(PlaceToken(colour, (0, 0)))
        assert refusal_code(result) == "token.not_in_hand" and refused(result).params == {"colour": colour.label}
        assert snapshot(game) == before
    before = snapshot(game)
    off = game.apply(PlaceToken(game.hand[0], (7, 7)))
    assert refusal_code(off) == "cell.not_on_board" and snapshot(game) == before


def test_end_of_turn_refills_the_taken_space_and_the_display_in_multiplayer() -> None:
    game = new_game(players=3, seed=2)
    pouch = game.pouch_size
    card = face_up(game.display[1])
    assert game.apply(TakeCard(card)).ok
    assert game.display[1] is None
    game.apply(TakeTokens(3))
    place_all(game)
    untouched = [game.central[i] for i in (0, 1, 2, 4)]
    events = accepted(game.apply(EndTurn())).events
    refills = [e for e in events if isinstance(e, SpaceRefilled)]
    assert len(refills) == 1 and refills[0].space == 3 and len(refills[0].colours) == 3
    assert game.central[3] == refills[0].colours
    assert [game.central[i] for i in (0, 1, 2, 4)] == untouched
    assert game.pouch_size == pouch - 3 and game.discarded_tokens == 0
    (shown,) = [e for e in events if isinstance(e, DisplayRefilled)]
    assert shown.slot == 1 and game.display[1] == shown.card_id != card
    assert None not in game.display
    assert events[-1] == TurnStarted(1, 1)
    assert game.current == 1 and game.round == 1 and not game.taken_tokens_this_turn


# --------------------------------------------------------------------------- animal cards


def test_at_most_one_card_per_turn_and_any_time_in_the_turn() -> None:
    game = new_game(players=2, seed=8)
    first = face_up(game.display[0])
    # Before taking tokens is fine: the actions come in any order.
    result = game.apply(TakeCard(first))
    assert result.ok and accepted(result).events == (CardTaken(0, first, 0),)
    assert game.took_card_this_turn
    assert [h.card_id for h in game.player(0).cards] == [first]
    for other in game.display:
        if other is None:
            continue
        before = snapshot(game)
        refused = game.apply(TakeCard(other))
        assert refusal_code(refused) == "card.already_taken"
        assert snapshot(game) == before
    play = game.apply(TakeTokens(0))
    assert play.ok
    place_all(game)
    game.apply(EndTurn())
    # Next player, and later the first player again, may each take one.
    assert not game.took_card_this_turn
    assert game.apply(TakeTokens(0)).ok
    place_all(game)
    assert game.apply(TakeCard(game.display[4])).ok
    game.apply(EndTurn())


def test_a_card_must_be_face_up() -> None:
    game = new_game(players=2, seed=8)
    hidden = [cid for cid in ref_animal_ids() if cid not in game.display]
    for cid in [hidden[0], "lion", "nonsense"]:
        before = snapshot(game)
        result = game.apply(TakeCard(cid))
        assert refusal_code(result) == "card.not_face_up" and refused(result).params == {"card": cid}
        assert snapshot(game) == before


def test_four_unfinished_cards_is_the_limit() -> None:
    game = new_game(players=2, seed=9)
    for cid in ["frog", "bee", "bear", "crow"]:
        game, taken = rig_card(game, cid)
        assert taken.ok
    assert not game.took_card_this_turn
    before = snapshot(game)
    result = game.apply(TakeCard(face_up(game.display[1])))
    assert refusal_code(result) == "card.too_many" and refused(result).params == {"n": 4}
    assert snapshot(game) == before
    assert not any(isinstance(c, TakeCard) for c in game.legal_commands())


def test_an_unplaced_spirit_counts_toward_the_limit_until_its_cube_is_placed() -> None:
    game = new_game(players=2, spirits=True, seed=9)
    game = rig_spirit(game, "tortoise")
    for cid in ["frog", "bee", "bear"]:
        game, taken = rig_card(game, cid)
        assert taken.ok
    result = game.apply(TakeCard(face_up(game.display[1])))
    assert refusal_code(result) == "card.too_many" and refused(result).params == {"n": 4}
    game = rig_tokens(game, {(2, 0): M2, (2, 1): W, (2, 2): W})
    assert game.apply(PlaceCube("tortoise", (2, 1))).ok
    assert game.apply(TakeCard(face_up(game.display[1]))).ok
    assert len(game.player(0).cards) == 4


def test_completing_a_card_frees_its_slot_the_same_turn() -> None:
    game = new_game(players=2, seed=9)
    for cid in ["falcon", "bee", "bear", "crow"]:
        game, taken = rig_card(game, cid)
        assert taken.ok
    # Two falcon habitats: a 3-mountain beside a field, twice.
    game = rig_tokens(game, {(2, 0): F, (2, 1): M3, (1, 0): M3})
    assert game.apply(PlaceCube("falcon", (2, 1))).ok
    assert not game.apply(TakeCard(face_up(game.display[1]))).ok      # still 4 unfinished
    done = game.apply(PlaceCube("falcon", (1, 0)))
    assert done.ok and [h.card_id for h in game.player(0).completed] == ["falcon"]
    assert game.apply(TakeCard(face_up(game.display[1]))).ok
    assert len(game.player(0).cards) == 4


# --------------------------------------------------------------------------- Nature's Spirit


def test_spirits_are_dealt_two_each_all_different() -> None:
    game = new_game(players=4, spirits=True, seed=21)
    hands = [game.player(s).spirit_choices for s in range(4)]
    assert all(len(h) == 2 for h in hands)
    dealt = [s for h in hands for s in h]
    assert len(set(dealt)) == 8 and set(dealt) <= set(ref_spirit_ids())
    assert all(game.player(s).spirit is None for s in range(4))


def test_the_spirit_is_chosen_first_on_the_first_turn_of_each_player() -> None:
    game = new_game(players=2, spirits=True, seed=4)
    a, b = game.spirit_choices
    assert game.legal_commands() == [ChooseSpirit(a), ChooseSpirit(b)]
    cmds: list[Command] = [TakeTokens(0), TakeCard(face_up(game.display[0])), EndTurn(), PlaceCube(a, (0, 0)),
                           ChooseSpirit("nonsense"), ChooseSpirit(game.player(1).spirit_choices[0]), Undo()]
    for cmd in cmds:
        before = snapshot(game)
        result = game.apply(cmd)
        expected = {ChooseSpirit: "spirit.not_offered", Undo: "undo.nothing"}.get(type(cmd), "spirit.choose_first")
        assert refusal_code(result) == expected, cmd
        assert snapshot(game) == before
    result = game.apply(ChooseSpirit(b))
    assert result.ok and accepted(result).events == (SpiritChosen(0, b),)
    view = game.player(0)
    assert view.spirit == b and view.spirit_choices == () and not view.spirit_placed
    assert game.spirit_choices == ()
    again = game.apply(ChooseSpirit(a))
    assert refusal_code(again) == "spirit.already_chosen"
    assert game.apply(TakeTokens(0)).ok
    place_all(game)
    game.apply(EndTurn())
    # Seat 1 chooses on its own first turn.
    assert game.current == 1 and len(game.spirit_choices) == 2
    assert not game.apply(TakeTokens(0)).ok
    assert game.apply(ChooseSpirit(game.spirit_choices[0])).ok
    assert game.apply(TakeTokens(0)).ok


def test_without_spirits_there_is_nothing_to_choose() -> None:
    game = new_game(players=2, spirits=False)
    assert game.spirit_choices == () and game.player(0).spirit_choices == ()
    result = game.apply(ChooseSpirit("lion"))
    assert refusal_code(result) == "spirit.not_in_game"


# --------------------------------------------------------------------------- solo


def test_solo_end_of_turn_discards_the_six_left_and_refills_all_three_spaces() -> None:
    game = new_game(players=1, seed=6)
    others = [game.central[1], game.central[2]]
    game.apply(TakeTokens(0))
    place_all(game)
    pouch = game.pouch_size
    events = accepted(game.apply(EndTurn())).events
    (discard,) = [e for e in events if isinstance(e, TokensDiscarded)]
    assert Counter(discard.colours) == Counter(others[0] + others[1])
    assert game.discarded_tokens == 6
    refills = [e for e in events if isinstance(e, SpaceRefilled)]
    assert sorted(e.space for e in refills) == [0, 1, 2]
    assert all(len(e.colours) == 3 for e in refills)
    assert game.central == tuple(e.colours for e in sorted(refills, key=lambda e: e.space))
    assert game.pouch_size == pouch - 9
    assert game.token_count() == 120
    assert game.current == 0 and game.round == 2


def test_solo_swap_only_without_a_card_and_after_the_tokens() -> None:
    game = new_game(players=1, seed=6)
    target = face_up(game.display[2])
    before = snapshot(game)
    early = game.apply(SoloSwap(target))
    assert refusal_code(early) == "swap.too_early" and refused(early).params == {"n": 3} and snapshot(game) == before
    game.apply(TakeTokens(1))
    game.apply(PlaceToken(game.hand[0], compact_cell(game, game.hand[0])))
    assert not game.apply(SoloSwap(target)).ok   # one token still in hand... or two
    place_all(game)
    assert not game.apply(SoloSwap("nonsense")).ok
    deck = game.deck_size
    swapped = game.apply(SoloSwap(target))
    assert swapped.ok
    (event,) = accepted(swapped).events
    assert isinstance(event, SoloSwapped) and event.discarded == target
    assert target not in game.display and game.display[2] == event.drawn
    assert game.deck_size == deck - 1
    after: list[Command] = [SoloSwap(face_up(game.display[0])), TakeCard(face_up(game.display[0]))]
    for cmd in after:
        before = snapshot(game)
        result = game.apply(cmd)
        assert refusal_code(result) == ("swap.already_swapped" if isinstance(cmd, SoloSwap) else "card.after_swap")
        assert snapshot(game) == before
    game.apply(EndTurn())
    # The discarded card is out of the game: it never comes back.
    for events in play_out(game, play_turn):
        for e in events:
            if isinstance(e, DisplayRefilled):
                assert e.card_id != target


def test_no_solo_swap_after_taking_a_card() -> None:
    game = new_game(players=1, seed=6)
    game.apply(TakeCard(face_up(game.display[0])))
    game.apply(TakeTokens(0))
    place_all(game)
    result = game.apply(SoloSwap(face_up(game.display[1])))
    assert refusal_code(result) == "swap.took_card"
    assert not any(isinstance(c, SoloSwap) for c in game.legal_commands())


def test_no_swap_in_multiplayer() -> None:
    game = new_game(players=2, seed=6)
    game.apply(TakeTokens(0))
    place_all(game)
    result = game.apply(SoloSwap(face_up(game.display[0])))
    assert refusal_code(result) == "swap.not_solo"


@pytest.mark.parametrize("side, seed", [("B", 0), ("B", 1), ("A", 0), ("A", 2)])
def test_solo_ends_after_13_turns_when_a_full_refill_is_impossible(side: str, seed: int) -> None:
    game = new_game(players=1, side=side, seed=seed)
    log = play_out(game, thrifty_turn)
    assert len(log) == 13 and game.over and game.round == 13
    for events in log[:-1]:
        assert not any(isinstance(e, EndTriggered) for e in events)
        assert sum(len(e.colours) for e in events if isinstance(e, SpaceRefilled)) == 9
    last = log[-1]
    assert EndTriggered(0, "pouch") in last and game.end_reason == "pouch"
    assert not any(isinstance(e, SpaceRefilled) for e in last)
    assert isinstance(last[-1], GameEnded)
    # 9 at setup + 12 refills of 9 = 117 drawn; 3 never leave the pouch.
    assert game.pouch_size == 3
    assert game.discarded_tokens == 13 * 6
    on_board = sum(len(s) for s in game.player(0).stacks.values())
    assert on_board == 39 and game.token_count() == 120
    assert game.outcome is not None
    suns = game.outcome.suns
    assert suns is not None and suns.side_suns == (1 if side == "A" else 0) and suns.spirit_suns == 2


def test_solo_suns_use_the_chosen_spirit_even_if_its_cube_was_never_placed() -> None:
    game = new_game(players=1, side="A", spirits=True, seed=3)
    log = play_out(game, thrifty_turn)
    assert log
    view = game.player(0)
    assert view.spirit is not None and not view.spirit_placed
    assert game.outcome is not None
    suns = game.outcome.suns
    assert suns is not None
    expected = {"group": 1, "count": 0}[game.cards.spirit(view.spirit).family]
    assert suns.spirit_suns == expected and suns.side_suns == 1
    assert game.outcome.scores[0].spirit == 0
    assert game.outcome.winners == (0,)


# --------------------------------------------------------------------------- end of game


@pytest.mark.parametrize("seed", [1, 4])
def test_multiplayer_pouch_end_after_exactly_35_refills(seed: int) -> None:
    game = new_game(players=4, seed=seed)
    log = play_out(game, thrifty_turn)
    refills = [e for events in log for e in events if isinstance(e, SpaceRefilled) and e.colours]
    assert len(refills) == 35 and all(len(e.colours) == 3 for e in refills)
    triggers = [(n, e) for n, events in enumerate(log) for e in events if isinstance(e, EndTriggered)]
    assert triggers == [(35, EndTriggered(3, "pouch"))] and game.end_reason == "pouch"
    assert len(log) == 36 and turns_by_seat(log, 4) == [9, 9, 9, 9]
    assert game.over and game.pouch_size == 0 and game.token_count() == 120


@pytest.mark.parametrize("players, side, seed", [(1, "A", 0), (1, "B", 1), (4, "A", 1)])
def test_the_pouch_says_ahead_which_turn_it_runs_out_on(players: int, side: str, seed: int) -> None:
    # pouch_runs_out is what a player may ask before ending a turn; it names the turn whose end
    # the pouch triggers, and stays true for the rest of the round. (Two and three seats leave
    # too few tokens per seat to outlast the boards: those games end by a board.)
    game = new_game(players=players, side=side, seed=seed)
    warned, triggered = [], []
    while not game.over:
        warned.append(game.pouch_runs_out)
        events = thrifty_turn(game)
        triggered.append(any(isinstance(e, EndTriggered) and e.reason == "pouch" for e in events))
    first = warned.index(True)
    assert triggered.index(True) == first and not any(warned[:first]) and all(warned[first:])


@pytest.mark.parametrize(
    "players, side, seed, trigger_turn, trigger_seat, turns",
    [
        (2, "B", 0, 23, 0, 24),    # seat 0 triggers: seat 1 still plays its turn
        (2, "A", 2, 22, 1, 22),    # the last seat triggers: the game ends at once
        (3, "B", 0, 29, 1, 30),
        (3, "B", 2, 35, 1, 36),
    ],
)
def test_a_board_with_two_or_fewer_empty_cells_ends_the_game_after_the_round(
        players: int, side: str, seed: int, trigger_turn: int, trigger_seat: int, turns: int) -> None:
    game = new_game(players=players, side=side, seed=seed)
    log = play_out(game, thrifty_turn)
    triggers = [(n + 1, e) for n, events in enumerate(log) for e in events if isinstance(e, EndTriggered)]
    assert triggers == [(trigger_turn, EndTriggered(trigger_seat, "board"))]
    assert len(log) == turns and game.over and game.end_reason == "board"
    # The reason is state, rebuilt by a replay like the rest.
    assert Game.replay(game.setup, game.history).end_reason == "board"
    assert len(set(turns_by_seat(log, players))) == 1   # everyone played the same number of turns
    assert isinstance(log[-1][-1], GameEnded) and log[-1][-1].outcome == game.outcome
    assert not any(isinstance(e, TurnStarted) for e in log[-1])


def test_the_board_trigger_is_exactly_two_or_fewer_empty_cells_at_the_end_of_ones_own_turn() -> None:
    seen_three = seen_two = False
    for seed in range(12):
        rng = random.Random(seed)
        game = new_game(players=2, side="A", seed=seed)
        while not game.over:
            seat = game.current
            was_triggered = game.end_triggered
            events = play_turn(game, lambda g, c: rng.choice((spread_cell, compact_cell))(g, c))
            empty = game.player(seat).empty_cells
            fired = EndTriggered(seat, "board") in events
            if not was_triggered:
                assert fired == (empty <= 2), (seed, seat, empty)
                seen_three |= empty == 3
                seen_two |= empty == 2
            else:
                assert not any(isinstance(e, EndTriggered) for e in events)
    assert seen_three and seen_two


def test_after_the_end_every_command_is_refused() -> None:
    game = new_game(players=2, seed=0)
    play_out(game, play_turn)
    assert game.over and game.legal_commands() == [] and not game.can_end_turn()
    late: list[Command] = [TakeTokens(0), EndTurn(), Undo(), TakeCard(game.display[0] or "frog"), ChooseSpirit("lion"),
                           PlaceToken(COLOURS[0], (0, 0)), SoloSwap("frog"), PlaceCube("frog", (0, 0))]
    for cmd in late:
        before = snapshot(game)
        result = game.apply(cmd)
        assert refusal_code(result) == "game.over"
        assert snapshot(game) == before


def _sheet(total: int) -> ScoreSheet:
    return ScoreSheet(trees=total, mountains=0, fields=0, buildings=0, water=0, animals=0, spirit=0)


@pytest.mark.parametrize(
    "totals, cubes, winners, tiebreak",
    [
        ([50, 60], [9, 0], (1,), False),
        ([60, 60], [3, 4], (1,), True),
        ([60, 60], [4, 4], (0, 1), False),     # shared victory
        ([60, 60, 60], [2, 5, 5], (1, 2), True),
        ([60, 59, 60, 60], [1, 9, 1, 1], (0, 2, 3), False),
        ([70], [0], (0,), False),
    ],
)
def test_tie_break_by_animal_cubes_then_shared_victory(totals: list[int], cubes: list[int],
                                                       winners: tuple[int, ...], tiebreak: bool) -> None:
    assert decide(tuple(_sheet(t) for t in totals), tuple(cubes)) == (winners, tiebreak)


def test_the_spirit_cube_is_not_an_animal_cube_for_the_tie_break() -> None:
    game = new_game(players=2, spirits=True, seed=4)
    game = rig_spirit(game, "dragonfly")
    game = rig_tokens(game, {(2, 0): T2, (2, 1): W, (2, 2): T2})
    assert game.apply(PlaceCube("dragonfly", (2, 1))).ok
    assert game.player(0).animal_cubes_placed == 0 and game.player(0).spirit_placed


def test_the_outcome_names_the_winner_by_score() -> None:
    for seed in range(4):
        game = new_game(players=3, seed=seed)
        play_out(game, play_turn)
        out = game.outcome
        assert out is not None
        totals = [s.total for s in out.scores]
        assert out.scores == tuple(game.score(i) for i in range(3))
        assert out.animal_cubes == tuple(game.player(i).animal_cubes_placed for i in range(3))
        assert (out.winners, out.tiebreak) == decide(out.scores, out.animal_cubes)
        assert all(totals[w] == max(totals) for w in out.winners)
        assert out.suns is None


def test_an_exhausted_draw_pile_leaves_the_display_short_and_play_goes_on() -> None:
    # §13 Q9 (unresolved; the reference recommends no reshuffle): simulate the end of the pile.
    game = Game.from_position(replace(new_game(players=2, seed=12).position(), deck=()))
    taken = face_up(game.display[3])
    assert game.apply(TakeCard(taken)).ok
    events = play_turn(game)
    assert not any(isinstance(e, DisplayRefilled) for e in events)
    assert game.display[3] is None and game.deck_size == 0
    assert [c.card_id for c in game.legal_commands() if isinstance(c, TakeCard)] == [
        c for c in game.display if c is not None]
    assert game.apply(TakeCard(face_up(game.display[0]))).ok
    play_turn(game)
    assert game.display.count(None) == 2 and not game.over
    solo = Game.from_position(replace(new_game(players=1, seed=12).position(), deck=()))
    solo.apply(TakeTokens(0))
    place_all(solo)
    refused = solo.apply(SoloSwap(face_up(solo.display[0])))
    assert refusal_code(refused) == "swap.pile_empty"


def test_solo_display_is_refilled_to_three_after_a_card_is_taken() -> None:
    game = new_game(players=1, seed=9)
    taken = face_up(game.display[1])
    assert game.apply(TakeCard(taken)).ok
    events = play_turn(game)
    (shown,) = [e for e in events if isinstance(e, DisplayRefilled)]
    assert shown.slot == 1 and None not in game.display and len(game.display) == 3
    assert taken not in game.display


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_solo_board_trigger_ends_the_game_at_once(seed: int) -> None:
    game = new_game(players=1, side="A", seed=seed)
    log = play_out(game, play_turn)
    assert len(log) < 13
    assert EndTriggered(0, "board") in log[-1] and isinstance(log[-1][-1], GameEnded)
    assert game.player(0).empty_cells <= 2 < game.shape.size
    assert game.outcome is not None and game.outcome.suns is not None
    assert game.outcome.suns.total == game.outcome.suns.score_suns + 1 + 2
