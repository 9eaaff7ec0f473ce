"""Reading and checking ``challenges.yaml``, as ``cards.yaml`` is read and checked.

Any mistake raises :class:`ChallengesError`, whose message is one line naming the file, the line and the
field (``assets/challenges.yaml:41: challenges[3] (long_river) goal.river: ...``), read with the rules'
YAML reader (:mod:`harmonies.rules.yamlfile`, size, depth and time guarded) as the cards are. The format is described in the file's header.
"""

from __future__ import annotations

import functools
from pathlib import Path

import yaml

from harmonies.resources import resource_path
from harmonies.rules import SEEDS, CardSet, CardsError, Colour, default_cards
from harmonies.rules.yamlfile import Reader, YamlFileError, labelled, read_yaml

from .challenges import KINDS, Challenge, Condition

__all__ = ["ChallengeList", "ChallengesError", "challenges_path", "default_challenges", "find_challenge",
           "load_challenges"]

#: A challenges file is a few KB; a much larger one is refused before it is read.
MAX_BYTES = 256 * 1024
#: CPU seconds a challenges file may take to load.
LOAD_SECONDS = 1.0
_COLOURS = {c.label: c for c in Colour}


class ChallengesError(YamlFileError):
    """A challenges file that cannot be used; the message is one line: file, line, field, fault."""


class ChallengeList(tuple[Challenge, ...]):
    """The challenges in file order, with how many are open before any is met (``open_ahead``)."""

    open_ahead: int

    def __new__(cls, challenges: tuple[Challenge, ...], open_ahead: int) -> ChallengeList:
        made = super().__new__(cls, challenges)
        made.open_ahead = open_ahead
        return made

    def get(self, challenge_id: str) -> Challenge | None:
        return next((c for c in self if c.id == challenge_id), None)


def challenges_path() -> Path:
    """The shipped challenges file."""
    return Path(resource_path("assets/challenges.yaml"))


@functools.lru_cache(maxsize=1)
def default_challenges() -> ChallengeList:
    """The shipped challenges, loaded once (``ChallengesError`` if the file is broken)."""
    return load_challenges(challenges_path())


def find_challenge(challenge_id: str | None) -> Challenge | None:
    """The shipped challenge ``challenge_id``; None for None, an id no longer in the file, or a broken file
    (the Challenges screen says why)."""
    if challenge_id is None:
        return None
    try:
        return default_challenges().get(challenge_id)
    except ChallengesError:
        return None


def load_challenges(path: str | Path, cards: CardSet | None = None) -> ChallengeList:
    """Read and check a challenges file; ``ChallengesError`` names file, line and field on any mistake."""
    try:
        known = cards or default_cards()
    except CardsError as exc:
        raise ChallengesError(exc.path, exc.line, exc.field, exc.problem) from None
    return read_yaml(path, lambda rd, root: _read_file(rd, root, known), max_bytes=MAX_BYTES,
                     what="a challenges file", cpu_seconds=LOAD_SECONDS, error=ChallengesError)


def _read_file(rd: Reader, root: yaml.Node | None, cards: CardSet) -> ChallengeList:
    if root is None:
        raise ChallengesError(rd.path, 1, "", "the file is empty (expected 'open_ahead:' and 'challenges:')")
    top = rd.mapping(root, "", ("open_ahead", "challenges"))
    ahead = rd.integer(top["open_ahead"], "open_ahead", minimum=1)
    seen: dict[str, int] = {}
    items = rd.sequence(top["challenges"], "challenges", min_len=1)
    found = tuple(_read_challenge(rd, node, f"challenges[{i}]", i + 1, seen, cards) for i, node in enumerate(items))
    return ChallengeList(found, ahead)


def _read_challenge(rd: Reader, node: yaml.Node, fld: str, number: int, seen: dict[str, int],
                    cards: CardSet) -> Challenge:
    cf = labelled(node, fld)
    m = rd.mapping(node, cf, ("id", "seed", "side", "spirits", "goal"))
    cid = rd.text(m["id"], f"{cf} id")
    if not cid.replace("_", "").isalnum() or not cid[0].isalpha() or cid.lower() != cid or not cid.isascii():
        raise rd.fail(m["id"], f"{cf} id",
                      f"bad id {cid!r} (use lowercase letters, digits and _, starting with a letter)")
    if cid in seen:
        raise rd.fail(m["id"], f"{cf} id", f"duplicate id {cid!r} (first used on line {seen[cid]})")
    seen[cid] = m["id"].start_mark.line + 1
    cf = f"{fld} ({cid})"
    seed = rd.integer(m["seed"], f"{cf} seed")
    if seed not in SEEDS:
        raise rd.fail(m["seed"], f"{cf} seed", f"must be from -2**63 to 2**63 - 1, got {seed}")
    side = rd.choice(m["side"], f"{cf} side", ("A", "B"), "side")
    spirits = rd.boolean(m["spirits"], f"{cf} spirits")
    goal = _read_goal(rd, m["goal"], f"{cf} goal", side, spirits, cards)
    return Challenge(cid, number, seed, side, spirits, goal)


def _read_goal(rd: Reader, node: yaml.Node, fld: str, side: str, spirits: bool,
               cards: CardSet) -> tuple[Condition, ...]:
    m = rd.mapping(node, fld, (), KINDS)
    if not m:
        raise rd.fail(node, fld, f"a goal needs at least one condition (one of {', '.join(KINDS)})")
    found: list[Condition] = []
    for kind in KINDS:
        if kind not in m:
            continue
        value, kf = m[kind], f"{fld}.{kind}"
        if kind == "river" and side != "A":
            raise rd.fail(value, kf, "a river is scored on side A only (side B scores islands)")
        if kind == "islands" and side != "B":
            raise rd.fail(value, kf, "islands are scored on side B only (side A scores a river)")
        if kind == "spirit" and not spirits:
            raise rd.fail(value, kf, "this deal is played without spirits ('spirits: false')")
        if kind == "complete":
            found.append(Condition(kind, cards=_read_cards(rd, value, kf, cards)))
        elif kind == "without":
            found.append(Condition(kind, colours=_read_colours(rd, value, kf)))
        elif kind == "no_building":
            if not rd.boolean(value, kf):
                raise rd.fail(value, kf, "leave it out rather than set it to false")
            found.append(Condition(kind))
        else:
            found.append(Condition(kind, target=rd.integer(value, kf, minimum=1)))
    return tuple(found)


def _read_cards(rd: Reader, node: yaml.Node, fld: str, cards: CardSet) -> tuple[str, ...]:
    ids: list[str] = []
    for i, item in enumerate(rd.sequence(node, fld, min_len=1)):
        card = rd.choice(item, f"{fld}[{i}]", tuple(c.id for c in cards.animals), "animal card")
        if card in ids:
            raise rd.fail(item, f"{fld}[{i}]", f"{card!r} is listed twice")
        ids.append(card)
    return tuple(ids)


def _read_colours(rd: Reader, node: yaml.Node, fld: str) -> tuple[Colour, ...]:
    colours: list[Colour] = []
    for i, item in enumerate(rd.sequence(node, fld, min_len=1)):
        colour = _COLOURS[rd.choice(item, f"{fld}[{i}]", tuple(_COLOURS), "colour")]
        if colour in colours:
            raise rd.fail(item, f"{fld}[{i}]", f"{colour.label!r} is listed twice")
        colours.append(colour)
    return tuple(colours)
