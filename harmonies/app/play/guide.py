"""The guided first game: its steps (from ``assets/guide.yaml``), which one the player is on, which
command it accepts, and what it rings.

The guide sits between the player's input and the play session: :meth:`PlayScene.submit` asks
:meth:`Guide.allows` before a command reaches the session, and a command the step does not expect is
answered by the step's friendly line instead of being played. Nothing here imports pygame or asks the
rules; the rings are places of ``play/places.py`` found in the frozen :class:`~.table.Table`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from harmonies.rules import Colour, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens
from harmonies.session import MatchConfig, Seat

from ..assets import load_yaml
from .places import Cell, EndButton, GuideMark, HandToken, HeldCard, Hex, ScoresPanel, Slot, Space, Swap
from .table import Table

#: The data file of the guided game.
GUIDE_FILE = "guide.yaml"
#: The kinds of step that wait for a command; ``free`` takes any command until the game is over.
KINDS = ("take_tokens", "place_token", "take_card", "place_cube", "solo_swap", "end_turn", "free")


@dataclass(frozen=True)
class Step:
    """One step: its id, the command it waits for (``kind`` None: the player reads and presses Next) and what
    it rings. Its words are ``guide.say.<say>`` and the line answering another action ``guide.no.<no>``
    (both the id unless the data names a shared line: ``say``, ``answer``)."""

    id: str
    #: One of :data:`KINDS`, or None.
    kind: str | None = None
    #: The space, colour (``any``: every colour) or card id the command names.
    what: str = ""
    #: The cells the token or cube may go on (empty: any cell).
    cells: frozenset[Hex] = frozenset()
    ring: tuple[dict[str, Any], ...] = ()
    say: str = ""
    no: str = ""

    def accepts(self, cmd: Command) -> bool:
        """Whether ``cmd`` is what this step waits for (the rules still decide whether it is legal)."""
        if self.kind == "free":
            return True
        if isinstance(cmd, SoloSwap):
            return self.kind == "solo_swap" and cmd.card_id == self.what
        if isinstance(cmd, TakeTokens):
            return self.kind == "take_tokens" and str(cmd.space) == self.what
        if isinstance(cmd, PlaceToken):
            return (self.kind == "place_token" and self.what in ("any", Colour(cmd.colour).label)
                    and (not self.cells or cmd.cell in self.cells))
        if isinstance(cmd, TakeCard):
            return self.kind == "take_card" and cmd.card_id == self.what
        if isinstance(cmd, PlaceCube):
            return self.kind == "place_cube" and cmd.card_id == self.what and (not self.cells or cmd.cell in self.cells)
        return isinstance(cmd, EndTurn) and self.kind == "end_turn"


@dataclass(frozen=True)
class GuideShown:
    """The guide as the screen shows it: the step's words, where it is, what it rings, and whether it waits
    for Next."""

    text: str
    number: int
    count: int
    rings: tuple[GuideMark, ...]
    reading: bool


def load_steps(data: Any) -> tuple[int, str, tuple[Step, ...]]:
    """(seed, board side, steps) from the guide's data."""
    steps = []
    for raw in data["steps"]:
        do = dict(raw.get("do") or {})
        kind = next((k for k in KINDS if k in do), None)
        cells = frozenset((int(q), int(r)) for q, r in do.get("cells", ()))
        sid = str(raw["id"])
        steps.append(Step(sid, kind, str(do[kind]) if kind else "", cells,
                          tuple(dict(r) for r in raw.get("ring") or ()), str(raw.get("say", sid)),
                          str(raw.get("answer", sid))))
    return int(data["seed"]), str(data.get("side", "A")), tuple(steps)


class Guide:
    """The guided game's state: the steps and the one the player is on."""

    def __init__(self, data: Any | None = None) -> None:
        self.seed, self.side, self.steps = load_steps(data if data is not None else load_yaml(GUIDE_FILE))
        self.index = 0

    def fresh(self) -> Guide:
        """The same guide from its first step (Restart)."""
        again = Guide.__new__(Guide)
        again.seed, again.side, again.steps, again.index = self.seed, self.side, self.steps, 0
        return again

    @property
    def step(self) -> Step:
        return self.steps[min(self.index, len(self.steps) - 1)]

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def reading(self) -> bool:
        """The step waits for Next, not for a command."""
        return not self.done and self.step.kind is None

    def allows(self, cmd: Command) -> bool:
        """Whether ``cmd`` may reach the session now."""
        return not self.done and self.step.accepts(cmd)

    def refusal_key(self) -> str:
        """The catalogue key of the friendly line answering a command the step does not expect."""
        return "guide.no_next" if self.reading or self.done else f"guide.no.{self.step.no}"

    def played(self, cmd: Command, over: bool = False) -> None:
        """``cmd`` was played (``over``: and the game is now over): a step that waited for it is done; a free
        step is done once the game is over."""
        if self.allows(cmd) and (self.step.kind != "free" or over):
            self.index += 1

    def next(self) -> bool:
        """Next on a step to read: on to the following step. True when that was the last step."""
        if self.reading:
            self.index += 1
        return self.done

    def shown(self, t: Callable[..., str], table: Table) -> GuideShown:
        """The step as the screen shows it, worded by the catalogue's ``t`` (the words may name ``{total}``, the
        seat's points, and ``{suns}``, a finished solo game's suns)."""
        count = len(self.steps)
        total = table.scores[table.current].total if table.scores else 0
        words = t(f"guide.say.{self.step.say}", total=total, suns=table.suns if table.suns is not None else 0)
        return GuideShown(words, min(self.index + 1, count), count, rings(self.step.ring, table), self.reading)


def rings(marks: tuple[dict[str, Any], ...], table: Table) -> tuple[GuideMark, ...]:
    """The places the step's marks name, as they are on the table now (a token or card no longer there is
    left out)."""
    found: list[GuideMark] = []
    held = [cid for cid, _spirit, _n in table.held_items(table.current)]
    for mark in marks:
        if "space" in mark:
            found.append(Space(int(mark["space"])))
        elif "cell" in mark:
            found.append(Cell(table.current, (int(mark["cell"][0]), int(mark["cell"][1]))))
        elif "hand" in mark:
            found.extend(HandToken(i) for i, c in enumerate(table.tray)
                         if c is not None and mark["hand"] in ("any", c.label))
        elif "card" in mark and mark["card"] in table.display:
            found.append(Slot(table.display.index(mark["card"])))
        elif "swap" in mark and mark["swap"] in table.display:
            found.append(Swap(table.display.index(mark["swap"])))
        elif "held" in mark and mark["held"] in held:
            found.append(HeldCard(table.current, str(mark["held"])))
        elif mark.get("button") == "end" and (mark.get("when") != "hand_empty" or not table.hand):
            found.append(EndButton())
        elif mark.get("panel") == "scores":
            found.append(ScoresPanel())
    return tuple(found)


def guide_config(guide: Guide, name: str) -> MatchConfig:
    """The guided game's one seat (``name``), on the guide's side and seed, without spirits."""
    return MatchConfig((Seat(name),), guide.side, False, guide.seed)
