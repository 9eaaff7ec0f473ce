"""The hint: the turn the hard computer player would play for a human, shown on request.

``harmonies.ai.hint`` plans it on a copy of the game in a worker thread (the same pattern as a
computer seat's turn), so the window keeps drawing. The scene shows the result only if the game
has not changed since it was asked for, and never plays it: the player does.
The UI decides no rule here; it only reads the commands ``hint`` returned.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Hex = tuple[int, int]


class HintJob:
    """Plans a hint in the background; ``done``/``commands``/``error`` once finished.

    ``version`` is the scene's game version when it was asked for: an answer for another
    version describes a board that no longer exists and is thrown away.
    """

    def __init__(self, game: Any, version: int) -> None:
        # What the seat to move may know: the worker never sees the real game or its order face down.
        self.game = game.observer_view()
        self.version = version
        self.commands: list[Any] = []
        self.error: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="harmonies-hint", daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def _run(self) -> None:
        try:
            from harmonies.ai import hint
            self.commands = list(hint(self.game))
        except Exception as exc:  # a failing planner costs the player a hint, never the game
            self.error = f"{type(exc).__name__}: {exc}"
            self.commands = []
        finally:
            self._done.set()


@dataclass(frozen=True)
class HintPlan:
    """A hint's commands sorted by where they are drawn."""

    commands: tuple[Any, ...]
    spirit: str | None = None
    space: int | None = None
    tokens: tuple[tuple[str, Hex], ...] = ()     # (colour name, cell) in the order to place them
    card: str | None = None
    cubes: tuple[tuple[str, Hex], ...] = ()      # (card or spirit id, cell)
    swap: str | None = None
    end: bool = False

    @classmethod
    def from_commands(cls, commands: list[Any] | tuple[Any, ...]) -> HintPlan:
        from harmonies import rules as R

        from ..tokens import cname

        spirit = space = card = swap = None
        tokens: list[tuple[str, Hex]] = []
        cubes: list[tuple[str, Hex]] = []
        end = False
        for cmd in commands:
            if isinstance(cmd, R.ChooseSpirit):
                spirit = cmd.spirit_id
            elif isinstance(cmd, R.TakeTokens):
                space = cmd.space
            elif isinstance(cmd, R.PlaceToken):
                tokens.append((cname(cmd.colour), cmd.cell))
            elif isinstance(cmd, R.TakeCard):
                card = cmd.card_id
            elif isinstance(cmd, R.PlaceCube):
                cubes.append((cmd.card_id, cmd.cell))
            elif isinstance(cmd, R.SoloSwap):
                swap = cmd.card_id
            elif isinstance(cmd, R.EndTurn):
                end = True
        return cls(tuple(commands), spirit, space, tuple(tokens), card, tuple(cubes), swap, end)

    @property
    def empty(self) -> bool:
        return not self.commands


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
