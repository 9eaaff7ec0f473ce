"""Animal and Nature's Spirit cards: the data types and the checking loader for cards.yaml.

The file format is described in the header comment of the top-level ``cards.yaml``.
Every problem in a cards file raises :class:`CardsError`, whose message names the file, the line
and the field, so a person editing the file can find the mistake without reading this code.

Pure stdlib + PyYAML: this module is part of the rules library and must never import pygame.
"""

from __future__ import annotations

import functools
import itertools
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Literal, Mapping, Sequence

import yaml

from harmonies.rules.capped import read_capped
from harmonies.rules.colours import Colour

__all__ = [
    "AnimalCard",
    "CardSet",
    "CardsError",
    "LANDSCAPES",
    "LEGAL_STACKS",
    "PatternCell",
    "SpiritCard",
    "SpiritRule",
    "default_cards",
    "default_cards_path",
    "landscape_code",
    "load_cards",
    "USER_CARDS_SECONDS",
]

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

_NEIGHBOUR_OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
_COLOUR_NAMES: Mapping[str, Colour] = {c.name.lower(): c for c in Colour}
_FAMILY_UNIT = {"group": "group", "count": "landscape"}
# The solo sun bonus is fixed by the family icon (rulebook p. 11); a mismatch is a typo.
_FAMILY_SUNS = {"group": 1, "count": 0}
_TARGETS = ("field", "water", "building", "tree", "mountain")
_MAX_HEIGHT = 3
_MAX_TRACK = 5  # the printed cards have 2 to 5 cube slots
_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")


def landscape_code(stacks: Iterable[Stack]) -> str | None:
    """The landscape code ("tree-2", "building", ...) accepting exactly ``stacks``, else None."""
    wanted = frozenset(stacks)
    for code, accepted in LANDSCAPES.items():
        if frozenset(accepted) == wanted:
            return code
    return None


# --------------------------------------------------------------------------- data types


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


