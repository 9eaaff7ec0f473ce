"""A handful of keyboard- and mouse-driven widgets for the menus.

Widgets live in virtual coordinates; events carry ``vpos`` (the virtual mouse
position, added by the app). ``handle`` returns True when it consumed the event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from . import paint
from .input import Intent

if TYPE_CHECKING:
    from .look import Look

Rect = tuple[float, float, float, float]


def _inside(rect: Rect, pos: tuple[float, float]) -> bool:
    x, y, w, h = rect
    return x <= pos[0] < x + w and y <= pos[1] < y + h


#: The intents that end a list's choice by opening the chosen row.
OPEN_INTENTS = frozenset({Intent.CONFIRM, Intent.USE})


def list_move(intents: frozenset[Intent], page: int, total: int) -> int | None:
    """How far intents move a list's choice: Up/Down a row, Page Up/Down a page, Home/End to either end
    (by ``total``, which the list clamps); None for intents that move nothing."""
    moves = {Intent.UP: -1, Intent.DOWN: 1, Intent.PAGE_UP: -page, Intent.PAGE_DOWN: page,
             Intent.HOME: -total, Intent.END: total}
    return next((moves[i] for i in intents if i in moves), None)


def sideways(intents: frozenset[Intent]) -> int:
    """-1 for Left, 1 for Right, 0 for neither."""
    return -1 if Intent.LEFT in intents else 1 if Intent.RIGHT in intents else 0


class Widget:
    focusable = True

    def __init__(self, rect: Rect, visible: Callable[[], bool] | None = None) -> None:
        self.rect = rect
        self._visible = visible

    @property
    def visible(self) -> bool:
        return self._visible() if self._visible else True

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.visible and _inside(self.rect, pos)

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        return False

    def activate(self) -> None:
        pass

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        pass


class Button(Widget):
    def __init__(self, rect: Rect, label: Callable[[], str], action: Callable[[], None],
                 enabled: Callable[[], bool] | None = None, primary: bool = False, px: float = 22,
                 visible: Callable[[], bool] | None = None, name: str = "") -> None:
        super().__init__(rect, visible)
        self.label = label
        self.action = action
        self._enabled = enabled
        self.primary = primary
        self.px = px
        self.name = name

    @property
    def enabled(self) -> bool:
        return self._enabled() if self._enabled else True

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.action()

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.hit(event.vpos):
            self.activate()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.vpos):
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        if not self.visible:
            return
        th = app.theme
        hover = self.hit(app.mouse_virtual())
        if not self.enabled:
            fill, ink = th.c("button_disabled"), th.c("table_dark")
        elif self.primary:
            fill, ink = th.c("primary_hover" if hover or focused else "primary"), th.c("accent_ink")
        else:
            fill, ink = th.c("button_hover" if hover or focused else "button"), th.c("button_text")
        x, y, w, h = self.rect
        paint.panel(surface, app, self.rect, fill, radius=h / 2.6, shadow=self.enabled)
        if focused and self.enabled:
            pygame.draw.rect(surface, th.c("accent"), app.vp.r((x - 3, y - 3, w + 6, h + 6)), max(2, app.vp.s(2.5)),
                             border_radius=app.vp.s(h / 2.6 + 3))
        label = self.label()
        px = paint.fit_px(app, label, self.px, w - 16, bold=True)
        paint.text(surface, app, label, (x + w / 2, y + h / 2), px, ink, "center", bold=True)


class Choice(Widget):
    """A labelled value that cycles through options with the arrows, clicks or Left/Right."""

    def __init__(self, rect: Rect, label: Callable[[], str], options: Sequence[Any],
                 get: Callable[[], Any], set_: Callable[[Any], None], show: Callable[[Any], str],
                 visible: Callable[[], bool] | None = None, label_w: float = 0.42, px: float = 20,
                 name: str = "") -> None:
        super().__init__(rect, visible)
        self.label = label
        self.options = list(options)
        self.get = get
        self.set = set_
        self.show = show
        self.label_w = label_w
        self.px = px
        self.name = name

    def step(self, delta: int) -> None:
        cur = self.get()
        i = self.options.index(cur) if cur in self.options else 0
        self.set(self.options[(i + delta) % len(self.options)])

    def activate(self) -> None:
        self.step(1)

    def _arrows(self) -> tuple[Rect, Rect]:
        x, y, w, h = self.rect
        vx = x + w * self.label_w
        return (vx, y, h, h), (x + w - h, y, h, h)

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.vpos):
            left, _right = self._arrows()
            self.step(-1 if _inside(left, event.vpos) else 1)
            return True
        step = sideways(app.input.intents(event)) if focused else 0
        if step:
            self.step(step)
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        if not self.visible:
            return
        th = app.theme
        x, y, w, h = self.rect
        label = self.label()
        if label:
            paint.text(surface, app, label, (x, y + h / 2), paint.fit_px(app, label, self.px, w * self.label_w - 8),
                       th.c("table_text"), "midleft")
        left, right = self._arrows()
        box = (left[0], y, x + w - left[0], h)
        paint.panel(surface, app, box, th.c("button_hover" if focused else "button"), radius=h / 2.6,
                    edge=th.c("accent") if focused else None, width=2.5)
        for r, glyph in ((left, "‹"), (right, "›")):
            paint.text(surface, app, glyph, (r[0] + r[2] / 2, r[1] + r[3] / 2 - 1), self.px + 6, th.c("ink_dim"),
                       "center", bold=True)
        value = self.show(self.get())
        inner_w = box[2] - 2 * h
        paint.text(surface, app, value, (box[0] + box[2] / 2, y + h / 2),
                   paint.fit_px(app, value, self.px, inner_w), th.c("ink"), "center", bold=True)


#: Milliseconds the caret of the text field with the focus stays on, then off.
CARET_BLINK_MS = 500


def caret_turns_in() -> float:
    """Seconds until the caret of a focused text field next turns on or off."""
    return (CARET_BLINK_MS - pygame.time.get_ticks() % CARET_BLINK_MS) / 1000


def typing(event: pygame.event.Event) -> bool:
    """Whether ``event`` is a key that types a character into a text field (its TEXTINPUT follows)."""
    text = getattr(event, "unicode", "") if event.type == pygame.KEYDOWN else ""
    return isinstance(text, str) and bool(text) and text.isprintable()


class TextField(Widget):
    """One line of text input (names, the seed); typing uses TEXTINPUT events."""

    def __init__(self, rect: Rect, label: Callable[[], str], get: Callable[[], str], set_: Callable[[str], None],
                 placeholder: Callable[[], str] = lambda: "", max_len: int = 16, digits: bool = False,
                 visible: Callable[[], bool] | None = None, label_w: float = 0.0, px: float = 20, name: str = "") -> None:
        super().__init__(rect, visible)
        self.label = label
        self.get = get
        self.set = set_
        self.placeholder = placeholder
        self.max_len = max_len
        self.digits = digits
        self.label_w = label_w
        self.px = px
        self.name = name

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.vpos):
            return True
        if not focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if typing(event):
            return True  # a key that types a character (Space too): its TEXTINPUT follows
        if Intent.ERASE in app.input.intents(event):
            self.erase()
            return True
        return False

    def type_text(self, text: str) -> None:
        """Add ``text`` at the end, what the field takes of it (printable characters, digits only for a
        field of digits), up to its length."""
        add = "".join(ch for ch in text if ch.isprintable() and (ch.isdigit() or not self.digits))
        if add:
            self.set((self.get() + add)[: self.max_len])

    def erase(self) -> None:
        self.set(self.get()[:-1])

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        if not self.visible:
            return
        th = app.theme
        x, y, w, h = self.rect
        bx = x + w * self.label_w
        if self.label_w:
            paint.text(surface, app, self.label(), (x, y + h / 2), self.px, th.c("table_text"), "midleft")
        box = (bx, y, x + w - bx, h)
        paint.panel(surface, app, box, th.c("button_hover" if focused else "button"), radius=8,
                    edge=th.c("accent") if focused else th.c("panel_edge"), width=2.5 if focused else 1)
        value = self.get()
        shown = value or self.placeholder()
        colour = th.c("ink") if value else th.c("ink_dim")
        px = paint.fit_px(app, shown + "|", self.px, box[2] - 20)
        r = paint.text(surface, app, shown, (bx + 10, y + h / 2), px, colour, "midleft")
        if focused and (pygame.time.get_ticks() // CARET_BLINK_MS) % 2 == 0:
            cx = r.right + 2 if value else app.vp.p(bx + 10, 0)[0]
            pygame.draw.line(surface, th.c("ink"), (cx, r.top + 2), (cx, r.bottom - 2), max(1, app.vp.s(1.5)))


class Slider(Widget):
    def __init__(self, rect: Rect, label: Callable[[], str], get: Callable[[], int], set_: Callable[[int], None],
                 lo: int = 0, hi: int = 100, stepv: int = 10, label_w: float = 0.42, px: float = 20, name: str = "") -> None:
        super().__init__(rect)
        self.label = label
        self.get = get
        self.set = set_
        self.lo, self.hi, self.stepv = lo, hi, stepv
        self.label_w = label_w
        self.px = px
        self.name = name
        self.dragging = False

    def _track(self) -> Rect:
        x, y, w, h = self.rect
        bx = x + w * self.label_w
        return (bx + 12, y, x + w - bx - 70, h)

    def _set_from(self, vx: float) -> None:
        tx, _, tw, _ = self._track()
        frac = min(1.0, max(0.0, (vx - tx) / tw))
        self.set(int(round((self.lo + frac * (self.hi - self.lo)) / self.stepv) * self.stepv))

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.vpos):
            self.dragging = True
            self._set_from(event.vpos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.vpos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        step = sideways(app.input.intents(event)) if focused else 0
        if step:
            self.set(min(self.hi, max(self.lo, self.get() + step * self.stepv)))
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        th = app.theme
        x, y, w, h = self.rect
        paint.text(surface, app, self.label(), (x, y + h / 2), self.px, th.c("table_text"), "midleft")
        tx, _, tw, _ = self._track()
        vp = app.vp
        cy = y + h / 2
        pygame.draw.line(surface, th.c("panel_edge"), vp.p(tx, cy), vp.p(tx + tw, cy), max(2, vp.s(5)))
        frac = (self.get() - self.lo) / max(1, self.hi - self.lo)
        pygame.draw.line(surface, th.c("accent"), vp.p(tx, cy), vp.p(tx + tw * frac, cy), max(2, vp.s(5)))
        knob = vp.p(tx + tw * frac, cy)
        pygame.draw.circle(surface, th.c("button_hover"), knob, vp.s(11))
        pygame.draw.circle(surface, th.c("accent") if focused else th.c("panel_edge"), knob, vp.s(11), max(2, vp.s(2.5)))
        paint.text(surface, app, f"{self.get()}", (x + w, cy), self.px, th.c("table_text"), "midright", bold=True)


class WidgetGroup:
    """Focus order and event routing for the widgets of one scene."""

    def __init__(self, widgets: list[Widget] | None = None) -> None:
        self.widgets: list[Widget] = widgets or []
        self.focus = -1
        #: The widget Enter acts on while nothing has the focus (a lit first choice): the first Tab or
        #: arrow moves on from it rather than only showing the ring on it.
        self.home = -1

    def add(self, w: Widget) -> Widget:
        self.widgets.append(w)
        return w

    def focusable(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.visible]

    def move_focus(self, delta: int) -> None:
        order = self.focusable()
        if not order:
            return
        if self.focus not in order and self.home in order:
            self.focus = self.home
        if self.focus not in order:
            self.focus = order[0] if delta > 0 else order[-1]
            return
        self.focus = order[(order.index(self.focus) + delta) % len(order)]

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets) and self.widgets[self.focus].visible:
            return self.widgets[self.focus]
        return None

    def handle(self, event: pygame.event.Event, app: Look) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, w in enumerate(self.widgets):
                if w.hit(event.vpos) and w.focusable:
                    self.focus = i
        for i, w in enumerate(self.widgets):
            if w.visible and w.handle(event, app, i == self.focus):
                return True
        intents = app.input.intents(event)
        if intents & {Intent.NEXT, Intent.DOWN}:
            self.move_focus(1)
            return True
        if intents & {Intent.PREVIOUS, Intent.UP}:
            self.move_focus(-1)
            return True
        if sideways(intents) and isinstance(self.focused, Button):
            # buttons side by side (a dialog's, the scoresheet's): Left and Right step between them
            self.move_focus(sideways(intents))
            return True
        if Intent.USE in intents and self.focused is not None:
            self.focused.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Look) -> None:
        for i, w in enumerate(self.widgets):
            w.draw(surface, app, i == self.focus)
