"""Hidden cards stay hidden: no Undo crosses a draw, and the observer view a computer player is
handed cannot tell the real order of the pouch, the animal pile or the other seats' spirit cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import fields, is_dataclass, replace
from typing import Any

import pytest

from harmonies.rules import (
    ChooseSpirit, Colour, Command, EndTurn, Game, GameSetup, PlaceCube, SoloSwap, TakeCard, TakeTokens, Undo,
)
from test_support import refusal_code, snapshot
from test_support import accepted, face_up
from test_turns import place_all

SETUPS = [GameSetup(players, side, spirits, seed)
          for seed, (players, side, spirits) in enumerate(
              [(1, "A", False), (1, "B", True), (2, "A", True), (3, "B", False), (4, "A", True)] * 4)]


def hidden(game: Game) -> tuple[Any, ...]:
    """What a spy would read from the game it is handed: the order of everything face down."""
    pos = game.position()
    others = tuple(tuple(s.spirit_choices or ()) for n, s in enumerate(pos.seats) if n != game.current)
    return pos.pouch, pos.deck, others, game.setup.seed


def public(game: Game) -> tuple[Any, ...]:
    """What the seat to move sees of the table (the other seats' undecided spirit cards left out)."""
    seats = tuple(replace(game.player(n), spirit_choices=()) if n != game.current else game.player(n)
                  for n in range(game.setup.players))
    return seats, game.central, game.display, game.hand, game.history, game.legal_commands(), game.turn_commands


def unseen(game: Game) -> int:
    return game.pouch_size + game.deck_size


def random_command(game: Game, rng: random.Random) -> Command:
    """A legal command, with swaps, cards and cubes more often than plain chance would pick them."""
    legal = game.legal_commands()
    for kind, odds in ((SoloSwap, 0.5), (PlaceCube, 0.7), (TakeCard, 0.5), (EndTurn, 0.5)):
        some = [c for c in legal if type(c) is kind]
        if some and rng.random() < odds:
            return rng.choice(some)
    return rng.choice(legal)


# --------------------------------------------------------------------------- Undo and draws


@pytest.mark.parametrize("setup", SETUPS, ids=str)
def test_no_undo_crosses_a_command_that_drew(setup: GameSetup) -> None:
    """Every command of random games: one that drew from the pouch or the pile cannot be undone (and
    the refusal changes nothing); one that drew nothing can. Nothing drawn ever goes back."""
    rng = random.Random(setup.seed)
    game = Game.new(setup)
    drew: Counter[str] = Counter()
    undone: Counter[str] = Counter()
    while not game.over:
        cmd = random_command(game, rng)
        before, left = snapshot(game), unseen(game)
        assert game.apply(cmd).ok, cmd
        after = snapshot(game)
        refused = game.apply(Undo())
        if unseen(game) < left or type(cmd) is EndTurn:
            drew[type(cmd).__name__] += unseen(game) < left
            assert refusal_code(refused) in ("undo.nothing", "undo.swap_final", "game.over"), cmd
            assert snapshot(game) == after
            assert game.turn_commands == 0
            continue
        assert refused.ok, (cmd, refused)
        assert snapshot(game) == before
        undone[type(cmd).__name__] += 1
        assert game.apply(cmd).ok
        assert unseen(game) == left
    # Only the end of a turn and the solo swap draw; every other command stays undoable.
    assert set(drew) <= {"EndTurn", "SoloSwap"}
    assert drew["EndTurn"] > 0
    if setup.solo:
        assert drew["SoloSwap"] > 0
    assert {"TakeTokens", "PlaceToken"} <= set(undone)
    if setup.spirits:
        assert undone["ChooseSpirit"] > 0


def test_a_solo_swap_ends_what_undo_may_take_back() -> None:
    game = Game.new(GameSetup(1, seed=4))
    assert game.apply(TakeTokens(0)).ok
    place_all(game)
    shown = game.display
    assert game.apply(SoloSwap(face_up(shown[1]))).ok
    drawn = face_up(game.display[1])
    assert game.turn_commands == 0
    refused = game.apply(Undo())
    assert refusal_code(refused) == "undo.swap_final"
    assert game.display[1] == drawn and shown[1] not in game.display
    assert game.check(TakeCard(drawn)) is not None  # and the turn can only end now
    assert game.legal_commands() == [EndTurn()]


# --------------------------------------------------------------------------- the observer view


def played(setup: GameSetup, commands: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    game = Game.new(setup)
    for _ in range(commands):
        if game.over:
            break
        assert game.apply(random_command(game, rng)).ok
    return game


@pytest.mark.parametrize("setup", SETUPS[:5], ids=str)
def test_the_view_does_not_depend_on_the_real_hidden_order(setup: GameSetup) -> None:
    """Two games alike in all a player sees but dealt differently face down give the same view."""
    rng = random.Random(1)
    for n in range(0, 60, 7):
        game = played(setup, n, seed=n)
        twin = game.sample_hidden(rng)  # the same table, another order face down
        assert hidden(twin) != hidden(game)
        view, twin_view = game.observer_view(), twin.observer_view()
        assert hidden(view) == hidden(twin_view)
        assert hidden(view)[:3] != hidden(game)[:3]
        assert public(view) == public(twin_view) == public(game)


def test_the_view_hides_the_other_seats_spirit_cards_but_not_the_own() -> None:
    game = Game.new(GameSetup(4, spirits=True, seed=8))
    view = game.observer_view()
    assert view.spirit_choices == game.spirit_choices
    real = [game.player(n).spirit_choices for n in range(1, 4)]
    shown = [view.player(n).spirit_choices for n in range(1, 4)]
    assert shown != real and all(len(h) == 2 for h in shown)
    assert not set(game.spirit_choices) & {s for h in shown for s in h}  # dealt from the cards not seen


@pytest.mark.parametrize("setup", [GameSetup(1, seed=3), GameSetup(3, spirits=True, seed=3)], ids=str)
def test_what_the_view_draws_is_not_what_the_game_draws(setup: GameSetup) -> None:
    """A spy ends the turn on its view to see the refills: they are the view's canonical draws,
    the same for any real order, and the real game's draws differ."""
    misses = 0
    for seed in range(6):
        game = Game.new(GameSetup(setup.players, setup.side, setup.spirits, seed))
        view = game.observer_view()
        for g in (game, view):
            for s in list(g.spirit_choices)[:1]:
                assert g.apply(ChooseSpirit(s)).ok
            assert g.apply(TakeTokens(0)).ok
            place_all(g)
            assert g.apply(EndTurn()).ok
        assert view.central[0] == tuple(sorted(view.central[0]))  # drawn from a pouch in colour order
        misses += view.central != game.central
    assert misses >= 5


def test_the_views_setup_cannot_deal_the_real_game_again() -> None:
    game = played(GameSetup(2, seed=0), 20)  # seed 0: the seed a guess would try first
    view = game.observer_view()
    assert view.setup.seed is None
    assert (view.setup.players, view.setup.side, view.setup.spirits) == (2, "A", False)
    with pytest.raises(ValueError, match="cannot be dealt"):
        Game.replay(view.setup, view.history)
    with pytest.raises(ValueError, match="seed"):
        Game.from_json(view.to_json())
    with pytest.raises(ValueError, match="cannot be dealt"):
        Game.replay(view.sample_hidden(random.Random(0)).setup, [])


@pytest.mark.parametrize("setup", [GameSetup(1, spirits=True, seed=5), GameSetup(3, "B", True, seed=5)], ids=str)
def test_undo_on_a_view_or_a_sample_replays_its_own_turn(setup: GameSetup) -> None:
    """Undo on a view (or a sample of one) goes back command by command as on the real game, also
    after the view has played on past its first turn, and never restores the real order."""
    rng = random.Random(2)
    real = played(setup, 9, seed=2)
    for game in (real.observer_view(), real.observer_view().sample_hidden(rng), real.sample_hidden(rng)):
        start_hidden = hidden(game)
        for _ in range(60):
            if game.over:
                break
            cmd = random_command(game, rng)
            before = snapshot(game)
            before_hidden = hidden(game)
            assert game.apply(cmd).ok
            if game.turn_commands:
                assert game.apply(Undo()).ok
                assert snapshot(game) == before and hidden(game) == before_hidden
                assert game.apply(cmd).ok
        assert hidden(game)[3] is None and start_hidden[3] is None


def test_a_view_mid_turn_undoes_to_the_turns_start_like_the_game() -> None:
    game = played(GameSetup(2, spirits=True, seed=6), 0)
    for cmd in (ChooseSpirit(game.spirit_choices[1]), TakeTokens(2)):
        assert game.apply(cmd).ok
    view = game.observer_view()
    for g in (game, view):
        while g.turn_commands:
            assert g.apply(Undo()).ok
    assert public(view) == public(game)


# --------------------------------------------------------------------------- events name only what is seen


def named(value: Any) -> Iterator[Any]:
    """Every card id (any string) and token colour an event holds, through its fields, the command
    of an Undone and the outcome of a GameEnded."""
    if isinstance(value, (str, Colour)):
        yield value
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from named(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from named(k)
            yield from named(v)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            yield from named(v)


def seen_by(game: Game, seat: int) -> tuple[set[str], Counter[Colour]]:
    """The card ids and tokens ``seat`` sees: every board, cube and card in front of a seat, the
    central board, the hand and the face-up cards; of the undecided spirit cards only its own."""
    pos = game.position()
    cards = {c for c in pos.display or () if c is not None}
    tokens: Counter[Colour] = Counter(pos.hand)
    for space in pos.central or ():
        tokens.update(space)
    for n, s in enumerate(pos.seats):
        cards |= {*s.cubes.values(), *s.held, *s.completed, *([s.spirit] if s.spirit else [])}
        if n == seat:
            cards |= set(s.spirit_choices or ())
        for stack in s.board.values():
            tokens.update(stack)
    return cards, tokens


@pytest.mark.parametrize("setup", SETUPS[:10], ids=str)
def test_no_event_names_a_card_or_token_another_seat_cannot_see(setup: GameSetup) -> None:
    """Every event of random games (Undo and the solo swap included), for every seat: each card it
    names, and each token, is in sight of that seat before the command or after it. The spirit card
    a seat puts back is in sight of no other seat, so no event may name it."""
    rng = random.Random(setup.seed)
    game = Game.new(setup)
    cards = set(game.cards.ids)
    kinds: Counter[str] = Counter()
    shown: Counter[type] = Counter()
    while not game.over:
        cmd = Undo() if game.turn_commands and rng.random() < 0.1 else random_command(game, rng)
        before = [seen_by(game, seat) for seat in range(setup.players)]
        result = game.apply(cmd)
        assert result.ok, cmd
        after = [seen_by(game, seat) for seat in range(setup.players)]
        for event in accepted(result).events:
            kinds[type(event).__name__] += 1
            words = list(named(event))
            ids = {w for w in words if isinstance(w, str) and w in cards}
            tokens = Counter(w for w in words if isinstance(w, Colour))
            shown.update({str: len(ids), Colour: tokens.total()})
            for seat in range(setup.players):
                (cards_before, tokens_before), (cards_after, tokens_after) = before[seat], after[seat]
                assert ids <= cards_before | cards_after, (seat, event)
                assert tokens <= tokens_before | tokens_after, (seat, event)
    assert kinds["TokensTaken"] and kinds["TokenPlaced"] and kinds["GameEnded"] == 1
    assert shown[str] and shown[Colour]  # the audit saw cards and tokens named
    if setup.spirits:
        assert kinds["SpiritChosen"] >= setup.players


def test_a_chosen_spirit_names_only_the_card_kept() -> None:
    game = Game.new(GameSetup(2, spirits=True, seed=4))
    kept, put_back = game.spirit_choices
    result = game.apply(ChooseSpirit(kept))
    assert result.ok
    assert put_back not in set(named(accepted(result).events))
    assert put_back not in seen_by(game, 1)[0]
