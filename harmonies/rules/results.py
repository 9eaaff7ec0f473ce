"""What applying a command returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .events import Event


@dataclass(frozen=True, slots=True)
class Accepted:
    """The command was played; ``events`` say what happened, in order."""

    events: tuple[Event, ...]

    @property
    def ok(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Rejected:
    """The command was refused and nothing changed; ``reason`` is for the player."""

    reason: str

    @property
    def ok(self) -> bool:
        return False


Result = Union[Accepted, Rejected]
