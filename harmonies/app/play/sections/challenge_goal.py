"""The goal of the solo challenge being played, in a small panel under the seat's board on the right (the
room a solo game leaves free there): the challenge's name and one line per condition."""

from __future__ import annotations

import pygame

from ... import paint
from ..frame import Frame, Kit
from .common import Section, title

#: Room between the last seat panel and the goal panel, and inside the panel.
GAP = 8.0
PAD = 12.0
LINE_PX = 15.0


class ChallengeGoal(Section):
    """The challenge's goal beside the board (nothing outside a challenge)."""

    def __init__(self, kit: Kit) -> None:
        x, y, w, h = kit.layout.seat_panels[-1]
        super().__init__(kit, (x, y + h + GAP, w, 712 - (y + h + GAP)))

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if not f.goal:
            return
        app = self.kit.app
        th, vp = app.theme, app.vp
        x, y, w, room = self.rect
        name, *conditions = f.goal
        inner = w - 2 * PAD
        name_px = paint.fit_px(app, name, 17, inner, bold=True, min_px=13)
        font = app.fonts.font(vp.fs(LINE_PX))
        # a condition that holds already comes ticked; the others with a bullet
        lines = [paint.wrap_lines(font, c if c.startswith("✓ ") else "• " + c, vp.s(inner)) for c in conditions]
        step = vp.tv(LINE_PX) * 1.3
        h = min(room, 34 + vp.tv(name_px) * 1.4 + step * sum(len(ls) for ls in lines) + 4 * len(lines) + PAD)
        paint.panel(surface, app, (x, y, w, h), th.c("panel"), radius=12, edge=th.c("accent"), width=2, shadow=True)
        title(app, surface, app.t("challenge.panel"), (x + PAD, y + 8))
        yy = y + 30
        paint.text(surface, app, paint.ellipsize(app, name, name_px, inner, True), (x + PAD, yy), name_px,
                   th.c("ink"), "topleft", bold=True)
        yy += vp.tv(name_px) * 1.4
        for wrapped in lines:
            for line in wrapped:
                if yy + step > y + h:
                    return
                paint.text(surface, app, line, (x + PAD, yy), LINE_PX, th.c("ink"), "topleft")
                yy += step
            yy += 4