class CardsError(ValueError):
    """A cards file that cannot be used. ``line`` is 1-based (None if unknown); ``field`` is the
    field path as shown in the message (e.g. ``animals[3] (otter) pattern[1].landscape``).

    The message is one line of reasonable length whatever the file holds: the field path and the
    problem are cut short (a problem quoting a megabyte of text stays readable)."""

    def __init__(self, path: str | Path, line: int | None, field: str, problem: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = _cut(field, _MAX_FIELD)
        self.problem = _cut(problem, _MAX_PROBLEM)
        field, problem = self.field, self.problem
        where = self.path if line is None else f"{self.path}:{line}"
        super().__init__(f"{where}: {field}: {problem}" if field else f"{where}: {problem}")


# --------------------------------------------------------------------------- loading

_TAG = "tag:yaml.org,2002:"
_MAX_FIELD = 120
_MAX_PROBLEM = 200
_MAX_VALUE = 40
#: A cards file is about 15 KB; a much larger one is refused before it is read.
MAX_BYTES = 256 * 1024
#: Deepest nesting accepted; a cards file nests about seven levels.
MAX_DEPTH = 32
#: CPU seconds a player's own cards file may take to load (the bundled one takes a fifth of that);
#: pass it as ``load_cards(path, cpu_limit=USER_CARDS_SECONDS)``.
USER_CARDS_SECONDS = 1.0


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _TooSlow(Exception):
    """Loading passed its CPU time limit at ``line`` (1-based, None if unknown)."""

    def __init__(self, line: int | None) -> None:
        super().__init__(line)
        self.line = line


class _Budget:
    """The CPU time a load may still take (``thread_time``: other programs on the machine do not count)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.end = None if seconds is None else time.thread_time() + seconds

    def check(self, node: yaml.Node | yaml.Mark | None) -> None:
        if self.end is not None and time.thread_time() > self.end:
            mark = node.start_mark if isinstance(node, yaml.Node) else node
            raise _TooSlow(None if mark is None else mark.line + 1)


# libyaml's composer, when PyYAML was built with it.
_FAST_LOADER: type[yaml.CSafeLoader] | None = getattr(yaml, "CSafeLoader", None)


class _Loader(yaml.SafeLoader):
    """The safe YAML composer, refusing deep nesting (with its line) and stopping when out of time."""

    def __init__(self, stream: str, budget: _Budget) -> None:
        super().__init__(stream)
        self._depth = 0
        self._budget = budget

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
        self._budget.check(mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(problem=f"nested more than {MAX_DEPTH} levels deep", problem_mark=mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _Reader:
    """Walks the composed YAML node tree so that every error can point at a line."""

    def __init__(self, path: str | Path, budget: _Budget | None = None) -> None:
        self.path = path
        self.budget = budget or _Budget(None)
        self._scalars = yaml.SafeLoader("")  # only used to build scalar values from nodes

    def fail(self, node: yaml.Node | None, fld: str, problem: str) -> CardsError:
        line = None if node is None else node.start_mark.line + 1
        return CardsError(self.path, line, fld, problem)

    def construct(self, node: yaml.Node, fld: str, expected: str) -> object:
        """The value of a scalar already known to carry the right tag; a tagged value that is not one
        (``!!int "abc"``, ``!!bool "maybe"``, a number too long to convert) is reported, not raised."""
        try:
            return self._scalars.construct_object(node)
        except (ValueError, KeyError, TypeError, yaml.YAMLError):
            raise self.fail(node, fld, f"expected {expected}, got {_describe(node)}") from None

    def mapping(
        self, node: yaml.Node, fld: str, required: Sequence[str], optional: Sequence[str] = ()
    ) -> dict[str, yaml.Node]:
        self.budget.check(node)
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, fld, f"expected a mapping (key: value), got {_describe(node)}")
        known = (*required, *optional)
        out: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            where = _join(fld, str(name))
            if name is None or key.tag != _TAG + "str":
                raise self.fail(key, fld, f"keys must be plain names, got {_describe(key)}")
            if name in out:
                raise self.fail(key, where, f"duplicate key {name!r}")
            if name not in known:
                raise self.fail(key, where, f"unknown field {name!r} (expected {_one_of(known)})")
            out[name] = value
        for name in required:
            if name not in out:
                raise self.fail(node, fld, f"missing field {name!r}")
        return out

    def sequence(self, node: yaml.Node, fld: str, min_len: int = 0) -> list[yaml.Node]:
        self.budget.check(node)
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, fld, f"expected a list, got {_describe(node)}")
        if len(node.value) < min_len:
            raise self.fail(node, fld, f"needs at least {min_len} item(s), got {len(node.value)}")
        return list(node.value)

    def integer(self, node: yaml.Node, fld: str, minimum: int | None = None) -> int:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "int"):
            raise self.fail(node, fld, f"expected a whole number, got {_describe(node)}")
        value = self.construct(node, fld, "a whole number")
        if not isinstance(value, int):
            raise self.fail(node, fld, f"expected a whole number, got {_describe(node)}")
        if minimum is not None and value < minimum:
            raise self.fail(node, fld, f"must be at least {minimum}, got {value}")
        return value

    def optional_integer(self, node: yaml.Node, fld: str, minimum: int) -> int | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "null":
            return None
        return self.integer(node, fld, minimum)

    def boolean(self, node: yaml.Node, fld: str) -> bool:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "bool"):
            raise self.fail(node, fld, f"expected true or false, got {_describe(node)}")
        value = self.construct(node, fld, "true or false")
        if not isinstance(value, bool):
            raise self.fail(node, fld, f"expected true or false, got {_describe(node)}")
        return value

    def text(self, node: yaml.Node, fld: str) -> str:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == _TAG + "str"):
            raise self.fail(node, fld, f"expected text, got {_describe(node)}")
        value = str(node.value).strip()
        if not value:
            raise self.fail(node, fld, "must not be empty")
        if "\n" in value:
            raise self.fail(node, fld, "must be a single line")
        return value

    def choice(self, node: yaml.Node, fld: str, options: Sequence[str], what: str) -> str:
        value = self.text(node, fld)
        if value not in options:
            raise self.fail(node, fld, f"unknown {what} {value!r} (expected {_one_of(options)})")
        return value

    def colour(self, node: yaml.Node, fld: str) -> Colour:
        return _COLOUR_NAMES[self.choice(node, fld, tuple(_COLOUR_NAMES), "colour")]


def _join(fld: str, name: str) -> str:
    # After a card label such as "animals[3] (otter)" a space reads better than a dot.
    if not fld:
        return name
    return f"{fld} {name}" if fld.endswith(")") else f"{fld}.{name}"


def _card_label(node: yaml.Node, fld: str) -> str:
    """``animals[3] (otter)`` when the card's id can be read, so every later error names the card."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if (isinstance(key, yaml.ScalarNode) and key.value == "id"
                    and isinstance(value, yaml.ScalarNode) and value.tag == _TAG + "str"
                    and _ID_RE.match(value.value)):
                return f"{fld} ({value.value})"
    return fld


