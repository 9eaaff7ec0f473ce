"""What the play screen's parts see of it: :class:`PlayActions`.

The pointer, the keyboard cursor, the key handler, the announcements, the computer's pace, the
outcomes and the clocks each work for the play scene but hold no reference to its class: they are handed
the play screen as this protocol (the outcomes and the clocks as a protocol of their own that widens it),
which names the state they read (the table, the layout, the animations, the seat on show), the few
fields they set (the seat on show, the end's pause, the last human seat) and the actions they ask for
(submit a command, undo, end the turn, say a line). The play scene meets it as it stands; nothing here
imports the scene, so the parts and the scene import each other in no circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..look import Look
from ..scene import Keeping, Navigation, Telling

if TYPE_CHECKING:
    from harmonies.rules import Command, Game, PlayerView
    from harmonies.session import CommandReport, PlaySession, Seat

    from ..cardart import CardArt
    from ..hexgrid import HexLayout
    from .anim import Animator
    from .frame import Frame
    from .guide import Guide
    from .hinting import HintBox
    from .layout import PlayLayout, Point
    from .logpanel import LogPanel
    from .places import Hex, Selection, Stop, Target
    from .table import Table


class PlayServices(Look, Navigation, Keeping, Telling, Protocol):
    """What the play screen and its parts use of the app: the look, the screens they open (pause,
    hand-over, scoresheet), the saves and the cards in use, and the sounds of play."""


class PlayActions(Protocol):
    """The play screen as its parts see it."""

    #: The seat whose board is on show instead of the current one (None: the current seat's).
    view_seat: int | None
    #: Seconds of pause left before the scoresheet once the game has ended (None: not ending).
    ending: float | None
    #: The last seat played at this screen that had a turn (the hand-over screen asks).
    last_human: int | None
    #: The tray slot of the token just chosen to place (the one that goes, of two of a colour).
    picked: int | None

    @property
    def app(self) -> PlayServices: ...

    @property
    def anims(self) -> Animator: ...

    @property
    def cardart(self) -> CardArt: ...

    @property
    def demo(self) -> bool: ...

    @property
    def guide(self) -> Guide | None: ...

    @property
    def hints(self) -> HintBox: ...

    @property
    def layout(self) -> PlayLayout: ...

    @property
    def log(self) -> LogPanel: ...

    @property
    def session(self) -> PlaySession: ...

    @property
    def table(self) -> Table: ...

    @property
    def game(self) -> Game: ...

    @property
    def selection(self) -> Selection | None: ...

    @property
    def shown_seat(self) -> int: ...

    def seat(self, i: int) -> Seat: ...

    def at_screen(self, i: int) -> bool: ...

    def human_turn(self) -> bool: ...

    def can_end(self) -> bool: ...

    def can_hint(self) -> bool: ...

    def must_choose_spirit(self) -> bool: ...

    def turn_text(self) -> str: ...

    def big_layout(self) -> HexLayout: ...

    def cell_at(self, pos: Point) -> Hex | None: ...

    def held_pos(self, seat: int, card_id: str, v: PlayerView | None = None) -> Point: ...

    def frame(self) -> Frame: ...

    def stops(self) -> list[Stop]: ...

    def target_at(self, pos: Point) -> Target | None: ...

    def submit(self, cmd: Command, dropped: bool = False) -> bool: ...

    def pump(self) -> list[CommandReport]: ...

    def show_recent(self, seat: int) -> None: ...

    def say(self, text: str, dur: float = 3.0, until_played: bool = True) -> None: ...

    def undo(self) -> None: ...

    def end_turn(self) -> None: ...

    def toggle_hint(self) -> None: ...

    def pause(self) -> None: ...
