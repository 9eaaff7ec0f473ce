"""Shared helpers for the rules tests, and an independent reading of the facts reference.

The other test modules import from here (pytest puts tests/rules on sys.path). Two kinds of help:

* Rigging a game: a player's tokens normally come from a shuffled pouch, so a test cannot ask for
  "a gray token on (2, 0)". ``rig_tokens`` hands the player exactly the colours wanted and then
  plays real ``PlaceToken`` commands, so every stacking check, habitat cache and event is the
  engine's own; only the draw is bypassed. ``rig_card`` and ``rig_spirit`` do the same for the
  animal display and the spirit deal. They change the position through ``Game.position`` and
  ``Game.from_position`` (which checks it could occur) and return the game they leave.

* A second, deliberately naive implementation of stacking, scoring and habitat matching written
  from ``tests/data/harmonies-reference.yaml``, a copy of the shared facts reference (not from the
  engine's rules.yaml or cards.yaml), so that comparing the two can catch a wrong number in either.

The tests at the bottom check that the helpers themselves do what they say.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from harmonies.rules import (
    Accepted, AnimalCard, ChooseSpirit, Colour, Game, GameSetup, Hex, PlaceToken, Rejected, Result, SpiritCard,
    TakeCard, board_shape, default_cards,
)
from harmonies.rules.tables import stack_table

REPO = Path(__file__).resolve().parents[2]
# A copy of shared/reference/harmonies-reference.yaml kept in the repository (see its header).
REFERENCE = REPO / "tests" / "data" / "harmonies-reference.yaml"

Stack = tuple[Colour, ...]
Board = dict[Hex, Stack]

BLUE, GRAY, BROWN, GREEN, YELLOW, RED = (
    Colour.BLUE, Colour.GRAY, Colour.BROWN, Colour.GREEN, Colour.YELLOW, Colour.RED,
)

# Landscape shorthands, bottom to top (components.md §7).
W: Stack = (BLUE,)
F: Stack = (YELLOW,)
T1: Stack = (GREEN,)
T2: Stack = (BROWN, GREEN)
T3: Stack = (BROWN, BROWN, GREEN)
M1: Stack = (GRAY,)
M2: Stack = (GRAY, GRAY)
M3: Stack = (GRAY, GRAY, GRAY)
B_BROWN: Stack = (BROWN, RED)
B_GRAY: Stack = (GRAY, RED)
B_RED: Stack = (RED, RED)
BUILDINGS: tuple[Stack, ...] = (B_BROWN, B_GRAY, B_RED)
LONE_RED: Stack = (RED,)
TRUNK1: Stack = (BROWN,)
TRUNK2: Stack = (BROWN, BROWN)


# --------------------------------------------------------------------------- the reference file


@lru_cache(maxsize=1)
def reference() -> dict[str, Any]:
    """The facts reference (tests/data/harmonies-reference.yaml), read once."""
    return yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def ref_stack(raw: Sequence[Any]) -> tuple[Stack, ...]:
    """Every exact stack a reference stack entry accepts (an inner list = any one of those colours)."""
    options: list[Stack] = [()]
    for item in raw:
        colours = item if isinstance(item, list) else [item]
        options = [s + (Colour.parse(c),) for s in options for c in colours]
    return tuple(options)


def ref_legal_stacks() -> set[Stack]:
    return {ref_stack(s)[0] for s in reference()["stacking"]["legal_stacks"]}


@lru_cache(maxsize=None)
def ref_cells(side: str) -> tuple[Hex, ...]:
    return tuple((int(q), int(r)) for q, r in reference()["boards"][side]["cells"])


@lru_cache(maxsize=None)
def ref_cell_set(side: str) -> frozenset[Hex]:
    return frozenset(ref_cells(side))


def ref_offsets() -> list[Hex]:
    return [(int(q), int(r)) for q, r in reference()["coordinate_system"]["neighbour_offsets"]]


@lru_cache(maxsize=None)
def ref_neighbours(side: str, cell: Hex) -> tuple[Hex, ...]:
    cells = ref_cell_set(side)
    return tuple((cell[0] + dq, cell[1] + dr) for dq, dr in ref_offsets() if (cell[0] + dq, cell[1] + dr) in cells)


def ref_rotate(h: Hex, times: int) -> Hex:
    """The reference's 60° rotation, (q, r) -> (-r, q + r), applied ``times`` times."""
    q, r = h
    for _ in range(times % 6):
        q, r = -r, q + r
    return (q, r)


def ref_card(card_id: str) -> dict[str, Any]:
    for entry in (*reference()["animals"], *reference()["spirits"]):
        if entry["id"] == card_id:
            return entry  # type: ignore[no-any-return]
    raise KeyError(card_id)


