"""The play screen's buttons (Undo, End turn, Hint, Menu, the log's toggle) and the ring's stops on Undo and
End turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...widgets import Button, WidgetGroup
from ..frame import Frame, Kit
from ..layout import PlayLayout
from ..logpanel import LogPanel
from ..places import EndButton, Ring, Stop, UndoButton
from .common import Section
from .log import toggle_button


@dataclass(frozen=True)
class ButtonActions:
    """What the play screen's buttons do, and when each is usable or shown."""

    undo: Callable[[], None]
    end_turn: Callable[[], None]
    pause: Callable[[], None]
    toggle_hint: Callable[[], None]
    can_undo: Callable[[], bool]
    can_end: Callable[[], bool]
    can_hint: Callable[[], bool]
    hint_offered: Callable[[], bool]


def play_buttons(L: PlayLayout, t: Callable[..., str], log: LogPanel, do: ButtonActions) -> tuple[WidgetGroup, Button]:
    """The play screen's buttons, and among them the Hint button (lit while the hint is on). They are no
    stops of the dialogs' focus: the keyboard ring reaches Undo and End turn (see :class:`Buttons`)."""
    ui = WidgetGroup()
    ui.add(Button(L.undo_btn, lambda: t("play.undo"), do.undo, enabled=do.can_undo, px=18, name="undo"))
    ui.add(Button(L.end_btn, lambda: t("play.end_turn"), do.end_turn, enabled=do.can_end, primary=True, px=18,
                  name="end"))
    ui.add(Button(L.menu_btn, lambda: t("play.menu"), do.pause, px=17, name="menu"))
    hint = Button(L.hint_btn, lambda: t("play.hint"), do.toggle_hint, enabled=do.can_hint, px=17,
                  visible=do.hint_offered, name="hint")
    ui.add(hint)
    ui.add(toggle_button(L, log, t))
    for b in ui.widgets:
        b.focusable = False
    return ui, hint


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
