"""The cards' data types: landscapes and the stacks they accept, pattern cells, animal and Nature's
Spirit cards, and the card set of a game.

:mod:`harmonies.rules.cards` reads them from a cards file (and re-exports them). Pure stdlib: part of
the rules library, never imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Literal, Mapping

from harmonies.rules.colours import Colour

Stack = tuple[Colour, ...]

_B, _G, _N, _E, _Y, _R = Colour.BLUE, Colour.GRAY, Colour.BROWN, Colour.GREEN, Colour.YELLOW, Colour.RED

#: Landscape code -> every exact stack (bottom to top) it accepts on a pattern cell.
LANDSCAPES: Mapping[str, tuple[Stack, ...]] = {
    "water": ((_B,),),
    "field": ((_Y,),),
    "tree-1": ((_E,),),
    "tree-2": ((_N, _E),),
    "tree-3": ((_N, _N, _E),),
    "mountain-1": ((_G,),),
    "mountain-2": ((_G, _G),),
    "mountain-3": ((_G, _G, _G),),
    "building": ((_N, _R), (_G, _R), (_R, _R)),
}

# What may go on top of each stack (reference: stacking.may_add_on_top); anything absent is final.
_ON_TOP: Mapping[Stack, tuple[Colour, ...]] = {
    (): tuple(Colour),
    (_N,): (_N, _E, _R),
    (_N, _N): (_E,),
    (_G,): (_G, _R),
    (_G, _G): (_G,),
    (_R,): (_R,),
}


def _reachable_stacks() -> frozenset[Stack]:
    found: set[Stack] = set()
    todo: list[Stack] = [()]
    while todo:
        stack = todo.pop()
        for colour in _ON_TOP.get(stack, ()):
            grown = stack + (colour,)
            if grown not in found:
                found.add(grown)
                todo.append(grown)
    return frozenset(found)


#: Every stack that can be built on a board (14 of them).
LEGAL_STACKS: frozenset[Stack] = _reachable_stacks()



def landscape_code(stacks: Iterable[Stack]) -> str | None:
    """The landscape code ("tree-2", "building", ...) accepting exactly ``stacks``, else None."""
    wanted = frozenset(stacks)
    for code, accepted in LANDSCAPES.items():
        if frozenset(accepted) == wanted:
            return code
    return None



@dataclass(frozen=True)
class PatternCell:
    """One cell of a card pattern, as an offset from the cube's cell.

    ``stacks`` lists every exact stack (bottom to top) the board cell may hold.
    """

    q: int
    r: int
    stacks: tuple[Stack, ...]
    cube: bool = False


@dataclass(frozen=True)
class AnimalCard:
    """An animal card; ``track[k-1]`` is its score with k cubes placed (0 cubes scores 0)."""

    id: str
    name: str
    track: tuple[int, ...]
    cells: tuple[PatternCell, ...]  # cells[0] is the cube cell at (0, 0)
    stripe: Colour

    @property
    def cubes(self) -> int:
        return len(self.track)


@dataclass(frozen=True)
class SpiritRule:
    """A group size (unit "group") or height (unit "landscape") in [min, max] scores ``points``."""

    min: int
    max: int | None  # None: no upper bound
    points: int

    def covers(self, n: int) -> bool:
        return n >= self.min and (self.max is None or n <= self.max)


@dataclass(frozen=True)
class SpiritCard:
    """A Nature's Spirit card: one cube, scored at game end by ``rules`` if the cube was placed."""

    id: str
    name: str
    family: Literal["group", "count"]
    solo_suns: int
    cells: tuple[PatternCell, ...]  # cells[0] is the cube cell at (0, 0)
    target: str  # field | water | building | tree | mountain
    unit: Literal["group", "landscape"]
    rules: tuple[SpiritRule, ...]
    text: str

    def points_for(self, n: int) -> int:
        """Points for one group of size n (unit "group") or one space of height n ("landscape")."""
        for rule in self.rules:
            if rule.covers(n):
                return rule.points
        return 0


Card = AnimalCard | SpiritCard


@dataclass(frozen=True)
class CardSet:
    """All cards of a game, in file order; ids are unique across animals and spirits."""

    animals: tuple[AnimalCard, ...]
    spirits: tuple[SpiritCard, ...]
    _by_id: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        by_id: dict[str, Card] = {}
        cards: list[Card] = [*self.animals, *self.spirits]
        for card in cards:
            if card.id in by_id:
                raise ValueError(f"duplicate card id {card.id!r}")
            by_id[card.id] = card
        object.__setattr__(self, "_by_id", by_id)

    @property
    def ids(self) -> tuple[str, ...]:
        """Every card id: animals first, then spirits."""
        return tuple(self._by_id)

    def get(self, card_id: str) -> Card:
        """The animal or spirit card with this id; KeyError if there is none."""
        try:
            return self._by_id[card_id]
        except KeyError:
            raise KeyError(f"no card with id {card_id!r}") from None

    def animal(self, card_id: str) -> AnimalCard:
        card = self._by_id.get(card_id)
        if not isinstance(card, AnimalCard):
            raise KeyError(f"no animal card with id {card_id!r}")
        return card

    def spirit(self, card_id: str) -> SpiritCard:
        card = self._by_id.get(card_id)
        if not isinstance(card, SpiritCard):
            raise KeyError(f"no spirit card with id {card_id!r}")
        return card
