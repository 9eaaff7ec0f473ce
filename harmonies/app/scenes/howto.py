"""How to play: short rules pages from the catalogue, with a token legend."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import paint
from ..tokens import TokenArt
from ..widgets import Button
from .common import WidgetScene, draw_backdrop

if TYPE_CHECKING:
    from ..app import App

_LEGEND = (("blue",), ("yellow",), ("brown", "green"), ("brown", "brown", "green"), ("gray", "gray"), ("gray", "red"))
_LEGEND_KEYS = ("legend.water", "legend.field", "legend.tree_2", "legend.tree_3", "legend.mountain_2", "legend.building")


#: The bottom edge of the rules panel, in virtual units.
_PANEL_BOTTOM = 86 + 544


class HowToScene(WidgetScene):
    name = "howto"
    title_key = "howto.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.art = TokenArt(app.theme)
        self.ui.add(Button((640 - 130, 644, 260, 50), lambda: app.t("howto.back"), lambda: app.scenes.pop(), name="back"))

    def _pages(self) -> list[tuple[str, str]]:
        pages = self.app.catalogue.strings.get("howto.pages") or []
        return [(str(p.get("heading", "")), str(p.get("body", ""))) for p in pages if isinstance(p, dict)]

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        draw_backdrop(surface, app)
        self.draw_title(surface, 50)
        paint.panel(surface, app, (70, 86, 1140, 544), th.c("panel"), radius=14, edge=th.c("panel_edge"), shadow=True)
        pages = self._pages()
        controls = app.t("howto.controls")
        px = self._body_px(pages, controls)
        # two columns of rule paragraphs
        col_x = (100, 660)
        y = [112.0, 112.0]
        for i, (head, body) in enumerate(pages):
            c = 0 if i < 3 else 1
            paint.text(surface, app, head, (col_x[c], y[c]), 21, th.c("ink"), bold=True)
            used = paint.text_block(surface, app, body, (col_x[c], y[c] + 30), px, th.c("ink"), 520)
            y[c] += 30 + used + 14
        # legend of landscapes under the second column
        ly = max(y[1], 430)
        radius = app.vp.s(34)
        cell = self.art.hex_cell(radius, tuple(th.c("board")), tuple(th.c("board_edge")))
        for i, (stack, key) in enumerate(zip(_LEGEND, _LEGEND_KEYS)):
            cx = 704 + i * 86
            surface.blit(cell, cell.get_rect(center=app.vp.p(cx, ly + 34)))
            spr = self.art.stack(stack, radius, app.settings.symbols)
            surface.blit(spr, spr.get_rect(center=app.vp.p(cx, ly + 34)))
            label = app.t(key)
            paint.text(surface, app, label, (cx, ly + 72), paint.fit_px(app, label, 14, 84), th.c("ink_dim"), "midtop")
        controls_y = _PANEL_BOTTOM - 12 - paint.block_height(app, controls, px, 1080)
        paint.text_block(surface, app, controls, (100, controls_y), px, th.c("ink_dim"), 1080)
        self.ui.draw(surface, app)

    def _body_px(self, pages: list[tuple[str, str]], controls: str) -> float:
        """The largest text size (16 down to 12) at which the pages' first column and the keys below
        it fit in the panel; longer languages get smaller print rather than overlapping lines."""
        px = 16.0
        while px > 12:
            left = sum(30 + paint.block_height(self.app, body, px, 520) + 14 for _, body in pages[:3])
            if 112 + left + paint.block_height(self.app, controls, px, 1080) <= _PANEL_BOTTOM - 12:
                break
            px -= 1
        return px
