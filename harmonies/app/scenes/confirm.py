"""A small modal dialog over the scene below: a title, a few lines of text, maybe one text field, buttons.

One dialog can show several pages in turn (a question, then a folder to type, then what happened),
so it never stacks over itself. Esc does what the page's ``cancel`` says (by default, its last button);
Enter presses the focused button, or the page's first primary one while typing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .. import paint
from ..input import Intent
from ..widgets import Button, TextField
from .common import WidgetScene

if TYPE_CHECKING:
    from ..scene import SceneServices

PANEL_W = 780.0
PAD = 36.0
BODY_PX = 18.0
TITLE_PX = 30.0
BUTTON_H = 54.0
FIELD_H = 46.0


@dataclass
class Action:
    """One button of a page."""

    label: str
    run: Callable[[], None]
    primary: bool = False
    name: str = ""


@dataclass
class Page:
    """What the dialog shows. ``field`` starts a text field with that text; ``focus`` is a button index."""

    title: str
    body: list[str]
    actions: list[Action]
    focus: int = -1
    field: str | None = None
    error: str = ""
    cancel: Callable[[], None] | None = None


def wrap_paths(font: pygame.font.Font, text: str, max_px: int) -> list[str]:
    """Lines of ``text`` no wider than ``max_px``: broken at spaces, inside a long path after a "/", and
    inside a longer run of words where its script allows."""
    if " " not in text:
        return paint.wrap_lines(font, text, max_px)  # text written without spaces breaks anywhere
    pieces = re.findall(r"[^ /]*(?:/|\s+|$)", text)
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if line and font.size((line + piece).rstrip())[0] > max_px:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip() or not lines:
        lines.append(line.rstrip())
    # a run with no space or "/" still too wide (Japanese beside a command) breaks where its script may
    return [part for line in lines
            for part in (paint.wrap_lines(font, line, max_px) if font.size(line)[0] > max_px else [line])]


def _label(action: Action) -> Callable[[], str]:
    return lambda: action.label


class Dialog(WidgetScene):
    """The dialog scene; ``purpose`` names why it is open (the app closes at once on a second window close)."""

    name = "dialog"
    transparent = True

    def __init__(self, app: SceneServices, page: Page, purpose: str = "") -> None:
        super().__init__(app)
        self.purpose = purpose
        self.page = page
        self.text = ""
        self.rect: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
        self._typing = False
        self.body_px: list[float] = []
        self.show(page)

    # ------------------------------------------------------------------ pages
    def show(self, page: Page) -> None:
        """Replace what the dialog shows with ``page``."""
        self.page = page
        self.text = page.field if page.field is not None else ""
        if page.field is not None and not self._typing:
            pygame.key.start_text_input()
            self._typing = True
        self._layout()

    def close(self) -> None:
        self.app.scenes.pop()

    def _body_px(self, text: str) -> float:
        """The body size, a little smaller for a paragraph holding a long folder path."""
        longest = max(text.split(" "), key=len, default="")
        return paint.fit_px(self.app, longest, BODY_PX, PANEL_W - 2 * PAD, min_px=15)

    def _wrapped(self, text: str, px: float, bold: bool = False) -> list[str]:
        vp = self.app.vp
        return wrap_paths(self.app.fonts.font(vp.fs(px), bold), text, vp.s(PANEL_W - 2 * PAD))

    def _lines(self, text: str, px: float, bold: bool = False) -> int:
        return len(self._wrapped(text, px, bold))

    def _block(self, surface: pygame.Surface, text: str, y: float, px: float, colour: pygame.Color,
               bold: bool = False) -> float:
        """Draw ``text`` wrapped in the panel from ``y``; returns the height used."""
        lines = self._wrapped(text, px, bold)
        for i, line in enumerate(lines):
            paint.text(surface, self.app, line, (self.rect[0] + PAD, y + i * self._step(px)), px, colour, bold=bold)
        return len(lines) * self._step(px)

    def _step(self, px: float) -> float:
        """A line's step at size ``px``, which grows with the text size."""
        return self.app.vp.tv(px) * 1.32

    def _title_h(self) -> float:
        return self.app.vp.tv(TITLE_PX) * 1.4

    def _layout(self) -> None:
        page = self.page
        inner = PANEL_W - 2 * PAD
        h = PAD + self._title_h() + 8
        self.body_px = [self._body_px(para) for para in page.body]
        for para, px in zip(page.body, self.body_px):
            h += self._lines(para, px) * self._step(px) + 10
        field_y = h + 4
        if page.field is not None:
            h += FIELD_H + 16
        if page.error:
            h += self._lines(page.error, 16) * self._step(16) + 8
        buttons_y = h + 8
        h = buttons_y + BUTTON_H + PAD
        x, y = 640 - PANEL_W / 2, max(12.0, 360 - h / 2)
        self.rect = (x, y, PANEL_W, h)
        self.ui.widgets = []
        if page.field is not None:
            self.ui.add(TextField((x + PAD, y + field_y, inner, FIELD_H), lambda: "", lambda: self.text,
                                  self._set_text, max_len=400, px=18, name="field"))
        n = len(page.actions)
        gap = 16.0
        bw = min(240.0, (inner - gap * (n - 1)) / max(1, n))
        bx = 640 - (n * bw + (n - 1) * gap) / 2
        for i, act in enumerate(page.actions):
            self.ui.add(Button((bx + i * (bw + gap), y + buttons_y, bw, BUTTON_H), _label(act), act.run,
                               primary=act.primary, px=19, name=act.name or f"action{i}"))
        first_button = 1 if page.field is not None else 0
        self.ui.focus = 0 if page.field is not None else first_button + (page.focus % max(1, n))

    def _set_text(self, value: str) -> None:
        self.text = value

    # ------------------------------------------------------------------ input
    def on_exit(self) -> None:
        if self._typing:  # the scene below starts its own typing again when it resumes (setup does)
            pygame.key.stop_text_input()

    def on_resize(self) -> None:
        self._layout()

    def on_enter_key(self) -> None:
        focused = self.ui.focused
        if isinstance(focused, Button):
            focused.activate()
            return
        for act in self.page.actions:
            if act.primary:
                act.run()
                return

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if Intent.BACK in self.app.input.intents(event):
            cancel = self.page.cancel or (self.page.actions[-1].run if self.page.actions else self.close)
            cancel()
            return None
        super().handle_event(event)
        return None  # modal: nothing reaches the scene underneath

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        paint.veil(surface, 170)
        y = self.rect[1]
        paint.panel(surface, app, self.rect, th.c("table"), radius=18, edge=th.c("panel_edge"), shadow=True)
        title_px = paint.fit_px(app, self.page.title, TITLE_PX, PANEL_W - 2 * PAD, bold=True)
        paint.text(surface, app, self.page.title, (640, y + PAD + self._title_h() * 0.4), title_px, th.c("table_text"),
                   "center", bold=True)
        yy = y + PAD + self._title_h() + 8
        for para, px in zip(self.page.body, self.body_px):
            yy += self._block(surface, para, yy, px, th.c("table_text")) + 10
        if self.page.field is not None:
            yy += FIELD_H + 16
        if self.page.error:
            self._block(surface, self.page.error, yy, 16, th.c("notice"), bold=True)
        self.ui.draw(surface, app)
