"""The hint: the turn the hard computer player would play for a human, shown on request.

The play session plans it in the background (``PlaySession.plan_hint``); the scene shows the result
only if the game has not changed since it was asked for, and never plays it: the player does.
Here the hint's commands are sorted by where they are drawn and worded for the player; the UI
decides no rule, it only reads the commands the planner returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harmonies.rules import ChooseSpirit, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens

from ..tokens import cname

Hex = tuple[int, int]


@dataclass(frozen=True)
class HintPlan:
    """A hint's commands sorted by where they are drawn."""

    commands: tuple[Command, ...]
    spirit: str | None = None
    space: int | None = None
    tokens: tuple[tuple[str, Hex], ...] = ()     # (colour name, cell) in the order to place them
    card: str | None = None
    cubes: tuple[tuple[str, Hex], ...] = ()      # (card or spirit id, cell)
    swap: str | None = None
    end: bool = False

    @classmethod
    def from_commands(cls, commands: Sequence[Command]) -> HintPlan:
        spirit = space = card = swap = None
        tokens: list[tuple[str, Hex]] = []
        cubes: list[tuple[str, Hex]] = []
        end = False
        for cmd in commands:
            if isinstance(cmd, ChooseSpirit):
                spirit = cmd.spirit_id
            elif isinstance(cmd, TakeTokens):
                space = cmd.space
            elif isinstance(cmd, PlaceToken):
                tokens.append((cname(cmd.colour), cmd.cell))
            elif isinstance(cmd, TakeCard):
                card = cmd.card_id
            elif isinstance(cmd, PlaceCube):
                cubes.append((cmd.card_id, cmd.cell))
            elif isinstance(cmd, SoloSwap):
                swap = cmd.card_id
            elif isinstance(cmd, EndTurn):
                end = True
        return cls(tuple(commands), spirit, space, tuple(tokens), card, tuple(cubes), swap, end)

    @property
    def empty(self) -> bool:
        return not self.commands

    def rest_after(self, played: Command) -> tuple[Command, ...]:
        """What is left of the plan once the player played ``played``, one of its steps; nothing if
        ``played`` was not in the plan (it then describes another turn)."""
        if played not in self.commands:
            return ()
        rest = list(self.commands)
        rest.remove(played)
        return tuple(rest)


def hint_text(plan: HintPlan, t: Callable[..., str], name: Callable[[str], str], spirit_id: str | None) -> str:
    """One line for the player, from the catalogue: "Hint: take space 2, place the tokens…".

    ``t`` is the app's catalogue lookup, ``name`` gives a card's player-facing name and
    ``spirit_id`` is the seat's spirit (its cube is worded apart from animal cubes).
    """
    if plan.empty:
        return t("hint.none")
    steps: list[str] = []
    if plan.spirit:
        steps.append(t("hint.spirit", name=name(plan.spirit)))
    if plan.space is not None:
        steps.append(t("hint.space", n=plan.space + 1))
    if plan.tokens:
        steps.append(t("hint.tokens", n=len(plan.tokens)))
    if plan.card:
        steps.append(t("hint.card", name=name(plan.card)))
    per_card: dict[str, int] = {}
    for cid, _cell in plan.cubes:
        per_card[cid] = per_card.get(cid, 0) + 1
    for cid, n in per_card.items():
        if cid == spirit_id or cid == plan.spirit:
            steps.append(t("hint.spirit_cube"))
        else:
            steps.append(t("hint.cubes", n=n, name=name(cid)))
    if plan.swap:
        steps.append(t("hint.swap", name=name(plan.swap)))
    if not steps and plan.end:
        steps.append(t("hint.end"))
    # no-break spaces inside a step: a wrapped line then breaks between steps, never mid-step
    return t("hint.line", steps=t("hint.sep").join(step.replace(" ", NBSP) for step in steps))


NBSP = "\u00a0"
