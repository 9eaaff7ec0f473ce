"""How to play: pages of rules from the catalogue, each with its drawing, then the page of keys (the
catalogue's key list, as Settings shows it); paged with Left/Right, the Previous/Next buttons or the page
dots; Esc or Back leaves. It opens on the page of a topic (``howto_examples.TOPICS``) when given one: F1
during play asks for the page of what the player is doing. The first page offers the guided first game
in place of Previous."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...rules import default_cards, rules_data
from .. import keylist, paint
from ..assets import load_yaml
from ..cardart import CardArt
from ..manual import open_manual
from ..navigation import OpenGuide, OpenMenu
from ..tokens import TokenArt
from ..widgets import Button, sideways
from .common import WidgetScene, draw_backdrop
from .howto_examples import FIGURES, TOPICS
from .howto_figures import Pictures
from .saving import confirm_leave

if TYPE_CHECKING:
    from .saving import SavingServices

#: The rules panel and the box of a page's drawing, in virtual units.
_PANEL = (70, 86, 1140, 544)
_FIGURE_BOX = (690.0, 150.0, 490.0, 440.0)
_DOTS_Y = 608
_DOT_GAP = 26


class HowToScene(WidgetScene):
    name = "howto"
    title_key = "howto.title"

    app: SavingServices  # leaving for the guided game asks first about unsaved actions

    def __init__(self, app: SavingServices, topic: str = "") -> None:
        super().__init__(app)
        self.art = TokenArt(app.theme)
        self.pictures = Pictures(self.art, CardArt(app, default_cards(), self.art), rules_data(),
                                 load_yaml("howto.yaml"))
        self.page = TOPICS.index(topic) if topic in TOPICS else 0
        self.ui.add(Button((70, 644, 220, 50), lambda: app.t("howto.prev"), lambda: self.turn(-1),
                           enabled=lambda: self.page > 0, visible=lambda: self.page > 0, name="prev"))
        self.ui.add(Button((70, 644, 320, 50), lambda: app.t("guide.howto"), self.guided_game,
                           visible=lambda: self.page == 0, name="guide"))
        self.ui.add(Button((640 - 130, 644, 260, 50), lambda: app.t("howto.back"), lambda: app.scenes.pop(), name="back"))
        self.ui.add(Button((990, 644, 220, 50), lambda: app.t("howto.next"), lambda: self.turn(1),
                           enabled=lambda: self.page < self.count - 1, primary=True, name="next",
                           visible=lambda: self.page < self.count - 1))
        # the keys page, the last, offers the player's manual where Next was
        self.ui.add(Button((990, 644, 220, 50), lambda: app.t("keys.manual"), self.open_manual, name="manual",
                           visible=lambda: self.page == self.count - 1))
        self.ui.focus = 3
        #: What opening the manual did (where it is), shown under the keys in place of the mouse's line.
        self.manual_line = ""

    def open_manual(self) -> None:
        self.manual_line = open_manual(self.app.t)

    def guided_game(self) -> None:
        """The guided first game, from the menu (a game in play below is left as Quit to menu leaves it)."""
        def go() -> None:
            self.app.navigate.reset(OpenMenu())
            self.app.navigate.push(OpenGuide())
        confirm_leave(self.app, "menu", go)

    def pages(self) -> list[tuple[str, str]]:
        """(heading, body) of each page; the last is the keys page, whose body is the key list."""
        pages = self.app.catalogue.strings.get("howto.pages") or []
        found = [(str(p.get("heading", "")), str(p.get("body", ""))) for p in pages if isinstance(p, dict)]
        return found + [(self.app.t("keys.title"), "")]

    @property
    def count(self) -> int:
        return len(self.pages())

    def turn(self, step: int) -> None:
        """To the next (+1) or previous (-1) page, staying within the pages."""
        self.page = max(0, min(self.count - 1, self.page + step))

    def on_resize(self) -> None:
        """Also called when the language changes: a catalogue with fewer pages moves the page back onto its last."""
        self.page = min(self.page, self.count - 1)

    def _dot_centres(self) -> list[tuple[float, float]]:
        n = self.count
        return [(640 + (i - (n - 1) / 2) * _DOT_GAP, _DOTS_Y) for i in range(n)]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        step = sideways(self.app.input.intents(event))
        if step:
            self.turn(step)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and hasattr(event, "vpos"):
            for i, (cx, cy) in enumerate(self._dot_centres()):
                if abs(event.vpos[0] - cx) <= _DOT_GAP / 2 and abs(event.vpos[1] - cy) <= 14:
                    self.page = i
                    return None
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        draw_backdrop(surface, app)
        self.draw_title(surface, 50)
        paint.panel(surface, app, _PANEL, th.c("panel"), radius=14, edge=th.c("panel_edge"), shadow=True)
        pages = self.pages()
        head, body = pages[self.page]
        figure = FIGURES[self.page] if self.page < len(FIGURES) else None
        paint.text(surface, app, head, (100, 108), paint.fit_px(app, head, 26, 1080, bold=True), th.c("ink"), bold=True)
        width = 560 if figure else 1080
        if self.page == len(pages) - 1:
            # The list and its note end above the page dots however large the text size.
            keylist.draw_with_note(surface, app, (100, 146, 1080, _DOTS_Y - 12 - 146),
                                   self.manual_line or app.t("keys.mouse"))
        else:
            paint.text_block(surface, app, body, (100, 160), self._body_px(body, width), th.c("ink"), width)
        if figure is not None:
            figure(surface, app, self.pictures, _FIGURE_BOX)
        for i, centre in enumerate(self._dot_centres()):
            on = i == self.page
            pygame.draw.circle(surface, th.c("accent" if on else "panel_edge"), app.vp.p(*centre), app.vp.s(8 if on else 6))
        self.ui.draw(surface, app)

    def _body_px(self, body: str, width: float) -> float:
        """The largest text size (20 down to 12) at which the page's text fits above the page dots."""
        px = 20.0
        while px > 12 and 160 + paint.block_height(self.app, body, px, width) > _DOTS_Y - 20:
            px -= 1
        return px
