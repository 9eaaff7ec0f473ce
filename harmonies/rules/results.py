"""What applying a command returns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union

from .events import Event
from .refusals import RefusalCode


@dataclass(frozen=True, slots=True)
class Accepted:
    """The command was played; ``events`` say what happened, in order."""

    events: tuple[Event, ...]

    @property
    def ok(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Rejected:
    """The command was refused and nothing changed.

    ``code`` says why (one of :data:`~harmonies.rules.refusals.REFUSALS`), ``params`` with what
    (ids and counts, never words); the text catalogue turns the two into a sentence for the player.
    """

    code: RefusalCode
    params: Mapping[str, str | int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return False

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items()))))

    def __str__(self) -> str:
        """The code and its parameters, for logs and messages that have no catalogue at hand."""
        shown = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.code} ({shown})" if shown else self.code


Result = Union[Accepted, Rejected]


class IllegalCommand(ValueError):
    """A replayed command log holds a command the rules refuse.

    ``index`` is the command's place in the log, ``command`` its JSON form, ``refusal`` why it was
    refused; readers with a text catalogue make the sentence from ``refusal``.
    """

    def __init__(self, index: int, command: object, refusal: Rejected) -> None:
        super().__init__(f"commands[{index}] ({command}) is illegal: {refusal}")
        self.index = index
        self.command = command
        self.refusal = refusal
