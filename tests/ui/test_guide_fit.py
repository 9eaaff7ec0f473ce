"""Every step of the guided game fits its speech panel (issue 51, point 5): at 100 and 150 % text, in all five
languages, at 800x600 and 1280x720, the step's words, its heading and its Next button take no more than the
panel's room under the seat's board, so nothing is cut; and the "well done" panel's words fit it."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from harmonies.app import paint
from harmonies.app.app import App
from harmonies.app.play.sections.guide import SAY_PX, GuideBubble
from harmonies.app.scenes.guide_done import _BODY_ROOM, _PANEL
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.catalogue import available_languages
from harmonies.session import SaveSlot


@pytest.mark.slow
@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("window", ["800x600", "1280x720"])
def test_every_step_fits_its_panel(window: str, text_size: int) -> None:
    app = App(settings_store=MemorySettingsStore(Settings(window=window, ai_speed="instant", text_size=text_size)),
              saves=SaveSlot(enabled=False))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    try:
        for code in available_languages():
            app.set_language(code)
            d = Driver(app)
            d.press_widget("guide")
            d.settle()
            sc = d.top
            bubble = next(s for s in sc.screen.sections if isinstance(s, GuideBubble))
            for i, step in enumerate(sc.guide.steps):
                sc.guide.index = i
                f = sc.frame()
                px = bubble.say_px(f)
                assert px >= SAY_PX / app.vp.text_scale - 1e-6, (code, step.id)
                assert bubble._height(f, px) <= bubble.rect[3] + 0.5, (code, window, text_size, step.id)
            app.scenes.pop()
            d.settle()
            assert d.top.name == "menu"
    finally:
        pygame.display.quit()


@pytest.mark.slow
@pytest.mark.parametrize("window", ["800x600", "1280x720"])
def test_the_well_done_words_fit_their_panel_at_150_percent(window: str) -> None:
    app = App(settings_store=MemorySettingsStore(Settings(window=window, text_size=150)), saves=SaveSlot(enabled=False))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    try:
        for code in available_languages():
            app.set_language(code)
            # the panel draws its words at the least size (14) when nothing larger fits
            assert paint.block_height(app, app.t("guide.done_body"), 14, _PANEL[2] - 72) <= _BODY_ROOM, code
    finally:
        pygame.display.quit()
