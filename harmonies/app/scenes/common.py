"""Pieces shared by the menu-like scenes."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import paint
from ..input import Intent
from ..hexgrid import HexLayout
from ..scene import Scene
from ..widgets import TextField, WidgetGroup, caret_turns_in, typing
from .onscreen_keys import OnscreenKeys

if TYPE_CHECKING:
    from ..look import Look
    from ..scene import SceneServices


#: Seconds between two looks at a background job whose answer a screen waits for.
POLL_EVERY = 0.1


class WidgetScene(Scene):
    """A scene made of widgets with keyboard focus; subclasses build ``self.ui``."""

    title_key = ""

    def __init__(self, app: SceneServices) -> None:
        super().__init__(app)
        self.ui = WidgetGroup()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        field = self.ui.focused
        if isinstance(field, TextField) and self.opens_keys(field, event):
            self.app.scenes.push(OnscreenKeys(self.app, field))
            return None
        if self.ui.handle(event, self.app):
            return None
        if Intent.CONFIRM in self.app.input.intents(event):
            self.on_enter_key()
            return None
        return event

    def next_frame(self) -> float | None:
        """Widgets change with input only, but for the caret blinking in the text field with the focus.
        A subclass that also changes in ``update`` says so (its own ``next_frame``, ``wake_in`` or
        ``redraw``)."""
        return caret_turns_in() if isinstance(self.ui.focused, TextField) else None

    def on_enter_key(self) -> None:
        focused = self.ui.focused
        if focused is not None:
            focused.activate()

    def opens_keys(self, field: TextField, event: pygame.event.Event) -> bool:
        """Whether ``event`` opens the on-screen keyboard on the text field with the focus: the Use intent
        from a key that types nothing (Space types a space), Confirm from anything but a key (a pad's
        button: a keyboard's Enter keeps its meaning, starting the game in Setup), or a finger's tap on
        the field."""
        if getattr(event, "finger", False) and event.type == pygame.MOUSEBUTTONUP:
            return field.hit(event.vpos)
        intents = self.app.input.intents(event)
        if Intent.CONFIRM in intents and event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return True
        return Intent.USE in intents and not typing(event)

    def draw_title(self, surface: pygame.Surface, y: float = 58) -> None:
        if self.title_key:
            paint.text(surface, self.app, self.app.t(self.title_key), (640, y), 40, self.app.theme.c("table_text"),
                       "center", bold=True)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.app)
        self.draw_title(surface)
        self.ui.draw(surface, self.app)


def draw_backdrop(surface: pygame.Surface, app: Look) -> None:
    """A quiet pattern of hex outlines behind the menus (drawn once per window size)."""
    cache = app.cache.setdefault("backdrop", {})
    key = (surface.get_size(), app.vp.scale)
    img = cache.get(key)
    if img is None:
        img = pygame.Surface(surface.get_size())
        img.fill(app.theme.c("table"))
        _backdrop(img, app)
        cache.clear()
        cache[key] = img
    surface.blit(img, (0, 0))


def _backdrop(surface: pygame.Surface, app: Look) -> None:
    vp = app.vp
    col = app.theme.c("table_dark")
    layout = HexLayout(46 * vp.scale, (vp.ox, vp.oy))
    w, h = surface.get_size()
    cols = int(w / (layout.size * 1.5)) + 3
    rows = int(h / (layout.size * math.sqrt(3))) + 3
    width = max(1, vp.s(2))
    for q in range(-1, cols):
        for rr in range(-1, rows):
            r = rr - q // 2
            corners = layout.corners((q, r), 0.92)
            if corners[3][0] > w or corners[0][0] < 0 or corners[4][1] > h or corners[1][1] < 0:
                continue
            pygame.draw.polygon(surface, col, corners, width)
