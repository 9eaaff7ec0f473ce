"""The settings screen; every change is applied and stored at once."""

from __future__ import annotations

from typing import Any, Protocol

from harmonies.catalogue import available_languages, language_name

from .. import paint
from ..navigation import OpenKeys
from ..settings import AI_SPEEDS, TEXT_SIZES, WINDOW_SIZES
from ..widgets import Button, Choice, Slider
from ..look import Look
from ..scene import Navigation, Preferences, Windowed
from .common import WidgetScene

#: The rows' place and size: wide enough that every label fits at its size in every language at 150 % text,
#: the label taking 46% of a row. A label that does not fit makes every label smaller alike.
ROW_X, ROW_W, ROW_H, ROW_GAP, LABEL_W = 140.0, 1000.0, 48.0, 57.0, 0.46
LABEL_PX = 20.0


class SettingsServices(Look, Navigation, Preferences, Windowed, Protocol):
    """What the settings screen uses: the look, the keys screen it opens, the settings and the language it
    changes, and the window's size in pixels (the sizes it offers, the size it is)."""


class SettingsScene(WidgetScene):
    name = "settings"
    title_key = "settings.title"

    app: SettingsServices

    def __init__(self, app: SettingsServices) -> None:
        super().__init__(app)
        t = app.t
        x, w, h, gap = ROW_X, ROW_W, ROW_H, ROW_GAP
        lw = LABEL_W
        y = 126

        def setter(field: str) -> Any:
            return lambda v: self.app.apply_settings(self.app.settings.with_(**{field: v}))

        self.window_choice = Choice((x, y, w, h), lambda: t("settings.window"), self._window_sizes(), self._window_now,
                                    setter("window"), lambda v: v.replace("x", " × "), label_w=lw, name="window")
        self.ui.add(self.window_choice)
        self.ui.add(Choice((x, y + gap, w, h), lambda: t("settings.fullscreen"), [False, True],
                           lambda: self.app.settings.fullscreen, setter("fullscreen"),
                           lambda v: t("setup.switch_on" if v else "setup.switch_off"), label_w=lw, name="fullscreen"))
        self.ui.add(Choice((x, y + 2 * gap, w, h), lambda: t("settings.text_size"), list(TEXT_SIZES),
                           lambda: self.app.settings.text_size, setter("text_size"),
                           lambda v: t("settings.text_size_value", size=v), label_w=lw, name="text_size"))
        self.ui.add(Choice((x, y + 3 * gap, w, h), lambda: t("settings.ai_speed"), list(AI_SPEEDS),
                           lambda: self.app.settings.ai_speed, setter("ai_speed"), lambda v: t(f"settings.speed_{v}"),
                           label_w=lw, name="ai_speed"))
        self.ui.add(Choice((x, y + 4 * gap, w, h), lambda: t("settings.symbols"), [True, False],
                           lambda: self.app.settings.symbols, setter("symbols"),
                           lambda v: t("setup.switch_on" if v else "setup.switch_off"), label_w=lw, name="symbols"))
        self.ui.add(Choice((x, y + 5 * gap, w, h), lambda: t("settings.recap"), [False, True],
                           lambda: self.app.settings.recap_keep, setter("recap_keep"),
                           lambda v: t("settings.recap_keep" if v else "settings.recap_fade"), label_w=lw, name="recap"))
        self.ui.add(Slider((x, y + 6 * gap, w, h), lambda: t("settings.volume"), lambda: self.app.settings.volume,
                           setter("volume"), label_w=lw, name="volume"))
        # Each language under its own name, so a player lost in a foreign one still finds theirs.
        self.ui.add(Choice((x, y + 7 * gap, w, h), lambda: t("settings.language"), available_languages(),
                           lambda: self.app.language, self.app.set_language, language_name, label_w=lw, name="language"))
        self.ui.add(Button((640 - 280, 604, 260, 54), lambda: t("keys.open"), self.show_keys, name="keys"))
        self.ui.add(Button((640 + 20, 604, 260, 54), lambda: t("settings.back"), lambda: self.app.scenes.pop(),
                           name="back"))
        self.ui.focus = 0
        self._sized_for: tuple[object, ...] | None = None
        self._even_labels()

    def _window_now(self) -> str:
        """The window's size as it is (a window resized by hand shows its real size), or the one asked for in
        full screen."""
        if self.app.settings.fullscreen:
            return self.app.settings.window
        w, h = self.app.window.get_size()
        return f"{w}x{h}"

    def _window_sizes(self) -> list[str]:
        sizes = list(WINDOW_SIZES)
        for extra in (self.app.settings.window, self._window_now()):
            if extra not in sizes:
                sizes.insert(0, extra)
        return sizes

    def _even_labels(self) -> None:
        """Every row's label at one size: the largest at which the longest label fits its row (so that one long
        label in a language does not leave the rows in three sizes); the window's sizes follow the window."""
        app = self.app
        key = (app.language, app.vp.scale, app.vp.text_scale, app.window.get_size(), app.settings.window)
        if key == self._sized_for:
            return
        self._sized_for = key
        self.window_choice.options = self._window_sizes()
        rows = [wdg for wdg in self.ui.widgets if isinstance(wdg, (Choice, Slider))]
        px = min(paint.fit_px(app, wdg.label(), LABEL_PX, wdg.rect[2] * wdg.label_w - 8, min_px=12) for wdg in rows)
        for wdg in rows:
            wdg.px = px

    def update(self, dt: float) -> None:
        super().update(dt)
        self._even_labels()

    def next_frame(self) -> float | None:
        """As any widget screen: the labels change only with input (a choice, the language, a resize),
        which brings its own frame."""
        return super().next_frame()

    def on_resize(self) -> None:
        super().on_resize()
        self._even_labels()

    def show_keys(self) -> None:
        """The list of every key, the one How to play shows too."""
        self.app.navigate.push(OpenKeys())
