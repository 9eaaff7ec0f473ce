"""Board files: one personal board, its cards and cubes, as JSON people can write by hand.

    {"side": "A",
     "cells": [[q, r, ["brown", "green"]], ...],      stacks bottom to top, empty cells omitted
     "cubes": [[q, r], ...],                           optional: cells holding a cube
     "cards": [{"id": "fennec_fox", "cubes_placed": 2}],   optional
     "spirit": {"id": "lion", "placed": true}}         optional
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .boards import BoardShape, Hex, board_shape
from .cards import AnimalCard, CardSet, SpiritCard
from .colours import Colour
from .habitats import build_table, matching_cells
from .scoring import ScoreSheet, score_board
from .tables import stack_table

_FIELDS = {"side", "cells", "cubes", "cards", "spirit"}


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
    if not (isinstance(value, list) and len(value) >= 2 and all(type(v) is int for v in value[:2])):
        raise _fail(path, where, f"expected [q, r], found {json.dumps(value)}")
    cell: Hex = (value[0], value[1])
    if cell not in shape.index:
        raise _fail(path, where, f"[{cell[0]}, {cell[1]}] is not a cell of board side {shape.side}")
    return shape.index[cell]


def parse_board(data: Any, path: Path, cards: CardSet) -> BoardFile:
    """Check and read the JSON of a board file; ``BoardFileError`` names the first problem."""
    if not isinstance(data, dict):
        raise _fail(path, "", "a board file must be a JSON object")
    unknown = set(data) - _FIELDS
    if unknown:
        raise _fail(path, "", f"unknown field(s) {', '.join(sorted(unknown))} (expected {', '.join(sorted(_FIELDS))})")
    side = data.get("side")
    if side not in ("A", "B"):
        raise _fail(path, "side", f"must be \"A\" or \"B\", found {json.dumps(side)}")
    shape = board_shape(side)
    table = stack_table()
    stacks = [0] * shape.size
    cells = data.get("cells", [])
    if not isinstance(cells, list):
        raise _fail(path, "cells", "must be a list of [q, r, [colours...]]")
    for n, entry in enumerate(cells):
        where = f"cells[{n}]"
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], list)):
            raise _fail(path, where, f"expected [q, r, [colours bottom to top]], found {json.dumps(entry)}")
        i = _cell(path, shape, entry[:2], where)
        if stacks[i]:
            raise _fail(path, where, f"cell [{entry[0]}, {entry[1]}] is listed twice")
        try:
            stack = tuple(Colour.parse(c) if isinstance(c, str) else Colour.parse(repr(c)) for c in entry[2])
        except ValueError as e:
            raise _fail(path, where, str(e)) from None
        if stack not in table.ids or not stack:
            shown = "[" + ", ".join(c.label for c in stack) + "]"
            raise _fail(path, where, f"{shown} is not a legal stack")
        stacks[i] = table.ids[stack]
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
    held: list[tuple[AnimalCard, int]] = []
    raw_cards = data.get("cards", [])
    if not isinstance(raw_cards, list):
        raise _fail(path, "cards", "must be a list of {\"id\": ..., \"cubes_placed\": n}")
    for n, entry in enumerate(raw_cards):
        where = f"cards[{n}]"
        if not isinstance(entry, dict) or set(entry) - {"id", "cubes_placed"} or "id" not in entry:
            raise _fail(path, where, f"expected {{\"id\": ..., \"cubes_placed\": n}}, found {json.dumps(entry)}")
        try:
            card = cards.animal(entry["id"])
        except KeyError:
            raise _fail(path, where, f"unknown animal card {json.dumps(entry['id'])}") from None
        placed = entry.get("cubes_placed", 0)
        if type(placed) is not int or not 0 <= placed <= card.cubes:
            raise _fail(path, where, f"cubes_placed must be 0 to {card.cubes} for {card.id}, found {json.dumps(placed)}")
        held.append((card, placed))
    spirit = None
    placed_spirit = False
    if "spirit" in data:
        entry = data["spirit"]
        if not isinstance(entry, dict) or "id" not in entry or set(entry) - {"id", "placed"}:
            raise _fail(path, "spirit", f"expected {{\"id\": ..., \"placed\": true}}, found {json.dumps(entry)}")
        try:
            spirit = cards.spirit(entry["id"])
        except KeyError:
            raise _fail(path, "spirit", f"unknown Nature's Spirit card {json.dumps(entry['id'])}") from None
        placed_spirit = entry.get("placed", False)
        if not isinstance(placed_spirit, bool):
            raise _fail(path, "spirit.placed", "must be true or false")
    return BoardFile(shape, tuple(stacks), frozenset(cubes), tuple(held), spirit, placed_spirit)


def read_board(path: Path, cards: CardSet) -> BoardFile:
    """Read and check a board file from disk."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise BoardFileError(f"{path}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise BoardFileError(f"{path}: not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardFileError(f"{path}:{e.lineno}:{e.colno}: not valid JSON: {e.msg}") from None
    return parse_board(data, path, cards)
