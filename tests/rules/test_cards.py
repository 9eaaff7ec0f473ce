"""The shipped cards.yaml matches the facts reference, and broken card files are reported precisely."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
import yaml

from harmonies.rules.cards import (
    LANDSCAPES,
    LEGAL_STACKS,
    AnimalCard,
    CardsError,
    SpiritCard,
    default_cards,
    default_cards_path,
    landscape_code,
    load_cards,
)
from harmonies.rules.colours import Colour

REPO = Path(__file__).resolve().parents[2]
# A copy of shared/reference/harmonies-reference.yaml kept in the repository (see its header).
REFERENCE = REPO / "tests" / "data" / "harmonies-reference.yaml"


# --------------------------------------------------------------------------- shipped file


def test_shipped_file_is_the_top_level_cards_yaml() -> None:
    assert default_cards_path().resolve() == (REPO / "cards.yaml").resolve()


def test_shipped_cards_load_with_the_full_game_counts() -> None:
    cards = load_cards(REPO / "cards.yaml")
    assert len(cards.animals) == 32
    assert len(cards.spirits) == 10
    assert sum(a.cubes for a in cards.animals) == 96
    assert len(set(cards.ids)) == 42


def test_default_cards_is_cached() -> None:
    assert default_cards() is default_cards()


def test_every_pattern_starts_with_its_cube_cell_at_origin() -> None:
    cards = default_cards()
    every: tuple[AnimalCard | SpiritCard, ...] = (*cards.animals, *cards.spirits)
    for card in every:
        first, *rest = card.cells
        assert (first.q, first.r, first.cube) == (0, 0, True), card.id
        assert not any(c.cube for c in rest), card.id
        for cell in card.cells:
            assert cell.stacks and all(s in LEGAL_STACKS for s in cell.stacks), card.id


def test_lookup_by_id() -> None:
    cards = default_cards()
    assert isinstance(cards.animal("otter"), AnimalCard)
    assert isinstance(cards.spirit("lion"), SpiritCard)
    assert cards.get("lion") is cards.spirit("lion")
    assert cards.get("otter") is cards.animal("otter")
    assert cards.ids[:2] == ("alligator", "ray") and cards.ids[-1] == "tortoise"
    with pytest.raises(KeyError):
        cards.get("unicorn")
    with pytest.raises(KeyError):
        cards.animal("lion")  # a spirit is not an animal
    with pytest.raises(KeyError):
        cards.spirit("otter")


def test_building_cell_lists_its_three_alternatives() -> None:
    duck = default_cards().animal("duck")
    assert set(duck.cells[1].stacks) == {
        (Colour.BROWN, Colour.RED), (Colour.GRAY, Colour.RED), (Colour.RED, Colour.RED)}
    assert landscape_code(duck.cells[1].stacks) == "building"


def test_legal_stacks_are_the_fourteen_of_the_stacking_chart() -> None:
    assert len(LEGAL_STACKS) == 14
    for stacks in LANDSCAPES.values():
        assert all(s in LEGAL_STACKS for s in stacks)


def test_spirit_points() -> None:
    cards = default_cards()
    lion = cards.spirit("lion")
    assert [lion.points_for(n) for n in (1, 2, 3, 9)] == [2, 2, 10, 10]
    assert cards.spirit("dragonfly").points_for(1) == 0
    assert [cards.spirit("owl").points_for(h) for h in (1, 2, 3)] == [3, 3, 1]


# --------------------------------------------------------------------------- against the reference


def _ref_stacks(stack: list[Any]) -> frozenset[tuple[Colour, ...]]:
    levels = [[c] if isinstance(c, str) else c for c in stack]
    return frozenset(tuple(Colour[c.upper()] for c in combo) for combo in itertools.product(*levels))


def _ref_cells(cells: list[dict[str, Any]]) -> set[tuple[int, int, frozenset[Any], bool]]:
    return {(c["q"], c["r"], _ref_stacks(c["stack"]), c["cube"]) for c in cells}


def _our_cells(card: AnimalCard | SpiritCard) -> set[tuple[int, int, frozenset[Any], bool]]:
    return {(c.q, c.r, frozenset(c.stacks), c.cube) for c in card.cells}


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))
    return data


def test_animals_match_reference(reference: dict[str, Any]) -> None:
    cards = default_cards()
    assert [a.id for a in cards.animals] == [r["id"] for r in reference["animals"]]
    for ref in reference["animals"]:
        card = cards.animal(ref["id"])
        assert card.name == ref["name"]
        assert card.track == tuple(ref["track"]), card.id
        assert card.cubes == ref["cubes"], card.id
        assert card.stripe is Colour[ref["stripe_colour"].upper()], card.id
        assert len(card.cells) == len(ref["cells"]), card.id
        assert _our_cells(card) == _ref_cells(ref["cells"]), card.id


def test_spirits_match_reference(reference: dict[str, Any]) -> None:
    cards = default_cards()
    assert [s.id for s in cards.spirits] == [r["id"] for r in reference["spirits"]]
    for ref in reference["spirits"]:
        card = cards.spirit(ref["id"])
        assert card.name == ref["name"]
        assert card.family == ref["category"] == reference["solo"]["spirit_category"][card.id]
        assert card.solo_suns == ref["solo_sun_modifier"]
        assert card.solo_suns == reference["solo"]["spirit_modifier"][card.family]
        assert card.target == ref["target_landscape"], card.id
        assert card.unit == ref["unit"], card.id
        key = "group_size" if ref["unit"] == "group" else "height"
        expected = [(r[f"{key}_min"], r[f"{key}_max"], r["points_each"]) for r in ref["rules"]]
        assert [(r.min, r.max, r.points) for r in card.rules] == expected, card.id
        assert len(card.cells) == len(ref["cells"]), card.id
        assert _our_cells(card) == _ref_cells(ref["cells"]), card.id


def test_total_cube_slots_match_reference(reference: dict[str, Any]) -> None:
    total = sum(a.cubes for a in default_cards().animals)
    assert total == reference["components"]["animal_card_cube_slots_total"]


# --------------------------------------------------------------------------- broken files

# A small valid file; each case below edits one spot. The line the error must point at is marked
# with "#<" in the edited text, so the expected line number never has to be counted by hand.
TEMPLATE = """\
animals:
  - id: frog
    name: Frog
    track: [2, 4, 6, 10, 15]
    stripe: blue
    pattern:
      - {at: [0, 0], landscape: water, cube: true}
      - {at: [-1, 0], landscape: tree-1}
