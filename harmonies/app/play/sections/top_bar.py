"""The top bar: round, whose turn (or who is thinking), the last-round notice, the failed-save banner,
the hint's line, and while the keyboard ring is up, the key line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import keylist, paint
from ..frame import Frame, Kit
from ..table import Table
from .common import Section, badge, pill

if TYPE_CHECKING:
    from ...look import Look


class TopBar(Section):
    """The top bar: round, whose turn, and the notices and lines that need the whole width."""

    def __init__(self, kit: Kit) -> None:
        super().__init__(kit, kit.layout.top_bar)

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        draw_top_bar(self.kit, f, surface)


def draw_top_bar(kit: Kit, f: Frame, surface: pygame.Surface) -> None:
    app, g = kit.app, f.table
    th, vp = app.theme, app.vp
    bx, by, _bw, bh = kit.layout.top_bar
    mid = by + bh / 2
    pygame.draw.rect(surface, th.c("table_dark"), vp.r(kit.layout.top_bar))
    badge(app, surface, g.current, (bx + 30, mid), 13)
    head = app.t("play.round", n=g.round)
    r = paint.text(surface, app, head, (bx + 52, mid), 19, th.c("table_text_dim"), "midleft", bold=True)
    x = (r.right - vp.ox) / vp.scale + 14
    if f.thinking:
        dots = "." * (1 + int(app.time * 3) % 3)
        who = app.t("play.thinking", name=g.seats[g.current].name).rstrip("…") + dots
        r = paint.text(surface, app, who, (x, mid), 19, th.c("table_text"), "midleft", bold=True)
    else:
        r = paint.text(surface, app, f.turn_text, (x, mid), 19, th.c("table_text"), "midleft", bold=True)
    x = (r.right - vp.ox) / vp.scale + 16
    keys = f.key_line
    if g.end_triggered and not g.over:
        label = app.t("play.last_round")
        if f.hint.on or f.save_failed or keys:
            # the hint's line, the failed-save banner or the key line needs the room: the notice moves up
            # next to the turn
            w = paint.text_width(app, label, 17, True) + vp.tv(17) * 1.6
            pill(app, surface, label, (x + w / 2, mid), 17, th.c("notice"), th.c("ink"))
            x += w + 10
        else:
            pill(app, surface, label, (max(x + paint.text_width(app, label, 17, True) / 2 + 20, bx + 722), mid), 17, th.c("notice"), th.c("ink"))
    elif g.end_warning and not (f.hint.on or f.save_failed):
        x = _end_warning(kit, f, surface, x)
    elif g.end_warning and g.players == 1:
        # a solo game's last turn (or one that may be): the hint's line (or the failed save) takes the room of
        # the whole warning, but the game does not end without a word on screen
        label = app.t("play.last_round" if g.end_warning == "pouch" else "play.may_end_solo")
        w = paint.text_width(app, label, 17, True) + vp.tv(17) * 1.6
        pill(app, surface, label, (x + w / 2, mid), 17, th.c("notice"), th.c("ink"))
        x += w + 10
    if f.save_notice is not None:
        x = _save_banner(kit, f, surface, x)
    if f.hint.on and f.shown == g.current:
        draw_hint_line(kit, f, surface, x)
    elif keys:
        _key_line(kit, surface, x)


def _key_line(kit: Kit, surface: pygame.Surface, x0: float) -> None:
    """The main keys in one quiet line, right-aligned before the Hint button, in the room left after ``x0``
    (the parts least needed go first when the room is short)."""
    app = kit.app
    right = kit.layout.hint_btn[0] - 14
    text, px = keylist.fitted_line(app, 15, right - x0)
    if text:
        paint.text(surface, app, text, (right, kit.layout.top_bar[1] + 25), px, app.theme.c("table_text_dim"), "midright")


def end_warning_text(app: Look, g: Table) -> str:
    """The words for the table's end warning: this turn may trigger the end, and why."""
    key = f"play.end_near_{g.end_warning}" + ("_solo" if g.players == 1 else "")
    return app.t(key, n=g.empty_cells, m=g.end_empty_cells)


