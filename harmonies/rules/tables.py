"""The rules' fixed data (rules.yaml) turned into the small integer tables the engine runs on.

A stack is held as a small int id (0 = empty cell, 1.. = a legal stack), so a board is a list of
ints and "may this colour go here" is one table lookup.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from .colours import Colour

Stack = tuple[Colour, ...]

# Landscape kinds a stack can be; the engine compares ints, the names are for people.
NONE, WATER, FIELD, TREE, MOUNTAIN, BUILDING = range(6)
KIND_NAMES = ("none", "water", "field", "tree", "mountain", "building")


@dataclass(frozen=True)
class StackTable:
    """Every legal stack and what it is."""

    stacks: tuple[Stack, ...]          # by id; stacks[0] == () is the empty cell
    ids: dict[Stack, int]
    add: tuple[tuple[int, ...], ...]   # add[stack_id][colour] -> new stack id, or -1 if illegal
    takes: tuple[tuple[int, ...], ...]  # takes[colour] -> the stack ids a token of that colour may go on
    kind: tuple[int, ...]              # landscape kind by stack id
    height: tuple[int, ...]            # number of tokens by stack id
    top: tuple[int, ...]               # top colour by stack id, -1 for the empty cell
    tallest: int                       # the most tokens a stack may hold


@dataclass(frozen=True)
class RulesData:
    """The numbers of rules.yaml, checked and typed."""

    token_counts: dict[Colour, int]
    central_spaces: dict[bool, int]     # keyed by "is solo"
    tokens_per_space: int
    face_up: dict[bool, int]
    max_unfinished_cards: int
    spirits_dealt: int
    end_empty_cells: int
    boards: dict[str, dict[str, Any]]
    tree_points: dict[int, int]
    mountain_points: dict[int, int]
    field_min_size: int
    field_points: int
    building_min_colours: int
    building_points: int
    river_points: dict[int, int]
    river_beyond_6: int
    island_points: int
    suns_from_score: tuple[tuple[int, int], ...]   # (minimum score, suns), highest first
    side_suns: dict[str, int]
    no_spirit_suns: int


def _kind_of(stack: Stack) -> int:
    if not stack:
        return NONE
    top = stack[-1]
    if stack == (Colour.BLUE,):
        return WATER
    if stack == (Colour.YELLOW,):
        return FIELD
    if top == Colour.GREEN and all(c == Colour.BROWN for c in stack[:-1]):
        return TREE
    if all(c == Colour.GRAY for c in stack):
        return MOUNTAIN
    if len(stack) == 2 and top == Colour.RED:
        return BUILDING
    return NONE


def _read_yaml(text: str) -> Any:
    """Parse the shipped rules.yaml, with libyaml when PyYAML has it (several times faster)."""
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@lru_cache(maxsize=1)
def rules_data() -> RulesData:
    """Load rules.yaml once; it ships inside the package."""
    text = resources.files(__package__).joinpath("rules.yaml").read_text(encoding="utf-8")
    raw = _read_yaml(text)
    score = raw["scoring"]
    solo = raw["solo"]
    return RulesData(
        token_counts={Colour.parse(k): int(v) for k, v in raw["tokens"].items()},
        central_spaces={False: raw["central"]["spaces"]["multi"], True: raw["central"]["spaces"]["solo"]},
        tokens_per_space=int(raw["central"]["tokens_per_space"]),
        face_up={False: raw["display"]["face_up"]["multi"], True: raw["display"]["face_up"]["solo"]},
        max_unfinished_cards=int(raw["max_unfinished_cards"]),
        spirits_dealt=int(raw["spirits_dealt"]),
        end_empty_cells=int(raw["end_empty_cells"]),
        boards=raw["boards"],
        tree_points={int(k): int(v) for k, v in score["tree_by_height"].items()},
        mountain_points={int(k): int(v) for k, v in score["mountain_by_height"].items()},
        field_min_size=int(score["field_group"]["min_size"]),
        field_points=int(score["field_group"]["points"]),
        building_min_colours=int(score["building"]["min_colours"]),
        building_points=int(score["building"]["points"]),
        river_points={int(k): int(v) for k, v in score["river_by_length"].items()},
        river_beyond_6=int(score["river_beyond_6"]),
        island_points=int(score["island_points"]),
        suns_from_score=tuple(sorted(((int(k), int(v)) for k, v in solo["suns_from_score"].items()), reverse=True)),
        side_suns={str(k): int(v) for k, v in solo["side_suns"].items()},
        no_spirit_suns=int(solo["no_spirit_suns"]),
    )


@lru_cache(maxsize=1)
def stack_table() -> StackTable:
    """Build the stack ids and the add-a-token table from the list of legal stacks."""
    raw = _read_yaml(resources.files(__package__).joinpath("rules.yaml").read_text(encoding="utf-8"))
    legal: list[Stack] = [()] + [tuple(Colour.parse(c) for c in s) for s in raw["stacks"]]
    ids = {s: i for i, s in enumerate(legal)}
    # A token may go on top only when the result is itself a legal stack: that is the whole of §7.
    add = tuple(tuple(ids.get(s + (c,), -1) for c in Colour) for s in legal)
    return StackTable(
        stacks=tuple(legal),
        ids=ids,
        add=add,
        takes=tuple(tuple(i for i in range(len(legal)) if add[i][c] >= 0) for c in Colour),
        kind=tuple(_kind_of(s) for s in legal),
        height=tuple(len(s) for s in legal),
        top=tuple(int(s[-1]) if s else -1 for s in legal),
        tallest=max(len(s) for s in legal),
    )