spirits:
  - id: lion
    name: Lion Spirit
    family: group
    solo_suns: 1
    pattern:
      - {at: [0, 0], landscape: field, cube: true}
      - {at: [-1, 0], landscape: tree-2}
      - {at: [1, 0], landscape: field}
    scoring:
      target: field
      unit: group
      rules:
        - {min: 1, max: 2, points: 2}
        - {min: 3, max: null, points: 10}
      text: "Each group of connected fields scores 2 up to 2 spaces, 10 from 3."
"""

FROG_CUBE = "      - {at: [0, 0], landscape: water, cube: true}\n"
FROG_TREE = "      - {at: [-1, 0], landscape: tree-1}\n"
A = "animals[0] (frog)"
S = "spirits[0] (lion)"

# (case id, text to replace, replacement, field the message must name, words it must contain)
CASES: list[tuple[str, str, str, str, str]] = [
    ("yaml syntax", "    name: Frog\n", "    name: Frog: green  #<\n", "", "not valid YAML"),
    ("unknown top-level key", "spirits:\n", "extra: 1  #<\nspirits:\n", "extra", "unknown field 'extra'"),
    ("animals not a list", TEMPLATE[:TEMPLATE.index("spirits:")], "animals: frog  #<\n",
     "animals", "expected a list"),
    ("missing field", "  - id: frog\n    name: Frog\n", "  - id: frog  #<\n",
     A, "missing field 'name'"),
    ("unknown field", "    name: Frog\n", "    name: Frog\n    colour: blue  #<\n",
     f"{A} colour", "unknown field 'colour'"),
    ("duplicate key", "    name: Frog\n", "    name: Frog\n    name: Toad  #<\n",
     f"{A} name", "duplicate key 'name'"),
    ("bad id", "  - id: frog\n", "  - id: Frog!  #<\n", "animals[0].id", "bad id"),
    ("id not text", "  - id: frog\n", "  - id: 12  #<\n", "animals[0].id", "expected text"),
    ("name empty", "    name: Frog\n", "    name: ''  #<\n", f"{A} name", "must not be empty"),
    ("track not a list", "    track: [2, 4, 6, 10, 15]\n", "    track: 15  #<\n",
     f"{A} track", "expected a list"),
    ("track item not a number", "    track: [2, 4, 6, 10, 15]\n", "    track: [2, four, 6]  #<\n",
     f"{A} track[1]", "expected a whole number"),
    ("track item a float", "    track: [2, 4, 6, 10, 15]\n", "    track: [2, 4.5, 6]  #<\n",
     f"{A} track[1]", "expected a whole number"),
    ("track item a bool", "    track: [2, 4, 6, 10, 15]\n", "    track: [true, 4]  #<\n",
     f"{A} track[0]", "expected a whole number"),
    ("track not increasing", "    track: [2, 4, 6, 10, 15]\n", "    track: [2, 4, 4, 10, 15]  #<\n",
     f"{A} track[2]", "strictly increasing"),
    ("track empty", "    track: [2, 4, 6, 10, 15]\n", "    track: []  #<\n", f"{A} track", "at least 1"),
    ("track too long", "    track: [2, 4, 6, 10, 15]\n", "    track: [1, 2, 3, 4, 5, 6]  #<\n",
     f"{A} track", "at most 5"),
    ("track zero", "    track: [2, 4, 6, 10, 15]\n", "    track: [0, 4]  #<\n",
     f"{A} track[0]", "at least 1"),
    ("unknown stripe colour", "    stripe: blue\n", "    stripe: purple  #<\n",
     f"{A} stripe", "unknown colour 'purple'"),
    ("stripe is not the cube colour", "    stripe: blue\n", "    stripe: green  #<\n",
     f"{A} stripe", "top colour of the cube's cell"),
    ("pattern not a list", "    pattern:\n" + FROG_CUBE + FROG_TREE, "    pattern: water  #<\n",
     f"{A} pattern", "expected a list"),
    ("unknown landscape", FROG_TREE, "      - {at: [-1, 0], landscape: tree-4}  #<\n",
     f"{A} pattern[1].landscape", "unknown landscape 'tree-4'"),
    ("impossible stack", FROG_TREE, "      - {at: [-1, 0], stack: [green, brown]}  #<\n",
     f"{A} pattern[1].stack", "impossible stack [green, brown]"),
    ("impossible alternative", FROG_TREE, "      - {at: [-1, 0], stack: [[brown, yellow], red]}  #<\n",
     f"{A} pattern[1].stack", "impossible stack [yellow, red]"),
    ("stack too high", FROG_TREE, "      - {at: [-1, 0], stack: [gray, gray, gray, gray]}  #<\n",
     f"{A} pattern[1].stack", "at most 3"),
    ("unknown stack colour", FROG_TREE, "      - {at: [-1, 0], stack: [brown, pink]}  #<\n",
     f"{A} pattern[1].stack[1]", "unknown colour 'pink'"),
    ("landscape and stack", FROG_TREE, "      - {at: [-1, 0], landscape: water, stack: [blue]}  #<\n",
     f"{A} pattern[1]", "exactly one of"),
    ("neither landscape nor stack", FROG_TREE, "      - {at: [-1, 0]}  #<\n",
     f"{A} pattern[1]", "exactly one of"),
    ("cell missing at", FROG_TREE, "      - {landscape: tree-1}  #<\n",
     f"{A} pattern[1]", "missing field 'at'"),
    ("at of wrong length", FROG_TREE, "      - {at: [-1], landscape: tree-1}  #<\n",
     f"{A} pattern[1].at", "expected [q, r]"),
    ("at not integers", FROG_TREE, "      - {at: [-1, 0.5], landscape: tree-1}  #<\n",
     f"{A} pattern[1].at[1]", "expected a whole number"),
    ("duplicate cell", FROG_TREE, FROG_TREE + "      - {at: [-1, 0], landscape: water}  #<\n",
     f"{A} pattern[2].at", "duplicate cell [-1, 0]"),
    ("cells not connected", FROG_TREE, "      - {at: [2, 0], landscape: tree-1}  #<\n",
     f"{A} pattern[1].at", "does not touch"),
    ("no cube cell", FROG_CUBE, "      - {at: [0, 0], landscape: water}  #<\n",
     f"{A} pattern", "no cell is marked"),
    ("cube not at origin", FROG_CUBE + FROG_TREE,
     "      - {at: [0, 1], landscape: water, cube: true}  #<\n      - {at: [0, 0], landscape: tree-1}\n",
     f"{A} pattern[0].at", "must be at [0, 0]"),
    ("two cube cells", FROG_TREE, "      - {at: [-1, 0], landscape: tree-1, cube: true}  #<\n",
     f"{A} pattern[1].cube", "only one cell"),
    ("cube not a bool", FROG_CUBE, "      - {at: [0, 0], landscape: water, cube: 1}  #<\n",
     f"{A} pattern[0].cube", "expected true or false"),
    ("duplicate id", "  - id: lion\n", "  - id: frog  #<\n", "spirits[0] (frog) id", "duplicate id 'frog'"),
    ("wrong family", "    family: group\n", "    family: herd  #<\n",
     f"{S} family", "unknown family 'herd'"),
    ("solo suns not matching family", "    solo_suns: 1\n", "    solo_suns: 2  #<\n",
     f"{S} solo_suns", "gives 1 solo sun"),
    ("misspelt scoring key", "    scoring:\n      target: field\n      unit: group\n", "    scorin:  #<\n",
     f"{S} scorin", "unknown field 'scorin'"),
    ("unknown target", "      target: field\n", "      target: meadow  #<\n",
     f"{S} scoring.target", "unknown target 'meadow'"),
    ("unit not matching family", "      unit: group\n", "      unit: landscape  #<\n",
     f"{S} scoring.unit", "scores by unit 'group'"),
    ("rules empty", "      rules:\n        - {min: 1, max: 2, points: 2}\n"
     "        - {min: 3, max: null, points: 10}\n", "      rules: []  #<\n",
     f"{S} scoring.rules", "at least 1"),
    ("rule max below min", "        - {min: 3, max: null, points: 10}\n",
     "        - {min: 3, max: 1, points: 10}  #<\n", f"{S} scoring.rules[1].max", "at least 3"),
    ("rules overlap", "        - {min: 3, max: null, points: 10}\n",
     "        - {min: 2, max: null, points: 10}  #<\n", f"{S} scoring.rules[1]", "overlaps"),
    ("rule missing points", "        - {min: 3, max: null, points: 10}\n",
     "        - {min: 3, max: null}  #<\n", f"{S} scoring.rules[1]", "missing field 'points'"),
    ("negative points", "        - {min: 3, max: null, points: 10}\n",
     "        - {min: 3, max: null, points: -1}  #<\n", f"{S} scoring.rules[1].points", "at least 0"),
    ("text on two lines", '      text: "Each group of connected fields scores 2 up to 2 spaces, 10 from 3."\n',
     "      text: |  #<\n        two\n        lines\n", f"{S} scoring.text", "single line"),
]
CASES.append(("missing top-level key", TEMPLATE, "animals: []  #<\n", "", "missing field 'spirits'"))


def _write(tmp_path: Path, text: str, name: str = "broken.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_template_is_valid(tmp_path: Path) -> None:
    cards = load_cards(_write(tmp_path, TEMPLATE, "good.yaml"))
    assert cards.ids == ("frog", "lion")


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_broken_file_is_reported(tmp_path: Path, case: tuple[str, str, str, str, str]) -> None:
    _, old, new, fld, words = case
    assert TEMPLATE.count(old) == 1, "the case must edit exactly one spot of the template"
    text = TEMPLATE.replace(old, new)
    marked = [n for n, line in enumerate(text.splitlines(), 1) if line.endswith("#<")]
    assert len(marked) == 1, "the case must mark exactly one line with #<"
    path = _write(tmp_path, text)
    with pytest.raises(CardsError) as info:
        load_cards(path)
    err = info.value
    message = str(err)
    assert "broken.yaml" in message and err.path == str(path)
    assert err.line == marked[0], message
    assert f"broken.yaml:{marked[0]}: " in message
    assert err.field == fld, message
    if fld:
        assert f": {fld}: " in message
    assert words in message
    assert isinstance(err, ValueError)


@pytest.mark.parametrize(
    ("content", "line", "words"),
    [
        (b"", 1, "empty"),
        (b"# only a comment\n", 1, "empty"),
        (b"just some words\n", 1, "expected a mapping"),
        (b"- a\n- list\n", 1, "expected a mapping"),
        (b"animals: []\nspirits: []\n\xff\xfe binary\n", 3, "not valid UTF-8"),
        (b"animals: [\n", 2, "not valid YAML"),
        (b"animals: []\nspirits: []\n\tbad: tab\n", 3, "not valid YAML"),
    ],
)
def test_not_a_cards_file(tmp_path: Path, content: bytes, line: int, words: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_bytes(content)
    with pytest.raises(CardsError) as info:
        load_cards(path)
    assert info.value.line == line, str(info.value)
    assert str(info.value).startswith(f"{path}:{line}: ")
    assert words in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardsError) as info:
        load_cards(tmp_path / "nowhere.yaml")
    assert info.value.line is None
    assert "nowhere.yaml" in str(info.value) and "cannot read" in str(info.value)


def test_other_card_counts_are_accepted(tmp_path: Path) -> None:
    cards = load_cards(_write(tmp_path, "animals: []\nspirits: []\n", "empty.yaml"))
    assert cards.animals == () and cards.spirits == () and cards.ids == ()


def test_explicit_stack_matches_landscape_code(tmp_path: Path) -> None:
    text = TEMPLATE.replace(FROG_TREE, "      - {at: [-1, 0], stack: [[brown, gray, red], red]}\n")
    text = text.replace("track: [2, 4, 6, 10, 15]", "track: [2, 4]")
    frog = load_cards(_write(tmp_path, text, "stack.yaml")).animal("frog")
    assert frog.cells[1].stacks == LANDSCAPES["building"]
    assert frog.track == (2, 4) and frog.cubes == 2