def ref_animal_ids() -> list[str]:
    return [a["id"] for a in reference()["animals"]]


def ref_spirit_ids() -> list[str]:
    return [s["id"] for s in reference()["spirits"]]


@lru_cache(maxsize=None)
def ref_pattern(card_id: str) -> tuple[tuple[Hex, tuple[Stack, ...], bool], ...]:
    """(offset, accepted exact stacks, is the cube cell) for each pattern cell of a card."""
    return tuple(((int(c["q"]), int(c["r"])), ref_stack(c["stack"]), bool(c["cube"])) for c in ref_card(card_id)["cells"])


# --------------------------------------------------------------------------- naive landscapes


def is_tree(s: Stack) -> bool:
    return bool(s) and s[-1] == GREEN and all(c == BROWN for c in s[:-1])


def is_mountain(s: Stack) -> bool:
    return bool(s) and all(c == GRAY for c in s)


def is_building(s: Stack) -> bool:
    return len(s) == 2 and s[-1] == RED


def is_water(s: Stack) -> bool:
    return s == W


def is_field(s: Stack) -> bool:
    return s == F


def _groups(side: str, members: set[Hex]) -> list[set[Hex]]:
    left = set(members)
    found = []
    while left:
        start = left.pop()
        group = {start}
        todo = [start]
        while todo:
            c = todo.pop()
            for n in ref_neighbours(side, c):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    todo.append(n)
        found.append(group)
    return found


def _diameter_tokens(side: str, group: set[Hex]) -> int:
    best = 0
    for start in group:
        dist = {start: 1}
        todo = [start]
        while todo:
            nxt = []
            for c in todo:
                for n in ref_neighbours(side, c):
                    if n in group and n not in dist:
                        dist[n] = dist[c] + 1
                        nxt.append(n)
            todo = nxt
        best = max(best, *dist.values())
    return best


def ref_river_points(length: int) -> int:
    table = reference()["scoring"]["river_side_a"]
    by_length = {int(k): int(v) for k, v in table["by_length"].items()}
    if length in by_length:
        return by_length[length]
    return by_length[6] + int(table["extra_per_token_beyond_6"]) * (length - 6)


def ref_landscapes(side: str, board: Mapping[Hex, Stack]) -> dict[str, int]:
    """trees, mountains, fields, buildings and water, straight from the reference's words."""
    sc = reference()["scoring"]
    tree_pts = {int(k): v for k, v in sc["trees"]["by_height"].items()}
    mount_pts = {int(k): v for k, v in sc["mountains"]["by_height"].items()}
    out = {"trees": 0, "mountains": 0, "fields": 0, "buildings": 0, "water": 0}
    for cell, s in board.items():
        if is_tree(s):
            out["trees"] += tree_pts[len(s)]
        elif is_mountain(s):
            if any(is_mountain(board.get(n, ())) for n in ref_neighbours(side, cell)):
                out["mountains"] += mount_pts[len(s)]
        elif is_building(s):
            tops = {board[n][-1] for n in ref_neighbours(side, cell) if board.get(n)}
            if len(tops) >= sc["buildings"]["min_distinct_top_colours_on_adjacent_cells"]:
                out["buildings"] += sc["buildings"]["points"]
    fields = _groups(side, {c for c, s in board.items() if is_field(s)})
    out["fields"] = sc["fields"]["points_per_group"] * sum(1 for g in fields if len(g) >= sc["fields"]["min_group_size"])
    if side == "A":
        rivers = _groups(side, {c for c, s in board.items() if is_water(s)})
        out["water"] = ref_river_points(max((_diameter_tokens(side, g) for g in rivers), default=0))
    else:
        land = {c for c in ref_cells(side) if not is_water(board.get(c, ()))}
        out["water"] = sc["islands_side_b"]["points_per_island"] * len(_groups(side, land))
    return out


_TARGET = {"field": is_field, "water": is_water, "building": is_building, "tree": is_tree, "mountain": is_mountain}


def ref_spirit_points(side: str, spirit_id: str, board: Mapping[Hex, Stack]) -> int:
    card = ref_card(spirit_id)
    member = _TARGET[card["target_landscape"]]
    cells = {c for c, s in board.items() if member(s)}
    total = 0
    if card["unit"] == "group":
        for g in _groups(side, cells):
            for rule in card["rules"]:
                hi = rule["group_size_max"]
                if rule["group_size_min"] <= len(g) and (hi is None or len(g) <= hi):
                    total += rule["points_each"]
    else:
        for c in cells:
            for rule in card["rules"]:
                if rule["height_min"] <= len(board[c]) <= rule["height_max"]:
                    total += rule["points_each"]
    return total


