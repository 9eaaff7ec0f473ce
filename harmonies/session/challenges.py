"""Solo challenges: a fixed deal and a goal, checked on the finished game by the rules' own scoring.

A challenge (read from ``assets/challenges.yaml`` by :mod:`.challenges_file`) is a solo deal (seed, board
side, spirits on or off; the seed deals from the canonical card list, :func:`harmonies.rules.canonical_deal`,
whatever the order of the cards file in use) and a goal: a few conditions that must all hold when the game
ends. What each condition reads comes from the finished game alone, through :func:`facts_of`: the rules'
score sheet and suns, the cards the rules counted as completed, and the final board as the rules built it.

Pure: no pygame. The words of a goal are in the catalogues (``challenge.goal.<kind>``); this module gives
the kinds, the targets and the values reached.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from harmonies.rules import LANDSCAPES, Colour, Game, GameSetup
from harmonies.rules.kernels import cell_groups, longest_river

#: Score sheet rows a goal may ask a number of points of (``fields: 12``: at least 12 points from fields).
CATEGORIES = ("trees", "mountains", "fields", "buildings", "water", "landscapes", "animals", "spirit")
#: Every kind of condition, in the order a goal lists them.
KINDS = ("points", "suns", *CATEGORIES, "cards", "cubes", "complete", "river", "islands", "without", "no_building")


@dataclass(frozen=True)
class Condition:
    """One part of a goal: ``kind`` (one of :data:`KINDS`) and what it asks.

    ``target`` is the number to reach (at least; for ``without``, the colours' tokens placed must be 0, for
    ``no_building``, the buildings on the board);
    ``cards`` the animal cards to complete (``complete``), ``colours`` the colours not to place (``without``).
    """

    kind: str
    target: int = 0
    cards: tuple[str, ...] = ()
    colours: tuple[Colour, ...] = ()


@dataclass(frozen=True)
class Challenge:
    """A solo deal and its goal; ``number`` is its place in the file (1 = the first, the easiest)."""

    id: str
    number: int
    seed: int
    side: str
    spirits: bool
    goal: tuple[Condition, ...]

    @property
    def setup(self) -> GameSetup:
        return GameSetup(players=1, side=self.side, spirits=self.spirits, seed=self.seed)

    @property
    def name_key(self) -> str:
        return f"challenge.list.{self.id}.name"

    @property
    def text_key(self) -> str:
        return f"challenge.list.{self.id}.text"


@dataclass(frozen=True)
class Facts:
    """What a finished solo game gives the goals to read."""

    total: int
    suns: int
    categories: Mapping[str, int]
    completed: tuple[str, ...]
    cubes: int
    river: int
    islands: int
    placed: Mapping[Colour, int]
    buildings: int


@dataclass(frozen=True)
class Checked:
    """A condition and where the game left it: ``value`` reached (for ``complete``, the cards completed of
    those asked; for ``without``, the tokens of those colours placed) and whether it is met."""

    condition: Condition
    value: int
    met: bool


def facts_of(game: Game, seat: int = 0) -> Facts:
    """The facts of ``seat``'s board in ``game`` (the final ones once the game is over)."""
    sheet = game.score(seat)
    view = game.player(seat)
    outcome = game.outcome
    suns = outcome.suns.total if outcome is not None and outcome.suns is not None else 0
    categories = {name: int(getattr(sheet, name)) for name in CATEGORIES}
    shape = game.shape
    blue = sum(1 << i for i, cell in enumerate(shape.cells) if view.stacks.get(cell) == (Colour.BLUE,))
    river = longest_river(shape, blue)[0]
    islands = len(cell_groups(shape, ((1 << shape.size) - 1) & ~blue))
    placed = Counter(colour for stack in view.stacks.values() for colour in stack)
    buildings = sum(1 for stack in view.stacks.values() if stack in LANDSCAPES["building"])
    return Facts(sheet.total, suns, categories, tuple(c.card_id for c in view.completed),
                 view.animal_cubes_placed, river, islands, dict(placed), buildings)


def check(condition: Condition, facts: Facts) -> Checked:
    """Whether ``facts`` meet ``condition``, with the value they reach."""
    kind = condition.kind
    if kind == "complete":
        done = sum(1 for card in condition.cards if card in facts.completed)
        return Checked(condition, done, done == len(condition.cards))
    if kind == "without":
        count = sum(facts.placed.get(colour, 0) for colour in condition.colours)
        return Checked(condition, count, count == 0)
    if kind == "no_building":
        return Checked(condition, facts.buildings, facts.buildings == 0)
    value = _value(kind, facts)
    return Checked(condition, value, value >= condition.target)


def _value(kind: str, facts: Facts) -> int:
    if kind == "points":
        return facts.total
    if kind == "suns":
        return facts.suns
    if kind in CATEGORIES:
        return facts.categories[kind]
    if kind == "cards":
        return len(facts.completed)
    if kind == "cubes":
        return facts.cubes
    if kind == "river":
        return facts.river
    if kind == "islands":
        return facts.islands
    raise ValueError(f"unknown condition kind {kind!r}")


def check_goal(challenge: Challenge, game: Game) -> tuple[Checked, ...]:
    """Every condition of ``challenge``'s goal, checked on ``game`` as it stands (final once it is over)."""
    facts = facts_of(game)
    return tuple(check(c, facts) for c in challenge.goal)


def goal_met(challenge: Challenge, game: Game) -> bool:
    """The game is ``challenge``'s deal, it is over, and every condition of the goal holds."""
    return game.over and plays(challenge, game) and all(c.met for c in check_goal(challenge, game))


def plays(challenge: Challenge, game: Game) -> bool:
    """Whether ``game`` is dealt as ``challenge`` deals (same seed, side, spirits, one player)."""
    return game.setup == challenge.setup


def unlocked(number: int, done: int, ahead: int) -> bool:
    """Whether challenge ``number`` (1-based) is open with ``done`` challenges met: the first ``ahead`` are
    open from the start, and each challenge met opens one more."""
    return number <= done + ahead
