"""End-of-game scoring of one personal board (components.md §8, spirit-cards.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .boards import BoardShape
from .cards import AnimalCard, SpiritCard
from .tables import BUILDING, FIELD, MOUNTAIN, TREE, WATER, rules_data, stack_table

_KIND_BY_TARGET = {"water": WATER, "field": FIELD, "tree": TREE, "mountain": MOUNTAIN, "building": BUILDING}


@dataclass(frozen=True)
class ScoreSheet:
    """One player's points, by the rows of the paper scoresheet."""

    trees: int
    mountains: int
    fields: int
    buildings: int
    water: int
    animals: int
    spirit: int
    cards: dict[str, int] = field(default_factory=dict)  # card id -> points: unfinished, then completed

    @property
    def landscapes(self) -> int:
        return self.trees + self.mountains + self.fields + self.buildings + self.water

    @property
    def total(self) -> int:
        return self.landscapes + self.animals + self.spirit

    def to_json(self) -> dict[str, Any]:
        """The row names of the command line's ``score`` output."""
        return {
            "trees": self.trees,
            "mountains": self.mountains,
            "fields": self.fields,
            "buildings": self.buildings,
            "water": self.water,
            "landscapes": self.landscapes,
            "animals": self.animals,
            "spirit": self.spirit,
            "total": self.total,
            "cards": dict(self.cards),
        }


def groups(shape: BoardShape, members: Sequence[bool]) -> list[list[int]]:
    """Connected groups of the cells flagged in ``members``."""
    seen = [False] * shape.size
    neighbours = shape.neighbours
    found: list[list[int]] = []
    for start, member in enumerate(members):
        if not member or seen[start]:
            continue
        seen[start] = True
        group = [start]
        for cell in group:  # visits the cells appended on the way too: a breadth-first walk
            for n in neighbours[cell]:
                if members[n] and not seen[n]:
                    seen[n] = True
                    group.append(n)
        found.append(group)
    return found


def river_length(shape: BoardShape, group: Sequence[int]) -> int:
    """Tokens on the longest shortest path inside one blue group (its diameter + 1; §13 Q2)."""
    inside = 0
    for cell in group:
        inside |= 1 << cell
    return _river_length(shape, inside)


def _river_length(shape: BoardShape, group: int) -> int:
    """:func:`river_length` of a connected group given as a bit set of cells."""
    size = group.bit_count()
    if size <= 2:  # a group is connected: one token, or two side by side
        return size
    near = shape.neighbour_bits
    best = 0
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
    return best


def _bit_groups(shape: BoardShape, members: int) -> list[int]:
    """Connected groups of the cells in the bit set ``members``, each as a bit set."""
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


def river_points(length: int) -> int:
    data = rules_data()
    if length in data.river_points:
        return data.river_points[length]
    top = max(data.river_points)
    return data.river_points[top] + data.river_beyond_6 * (length - top)


def _water(shape: BoardShape, blue: int) -> int:
    """Points for the water of a board whose blue cells are the bit set ``blue``."""
    if shape.water == "river":
        return river_points(max((_river_length(shape, g) for g in _bit_groups(shape, blue)), default=0))
    land = ((1 << shape.size) - 1) & ~blue
    # "There is always at least 1 island" (§8); only a hand-written all-blue board has none.
    return rules_data().island_points * max(1, len(_bit_groups(shape, land)))


def landscape_points(shape: BoardShape, stacks: Sequence[int]) -> tuple[int, int, int, int, int]:
    """(trees, mountains, fields, buildings, water) for a board of stack ids."""
    table = stack_table()
    data = rules_data()
    kind, height, top = table.kind, table.height, table.top
    trees = buildings = 0
    yellow = blue = peaks = 0  # bit sets of the field, water and mountain cells
    for i, s in enumerate(stacks):
        k = kind[s]
        if k == TREE:
            trees += data.tree_points[height[s]]
        elif k == FIELD:
            yellow |= 1 << i
        elif k == WATER:
            blue |= 1 << i
        elif k == MOUNTAIN:
            peaks |= 1 << i
        elif k == BUILDING:
            colours = {top[stacks[n]] for n in shape.neighbours[i]}
            colours.discard(-1)  # empty neighbours show no colour
            if len(colours) >= data.building_min_colours:
                buildings += data.building_points
    mountains = 0
    near = shape.neighbour_bits
    rest = peaks
    while rest:  # a mountain scores only next to another mountain
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        if near[i] & peaks:
            mountains += data.mountain_points[height[stacks[i]]]
    fields = data.field_points * sum(1 for g in _bit_groups(shape, yellow) if g.bit_count() >= data.field_min_size)
    return trees, mountains, fields, buildings, _water(shape, blue)


def card_points(card: AnimalCard, cubes_placed: int) -> int:
    """The value of the highest empty slot: cubes leave from the bottom (§8)."""
    return card.track[cubes_placed - 1] if cubes_placed > 0 else 0


def spirit_points(spirit: SpiritCard, shape: BoardShape, stacks: Sequence[int]) -> int:
    """What a spirit card's rule gives for the board (its cube being placed)."""
    table = stack_table()
    target = _KIND_BY_TARGET[spirit.target]
    members = [table.kind[s] == target for s in stacks]

    if spirit.unit == "group":
        return sum(spirit.points_for(len(g)) for g in groups(shape, members))
    return sum(spirit.points_for(table.height[s]) for s, m in zip(stacks, members) if m)


def score_board(
    shape: BoardShape,
    stacks: Sequence[int],
    cards: Iterable[tuple[AnimalCard, int]],
    spirit: SpiritCard | None = None,
    spirit_placed: bool = False,
) -> ScoreSheet:
    """Score a board given its stack ids, its animal cards with cubes placed, and its spirit."""
    trees, mountains, fields, buildings, water = landscape_points(shape, stacks)
    per_card: dict[str, int] = {}
    for card, placed in cards:
        per_card[card.id] = per_card.get(card.id, 0) + card_points(card, placed)
    spirit_score = spirit_points(spirit, shape, stacks) if spirit is not None and spirit_placed else 0
    return ScoreSheet(trees, mountains, fields, buildings, water, sum(per_card.values()), spirit_score, per_card)


@dataclass(frozen=True)
class SunReport:
    """Solo result in suns: from the score, the board side and the spirit (§10)."""

    score_suns: int
    side_suns: int
    spirit_suns: int

    @property
    def total(self) -> int:
        return self.score_suns + self.side_suns + self.spirit_suns


def solo_suns(total: int, side: str, spirit: SpiritCard | None) -> SunReport:
    """Suns for a solo score; ``spirit`` is the card chosen, or None when playing without spirits."""
    data = rules_data()
    score_suns = next((suns for minimum, suns in data.suns_from_score if total >= minimum), 0)
    spirit_suns = data.no_spirit_suns if spirit is None else spirit.solo_suns
    return SunReport(score_suns, data.side_suns[side], spirit_suns)