def ref_card_points(card_id: str, placed: int) -> int:
    track = ref_card(card_id)["track"]
    return int(track[placed - 1]) if placed else 0


def ref_score(side: str, board: Mapping[Hex, Stack], cards: Iterable[tuple[str, int]] = (),
              spirit: str | None = None, spirit_placed: bool = False) -> dict[str, int]:
    out = ref_landscapes(side, board)
    out["animals"] = sum(ref_card_points(cid, n) for cid, n in cards)
    out["spirit"] = ref_spirit_points(side, spirit, board) if spirit and spirit_placed else 0
    out["total"] = sum(out.values())
    return out


def ref_habitat_cells(side: str, card_id: str, board: Mapping[Hex, Stack], cubes: Iterable[Hex] = ()) -> set[Hex]:
    """Cells where the card's next cube may go: any rotation, exact stacks, cube cell free of cubes."""
    occupied = set(cubes)
    cells = ref_cell_set(side)
    pattern = ref_pattern(card_id)
    cube_accepts = next(accepted for _, accepted, cube in pattern if cube)
    found = set()
    for anchor in cells:
        if anchor in occupied or board.get(anchor, ()) not in cube_accepts:
            continue
        for turn in range(6):
            ok = True
            for offset, accepted, _cube in pattern:
                dq, dr = ref_rotate(offset, turn)
                cell = (anchor[0] + dq, anchor[1] + dr)
                if cell not in cells or board.get(cell, ()) not in accepted:
                    ok = False
                    break
            if ok:
                found.add(anchor)
                break
    return found


def pattern_board(card_id: str, anchor: Hex, turn: int, choice: int = 0) -> Board:
    """The card's pattern laid out at ``anchor`` rotated ``turn`` times (``choice`` picks a building base)."""
    board: Board = {}
    for offset, accepted, _cube in ref_pattern(card_id):
        dq, dr = ref_rotate(offset, turn)
        board[(anchor[0] + dq, anchor[1] + dr)] = accepted[choice % len(accepted)]
    return board


def fits(side: str, card_id: str, anchor: Hex, turn: int) -> bool:
    cells = ref_cell_set(side)
    return all(c in cells for c in pattern_board(card_id, anchor, turn))


# --------------------------------------------------------------------------- engine inputs and rigging


def stack_ids(side: str, board: Mapping[Hex, Stack]) -> list[int]:
    """The engine's compact board (stack id per cell) for a board written as stacks."""
    shape = board_shape(side)
    ids = stack_table().ids
    out = [0] * shape.size
    for cell, s in board.items():
        out[shape.index[cell]] = ids[tuple(s)]
    return out


def refusal_code(result: Result) -> str:
    """The refusal code of a result that must be a refusal (an accepted command fails the test)."""
    return refused(result).code


def refused(result: Result) -> Rejected:
    """A result that must be a refusal, as one (an accepted command fails the test)."""
    assert isinstance(result, Rejected), f"accepted, expected a refusal: {result}"
    return result


def accepted(result: Result) -> Accepted:
    """A result that must be accepted, as one (a refused command fails the test)."""
    assert isinstance(result, Accepted), f"refused, expected it accepted: {result}"
    return result


def face_up(card: str | None) -> str:
    """The card id in a display slot that must hold a card (an empty slot fails the test)."""
    assert card is not None, "the display slot is empty"
    return card


def new_game(players: int = 1, side: str = "A", spirits: bool = False, seed: int = 0) -> Game:
    return Game.new(GameSetup(players=players, side=side, spirits=spirits, seed=seed))


def with_in_hand(game: Game, colour: Colour) -> Game:
    """``game`` with one more ``colour`` token in the current player's hand, out of the pouch, and
    the turn's tokens taken (from space 0, whose tokens go back on the pouch, if none were yet)."""
    pos = game.position()
    assert pos.pouch is not None and pos.central is not None
    pouch = list(pos.pouch)
    pouch.remove(colour)
    central = [tuple(space) for space in pos.central]
    if pos.taken_space is None:
        pouch += central[0]
        central[0] = ()
    return Game.from_position(replace(
        pos, pouch=tuple(pouch), central=tuple(central), hand=(*pos.hand, colour),
        taken_space=0 if pos.taken_space is None else pos.taken_space,
    ))


