"""The play screen's buttons (Undo, End turn, Hint, Menu, the log's toggle) and the ring's stops on Undo and
End turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ... import paint
from ...widgets import Button, WidgetGroup
from ..frame import Frame, Kit
from ..layout import PlayLayout
from ..logpanel import LogPanel
from ..places import EndButton, Ring, Stop, UndoButton
from .common import Section
from .log import toggle_button

if TYPE_CHECKING:
    from ...look import Look


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


#: The smallest share of its size a play button's label shrinks to on one line before it takes two.
ONE_LINE_SHARE = 0.85


class TwoLineButton(Button):
    """A button whose label of several words goes on two lines rather than shrinking far on one ("Fin du tour"
    in a narrow window at a large text size)."""

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        label = self.label()
        x, y, w, h = self.rect
        if (not self.visible or " " not in label
                or paint.fit_px(app, label, self.px, w - 16, bold=True) >= self.px * ONE_LINE_SHARE):
            super().draw(surface, app, focused)
            return
        words = self.label
        self.label = lambda: ""  # the button without its words, then the words on two lines
        try:
            super().draw(surface, app, focused)
        finally:
            self.label = words
        px = self.px * ONE_LINE_SHARE
        lines = paint.wrap_lines(app.fonts.font(app.vp.fs(px), True), label, app.vp.s(w - 16))
        lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
        px = min(paint.fit_px(app, line, px, w - 16, bold=True) for line in lines)
        step = app.vp.tv(px) * 1.05
        ink = app.theme.c("table_dark") if not self.enabled else app.theme.c(
            "accent_ink" if self.primary else "button_text")
        for k, line in enumerate(lines):
            paint.text(surface, app, line, (x + w / 2, y + h / 2 + (k - (len(lines) - 1) / 2) * step), px, ink,
                       "center", bold=True)


def play_buttons(L: PlayLayout, t: Callable[..., str], log: LogPanel, do: ButtonActions) -> tuple[WidgetGroup, Button]:
    """The play screen's buttons, and among them the Hint button (lit while the hint is on). They are no
    stops of the dialogs' focus: the keyboard ring reaches Undo and End turn (see :class:`Buttons`)."""
    ui = WidgetGroup()
    ui.add(TwoLineButton(L.undo_btn, lambda: t("play.undo"), do.undo, enabled=do.can_undo, px=18, name="undo"))
    ui.add(TwoLineButton(L.end_btn, lambda: t("play.end_turn"), do.end_turn, enabled=do.can_end, primary=True, px=18,
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
