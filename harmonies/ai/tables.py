"""Precomputed tables the planners search with: built once per card set and board side.

The players never touch the engine's private state. They read a board as the public stack ids
(``game.stack_ids``) and plan on plain int lists. What a stack scores, where a pattern can be placed
and how many tokens a stack still needs to grow into a pattern's stack all come from the rules
(``rules/landscapes.py``, ``rules/habitats.py``); this module only lays them out the way a search
reads them: per card, every placement of its pattern with the tokens each cell still needs.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import BoardShape, CardSet, board_shape
from ..rules.kernels import FAR, HabitatTable, habitat_tables, landscape_table, stack_table, tokens_needed

__all__ = ["FAR", "CardTables", "PlacementCosts", "Tables", "tables_for"]

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
    habitats: dict[str, HabitatTable]  # the rules' placement tables, by card id
    river: bool                       # side A scores its longest river, side B its islands


def _card_tables(table: HabitatTable) -> CardTables:
    """The rules' placements of one card, each cell with its table of tokens still needed."""
    cube_need = tokens_needed(table.cube_mask)
    placements: list[PlacementCosts] = []
    for cube, found in table.candidates:
        for placement in found:
            placements.append((cube, ((cube, cube_need), *((j, tokens_needed(mask)) for j, mask in placement))))
    return CardTables(table.card_id, tuple(placements))


_CACHE: dict[tuple[int, str], tuple[CardSet, Tables]] = {}


def tables_for(cards: CardSet, side: str) -> Tables:
    key = (id(cards), side)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is cards:
        return hit[1]
    shape = board_shape(side)
    st = stack_table()
    scores = landscape_table()
    habitats = habitat_tables(cards, side)
    tables = Tables(
        shape=shape,
        size=shape.size,
        neighbours=shape.neighbours,
        add=st.add,
        kind=st.kind,
        height=st.height,
        top_bit=scores.top_bit,
        tree_points=scores.tree_points,
        mountain_points=scores.mountain_points,
        cards={cid: _card_tables(t) for cid, t in habitats.items()},
        habitats=habitats,
        river=shape.water == "river",
    )
    _CACHE[key] = (cards, tables)
    return tables