def place_rigged(game: Game, colour: Colour, cell: Hex) -> tuple[Game, Result]:
    """Hand the player one ``colour`` token and play PlaceToken: the game after it (the same game if
    refused) with the turn's hand and "tokens taken" as they were, and the result, unchecked."""
    before = game.position()
    rigged = with_in_hand(game, colour)
    result = rigged.apply(PlaceToken(colour, cell))
    if not result.ok:
        return game, result
    after = rigged.position()
    assert before.central is not None and after.pouch is not None
    pouch = after.pouch
    if before.taken_space is None:  # space 0's tokens come off the pouch and back onto space 0
        pouch = pouch[:len(pouch) - len(before.central[0])]
    return Game.from_position(replace(
        after, pouch=pouch, central=before.central, hand=before.hand, taken_space=before.taken_space,
    )), result


def rig_tokens(game: Game, board: Mapping[Hex, Sequence[Colour]]) -> Game:
    """Build ``board`` (stacks bottom to top) on the current player's board with real PlaceToken
    commands: each colour comes out of the pouch into the hand just before it is placed, and the
    turn is otherwise untouched. Returns the game with the board built."""
    for cell, stack in board.items():
        for colour in stack:
            game, result = place_rigged(game, colour, cell)
            assert result.ok, result
    return game


def rig_card(game: Game, card_id: str) -> tuple[Game, Result]:
    """Put ``card_id`` face up if needed (in slot 0, from wherever it was) and play TakeCard, without
    using up the turn's one card: the game after it (the same game if refused) and the result, so
    tests of the 4-card limit can see the refusal."""
    pos = game.position()
    assert pos.display is not None and pos.deck is not None
    display = list(pos.display)
    deck = pos.deck
    if card_id not in display:
        deck = tuple(c for c in deck if c != card_id)
        if display[0] is not None:
            deck = (display[0], *deck)   # the card it replaces goes under the pile
        display[0] = card_id
    rigged = Game.from_position(replace(pos, display=tuple(display), deck=deck, took_card=False))
    result = rigged.apply(TakeCard(card_id))
    if not result.ok:
        return game, result
    return Game.from_position(replace(rigged.position(), took_card=pos.took_card)), result


def rig_spirit(game: Game, spirit_id: str) -> Game:
    """Make the current player choose ``spirit_id`` (dealt to them by force)."""
    pos = game.position()
    other = next(s for s in ref_spirit_ids() if s != spirit_id)
    seats = list(pos.seats)
    seats[pos.current] = replace(seats[pos.current], spirit_choices=(spirit_id, other))
    rigged = Game.from_position(replace(pos, seats=tuple(seats)))
    result = rigged.apply(ChooseSpirit(spirit_id))
    assert result.ok, result
    return rigged


def board_of(game: Game, seat: int = 0) -> Board:
    return dict(game.player(seat).stacks)


def animal(card_id: str) -> AnimalCard:
    return default_cards().animal(card_id)


def spirit(card_id: str) -> SpiritCard:
    return default_cards().spirit(card_id)


def snapshot(game: Game) -> dict[str, Any]:
    """Everything a player or the UI can observe, for "nothing changed" comparisons."""
    return {
        "json": game.to_json(),
        "players": [game.player(i) for i in range(game.setup.players)],
        "current": game.current,
        "round": game.round,
        "over": game.over,
        "end_triggered": game.end_triggered,
        "central": game.central,
        "hand": game.hand,
        "display": game.display,
        "deck_size": game.deck_size,
        "pouch_size": game.pouch_size,
        "discarded": game.discarded_tokens,
        "taken": game.taken_tokens_this_turn,
        "took_card": game.took_card_this_turn,
        "history": game.history,
        "tokens": game.token_count(),
        "can_end": game.can_end_turn(),
        "legal": game.legal_commands(),
        "scores": [game.score(i) for i in range(game.setup.players)],
        "outcome": game.outcome,
    }


# --------------------------------------------------------------------------- the helpers work


def test_reference_is_readable() -> None:
    assert len(ref_animal_ids()) == 32
    assert len(ref_spirit_ids()) == 10


def test_rig_tokens_builds_exact_stacks_and_leaves_the_turn_alone() -> None:
    game = new_game()
    before_central = game.central
    game = rig_tokens(game, {(0, 0): T3, (1, 0): B_GRAY, (2, 0): W})
    assert board_of(game) == {(0, 0): T3, (1, 0): B_GRAY, (2, 0): W}
    assert game.hand == ()
    assert not game.taken_tokens_this_turn
    assert game.central == before_central


def test_pattern_board_puts_the_cube_cell_on_the_anchor() -> None:
    for cid in (*ref_animal_ids(), *ref_spirit_ids()):
        for turn in range(6):
            board = pattern_board(cid, (2, 1), turn)
            cube_offset = next(o for o, _, cube in ref_pattern(cid) if cube)
            assert cube_offset == (0, 0)
            assert (2, 1) in board
            assert len(board) == len(ref_pattern(cid))