def _describe(node: yaml.Node | None) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.ScalarNode):
        kind = {"int": "number", "float": "number", "bool": "true/false", "null": "nothing"}
        name = kind.get(node.tag.removeprefix(_TAG), "text")
        return "nothing (empty)" if name == "nothing" else f"{name} {_cut(repr(node.value), _MAX_VALUE)}"
    return "nothing"


def _one_of(options: Iterable[str]) -> str:
    return "one of " + ", ".join(options)


def _read_pattern(rd: _Reader, node: yaml.Node, fld: str) -> tuple[PatternCell, ...]:
    cells: list[PatternCell] = []
    at_nodes: dict[tuple[int, int], yaml.Node] = {}
    cube_cells: list[tuple[PatternCell, yaml.Node, str]] = []
    for i, cell_node in enumerate(rd.sequence(node, fld, min_len=1)):
        cf = f"{fld}[{i}]"
        m = rd.mapping(cell_node, cf, ("at",), ("landscape", "stack", "cube"))
        at_items = rd.sequence(m["at"], f"{cf}.at")
        if len(at_items) != 2:
            raise rd.fail(m["at"], f"{cf}.at", f"expected [q, r], got {len(at_items)} number(s)")
        q, r = (rd.integer(n, f"{cf}.at[{k}]") for k, n in enumerate(at_items))
        if (q, r) in at_nodes:
            first = at_nodes[(q, r)].start_mark.line + 1
            raise rd.fail(m["at"], f"{cf}.at", f"duplicate cell [{q}, {r}] (also on line {first})")
        at_nodes[(q, r)] = m["at"]
        if ("landscape" in m) == ("stack" in m):
            raise rd.fail(cell_node, cf, "give exactly one of 'landscape' or 'stack'")
        if "landscape" in m:
            code = rd.choice(m["landscape"], f"{cf}.landscape", tuple(LANDSCAPES), "landscape")
            stacks = LANDSCAPES[code]
        else:
            stacks = _read_stack(rd, m["stack"], f"{cf}.stack")
        cube = rd.boolean(m["cube"], f"{cf}.cube") if "cube" in m else False
        cell = PatternCell(q, r, stacks, cube)
        cells.append(cell)
        if cube:
            cube_cells.append((cell, m["cube"], f"{cf}.cube"))
    if not cube_cells:
        raise rd.fail(node, fld, "no cell is marked 'cube: true'")
    if len(cube_cells) > 1:
        _, extra, extra_fld = cube_cells[1]
        raise rd.fail(extra, extra_fld, "only one cell may be marked 'cube: true'")
    cube_cell = cube_cells[0][0]
    if (cube_cell.q, cube_cell.r) != (0, 0):
        at = at_nodes[(cube_cell.q, cube_cell.r)]
        raise rd.fail(at, cube_cells[0][2].removesuffix(".cube") + ".at",
                      f"the cube cell must be at [0, 0] (offsets are relative to it), "
                      f"got [{cube_cell.q}, {cube_cell.r}]")
    _check_connected(rd, node, fld, [(c.q, c.r) for c in cells], at_nodes)
    return (cube_cell, *(c for c in cells if not c.cube))


def _read_stack(rd: _Reader, node: yaml.Node, fld: str) -> tuple[Stack, ...]:
    levels: list[tuple[Colour, ...]] = []
    for i, item in enumerate(rd.sequence(node, fld, min_len=1)):
        lf = f"{fld}[{i}]"
        if isinstance(item, yaml.SequenceNode):
            options = [rd.colour(n, f"{lf}[{k}]") for k, n in enumerate(rd.sequence(item, lf, 1))]
            levels.append(tuple(dict.fromkeys(options)))
        else:
            levels.append((rd.colour(item, lf),))
    if len(levels) > _MAX_HEIGHT:
        raise rd.fail(node, fld, f"a stack has at most {_MAX_HEIGHT} tokens, got {len(levels)}")
    stacks = tuple(itertools.product(*levels))
    for stack in stacks:
        if stack not in LEGAL_STACKS:
            names = ", ".join(c.name.lower() for c in stack)
            raise rd.fail(node, fld, f"impossible stack [{names}] (cannot be built by the stacking rules)")
    return stacks


def _check_connected(
    rd: _Reader, node: yaml.Node, fld: str,
    cells: list[tuple[int, int]], at_nodes: Mapping[tuple[int, int], yaml.Node],
) -> None:
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        q, r = todo.pop()
        for dq, dr in _NEIGHBOUR_OFFSETS:
            nb = (q + dq, r + dr)
            if nb in at_nodes and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    for i, cell in enumerate(cells):
        if cell not in seen:
            raise rd.fail(at_nodes[cell], f"{fld}[{i}].at",
                          f"cell [{cell[0]}, {cell[1]}] does not touch the rest of the pattern")


