"""Board files: one personal board, its cards and cubes, as JSON people can write by hand.

    {"side": "A",
     "cells": [[q, r, ["brown", "green"]], ...],      stacks bottom to top, empty cells omitted
     "cubes": [[q, r], ...],                           optional: cells holding a cube
     "cards": [{"id": "fennec_fox", "cubes_placed": 2}],   optional
     "spirit": {"id": "lion", "placed": true}}         optional
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .boards import BoardShape, Hex, board_shape
from .capped import read_capped
from .cards import AnimalCard, CardSet, SpiritCard
from .colours import Colour
from .habitats import build_table, matching_cells
from .jsontext import JsonTextError, loads_bytes, shown
from .scoring import ScoreSheet, score_board
from .tables import rules_data, stack_table

_FIELDS = {"side", "cells", "cubes", "cards", "spirit"}
#: A board file is a few kilobytes; anything much larger is not one, and is refused before it is read.
MAX_BYTES = 1 << 20


class BoardFileError(ValueError):
    """A board file that cannot be read; the message names the file and the place."""


@dataclass(frozen=True)
class BoardFile:
    """A parsed board file."""

    shape: BoardShape
    stacks: tuple[int, ...]               # stack id per cell, in shape order
    cubes: frozenset[int]                 # cell indices holding a cube
    cards: tuple[tuple[AnimalCard, int], ...]
    spirit: SpiritCard | None
    spirit_placed: bool

    def score(self) -> ScoreSheet:
        return score_board(self.shape, self.stacks, self.cards, self.spirit, self.spirit_placed)

    def habitats(self) -> dict[str, list[list[int]]]:
        """Each card with a cube still to place (and an unplaced spirit) -> sorted cells for its next cube."""
        where = [0] * len(stack_table().stacks)
        for i, s in enumerate(self.stacks):
            where[s] |= 1 << i
        cube_bits = sum(1 << i for i in self.cubes)
        pending: list[AnimalCard | SpiritCard] = [c for c, n in self.cards if n < c.cubes]
        if self.spirit is not None and not self.spirit_placed:
            pending.append(self.spirit)
        out: dict[str, list[list[int]]] = {}
        for card in pending:
            cells = matching_cells(build_table(card, self.shape), self.stacks, where, cube_bits)
            out[card.id] = sorted([*self.shape.cells[i]] for i in cells)
        return out


def _fail(path: Path, where: str, problem: str) -> BoardFileError:
    return BoardFileError(f"{path}: {where}: {problem}" if where else f"{path}: {problem}")


def _cell(path: Path, shape: BoardShape, value: Any, where: str) -> int:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise _fail(path, where, f"expected [q, r], found {shown(value)}")
    cell: Hex = (value[0], value[1])
    if cell not in shape.index:
        raise _fail(path, where, f"[{shown(cell[0])}, {shown(cell[1])}] is not a cell of board side {shape.side}")
    return shape.index[cell]


def _card_id(path: Path, where: str, entry: dict[str, Any]) -> str:
    card_id = entry["id"]
    if not isinstance(card_id, str):
        raise _fail(path, f"{where}.id", f"a card id is text, found {shown(card_id)}")
    return card_id


def _stacks(path: Path, shape: BoardShape, data: dict[str, Any]) -> list[int]:
    table = stack_table()
    stacks = [0] * shape.size
    cells = data.get("cells", [])
    if not isinstance(cells, list):
        raise _fail(path, "cells", "must be a list of [q, r, [colours...]]")
    for n, entry in enumerate(cells):
        where = f"cells[{n}]"
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], list)):
            raise _fail(path, where, f"expected [q, r, [colours bottom to top]], found {shown(entry)}")
        i = _cell(path, shape, entry[:2], where)
        if stacks[i]:
            raise _fail(path, where, f"cell [{entry[0]}, {entry[1]}] is listed twice")
        try:
            stack = tuple(Colour.parse(c) if isinstance(c, str) else Colour.parse(shown(c)) for c in entry[2])
        except ValueError as e:
            raise _fail(path, where, _short(str(e))) from None
        if stack not in table.ids or not stack:
            label = "[" + ", ".join(c.label for c in stack) + "]"
            raise _fail(path, where, f"{_short(label)} is not a legal stack")
        stacks[i] = table.ids[stack]
    return stacks


def _cubes(path: Path, shape: BoardShape, stacks: list[int], data: dict[str, Any]) -> set[int]:
    cubes: set[int] = set()
    raw_cubes = data.get("cubes", [])
    if not isinstance(raw_cubes, list):
        raise _fail(path, "cubes", "must be a list of [q, r]")
    for n, value in enumerate(raw_cubes):
        i = _cell(path, shape, value, f"cubes[{n}]")
        if not stacks[i]:
            raise _fail(path, f"cubes[{n}]", "a cube must sit on a token")
        if i in cubes:
            raise _fail(path, f"cubes[{n}]", "two cubes on one cell")
        cubes.add(i)
    return cubes


def _cards(path: Path, data: dict[str, Any], cards: CardSet) -> list[tuple[AnimalCard, int]]:
    held: list[tuple[AnimalCard, int]] = []
    raw_cards = data.get("cards", [])
    if not isinstance(raw_cards, list):
        raise _fail(path, "cards", "must be a list of {\"id\": ..., \"cubes_placed\": n}")
    seen: dict[str, int] = {}
    for n, entry in enumerate(raw_cards):
        where = f"cards[{n}]"
        if not isinstance(entry, dict) or set(entry) - {"id", "cubes_placed"} or "id" not in entry:
            raise _fail(path, where, f"expected {{\"id\": ..., \"cubes_placed\": n}}, found {shown(entry)}")
        card_id = _card_id(path, where, entry)
        try:
            card = cards.animal(card_id)
        except KeyError:
            raise _fail(path, where, f"unknown animal card {shown(card_id)}") from None
        if card_id in seen:
            raise _fail(path, where, f"{card_id} is already listed as cards[{seen[card_id]}] (there is one of each card)")
        seen[card_id] = n
        placed = entry.get("cubes_placed", 0)
        if type(placed) is not int or not 0 <= placed <= card.cubes:
            raise _fail(path, f"{where}.cubes_placed",
                        f"must be 0 to {card.cubes} for {card.id} (its track), found {shown(placed)}")
        held.append((card, placed))
    return held


def _spirit(path: Path, data: dict[str, Any], cards: CardSet) -> tuple[SpiritCard | None, bool]:
    if "spirit" not in data:
        return None, False
    entry = data["spirit"]
    if not isinstance(entry, dict) or "id" not in entry or set(entry) - {"id", "placed"}:
        raise _fail(path, "spirit", f"expected {{\"id\": ..., \"placed\": true}}, found {shown(entry)}")
    card_id = _card_id(path, "spirit", entry)
    try:
        spirit = cards.spirit(card_id)
    except KeyError:
        raise _fail(path, "spirit", f"unknown Nature's Spirit card {shown(card_id)}") from None
    placed = entry.get("placed", False)
    if not isinstance(placed, bool):
        raise _fail(path, "spirit.placed", "must be true or false")
    return spirit, placed


def _check_rules(path: Path, held: list[tuple[AnimalCard, int]], spirit: SpiritCard | None, spirit_placed: bool,
                 cubes: set[int]) -> None:
    """What the rules forbid on a board: too many unfinished cards, cubes the cards do not account for."""
    unfinished = sum(1 for card, n in held if n < card.cubes) + (spirit is not None and not spirit_placed)
    limit = rules_data().max_unfinished_cards
    if unfinished > limit:
        raise _fail(path, "cards", f"{unfinished} unfinished cards (counting an unplaced spirit); "
                                   f"the rules allow at most {limit}")
    from_cards = sum(n for _, n in held) + (1 if spirit_placed else 0)
    if from_cards != len(cubes):
        raise _fail(path, "cubes", f"{len(cubes)} cube(s) on the board, but the cards' cubes_placed "
                                   f"(and a placed spirit) account for {from_cards}")


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_board(data: Any, path: Path, cards: CardSet) -> BoardFile:
    """Check and read the JSON of a board file; ``BoardFileError`` names the first problem."""
    if not isinstance(data, dict):
        raise _fail(path, "", "a board file must be a JSON object")
    unknown = set(data) - _FIELDS
    if unknown:
        names = _short(", ".join(sorted(shown(k) for k in unknown)))
        raise _fail(path, "", f"unknown field(s) {names} (expected {', '.join(sorted(_FIELDS))})")
    side = data.get("side")
    if not isinstance(side, str) or side not in ("A", "B"):
        raise _fail(path, "side", f"must be \"A\" or \"B\", found {shown(side)}")
    shape = board_shape(side)
    stacks = _stacks(path, shape, data)
    cubes = _cubes(path, shape, stacks, data)
    held = _cards(path, data, cards)
    spirit, spirit_placed = _spirit(path, data, cards)
    _check_rules(path, held, spirit, spirit_placed, cubes)
    return BoardFile(shape, tuple(stacks), frozenset(cubes), tuple(held), spirit, spirit_placed)


def read_board(path: Path, cards: CardSet) -> BoardFile:
    """Read and check a board file from disk."""
    try:
        data = read_capped(path, MAX_BYTES)
    except OSError as e:
        raise BoardFileError(f"{path}: cannot read: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise BoardFileError(f"{path}: larger than {MAX_BYTES // 1024} KB, too large for a board file")
    try:
        doc = loads_bytes(data)
    except JsonTextError as e:
        where = f"{path}:{e.line}:{e.column}" if e.line is not None and e.column is not None else \
            f"{path}:{e.line}" if e.line is not None else f"{path}"
        raise BoardFileError(f"{where}: {e.problem}") from None
    return parse_board(doc, path, cards)