def _end_warning(kit: Kit, f: Frame, surface: pygame.Surface, x0: float) -> float:
    """This turn may trigger the end: a notice between the turn and the Hint button, fitted to that room;
    returns where it ends."""
    app = kit.app
    th = app.theme
    text = end_warning_text(app, f.table)
    room = kit.layout.hint_btn[0] - 12 - x0
    px = paint.fit_px(app, text, 16, room / 1.08, bold=True, min_px=12)
    text = paint.ellipsize(app, text, px, room - px * 1.6, True)
    w = paint.text_width(app, text, px, True) + app.vp.tv(px) * 1.6
    pill(app, surface, text, (x0 + w / 2, kit.layout.top_bar[1] + 25), px, th.c("notice"), th.c("ink"))
    return x0 + w + 14


def _save_banner(kit: Kit, f: Frame, surface: pygame.Surface, x0: float) -> float:
    """While saves fail: what failed and why, and the folder, in red in the top bar; returns where it ends.

    With the hint's line on show it shrinks to a short "not saved" so both fit."""
    app, L = kit.app, kit.layout
    th = app.theme
    top = L.top_bar[1]
    if f.hint.on:
        label = app.t("save.not_saved_short")
        w = paint.text_width(app, label, 15, True) + app.vp.tv(15) * 1.6
        pill(app, surface, label, (x0 + w / 2, top + 25), 15, th.c("danger"), th.c("table_text"))
        return x0 + w + 10
    pad = 14.0
    max_w = L.hint_btn[0] - 12 - x0 - 2 * pad
    if f.save_notice is None:
        return x0
    first, second = f.save_notice(max_w)
    px1 = paint.fit_px(app, first, 15, max_w, bold=True, min_px=11)
    px2 = paint.fit_px(app, second, 13, max_w, min_px=10)
    first, second = paint.ellipsize(app, first, px1, max_w, True), paint.ellipsize(app, second, px2, max_w)
    w = max(paint.text_width(app, first, px1, True), paint.text_width(app, second, px2)) + 2 * pad
    paint.panel(surface, app, (x0, top + 4, w, 42), th.c("danger"), radius=12, shadow=True)
    paint.text(surface, app, first, (x0 + pad, top + 15), px1, th.c("table_text"), "midleft", bold=True)
    paint.text(surface, app, second, (x0 + pad, top + 35), px2, th.c("table_text"), "midleft")
    return x0 + w + 10


def draw_hint_line(kit: Kit, f: Frame, surface: pygame.Surface, x0: float) -> None:
    """The hint's line (or that it is on its way) in the top bar, left of the Hint button.

    Up there it never covers the board, whichever cells the hint marks."""
    app, L = kit.app, kit.layout
    th, vp = app.theme, app.vp
    if f.hint.thinking:
        text = app.t("hint.thinking").rstrip("…") + "." * (1 + int(app.time * 3) % 3)
    else:
        text = f.hint.line
    pad = 12.0
    max_w = L.hint_btn[0] - 12 - x0 - 2 * pad
    px = paint.fit_px(app, text, 15, max_w, min_px=14)
    if paint.text_width(app, text, px) <= max_w:
        lines = [text]
    else:
        px = 13
        lines = paint.wrap_lines(app.fonts.font(vp.fs(px), False), text, vp.s(max_w))
        if len(lines) > 2:
            lines = [lines[0], paint.ellipsize(app, " ".join(lines[1:]), px, max_w)]
    w = max(paint.text_width(app, ln, px) for ln in lines) + 2 * pad
    h = 32.0 if len(lines) == 1 else 42.0
    top = L.top_bar[1]
    paint.panel(surface, app, (x0, top + 25 - h / 2, w, h), th.c("panel"), radius=h / 2 if len(lines) == 1 else 12,
                edge=th.c("hint"), width=2.5)
    step = vp.tv(px) * 1.25
    y = top + 25 - step * (len(lines) - 1) / 2
    for ln in lines:
        paint.text(surface, app, ln, (x0 + pad, y), px, th.c("ink"), "midleft")
        y += step
