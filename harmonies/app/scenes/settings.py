"""The settings screen; every change is applied and stored at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harmonies.catalogue import available_languages, language_name

from ..navigation import OpenKeys
from ..settings import AI_SPEEDS, TEXT_SIZES, WINDOW_SIZES
from ..widgets import Button, Choice, Slider
from .common import WidgetScene

if TYPE_CHECKING:
    from ..app import App


class SettingsScene(WidgetScene):
    name = "settings"
    title_key = "settings.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        t = app.t
        # Labels get 46% of a wide row: French and Spanish labels ("Velocidad del ordenador") fit unshrunk.
        x, w, h, gap = 270, 740, 48, 57
        lw = 0.46
        y = 126

        def setter(field: str) -> Any:
            return lambda v: self.app.apply_settings(self.app.settings.with_(**{field: v}))

        sizes = list(WINDOW_SIZES)
        if app.settings.window not in sizes:
            sizes.insert(0, app.settings.window)
        self.ui.add(Choice((x, y, w, h), lambda: t("settings.window"), sizes, lambda: self.app.settings.window,
                           setter("window"), lambda v: v.replace("x", " × "), label_w=lw, name="window"))
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

    def show_keys(self) -> None:
        """The list of every key, the one How to play shows too."""
        self.app.navigate.push(OpenKeys())
