"""The play screen as one ordered list of sections.

The order is the drawing order (each section over the ones before it), hit-testing goes through it
backwards (the topmost section first), and the keyboard ring steps through the sections' stops in
this order. Adding a section is one new file under ``sections/`` and one entry in :func:`play_sections`.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..widgets import WidgetGroup
from .frame import Frame, Kit
from .layout import Point
from .places import Stop, Target
from .sections.board import Board
from .sections.buttons import Buttons
from .sections.central import Central
from .sections.challenge_goal import ChallengeGoal
from .sections.common import Section
from .sections.display import Display, SwapTip
from .sections.drop_preview import DropPreview
from .sections.focus import FocusRing
from .sections.guide import GuideBubble
from .sections.hand import Hand
from .sections.held import Held
from .sections.hint import HintMarks
from .sections.log import LogMark
from .sections.moving import Banners, Dragged, Flyers, Preview
from .sections.recap import Recap
from .sections.scores import Scores
from .sections.seats import Seats
from .sections.spirit_choice import SpiritChoice
from .sections.top_bar import TopBar


def play_sections(kit: Kit, ui: WidgetGroup) -> list[Section]:
    """The play screen's sections, bottom to top; the ring's stops come in this order too: the central
    spaces, the hand, the held cards, the face-up cards and their swap buttons, the board, the other
    seats' boards, Undo and End turn, the guided game's Next (or the spirits alone, while one is chosen)."""
    return [
        TopBar(kit), Central(kit), Hand(kit), Held(kit), Display(kit), Scores(kit), Board(kit), HintMarks(kit),
        Seats(kit), ChallengeGoal(kit), Buttons(kit, ui), Recap(kit), GuideBubble(kit), LogMark(kit), Banners(kit),
        SpiritChoice(kit),
        FocusRing(kit), SwapTip(kit), Flyers(kit), Preview(kit), DropPreview(kit), Dragged(kit),
    ]


class Screen:
    """Draws, hit-tests and lists the ring's stops through one ordered list of sections."""

    def __init__(self, sections: Sequence[Section]) -> None:
        self.sections = tuple(sections)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        for section in self.sections:
            section.draw(surface, f)

    def hit(self, f: Frame, pos: Point) -> Target | None:
        """What is under ``pos``: the topmost section that owns something there says what."""
        for section in reversed(self.sections):
            found = section.hit(f, pos)
            if found is not None:
                return found
        return None

    def stops(self, f: Frame) -> list[Stop]:
        """The keyboard ring's stops now, in the sections' order."""
        return [stop for section in self.sections for stop in section.stops(f)]
