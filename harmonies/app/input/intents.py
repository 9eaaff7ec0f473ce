"""The input vocabulary: what a player means by a key or by a game controller's button.

Scenes, widgets, the play screen's ring and its pointer handle these intents only; the input map
(``assets/input.yaml``, read by :mod:`.mapfile`) says which keys give which. Each intent belongs to
one *group*, the screens where it means something: two intents of overlapping groups may not share a
key when a player rebinds one (the defaults share Enter between Confirm and End turn on purpose)."""

from __future__ import annotations

from enum import StrEnum


class Intent(StrEnum):
    # everywhere
    CONFIRM = "confirm"            # press the lit button; on the play screen, end the turn once one may
    USE = "use"                    # press the button with the ring; take or put down what the ring is on
    BACK = "back"                  # go back; let go; pause
    NEXT = "next"                  # the next stop or field
    PREVIOUS = "previous"          # the previous stop or field
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    HOME = "home"
    END = "end"
    ERASE = "erase"                # a text field's last character
    FULLSCREEN = "fullscreen"
    # the play screen
    HEX_UP_LEFT = "hex_up_left"
    HEX_UP = "hex_up"
    HEX_UP_RIGHT = "hex_up_right"
    HEX_DOWN_LEFT = "hex_down_left"
    HEX_DOWN = "hex_down"
    HEX_DOWN_RIGHT = "hex_down_right"
    TAKE_1 = "take_1"
    TAKE_2 = "take_2"
    TAKE_3 = "take_3"
    TAKE_4 = "take_4"
    TAKE_5 = "take_5"
    END_TURN = "end_turn"
    UNDO = "undo"
    HINT = "hint"
    LOG = "log"
    HELP = "help"
    PAUSE = "pause"                # the pause menu at once (a pad's Start)
    AREA_NEXT = "area_next"        # the ring to the next area of the screen (tokens, cards, board …)
    AREA_PREVIOUS = "area_previous"
    # the other screens
    FINAL_BOARDS = "final_boards"
    REPLAY = "replay"
    REVIEW = "review"
    STATS = "stats"
    PICK_1 = "pick_1"
    PICK_2 = "pick_2"
    PICK_3 = "pick_3"
    PICK_4 = "pick_4"


#: The groups an intent can belong to, and which groups are active together on one screen.
EVERYWHERE, PLAY, SCREENS = "everywhere", "play", "screens"
GROUPS = (EVERYWHERE, PLAY, SCREENS)

#: The six hex directions with their axial steps on a flat-topped board (``r`` grows down a column).
HEX_STEPS: dict[Intent, tuple[int, int]] = {
    Intent.HEX_UP_LEFT: (-1, 0), Intent.HEX_UP: (0, -1), Intent.HEX_UP_RIGHT: (1, -1),
    Intent.HEX_DOWN_LEFT: (-1, 1), Intent.HEX_DOWN: (0, 1), Intent.HEX_DOWN_RIGHT: (1, 0),
}
#: Take space n (0-based) of the central board.
TAKE = {Intent.TAKE_1: 0, Intent.TAKE_2: 1, Intent.TAKE_3: 2, Intent.TAKE_4: 3, Intent.TAKE_5: 4}
#: Pick the n-th (0-based) chart, seat or turn of a list.
PICK = {Intent.PICK_1: 0, Intent.PICK_2: 1, Intent.PICK_3: 2, Intent.PICK_4: 3}
#: The hex directions by the angle they point at (degrees counter-clockwise from the right), from 30°.
_HEX_BY_ANGLE = (Intent.HEX_UP_RIGHT, Intent.HEX_UP, Intent.HEX_UP_LEFT, Intent.HEX_DOWN_LEFT, Intent.HEX_DOWN,
                 Intent.HEX_DOWN_RIGHT)
#: The four arrow intents.
ARROWS = frozenset({Intent.UP, Intent.DOWN, Intent.LEFT, Intent.RIGHT})


def overlapping(a: str, b: str) -> bool:
    """Whether intents of groups ``a`` and ``b`` can be asked for on the same screen."""
    return a == b or EVERYWHERE in (a, b)


def hex_toward(angle: float) -> Intent:
    """The hex direction nearest to ``angle`` (a stick's direction: degrees counter-clockwise from the right)."""
    return _HEX_BY_ANGLE[round((angle - 30.0) / 60.0) % 6]
