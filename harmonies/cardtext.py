"""What a card's habitat needs, as one sentence in the player's language, made from the card's data.

The pattern's shape decides the sentence (a pair, a row of three with the cube at one end or in the
middle, straight or bent, a triangle, three spaces around the cube); every space is named by its
landscape and height with the colours of its tokens, bottom to top ("a tree of height 3 (brown,
brown, green)"). The words are the catalogue's, section ``card_needs``; lists are joined by Babel's
CLDR list patterns ("a, b and c", "a, b et c"). A shape none of the sentences describes still gets
one: the spaces named, "as drawn".

No pygame here: the enlarged card draws this sentence, the tests read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from babel.lists import format_list

from .catalogue import Catalogue, FALLBACK_LANGUAGE
from .rules import PatternCell, landscape_code

#: The catalogue section of this module's words.
SECTION = "card_needs"
#: A colour word of the catalogue, by the token colour's id.
COLOUR_SECTION = "token_colour"
#: Landscape codes whose stacks are named by kind and height ("tree-3" -> tree, 3).
KINDS = ("tree", "mountain")
#: Landscapes of one token of an obvious colour: their colours are not repeated.
PLAIN = ("water", "field")

Offset = tuple[int, int]
ListStyle = Literal["standard", "or"]


def _adjacent(a: Offset, b: Offset) -> bool:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _straight(a: Offset, b: Offset, c: Offset) -> bool:
    """Whether b lies between a and c on one straight line of neighbours."""
    return (b[0] - a[0], b[1] - a[1]) == (c[0] - b[0], c[1] - b[1])


def shape(cells: Sequence[PatternCell]) -> tuple[str, list[PatternCell]]:
    """The sentence key of the pattern's shape and the other cells in the order the sentence names them."""
    cube = next(c for c in cells if c.cube)
    others = [c for c in cells if c is not cube]
    at = (cube.q, cube.r)
    near = [c for c in others if _adjacent(at, (c.q, c.r))]
    if len(others) == 1 and near:
        return "pair", others
    if len(others) == 2 and len(near) == 2:
        a, b = ((x.q, x.r) for x in near)
        if _adjacent(a, b):
            return "triangle", near
        return ("row_middle" if _straight(a, at, b) else "bent_middle"), near
    if len(others) == 2 and len(near) == 1:
        far = next(c for c in others if c is not near[0])
        if _adjacent((near[0].q, near[0].r), (far.q, far.r)):
            straight = _straight(at, (near[0].q, near[0].r), (far.q, far.r))
            return ("row_end" if straight else "bent_end"), [near[0], far]
    if len(others) == 3 and len(near) == 3:
        return "around", others
    return "drawn", others


class CardWords:
    """Names the spaces of a pattern and says what a card needs, in one catalogue's language."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def t(self, key: str, **params: str | int) -> str:
        return self.catalogue.t(f"{SECTION}.{key}", None, **params)

    def _locale(self) -> str:
        return self.catalogue.language or FALLBACK_LANGUAGE

    def join(self, items: Sequence[str], style: ListStyle = "standard") -> str:
        """Items as the language lists them ("a, b and c"; ``style="or"``: "a, b or c")."""
        return format_list(list(items), style=style, locale=self._locale())

    def colours(self, stacks: Sequence[Sequence[object]]) -> str:
        """The tokens of a space, bottom to top; alternatives that differ only at the bottom as
        "red on brown, gray or red", other alternatives listed with "or"."""
        def word(colour: object) -> str:
            name = str(getattr(colour, "label", colour))
            return self.catalogue.t(f"{COLOUR_SECTION}.{name}", default=name)

        def seq(stack: Sequence[object]) -> str:
            return self.t("colour_sep").join(word(c) for c in stack)

        if len(stacks) == 1:
            return seq(stacks[0])
        tops = {tuple(s[1:]) for s in stacks}
        if len(tops) == 1 and all(len(s) >= 2 for s in stacks):
            bases = self.join([word(s[0]) for s in stacks], "or")
            return self.t("over", top=seq(stacks[0][1:]), bases=bases)
        return self.join([seq(s) for s in stacks], "or")

    def space(self, cell: PatternCell, n: int = 1) -> str:
        """One space of the pattern ("a field"), or ``n`` alike ("2 fields")."""
        code = landscape_code(cell.stacks)
        height = len(cell.stacks[0])
        kind = "stack"
        params: dict[str, str | int] = {"height": height, "colours": self.colours(cell.stacks)}
        if code in PLAIN:
            kind, params = str(code), {}
        elif code == "building":
            kind = "building"
            params = {"colours": self.colours(cell.stacks)}
        elif code is not None and code.split("-")[0] in KINDS:
            kind = code.split("-")[0]
        if n == 1:
            return self.t(f"one.{kind}", **params)
        return self.t(f"some.{kind}", n=n, **params)

    def spaces(self, cells: Sequence[PatternCell]) -> str:
        """Several spaces as a list, alike spaces counted together ("a field and 2 water spaces")."""
        counts: dict[tuple[tuple[object, ...], ...], list[PatternCell]] = {}
        for c in cells:
            counts.setdefault(tuple(tuple(s) for s in c.stacks), []).append(c)
        return self.join([self.space(same[0], len(same)) for same in counts.values()])

    def needs(self, cells: Sequence[PatternCell]) -> str:
        """The sentence for a pattern: where the cube goes and what must lie around it."""
        key, others = shape(cells)
        cube = self.space(next(c for c in cells if c.cube))
        if key in ("row_end", "bent_end"):
            return self.t(f"shape.{key}", cube=cube, a=self.space(others[0]), b=self.space(others[1]))
        return self.t(f"shape.{key}", cube=cube, others=self.spaces(others))
