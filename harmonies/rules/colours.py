"""Token colours, shared by the rules library, the card loader and the UI."""

from __future__ import annotations

from enum import IntEnum


class Colour(IntEnum):
    """The six landscape token colours; the value is stable (used in saves)."""

    BLUE = 0
    GRAY = 1
    BROWN = 2
    GREEN = 3
    YELLOW = 4
    RED = 5

    @classmethod
    def parse(cls, name: str) -> Colour:
        """Colour from its file/JSON name ("gray"); ValueError if unknown."""
        try:
            return cls[name.strip().upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"unknown colour {name!r}") from None
