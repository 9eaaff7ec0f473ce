"""Animal and Nature's Spirit cards: the checking loader for cards.yaml (the data types it builds are
in :mod:`harmonies.rules.cardtypes` and importable from here too).

The file format is described in the header comment of the top-level ``cards.yaml``.
Every problem in a cards file raises :class:`CardsError`, whose message names the file, the line
and the field, so a person editing the file can find the mistake without reading this code; the
file is read through :mod:`harmonies.rules.yamlfile`.

Pure stdlib + PyYAML: this module is part of the rules library and must never import pygame.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path
from typing import Callable, Mapping

import yaml

from harmonies.rules.colours import Colour
from harmonies.rules.yamlfile import ID_RE, Reader, YamlFileError, join, labelled, read_yaml

from harmonies.rules.cardtypes import (
    LANDSCAPES, LEGAL_STACKS, AnimalCard, CardSet, PatternCell, SpiritCard, SpiritRule, Stack, landscape_code,
)

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

_NEIGHBOUR_OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
_FAMILY_UNIT = {"group": "group", "count": "landscape"}
# The solo sun bonus is fixed by the family icon (rulebook p. 11); a mismatch is a typo.
_FAMILY_SUNS = {"group": 1, "count": 0}
_TARGETS = ("field", "water", "building", "tree", "mountain")
_MAX_HEIGHT = 3
_MAX_TRACK = 5  # the printed cards have 2 to 5 cube slots


class CardsError(YamlFileError):
    """A cards file that cannot be used: one line naming the file, the line (``line``, 1-based, None
    if unknown), the field (``field``, e.g. ``animals[3] (otter) pattern[1].landscape``) and the
    problem (``problem``)."""


# --------------------------------------------------------------------------- loading

#: A cards file is about 15 KB; a much larger one is refused before it is read.
MAX_BYTES = 256 * 1024
#: CPU seconds a player's own cards file may take to load (the bundled one takes a fifth of that);
#: pass it as ``load_cards(path, cpu_limit=USER_CARDS_SECONDS)``.
USER_CARDS_SECONDS = 1.0


def _read_pattern(rd: Reader, node: yaml.Node, fld: str) -> tuple[PatternCell, ...]:
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


def _read_stack(rd: Reader, node: yaml.Node, fld: str) -> tuple[Stack, ...]:
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
    rd: Reader, node: yaml.Node, fld: str,
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


def _read_id(rd: Reader, m: Mapping[str, yaml.Node], fld: str, seen: dict[str, int]) -> str:
    id_fld = join(fld, "id")
    card_id = rd.text(m["id"], id_fld)
    if not ID_RE.match(card_id):
        raise rd.fail(m["id"], id_fld,
                      f"bad id {card_id!r} (use lowercase letters, digits and _, starting with a letter)")
    if card_id in seen:
        raise rd.fail(m["id"], id_fld, f"duplicate id {card_id!r} (first used on line {seen[card_id]})")
    seen[card_id] = m["id"].start_mark.line + 1
    return card_id


def _read_animal(rd: Reader, node: yaml.Node, fld: str, seen: dict[str, int]) -> AnimalCard:
    cf = labelled(node, fld)
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


def _read_spirit(rd: Reader, node: yaml.Node, fld: str, seen: dict[str, int]) -> SpiritCard:
    cf = labelled(node, fld)
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


def _read_rules(rd: Reader, node: yaml.Node, fld: str, unit: str) -> tuple[SpiritRule, ...]:
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


def _read_cards(rd: Reader, root: yaml.Node | None) -> CardSet:
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
    return read_yaml(path, _read_cards, max_bytes=MAX_BYTES, what="a cards file", cpu_seconds=cpu_limit,
                     error=CardsError, fast=shipped)


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

