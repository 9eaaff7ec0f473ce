"""Precomputed tables the planners search with: built once per card set and board side.

The players never touch the engine's private state. They read a board as the public stack ids
(``game.stack_ids``) and plan on plain int lists, so these tables restate what they need of the
rules in the shape a search wants: per stack id, what it scores and how it can grow; per card, every
placement of its pattern with the number of tokens each cell still needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import AnimalCard, BoardShape, CardSet, SpiritCard, board_shape, rotate
from ..rules.tables import MOUNTAIN, TREE, rules_data, stack_table

FAR = 99  # tokens needed when a cell can never reach the stack a pattern wants

# One placement of a pattern with its costs: its cube cell, and for every cell (the cube cell first) the cell index
# with a table "stack id -> tokens still needed there" (FAR when that stack cannot grow into it).
PlacementCosts = tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]


@dataclass(frozen=True)
class CardTables:
    """Every placement of one card's pattern on one board side."""

    card_id: str
    placements: tuple[PlacementCosts, ...]


@dataclass(frozen=True)
class Tables:
    shape: BoardShape
    size: int
    neighbours: tuple[tuple[int, ...], ...]
    add: tuple[tuple[int, ...], ...]
    kind: tuple[int, ...]
    height: tuple[int, ...]
    top_bit: tuple[int, ...]          # 1 << top colour, 0 for an empty cell
    tree_points: tuple[int, ...]      # by stack id
    mountain_points: tuple[int, ...]  # by stack id, scored only next to another mountain
    cards: dict[str, CardTables]
    river: bool                       # side A scores its longest river, side B its islands


def _need_table(accepted: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Tokens to add to each stack so it becomes one of ``accepted`` (stacks only grow)."""
    table = stack_table()
    out = []
    for s in table.stacks:
        best = FAR
        for t in accepted:
            if len(t) >= len(s) and tuple(t[: len(s)]) == tuple(s):
                best = min(best, len(t) - len(s))
        out.append(best)
    return tuple(out)


def _card_tables(card: AnimalCard | SpiritCard, shape: BoardShape) -> CardTables:
    cells = list(card.cells)
    needs = [_need_table(tuple(tuple(int(c) for c in st) for st in cell.stacks)) for cell in cells]
    offsets = [(int(c.q), int(c.r)) for c in cells]
    placements: list[PlacementCosts] = []
    for idx, (q, r) in enumerate(shape.cells):
        seen: set[frozenset[tuple[int, int]]] = set()
        for turn in range(6):
            placed: list[tuple[int, tuple[int, ...]]] = []
            for (dq, dr), need in zip(offsets, needs):
                rq, rr = rotate((dq, dr), turn)
                j = shape.index.get((q + rq, r + rr))
                if j is None:
                    break
                placed.append((j, need))
            else:
                key = frozenset((j, id(n)) for j, n in placed)
                if key not in seen:  # symmetric patterns repeat a placement under rotation
                    seen.add(key)
                    placements.append((idx, tuple(placed)))
    return CardTables(card.id, tuple(placements))


_CACHE: dict[tuple[int, str], tuple[CardSet, Tables]] = {}


def tables_for(cards: CardSet, side: str) -> Tables:
    key = (id(cards), side)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is cards:
        return hit[1]
    shape = board_shape(side)
    st = stack_table()
    data = rules_data()
    tree_points = tuple(data.tree_points[st.height[s]] if st.kind[s] == TREE else 0 for s in range(len(st.stacks)))
    mountain_points = tuple(
        data.mountain_points[st.height[s]] if st.kind[s] == MOUNTAIN else 0 for s in range(len(st.stacks))
    )
    top_bit = tuple((1 << t) if t >= 0 else 0 for t in st.top)
    patterns: list[AnimalCard | SpiritCard] = [*cards.animals, *cards.spirits]
    tables = Tables(
        shape=shape,
        size=shape.size,
        neighbours=shape.neighbours,
        add=st.add,
        kind=st.kind,
        height=st.height,
        top_bit=top_bit,
        tree_points=tree_points,
        mountain_points=mountain_points,
        cards={c.id: _card_tables(c, shape) for c in patterns},
        river=shape.water == "river",
    )
    _CACHE[key] = (cards, tables)
    return tables
