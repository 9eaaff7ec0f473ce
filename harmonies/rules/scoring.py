"""End-of-game scoring of one personal board (components.md §8, spirit-cards.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .boards import BoardShape
from .cards import AnimalCard, SpiritCard
from .landscapes import cell_groups, cells_of_kind, landscape_points, river_points
from .tables import BUILDING, FIELD, MOUNTAIN, TREE, WATER, rules_data, stack_table

__all__ = ["ScoreSheet", "SunReport", "card_points", "landscape_points", "river_points", "score_board", "solo_suns",
           "spirit_cells", "spirit_group_points", "spirit_points"]

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


def card_points(card: AnimalCard, cubes_placed: int) -> int:
    """The value of the highest empty slot: cubes leave from the bottom (§8)."""
    return card.track[cubes_placed - 1] if cubes_placed > 0 else 0


def spirit_cells(spirit: SpiritCard, stacks: Sequence[int]) -> int:
    """The bit set of the cells of the landscape a spirit card counts."""
    return cells_of_kind(stacks, _KIND_BY_TARGET[spirit.target])


def spirit_group_points(spirit: SpiritCard, shape: BoardShape, cells: int) -> int:
    """What a spirit that counts groups gives for its landscape's cells ``cells`` (:func:`spirit_cells`)."""
    return sum(spirit.points_for(g.bit_count()) for g in cell_groups(shape, cells))


def spirit_points(spirit: SpiritCard, shape: BoardShape, stacks: Sequence[int]) -> int:
    """What a spirit card's rule gives for the board (its cube being placed)."""
    cells = spirit_cells(spirit, stacks)
    if spirit.unit == "group":
        return spirit_group_points(spirit, shape, cells)
    height = stack_table().height
    return sum(spirit.points_for(height[s]) for i, s in enumerate(stacks) if cells >> i & 1)


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
