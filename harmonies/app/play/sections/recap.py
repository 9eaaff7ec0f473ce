"""What just happened: when a human seat's turn starts after other seats played, the cells each of them
changed are ringed in its colour on its board, and one line per seat sums its turn up over the bottom of
the board ("Bruno: space 3, a 3-tall tree, took the Bear card, +7"). The summaries come from the game log
(``session/recap.py``), made once as the turn starts."""

from __future__ import annotations

import pygame

from ... import paint
from ..frame import Frame, Kit
from ..where import seat_layout
from .common import MESSAGE_ABOVE, MESSAGE_PX, Section, pill_reach

#: Height of one line of the summaries, and their size.
LINE_H, LINE_PX = 24.0, 15.0
#: How opaque the summaries' panel stays while the player reaches for the cells under it (the pointer over it,
#: a token or cube held, the keyboard ring on the board): the bottom row shows through.
SEE_THROUGH = 60


class Recap(Section):
    """The other seats' changed cells, ringed, and their summaries."""

    def __init__(self, kit: Kit) -> None:
        bx, by, bw, bh = kit.layout.board_box
        super().__init__(kit, (bx + 16, by, bw - 32, bh))

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if not f.recaps or f.recap_alpha <= 0:
            return
        alpha = min(f.recap_alpha, SEE_THROUGH) if self.reaching(f) else f.recap_alpha
        if alpha >= 255:
            self._draw(surface, f)
            return
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        self._draw(layer, f)
        layer.set_alpha(alpha)
        surface.blit(layer, (0, 0))

    def reaching(self, f: Frame) -> bool:
        """Whether the player reaches for the board's cells under the summaries: the pointer over them, or a
        token or cube held (dragged or chosen), or the keyboard ring on a cell."""
        rows = sum(len(lines) for _seat, lines in self.wrapped(f))
        x, y, w, h = self.box(rows, f)
        over = x <= f.mouse[0] <= x + w and y <= f.mouse[1] <= y + h
        return over or f.drag is not None or f.selection is not None or f.ring_cell is not None

    def wrapped(self, f: Frame) -> list[tuple[int, list[str]]]:
        """Each seat's summary as the lines it takes (two at most: a longer one ends with "…")."""
        app = self.kit.app
        font = app.fonts.font(app.vp.fs(LINE_PX), False)
        room = self.rect[2] - 44
        out = []
        for r, text in zip(f.recaps, f.recap_lines):
            lines = paint.wrap_lines(font, text, app.vp.s(room)) or [text]
            if len(lines) > 2:
                lines = [lines[0], paint.ellipsize(app, " ".join(lines[1:]), LINE_PX, room)]
            out.append((r.seat, lines))
        return out

    def box(self, rows: int, f: Frame | None = None) -> tuple[float, float, float, float]:
        """Where ``rows`` lines go: over the bottom of the board, above the line that says why a drop went
        back (however many lines that takes)."""
        x, y, w, h = self.rect
        height = LINE_H * rows + 14
        below = 44.0
        if f is not None and f.message_alpha > 0 and f.message:
            below = max(below, MESSAGE_ABOVE + pill_reach(self.kit.app, f.message, MESSAGE_PX, w + 32 - 30) + 8)
        return (x, y + h - below - height, w, height)

    def _draw(self, surface: pygame.Surface, f: Frame) -> None:
        app, L = self.kit.app, self.kit.layout
        th, vp = app.theme, app.vp
        for r in f.recaps:
            lay = seat_layout(L, f.table, f.shown, r.seat)
            colour = th.seats[r.seat % len(th.seats)].colour
            for cell in r.cells:
                centre = vp.p(*lay.to_pixel(cell))
                radius = vp.s(lay.size * 0.92)
                pygame.draw.circle(surface, th.c("ink"), centre, radius + max(1, vp.s(1)), max(2, vp.s(4)))
                pygame.draw.circle(surface, colour, centre, radius, max(1, vp.s(2.5)))
        rows = self.wrapped(f)
        x, y, w, h = self.box(sum(len(lines) for _seat, lines in rows), f)
        paint.panel(surface, app, (x, y, w, h), th.c("panel"), radius=12, edge=th.c("panel_edge"), width=1.5,
                    shadow=True)
        k = 0
        for seat, lines in rows:
            cy = y + 7 + LINE_H * (k + 0.5)
            style = th.seats[seat % len(th.seats)]
            pygame.draw.circle(surface, style.colour, vp.p(x + 18, cy), vp.s(8))
            pygame.draw.circle(surface, th.c("ink"), vp.p(x + 18, cy), vp.s(8), max(1, vp.s(1)))
            for line in lines:
                paint.text(surface, app, line, (x + 32, y + 7 + LINE_H * (k + 0.5)), LINE_PX, th.c("ink"), "midleft")
                k += 1
