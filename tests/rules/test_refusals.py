"""Refusals are codes with parameters; the text catalogue words each one.

Three things must agree: the codes the rules raise, the table of codes and parameters in
``harmonies/rules/refusals.py``, and the ``refusal`` sentences of every catalogue in
``assets/locales``. Random games asked for refused commands (junk values, wrong colours, wrong
moments) check that whatever the rules raise is listed, renders, and changes nothing.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any, get_args

import pytest

from harmonies.catalogue import Catalogue, english, placeholders, refusal_text
from harmonies.rules import (
    COLOURS, REFUSALS, ChooseSpirit, EndTurn, Game, GameSetup, PlaceCube, PlaceToken, RefusalCode, Rejected,
    SoloSwap, TakeCard, TakeTokens, Undo,
)
from harmonies.rules.refusals import MAX_QUOTE
from test_commands import candidates, random_step
from test_support import snapshot

LOCALES = Path(__file__).resolve().parents[2] / "assets" / "locales"


def _sentences(path: Path) -> dict[str, dict[str, str]]:
    """The refusal sentences of one catalogue: code -> {form: text} (form "" when not plural)."""
    prefix = "refusal."
    strings = Catalogue.load(path.stem).strings
    return {key[len(prefix):]: {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {"": str(value)}
            for key, value in strings.items() if key.startswith(prefix)}


def test_the_code_type_and_the_parameter_table_list_the_same_codes() -> None:
    assert set(get_args(RefusalCode)) == set(REFUSALS)
    assert len(get_args(RefusalCode)) == len(set(get_args(RefusalCode)))


def test_english_has_a_sentence_for_every_code_and_no_other() -> None:
    assert set(_sentences(LOCALES / "en.yaml")) == set(REFUSALS)


@pytest.mark.parametrize("path", sorted(LOCALES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_sentence_has_exactly_the_placeholders_of_its_code(path: Path) -> None:
    for code, forms in _sentences(path).items():
        assert code in REFUSALS, f"{path.name}: refusal.{code} is not a code of the rules"
        for form, text in forms.items():
            assert placeholders(text) == set(REFUSALS[code]), f"{path.name}: refusal.{code} {form}: {text!r}"
        if len(forms) > 1:  # a sentence with plural forms chooses them by its count
            assert "n" in REFUSALS[code], f"{path.name}: refusal.{code} has plural forms but no count"


def test_plural_sentences_follow_the_count() -> None:
    cat = english()
    assert refusal_text(cat, Rejected("turn.tokens_left", {"n": 1})) == "place your 1 remaining token first"
    assert refusal_text(cat, Rejected("turn.tokens_left", {"n": 2})) == "place your 2 remaining tokens first"
    assert refusal_text(cat, Rejected("stack.not_allowed", {"colour": "yellow", "on": "gray+gray"})) == (
        "a yellow token may not go on gray+gray: only trees, buildings and mountains are stacked")


def test_a_code_missing_from_a_catalogue_still_gives_a_line() -> None:
    empty = Catalogue({}, "xx")
    assert refusal_text(empty, Rejected("card.not_face_up", {"card": "frog"})) == "card.not_face_up (card=frog)"
    assert refusal_text(empty, Rejected("game.over")) == "game.over"


def test_a_refusal_is_a_value() -> None:
    a = Rejected("stack.too_high", {"n": 3})
    assert a == Rejected("stack.too_high", {"n": 3}) and hash(a) == hash(Rejected("stack.too_high", {"n": 3}))
    assert a != Rejected("stack.too_high", {"n": 2}) and not a.ok


# --------------------------------------------------------------------------- refusals met in play


def junk(game: Game, rng: random.Random) -> list[Any]:
    """Commands no player could send from the window: values of the wrong type, unknown ids and cells."""
    colour = rng.choice(COLOURS)
    cell = rng.choice(game.shape.cells)
    return [
        TakeTokens("0"), TakeTokens(None), TakeTokens(-1), TakeTokens(99),  # type: ignore[arg-type]
        PlaceToken(9, cell), PlaceToken("red", cell), PlaceToken(-1, cell),  # type: ignore[arg-type]
        PlaceToken(colour, "a1"), PlaceToken(colour, (0.0, 0.0)), PlaceToken(colour, [0, 0]),  # type: ignore[arg-type]
        PlaceToken(colour, (99, 99)),
        TakeCard(None), TakeCard(["frog"]), TakeCard("x" * 10_000),  # type: ignore[arg-type]
        PlaceCube(None, cell), PlaceCube("frog", None), PlaceCube(rng.choice(game.display) or "frog", cell),  # type: ignore[arg-type]
        ChooseSpirit(None), ChooseSpirit("frog"), SoloSwap(3), SoloSwap("nonsense"),  # type: ignore[arg-type]
        object(), "end turn", None, Undo(), EndTurn(),
        *wrong_places(game),
    ]


def wrong_places(game: Game) -> list[Any]:
    """Each token in hand onto the tallest stack, and the spirit's cube once more."""
    view = game.player(game.current)
    out: list[Any] = []
    open_cells = [c for c in view.stacks if c not in view.cubes]
    if open_cells:
        tallest = max(open_cells, key=lambda c: len(view.stacks[c]))
        out += [PlaceToken(c, tallest) for c in set(game.hand)]
    if view.spirit is not None:
        out.append(PlaceCube(view.spirit, game.shape.cells[0]))
    return out


