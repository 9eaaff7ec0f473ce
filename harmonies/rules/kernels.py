"""The rules' board kernels, the one public door to them for the layers above the rules.

A board is a list of stack ids (:class:`StackTable`) and a set of cells an int of bits; these are
the functions the end of the game scores with, gathered here for the computer players' evaluation,
the challenges' goals, the recap and How to play, which call the same kernels on their own boards.
The object-level API (games, commands, cards, scores) is :mod:`harmonies.rules` itself.
"""

from __future__ import annotations

from .habitats import FAR, HabitatTable, formed_cells, habitat_tables, tokens_needed
from .landscapes import (
    LandscapeTable, cell_groups, field_groups, landscape_table, longest_river, river_points, scoring_mountains,
    water_points,
)
from .scoring import spirit_cells, spirit_group_points, spirit_points
from .tables import BUILDING, FIELD, KIND_NAMES, MOUNTAIN, NONE, TREE, WATER, StackTable, stack_table

__all__ = [
    "FAR", "HabitatTable", "formed_cells", "habitat_tables", "tokens_needed",
    "LandscapeTable", "cell_groups", "field_groups", "landscape_table", "longest_river", "river_points",
    "scoring_mountains", "water_points",
    "spirit_cells", "spirit_group_points", "spirit_points",
    "BUILDING", "FIELD", "KIND_NAMES", "MOUNTAIN", "NONE", "TREE", "WATER", "StackTable", "stack_table",
]
