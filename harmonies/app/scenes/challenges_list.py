"""The list of challenges on the Challenges screen: number, name, state and best score, one row each.

Up/Down, Page Up/Down and Home/End choose (the chosen one is described beside the list), Enter plays it;
a click chooses a row, a click on the chosen row plays it, and the wheel scrolls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from harmonies.persist.challenges import Result
from harmonies.session.challenges import Challenge

from .. import paint
from ..widgets import OPEN_INTENTS, Rect, Widget, list_move

if TYPE_CHECKING:
    from ..look import Look

ROW_H = 40.0
PAD = 8.0
TEXT_PX = 17.0


@dataclass(frozen=True)
class Entry:
    """One row: the challenge, its record, and whether it is open."""

    challenge: Challenge
    result: Result
    open: bool

    @property
    def state(self) -> str:
        return "done" if self.result.done else "open" if self.open else "locked"


class ChallengeList(Widget):
    """The rows ``entries()`` gives; ``selected`` is the chosen row, ``top`` the first row shown."""

    def __init__(self, rect: Rect, entries: Callable[[], list[Entry]], play: Callable[[], None],
                 name: str = "list") -> None:
        super().__init__(rect)
        self.entries = entries
        self.play = play
        self.name = name
        self.selected = 0
        self.top = 0
        self.pointer: tuple[float, float] | None = None

    @property
    def page(self) -> int:
        return max(1, int((self.rect[3] - 2 * PAD) // ROW_H))

    def chosen(self) -> Entry | None:
        rows = self.entries()
        return rows[self.selected] if 0 <= self.selected < len(rows) else None

    def choose(self, index: int) -> None:
        total = len(self.entries())
        if not total:
            return
        self.selected = max(0, min(total - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.page:
            self.top = self.selected - self.page + 1

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(max(0, len(self.entries()) - self.page), self.top + rows))

    def activate(self) -> None:
        self.play()

    def row_at(self, pos: tuple[float, float]) -> int | None:
        x, y, w, h = self.rect
        if not (x <= pos[0] < x + w and y + PAD <= pos[1] < y + h - PAD):
            return None
        index = self.top + int((pos[1] - y - PAD) // ROW_H)
        return index if index < min(len(self.entries()), self.top + self.page) else None

    def handle(self, event: pygame.event.Event, app: Look, focused: bool) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.vpos
            return False
        if event.type == pygame.MOUSEWHEEL and self.hit(self.pointer or app.mouse_virtual()):
            self.scroll(-3 * int(event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.vpos)
            if row is None:
                return False
            again = row == self.selected
            self.choose(row)
            if again:
                self.activate()
            return True
        intents = app.input.intents(event)
        if not intents or not focused:
            return False
        move = list_move(intents, self.page, len(self.entries()))
        if move is not None:
            self.choose(self.selected + move)
            return True
        if intents & OPEN_INTENTS:
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        th = app.theme
        x, y, w, h = self.rect
        paint.panel(surface, app, self.rect, th.c("panel"), radius=12, edge=th.c("accent" if focused else "panel_edge"),
                    width=3 if focused else 2, shadow=True)
        rows = self.entries()
        for n, entry in enumerate(rows[self.top:self.top + self.page]):
            index = self.top + n
            ry = y + PAD + n * ROW_H
            if index == self.selected:
                paint.panel(surface, app, (x + 6, ry + 2, w - 22, ROW_H - 4), th.c("button_hover"), radius=6,
                            edge=th.c("accent") if focused else None, width=2)
            self._row(surface, app, entry, x, ry, w)
        if len(rows) > self.page:
            track = h - 2 * PAD
            size = max(24.0, track * self.page / len(rows))
            top = y + PAD + (track - size) * self.top / max(1, len(rows) - self.page)
            paint.panel(surface, app, (x + w - 13, top, 7, size), th.c("panel_edge"), radius=3)

    def _row(self, surface: pygame.Surface, app: Look, entry: Entry, x: float, ry: float, w: float) -> None:
        th = app.theme
        c = entry.challenge
        cy = ry + ROW_H / 2
        ink = th.c("ink") if entry.open or entry.result.done else th.c("ink_dim")
        paint.text(surface, app, str(c.number), (x + 40, cy), TEXT_PX, th.c("ink_dim"), "midright", bold=True)
        state_w, best_w = 108.0, 104.0
        name_room = w - 60 - state_w - best_w - 30
        name = app.t(c.name_key)
        px = paint.fit_px(app, name, TEXT_PX, name_room, min_px=13)
        paint.text(surface, app, paint.ellipsize(app, name, px, name_room), (x + 54, cy), px, ink, "midleft")
        state = app.t(f"challenge.state_{entry.state}")
        fill = {"done": th.c("accent"), "open": th.c("board"), "locked": th.c("button_disabled")}[entry.state]
        sx = x + w - 24 - best_w - state_w
        spx = paint.fit_px(app, state, 14, state_w - 16, bold=True, min_px=11)
        paint.panel(surface, app, (sx, cy - 13, state_w, 26), fill, radius=13)
        mark = "✓ " if entry.state == "done" else ""
        paint.text(surface, app, mark + state, (sx + state_w / 2, cy), spx, th.c("ink"), "center", bold=True)
        if entry.result.best is not None:
            best = app.t("challenge.best", score=entry.result.best)
            bpx = paint.fit_px(app, best, 15, best_w - 6, min_px=11)
            paint.text(surface, app, best, (x + w - 22, cy), bpx, th.c("ink_dim"), "midright")
