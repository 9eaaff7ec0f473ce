"""The landscape rules of one personal board (components.md §8) as kernels on bit sets of cells.

A board is a list of stack ids (one per cell, in ``shape.cells`` order) and a set of cells is an int
whose bit i stands for cell i. These functions are the one copy of the landscape rules: the end of
the game scores with :func:`landscape_points`, and the computer players' evaluation
(``harmonies/ai/evaluate.py``) calls the same kernels on the boards it searches, adding only its own
guesses about unfinished work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .boards import BoardShape
from .tables import BUILDING, FIELD, MOUNTAIN, TREE, WATER, rules_data, stack_table


@dataclass(frozen=True)
class LandscapeTable:
    """What a stack scores by itself, by stack id."""

    kind: tuple[int, ...]             # landscape kind (tables.WATER, FIELD, ...)
    tree_points: tuple[int, ...]      # a tree's points by its height, 0 for any other stack
    mountain_points: tuple[int, ...]  # a mountain's points by its height, scored only beside another mountain
    top_bit: tuple[int, ...]          # 1 << the top colour, 0 for the empty cell

    def around(self, shape: BoardShape, stacks: Sequence[int], cell: int) -> tuple[int, int]:
        """(the top colours seen around ``cell`` as a bit set of colours, its empty neighbours)."""
        top_bit = self.top_bit
        seen = free = 0
        for n in shape.neighbours[cell]:
            b = top_bit[stacks[n]]
            if b:
                seen |= b
            else:
                free += 1
        return seen, free


@lru_cache(maxsize=1)
def landscape_table() -> LandscapeTable:
    """The stack table's points, built once from rules.yaml."""
    st = stack_table()
    data = rules_data()
    n = len(st.stacks)
    return LandscapeTable(
        kind=st.kind,
        tree_points=tuple(data.tree_points[st.height[s]] if st.kind[s] == TREE else 0 for s in range(n)),
        mountain_points=tuple(data.mountain_points[st.height[s]] if st.kind[s] == MOUNTAIN else 0 for s in range(n)),
        top_bit=tuple((1 << t) if t >= 0 else 0 for t in st.top),
    )


def cells_of_kind(stacks: Sequence[int], kind: int) -> int:
    """The bit set of the cells whose stack is of landscape ``kind``."""
    kinds = stack_table().kind
    bits = 0
    for i, s in enumerate(stacks):
        if kinds[s] == kind:
            bits |= 1 << i
    return bits


def cell_groups(shape: BoardShape, members: int) -> list[int]:
    """The connected groups of the cells in the bit set ``members``, each a bit set, in the order of
    their lowest cell."""
    near = shape.neighbour_bits
    found: list[int] = []
    while members:
        group = frontier = members & -members
        while frontier:
            grown = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                grown |= near[low.bit_length() - 1]
            frontier = grown & members & ~group
            group |= frontier
        members &= ~group
        found.append(group)
    return found


def river(shape: BoardShape, group: int) -> tuple[int, int]:
    """(length, ends) of a connected blue group given as a bit set: the tokens on its longest
    shortest path (its diameter + 1, §13 Q2) and the bit set of the cells such a path can start at."""
    size = group.bit_count()
    if size <= 2:  # a group is connected: one token, or two side by side
        return size, group
    near = shape.neighbour_bits
    best = 0
    ends = 0
    starts = group
    while starts:
        start = starts & -starts
        starts ^= start
        # Breadth-first from ``start`` on bit sets: the number of rings reached is the farthest
        # cell, counted in tokens.
        seen = frontier = start
        rings = 1
        while True:
            grown = 0
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                grown |= near[low.bit_length() - 1]
            frontier = grown & group & ~seen
            if not frontier:
                break
            seen |= frontier
            rings += 1
        if rings > best:
            best = rings
            ends = start
        elif rings == best:
            ends |= start
    return best, ends


def longest_river(shape: BoardShape, blue: int) -> tuple[int, int, int]:
    """(length, ends, cells) of the longest river among the blue cells ``blue``: the first such
    group by its lowest cell; (0, 0, 0) without blue cells."""
    best = ends = cells = 0
    for group in cell_groups(shape, blue):
        length, at = river(shape, group)
        if length > best:
            best, ends, cells = length, at, group
    return best, ends, cells


def river_points(length: int) -> int:
    """Points of a river of ``length`` tokens."""
    data = rules_data()
    if length in data.river_points:
        return data.river_points[length]
    top = max(data.river_points)
    return data.river_points[top] + data.river_beyond_6 * (length - top)


def water_points(shape: BoardShape, blue: int) -> int:
    """Points for the water of a board whose blue cells are ``blue``: its longest river (side A) or
    its islands (side B)."""
    if shape.water == "river":
        return river_points(longest_river(shape, blue)[0])
    land = ((1 << shape.size) - 1) & ~blue
    # "There is always at least 1 island" (§8); only a hand-written all-blue board has none.
    return rules_data().island_points * max(1, len(cell_groups(shape, land)))


def field_groups(shape: BoardShape, yellow: int) -> tuple[int, int]:
    """(groups that score, cells in groups too small to score) of the field cells ``yellow``."""
    least = rules_data().field_min_size
    scoring = small = 0
    for group in cell_groups(shape, yellow):
        size = group.bit_count()
        if size >= least:
            scoring += 1
        else:
            small += size
    return scoring, small


def scoring_mountains(shape: BoardShape, peaks: int) -> int:
    """The mountains of ``peaks`` (a bit set of mountain cells) that score: those beside another."""
    near = shape.neighbour_bits
    found = 0
    rest = peaks
    while rest:
        low = rest & -rest
        rest ^= low
        if near[low.bit_length() - 1] & peaks:
            found |= low
    return found


def landscape_points(shape: BoardShape, stacks: Sequence[int]) -> tuple[int, int, int, int, int]:
    """(trees, mountains, fields, buildings, water) for a board of stack ids."""
    table = landscape_table()
    data = rules_data()
    kind, tree_points = table.kind, table.tree_points
    trees = buildings = 0
    yellow = blue = peaks = 0  # bit sets of the field, water and mountain cells
    for i, s in enumerate(stacks):
        k = kind[s]
        if k == TREE:
            trees += tree_points[s]
        elif k == FIELD:
            yellow |= 1 << i
        elif k == WATER:
            blue |= 1 << i
        elif k == MOUNTAIN:
            peaks |= 1 << i
        elif k == BUILDING and table.around(shape, stacks, i)[0].bit_count() >= data.building_min_colours:
            buildings += data.building_points
    mountains = 0
    rest = scoring_mountains(shape, peaks)
    while rest:
        low = rest & -rest
        rest ^= low
        mountains += table.mountain_points[stacks[low.bit_length() - 1]]
    fields = data.field_points * field_groups(shape, yellow)[0]
    return trees, mountains, fields, buildings, water_points(shape, blue)
