"""Change keys, opened from the Keys page of Settings: every intent of the input map with its keys (its
buttons while a game controller is in use); choose one (Enter, Space, a pad's A or a click), then press
its new key or button. A key or button another intent already uses on the same screens is refused with a
line naming that intent; Default keys puts every key and button back. The rebinding is kept in the
settings (``Settings.keys``, ``Settings.buttons``: the intents whose keys or buttons differ from
``assets/input.yaml``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from .. import keylist, paint
from ..input import PAD_PRESS, Intent, is_modifier, press_chord
from ..widgets import Button, Rect
from ..look import Look
from ..scene import Navigation, Preferences
from .common import WidgetScene, draw_backdrop

#: The intents' rows: three columns from (x0, y0), each row this tall.
COLUMNS, ROW_H, ROW_W, X0, Y0 = 3, 34.0, 376.0, 60.0, 100.0
COLUMN_GAP = 12.0
#: Where the notice under the rows ends (above the buttons), and the most height it takes.
NOTICE_END, NOTICE_ROOM = 634.0, 80.0


class IntentRow(Button):
    """One intent: its name on the left, its keys on the right (a question mark while it waits for one)."""

    def __init__(self, rect: Rect, app: Look, intent: Intent, choose: Callable[[Intent], None],
                 waiting: Callable[[], Intent | None]) -> None:
        super().__init__(rect, lambda: app.t(f"keys.intents.{intent.value}"), lambda: choose(intent),
                         name=f"intent_{intent.value}")
        self.intent = intent
        self.waiting = waiting

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        th = app.theme
        x, y, w, h = self.rect
        waiting = self.waiting() == self.intent
        hover = self.hit(app.mouse_virtual())
        paint.panel(surface, app, self.rect, th.c("button_hover" if hover or focused or waiting else "button"),
                    radius=8, edge=th.c("accent") if focused or waiting else None, width=2.5)
        keys = "?" if waiting else keylist.keys_text(app, (self.intent,))
        keys_w = min(w * 0.42, paint.text_width(app, keys, 15, True) + 8)
        name = self.label()
        paint.text(surface, app, paint.ellipsize(app, name, 15, w - keys_w - 24), (x + 10, y + h / 2), 15,
                   th.c("button_text"), "midleft")
        paint.text(surface, app, paint.ellipsize(app, keys, 15, keys_w, True), (x + w - 10, y + h / 2), 15,
                   th.c("ink"), "midright", bold=True)


class RebindServices(Look, Navigation, Preferences, Protocol):
    """What the rebinding screen uses: the look, and the settings the keys are kept in."""


class RebindScene(WidgetScene):
    name = "rebind"
    title_key = "keys.rebind_title"

    app: RebindServices

    def __init__(self, app: RebindServices) -> None:
        super().__init__(app)
        t = app.t
        #: The intent whose new key is awaited (None: choosing).
        self.waiting: Intent | None = None
        #: The line under the list, worded as it is drawn (so a change of language shows at once).
        self.say: Callable[[], str] = self._help
        per_column = -(-len(Intent) // COLUMNS)
        for k, intent in enumerate(Intent):
            col, row = divmod(k, per_column)
            rect = (X0 + col * (ROW_W + COLUMN_GAP), Y0 + row * ROW_H, ROW_W, ROW_H - 5)
            self.ui.add(IntentRow(rect, app, intent, self.choose, lambda: self.waiting))
        self.ui.add(Button((640 - 280, 640, 260, 54), lambda: t("keys.reset"), self.reset, name="reset"))
        self.ui.add(Button((640 + 20, 640, 260, 54), lambda: t("settings.back"), lambda: app.scenes.pop(),
                           primary=True, name="back"))
        self.ui.focus = 0

    @property
    def notice(self) -> str:
        return self.say()

    def _name(self, intent: Intent) -> str:
        return self.app.t(f"keys.intents.{intent.value}")

    def _pad_words(self, key: str, **more: str) -> str | None:
        """A line in a pad's words (its Use and Back buttons named), or None while the keys are in use."""
        app = self.app
        style = keylist.pad_style(app)
        if style is None:
            return None
        return app.t(f"keys.{key}", use=keylist.buttons_text(app, (Intent.USE,), style),
                     back=keylist.buttons_text(app, (Intent.BACK,), style), **more)

    def _help(self) -> str:
        return self._pad_words("pad_rebind_help") or self.app.t("keys.rebind_help")

    def choose(self, intent: Intent) -> None:
        self.waiting = intent
        name = self._name(intent)
        self.say = lambda: self._pad_words("pad_press", intent=name) or self.app.t("keys.press", intent=name)

    def reset(self) -> None:
        self.waiting = None
        self.app.apply_settings(self.app.settings.with_(keys={}, buttons={}))
        self.say = lambda: self.app.t("keys.reset_done")

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.waiting is None:
            return super().handle_event(event)
        if event.type == pygame.KEYDOWN and not is_modifier(event.key):
            self._pressed(self.waiting, event)
        elif event.type == PAD_PRESS and event.angle is None and not event.repeat:
            self._button(self.waiting, event)
        return None         # while a key is awaited, nothing else happens

    def _button(self, intent: Intent, event: pygame.event.Event) -> None:
        """The new button for ``intent``: taken, or refused with the intent that has it; B keeps the old ones."""
        app = self.app
        self.waiting = None
        if Intent.BACK in app.input.intents(event) and intent != Intent.BACK:
            self.say = self._help
            return
        button = str(event.button)
        label = keylist.button_text(app, button)
        other = app.input.button_clash(intent, button)
        if other is not None:
            self.say = lambda: app.t("keys.pad_clash", keys=label, intent=self._name(other))
            return
        rebound = app.input.rebound_buttons(intent, (button,))
        app.apply_settings(app.settings.with_(buttons=rebound.button_overrides()))
        self.say = lambda: app.t("keys.done", intent=self._name(intent), keys=label)

    def _pressed(self, intent: Intent, event: pygame.event.Event) -> None:
        """The new key for ``intent``: taken, or refused with the intent that has it; Back keeps the old keys."""
        app = self.app
        self.waiting = None
        if Intent.BACK in app.input.intents(event) and intent != Intent.BACK:
            self.say = self._help
            return
        chord = press_chord(event.key, getattr(event, "mod", 0))
        other = app.input.clash(intent, chord)
        if other is not None:
            self.say = lambda: app.t("keys.clash", keys=keylist.chord_text(app, chord), intent=self._name(other))
            return
        rebound = app.input.rebound(intent, (chord,))
        app.apply_settings(app.settings.with_(keys=rebound.overrides()))
        self.say = lambda: app.t("keys.done", intent=self._name(intent), keys=keylist.chord_text(app, chord))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        draw_backdrop(surface, app)
        self.draw_title(surface, 52)
        self.ui.draw(surface, app)
        # the notice ends just above the buttons, a line or two high (smaller at a large text size if need be)
        width, px = 1280 - 2 * X0, 16.0
        while px > 16 / app.vp.text_scale and paint.block_height(app, self.notice, px, width) > NOTICE_ROOM:
            px -= 1
        height = paint.block_height(app, self.notice, px, width)
        paint.text_block(surface, app, self.notice, (X0, NOTICE_END - height), px, app.theme.c("table_text"), width,
                         align="center")
