"""What a section of the play screen reads: the frozen :class:`Frame` of this moment and the :class:`Kit` of
drawing services.

The scene builds a frame whenever it draws, hit-tests or lists the keyboard ring's stops: the
:class:`~harmonies.app.play.table.Table` (the game as shown, taken once per change of the game) and the
screen's own state (selection, drag, hint, focus, what is in flight). Sections never see the scene and
never ask the rules: everything a frame needs of the rules is already in the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ..cardart import CardArt
from ..tokens import TokenArt
from harmonies.session.recap import SeatRecap

from .anim import Banner, Flyer
from .guide import GuideShown
from .hint import HintPlan
from .layout import PlayLayout, Point, Rect
from .logpanel import LogPanel, LogRow
from .places import Drag, Focus, Hex, Ring, Selection, Spot
from .table import Table

if TYPE_CHECKING:
    from ..look import Look

#: Which stops the keyboard ring has: none (no human to play), the spirit choice, every seat's board
#: (while another seat's board is looked at) or the seat's own table.
RingMode = Literal["none", "spirit", "viewing", "own"]
#: A card shown enlarged: (card id, is spirit, the rect of the card it enlarges).
CardRef = tuple[str, bool, Rect]


@dataclass(frozen=True)
class Kit:
    """The services the sections draw with: the app (theme, fonts, viewport, catalogue, caches), the layout
    and the art of tokens and cards."""

    app: Look
    layout: PlayLayout
    art: TokenArt
    cardart: CardArt


@dataclass(frozen=True)
class HintShown:
    """The hint as the screen shows it: the plan on show, whether one is on its way, and its line."""

    plan: HintPlan | None = None
    on: bool = False
    thinking: bool = False
    line: str = ""


@dataclass(frozen=True)
class Frame:
    """The play screen at one moment, for the sections to draw and hit-test from."""

    table: Table
    #: Bumped whenever the game changes (keys the drawing caches).
    version: int
    #: The seat whose board is shown large.
    shown: int
    #: The seat to move is a human who may act now on their own board.
    human_turn: bool
    #: A human seat is to play (the Hint button shows; the keyboard ring has stops).
    hint_offered: bool
    #: The seat to move must first keep one of two spirits.
    choosing_spirit: bool
    #: A computer seat is planning its turn.
    thinking: bool
    can_undo: bool
    can_end: bool
    mouse: Point
    selection: Selection | None = None
    drag: Drag | None = None
    #: The keyboard ring's stop (only a stop that can be used now) and the ring round it.
    focus: Focus | None = None
    ring: Ring | None = None
    #: The board cell the keyboard ring last stood on.
    ring_cell: Hex | None = None
    hint: HintShown = HintShown()
    #: How many flying pieces hide each spot.
    hidden: Mapping[Spot, int] = field(default_factory=dict)
    flyers: tuple[Flyer, ...] = ()
    banners: tuple[Banner, ...] = ()
    #: The line under the board, and its opacity (0: none).
    message: str = ""
    message_alpha: int = 0
    #: The card to show enlarged now.
    preview: CardRef | None = None
    log: LogPanel | None = None
    log_hover: LogRow | None = None
    #: The failed-save banner's two lines for a width, while saves fail.
    save_notice: Callable[[float], tuple[str, str]] | None = None
    turn_text: str = ""
    #: What the other seats just did (a summary per seat, its line, and how opaque they are now).
    recaps: tuple[SeatRecap, ...] = ()
    recap_lines: tuple[str, ...] = ()
    recap_alpha: int = 0
    #: The guided game's step on show (None: not a guided game).
    guide: GuideShown | None = None
    #: The solo challenge played: its name, then one line per condition of its goal (empty: no challenge).
    goal: tuple[str, ...] = ()
    #: The face-up card whose solo swap waits for its confirmation.
    armed_swap: int | None = None

    @property
    def own_board(self) -> bool:
        """The shown board is that of the seat to move."""
        return self.shown == self.table.current

    @property
    def ring_mode(self) -> RingMode:
        if not self.hint_offered:
            return "none"
        if not self.own_board:
            return "viewing"
        if self.choosing_spirit:
            return "spirit"
        return "own"

    @property
    def log_shown(self) -> bool:
        return self.log is not None and self.log.shown

    @property
    def save_failed(self) -> bool:
        return self.save_notice is not None

    @property
    def key_line(self) -> bool:
        """The key line shows while the keyboard ring is up, unless the hint's line or the failed-save
        banner needs the top bar."""
        return self.focus is not None and not self.hint.on and not self.save_failed