def check_refusal(game: Game, cmd: Any, refusal: Rejected, cat: Catalogue) -> None:
    assert refusal.code in REFUSALS, (cmd, refusal)
    assert set(refusal.params) == set(REFUSALS[refusal.code]), (cmd, refusal)
    for value in refusal.params.values():
        assert type(value) in (int, str), (cmd, refusal)   # data, never a colour object or a tuple
        assert isinstance(value, int) or len(value) <= MAX_QUOTE, (cmd, refusal)
    assert cat.has(f"refusal.{refusal.code}"), refusal
    text = refusal_text(cat, refusal)
    assert text and "{" not in text and "}" not in text.replace("{}", ""), (refusal, text)


def step(game: Game, rng: random.Random) -> None:
    """One random legal command; a cube is placed whenever one can be, so that cards (the spirit
    too) fill up and their own refusals come into play."""
    cubes = [c for c in game.legal_commands() if isinstance(c, PlaceCube)]
    if cubes:
        assert game.apply(rng.choice(cubes)).ok
    else:
        random_step(game, rng)


WALKED = [(1, "A", True, 11), (2, "B", False, 12), (3, "A", True, 13), (4, "B", True, 14), (4, "A", False, 15)]


def test_refusals_met_in_random_games_are_listed_render_and_change_nothing() -> None:
    cat = english()
    seen: set[str] = set()
    for players, side, spirits, seed in WALKED:
        rng = random.Random(seed)
        game = Game.new(GameSetup(players=players, side=side, spirits=spirits, seed=seed))
        steps = 0
        while True:
            if steps % 2 == 0 or game.over:
                before = snapshot(game)
                tries = junk(game, rng) + rng.sample(candidates(game, rng), 30)
                for cmd in tries:
                    refusal = game.check(cmd)
                    if refusal is None:
                        continue
                    assert game.apply(cmd) == refusal, cmd
                    check_refusal(game, cmd, refusal, cat)
                    seen.add(refusal.code)
                assert snapshot(game) == before
            if game.over:
                break
            step(game, rng)
            steps += 1
    # The walk reaches every refusal but three that random play does not reach: an exhausted draw
    # pile (test_turns.py), an exhausted pouch (below) and a placed spirit cube (test_habitats.py).
    rare = {"tokens.space_empty", "swap.pile_empty", "cube.spirit_placed"}
    assert set(REFUSALS) - seen <= rare, sorted(set(REFUSALS) - seen - rare)


def test_a_central_space_left_empty_by_an_exhausted_pouch_is_refused() -> None:
    # The pouch has run out (its tokens out of the game): the space taken is not refilled.
    dealt = Game.new(GameSetup(players=2, seed=3)).position()
    game = Game.from_position(replace(dealt, pouch=(), discarded=len(dealt.pouch or ())))
    game.apply(TakeTokens(1))
    for colour in list(game.hand):
        game.apply(PlaceToken(colour, game.token_cells(colour)[0]))
    assert game.apply(EndTurn()).ok and game.central[1] == ()
    before = snapshot(game)
    assert game.apply(TakeTokens(1)) == Rejected("tokens.space_empty")
    assert snapshot(game) == before
