"""The play screen's buttons (Undo, End turn, Hint, Menu, the log's toggle) and the ring's stops on Undo and
End turn."""

from __future__ import annotations

import pygame

from ...widgets import WidgetGroup
from ..frame import Frame, Kit
from ..places import EndButton, Ring, Stop, UndoButton
from .common import Section


class Buttons(Section):
    """The scene's buttons, drawn as widgets; Undo and End turn are the last stops of the keyboard ring."""

    def __init__(self, kit: Kit, ui: WidgetGroup) -> None:
        super().__init__(kit)
        self.ui = ui

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        self.ui.draw(surface, self.kit.app)

    def stops(self, f: Frame) -> list[Stop]:
        if f.ring_mode in ("none", "spirit"):
            return []
        L = self.kit.layout
        found = [Stop(UndoButton(), Ring("rect", rect=L.undo_btn))] if f.can_undo else []
        if f.can_end:
            found.append(Stop(EndButton(), Ring("rect", rect=L.end_btn)))
        return found