def _read_id(rd: _Reader, m: Mapping[str, yaml.Node], fld: str, seen: dict[str, int]) -> str:
    id_fld = _join(fld, "id")
    card_id = rd.text(m["id"], id_fld)
    if not _ID_RE.match(card_id):
        raise rd.fail(m["id"], id_fld,
                      f"bad id {card_id!r} (use lowercase letters, digits and _, starting with a letter)")
    if card_id in seen:
        raise rd.fail(m["id"], id_fld, f"duplicate id {card_id!r} (first used on line {seen[card_id]})")
    seen[card_id] = m["id"].start_mark.line + 1
    return card_id


def _read_animal(rd: _Reader, node: yaml.Node, fld: str, seen: dict[str, int]) -> AnimalCard:
    cf = _card_label(node, fld)
    m = rd.mapping(node, cf, ("id", "name", "track", "stripe", "pattern"))
    card_id = _read_id(rd, m, cf, seen)
    cf = f"{fld} ({card_id})"
    name = rd.text(m["name"], f"{cf} name")
    track_items = rd.sequence(m["track"], f"{cf} track", min_len=1)
    if len(track_items) > _MAX_TRACK:
        raise rd.fail(m["track"], f"{cf} track",
                      f"at most {_MAX_TRACK} values (one per cube slot), got {len(track_items)}")
    track = tuple(rd.integer(n, f"{cf} track[{i}]", minimum=1) for i, n in enumerate(track_items))
    for i in range(1, len(track)):
        if track[i] <= track[i - 1]:
            raise rd.fail(track_items[i], f"{cf} track[{i}]",
                          f"track must be strictly increasing, but {track[i]} follows {track[i - 1]}")
    stripe = rd.colour(m["stripe"], f"{cf} stripe")
    cells = _read_pattern(rd, m["pattern"], f"{cf} pattern")
    tops = {stack[-1] for stack in cells[0].stacks}
    if tops != {stripe}:
        expected = ", ".join(sorted(c.name.lower() for c in tops))
        raise rd.fail(m["stripe"], f"{cf} stripe",
                      f"stripe {stripe.name.lower()} must be the top colour of the cube's cell ({expected})")
    return AnimalCard(card_id, name, track, cells, stripe)


def _read_spirit(rd: _Reader, node: yaml.Node, fld: str, seen: dict[str, int]) -> SpiritCard:
    cf = _card_label(node, fld)
    m = rd.mapping(node, cf, ("id", "name", "family", "solo_suns", "pattern", "scoring"))
    card_id = _read_id(rd, m, cf, seen)
    cf = f"{fld} ({card_id})"
    name = rd.text(m["name"], f"{cf} name")
    family = rd.choice(m["family"], f"{cf} family", tuple(_FAMILY_UNIT), "family")
    solo_suns = rd.integer(m["solo_suns"], f"{cf} solo_suns", minimum=0)
    if solo_suns != _FAMILY_SUNS[family]:
        raise rd.fail(m["solo_suns"], f"{cf} solo_suns",
                      f"a {family} spirit gives {_FAMILY_SUNS[family]} solo sun(s), got {solo_suns}")
    cells = _read_pattern(rd, m["pattern"], f"{cf} pattern")
    sf = f"{cf} scoring"
    s = rd.mapping(m["scoring"], sf, ("target", "unit", "rules", "text"))
    target = rd.choice(s["target"], f"{sf}.target", _TARGETS, "target")
    unit = rd.choice(s["unit"], f"{sf}.unit", ("group", "landscape"), "unit")
    if unit != _FAMILY_UNIT[family]:
        raise rd.fail(s["unit"], f"{sf}.unit",
                      f"a {family} spirit scores by unit {_FAMILY_UNIT[family]!r}, got {unit!r}")
    rules = _read_rules(rd, s["rules"], f"{sf}.rules", unit)
    text = rd.text(s["text"], f"{sf}.text")
    return SpiritCard(card_id, name, family, solo_suns, cells, target, unit, rules, text)  # type: ignore[arg-type]


