"""The six token colours."""

from __future__ import annotations

from enum import IntEnum


class Colour(IntEnum):
    """A landscape token colour; the int value indexes the engine's tables."""

    BLUE = 0
    GRAY = 1
    BROWN = 2
    GREEN = 3
    YELLOW = 4
    RED = 5

    @property
    def label(self) -> str:
        """The lower-case name used in files and JSON."""
        return self.name.lower()

    @classmethod
    def parse(cls, name: str) -> "Colour":
        """Read a colour from its file name (``"gray"``); ``ValueError`` names the bad word."""
        try:
            return cls[name.strip().upper()]
        except (KeyError, AttributeError):
            known = ", ".join(c.label for c in cls)
            raise ValueError(f"unknown colour {name!r} (expected one of {known})") from None


COLOURS: tuple[Colour, ...] = tuple(Colour)
