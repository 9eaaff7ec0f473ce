"""The tray of tokens under the board keeps its slots: the tokens taken this turn stay where they landed, and
a token placed leaves a gap instead of the others closing up (so the token under a still pointer never
changes). The rules hold the hand as a list of colours; this module lays that hand out in the slots of the
tray as it was, from one picture of the table to the next. Pure data: nothing here draws or asks the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from harmonies.rules import Colour

#: The tray: a colour per slot, None for a slot whose token was placed.
Tray = tuple["Colour | None", ...]


def settle_tray(before: Sequence[Colour | None], hand: Sequence[Colour], picked: int | None = None) -> Tray:
    """The tray for ``hand`` now, given the tray ``before`` the last command: a token placed empties its
    slot (``picked``, the slot the player took it from, when it holds that colour; else the first slot of
    that colour); a token back in hand (Undo) fills the first empty slot; anything else (a game resumed,
    a tray that does not fit the hand) lays the hand out from the left. A new turn's tokens come with an
    empty ``before``."""
    had = Counter(c for c in before if c is not None)
    now = Counter(hand)
    if not before or len(hand) > len(before) or (now - had and had - now):
        return tuple(hand)
    slots: list[Colour | None] = list(before)
    for colour, gone in (had - now).items():
        for _ in range(gone):
            if picked is not None and picked < len(slots) and slots[picked] == colour:
                slots[picked] = None
                picked = None
            else:
                slots[slots.index(colour)] = None
    for colour, back in (now - had).items():
        for _ in range(back):
            slots[slots.index(None)] = colour
    return tuple(slots)
