"""The hint on the table: the hinted space, card and swap outlined, ghost tokens and cubes on the board.

Everything the hint shows is drawn in one colour of its own, slowly pulsing, with see-through
pieces: it must never be mistaken for the real board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import paint
from ..frame import Frame
from ..layout import PlayLayout
from ..pulse import frame_width, ring_width
from ..where import big_layout
from .common import Rect, Section, blit_centred

if TYPE_CHECKING:
    from ...look import Look


#: How opaque a ghost token is.
GHOST_ALPHA = 165


#: How far (virtual) a pulsing outline stands out of the card or slot it frames.
FRAME_PAD = 4.0
HELD_PAD = 3.0


def hint_frame(app: Look, surface: pygame.Surface, rect: Rect, radius: float, pad: float = FRAME_PAD) -> None:
    """A pulsing outline round ``rect``, drawn inside :func:`frame_box`."""
    vp = app.vp
    pygame.draw.rect(surface, app.theme.c("hint"), frame_box(app, rect, pad), frame_width(vp, app.time),
                     border_radius=vp.s(radius))


def frame_box(app: Look, rect: Rect, pad: float = FRAME_PAD) -> pygame.Rect:
    """The window's rectangle a pulsing outline round ``rect`` is drawn in."""
    return app.vp.r((rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad))


def _outlined(f: Frame, L: PlayLayout) -> tuple[int | None, list[tuple[Rect, float]]]:
    """What the hint outlines with its pulse: the central space (None: none), and the rects of the face-up
    card, the swap and the held cards the cubes come from, each with its outline's padding."""
    plan, g = f.hint.plan, f.table
    if plan is None:
        return None, []
    space = plan.space if plan.space is not None and plan.space < len(L.spaces) \
        and not g.taken_tokens_this_turn else None
    frames: list[tuple[Rect, float]] = []
    for cid, rects in ((plan.card, L.slots), (plan.swap, L.swap_btns)):
        if cid is not None and cid in g.display:
            j = g.display.index(cid)
            if j < len(rects):
                frames.append((rects[j], FRAME_PAD))
    held = [cid for cid, _s, _n in g.held_items(g.current)]
    for cid in dict.fromkeys(c for c, _cell in plan.cubes):
        if cid in held and held.index(cid) < len(L.held_slots):
            frames.append((L.held_slots[held.index(cid)], HELD_PAD))
    return space, frames


def pulse_rects(app: Look, L: PlayLayout, f: Frame) -> list[pygame.Rect]:
    """The window's rectangles the hint's pulse changes on the table (none while it is not on show)."""
    if f.hint.plan is None or f.shown != f.table.current or f.choosing_spirit:
        return []
    vp = app.vp
    space, frames = _outlined(f, L)
    out = [frame_box(app, rect, pad).inflate(2, 2) for rect, pad in frames]
    if space is not None:
        r = vp.s(L.space_radius + 2)
        out.append(pygame.Rect(0, 0, 2 * r + 3, 2 * r + 3).move(vp.p(*L.spaces[space])).move(-r - 1, -r - 1))
    return out


def _hint_badge(app: Look, surface: pygame.Surface, text: str, pos: tuple[float, float], r: float) -> None:
    """A numbered disc in the hint colour: the order in which to place the tokens."""
    vp = app.vp
    pygame.draw.circle(surface, app.theme.c("hint"), vp.p(*pos), vp.s(r))
    pygame.draw.circle(surface, app.theme.c("panel"), vp.p(*pos), vp.s(r), max(1, vp.s(1.5)))
    paint.text(surface, app, text, (pos[0], pos[1] + 0.5), r * 1.3, app.theme.c("panel"), "center", bold=True)


class HintMarks(Section):
    """The hinted space, card and swap outlined; ghost tokens and cubes on the board."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        plan = f.hint.plan
        g, L = f.table, self.kit.layout
        if plan is None or f.shown != g.current or f.choosing_spirit:
            return
        app = self.kit.app
        th, vp = app.theme, app.vp
        col = th.c("hint")
        # the space, the face-up card and swap, and the held cards the hinted cubes come from
        space, frames = _outlined(f, L)
        if space is not None:
            cx, cy = L.spaces[space]
            pygame.draw.circle(surface, col, vp.p(cx, cy), vp.s(L.space_radius + 2), ring_width(vp, app.time))
        for rect, pad in frames:
            hint_frame(app, surface, rect, 9, pad)
        layout = big_layout(L, g)
        size = layout.size
        radius = max(3, vp.s(size))
        symbols = app.settings.symbols
        ring_w = max(1, vp.s(2))
        # Heights as the stacks art draws them (a level lifts a disc by 0.17 of the cell radius), so a
        # ghost sits where the real token will.
        heights = {c: len(st) for c, st in g.views[g.current].stacks.items()}
        lift = 0.17 * size
        badges: list[tuple[str, tuple[float, float]]] = []
        on_cell: dict[tuple[int, int], int] = {}
        for k, (name, cell) in enumerate(plan.tokens):
            h = heights.get(cell, 0)
            x, y = layout.to_pixel(cell)
            dy = 0.0 if h == 0 else (0.5 * (h - 1) + 1) * lift
            ghost = self.kit.art.stack((name,), radius, symbols, "", False).copy()
            ghost.set_alpha(GHOST_ALPHA)
            blit_centred(surface, ghost, vp.p(x, y - dy))
            # a ring round the ghost's top face: a placeholder, not a piece
            pygame.draw.circle(surface, col, vp.p(x, y - dy + 0.017 * size), vp.s(0.6 * size) + ring_w, ring_w)
            heights[cell] = h + 1
            # two tokens for one cell (a tree, say): their numbers side by side, in order
            i = on_cell[cell] = on_cell.get(cell, -1) + 1
            badges.append((str(k + 1), (x - 0.56 * size + 0.42 * size * i, y - 0.52 * size)))
        view = g.views[g.current]
        for cid, cell in plan.cubes:
            n = max(1, heights.get(cell, 1))
            x, y = layout.to_pixel(cell)
            spirit = cid == view.spirit or cid == plan.spirit
            cube = self.kit.art.cube(max(4, int(radius * 0.53)), spirit).copy()
            cube.set_alpha(GHOST_ALPHA + 40)
            blit_centred(surface, cube, vp.p(x + 0.05 * size, y - 0.5 * (n - 1) * lift + 0.1 * lift - 0.05 * size))
        for text, pos in badges:
            _hint_badge(app, surface, text, pos, max(7.0, 0.23 * size))