def _read_rules(rd: _Reader, node: yaml.Node, fld: str, unit: str) -> tuple[SpiritRule, ...]:
    rules: list[tuple[SpiritRule, yaml.Node, str]] = []
    for i, item in enumerate(rd.sequence(node, fld, min_len=1)):
        rf = f"{fld}[{i}]"
        m = rd.mapping(item, rf, ("min", "max", "points"))
        lo = rd.integer(m["min"], f"{rf}.min", minimum=1)
        hi = rd.optional_integer(m["max"], f"{rf}.max", minimum=lo)
        if unit == "landscape":
            if lo > _MAX_HEIGHT:
                raise rd.fail(m["min"], f"{rf}.min", f"a height is at most {_MAX_HEIGHT}, got {lo}")
            if hi is not None and hi > _MAX_HEIGHT:
                raise rd.fail(m["max"], f"{rf}.max", f"a height is at most {_MAX_HEIGHT}, got {hi}")
        points = rd.integer(m["points"], f"{rf}.points", minimum=0)
        rule = SpiritRule(lo, hi, points)
        for earlier, _, ef in rules:
            if _overlap(earlier, rule):
                raise rd.fail(item, rf, f"overlaps {ef} (each size or height may match one rule only)")
        rules.append((rule, item, rf))
    return tuple(r for r, _, _ in rules)


def _overlap(a: SpiritRule, b: SpiritRule) -> bool:
    a_hi = a.max if a.max is not None else max(a.min, b.min)
    b_hi = b.max if b.max is not None else max(a.min, b.min)
    return a.min <= b_hi and b.min <= a_hi


def _read_cards(rd: _Reader, root: yaml.Node | None) -> CardSet:
    if root is None:
        raise CardsError(rd.path, 1, "", "the file is empty (expected 'animals:' and 'spirits:')")
    top = rd.mapping(root, "", ("animals", "spirits"))
    seen: dict[str, int] = {}
    animals = tuple(_read_animal(rd, n, f"animals[{i}]", seen)
                    for i, n in enumerate(rd.sequence(top["animals"], "animals")))
    spirits = tuple(_read_spirit(rd, n, f"spirits[{i}]", seen)
                    for i, n in enumerate(rd.sequence(top["spirits"], "spirits")))
    return CardSet(animals, spirits)


def load_cards(path: str | Path, cpu_limit: float | None = None) -> CardSet:
    """Read and check a cards file; raises CardsError naming file, line and field on any problem.

    ``cpu_limit`` (seconds of this thread's CPU time, e.g. :data:`USER_CARDS_SECONDS`) refuses a file
    that takes longer to read; without it loading is bounded by the file size alone.
    """
    return _load(path, cpu_limit, shipped=False)


def _load(path: str | Path, cpu_limit: float | None, shipped: bool) -> CardSet:
    try:
        raw = read_capped(path, MAX_BYTES)
    except OSError as exc:
        raise CardsError(path, None, "", f"cannot read the file ({exc.strerror or exc})") from exc
    if len(raw) > MAX_BYTES:
        raise CardsError(path, None, "", f"larger than {MAX_BYTES // 1024} KB, too large for a cards file")
    try:
        source = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardsError(path, raw.count(b"\n", 0, exc.start) + 1, "", "not a text file (not valid UTF-8)") from exc
    budget = _Budget(cpu_limit)
    try:
        root = _compose(source, budget, shipped)
        return _read_cards(_Reader(path, budget), root)
    except _TooSlow as exc:
        raise CardsError(path, exc.line, "", f"reading it took more than {budget.seconds:g} s of CPU time; "
                                             "a cards file loads in a fraction of that") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = None if mark is None else mark.line + 1
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        raise CardsError(path, line, "", f"not valid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise CardsError(path, None, "", f"not valid YAML: {exc}") from None
    except RecursionError:
        raise CardsError(path, None, "", "nested too deeply") from None


def _compose(source: str, budget: _Budget, shipped: bool) -> yaml.Node | None:
    if shipped and _FAST_LOADER is not None:
        # The shipped file comes with the program: libyaml composes it ten times faster than the
        # Python composer, whose depth and time guards are there for files from elsewhere.
        return yaml.compose(source, Loader=_FAST_LOADER)
    loader = _Loader(source, budget)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


# --------------------------------------------------------------------------- shipped cards


def _resource_lookup() -> Callable[[str], Path] | None:
    try:
        from harmonies.resources import resource_path
    except ImportError:
        return None
    return resource_path


def default_cards_path() -> Path:
    """The shipped cards.yaml (through harmonies.resources when it exists, e.g. in a frozen build)."""
    lookup = _resource_lookup()
    if lookup is not None:
        return Path(lookup("cards.yaml"))
    return Path(__file__).resolve().parents[2] / "cards.yaml"


@functools.lru_cache(maxsize=1)
def default_cards() -> CardSet:
    """The shipped card set, loaded once."""
    return _load(default_cards_path(), None, shipped=True)

