"""The review's two panels in the replay viewer: the summary over the boards (progress while it runs; then
the accuracy, the expected points lost and the three costliest turns, whose buttons the scene places in
:func:`chip_rects`), and the shown turn's detail over the log (the mark, both expected values, the loss
with its standard error and what that margin means, the reasons and what the marks on the board mean)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from harmonies.ai.review import TurnReview
from harmonies.ai.review_text import number_text, reasons_text

from .. import keylist, paint
from ..widgets import Button
from .layout import MIN_REAL_PX, floor_px, text_px
from .marks import draw_mark, draw_symbol, symbol_radius
from .reviewer import Reviewer

if TYPE_CHECKING:
    from ..look import Look

Rect = tuple[float, float, float, float]
PAD = 10.0
#: Width of the button beside the summary (Cancel while it runs, Review again after).
SIDE_BUTTON_W = 170.0


def _line(app: Look, px: float) -> float:
    """From one line of the panels to the next at text size ``px``: the size the text really takes (the text
    size setting makes it up to half as large again), so a line never runs into the next."""
    return round(app.vp.tv(px) * 1.55)


def _chips_h(app: Look, px: float) -> float:
    """The room the costliest turns' buttons take, with the text size setting."""
    return max(px * 2.4, app.vp.tv(px) * 2.0)


def summary_height(app: Look, reviewer: Reviewer, names: Sequence[str], choosing: bool, width: float,
                   px: float) -> float:
    """The summary's height at ``width`` (0 when there is nothing to show)."""
    if choosing:
        return 2 * PAD + _line(app, px) + _chips_h(app, px)
    if reviewer.status == "idle":
        return 0.0
    second = _second_line(app, reviewer, names)
    room = _text_w(reviewer, width)
    wrapped = paint.block_height(app, second, px, room) if second else 0.0
    chips = 0.0
    if reviewer.status == "done":
        chips = _chips_h(app, px) + (_line(app, px) if chips_below(app, reviewer, width, px) else 0.0)
    return 2 * PAD + _line(app, px) + max(wrapped, _line(app, px) if reviewer.running else 0.0) + chips + 4


def _text_w(reviewer: Reviewer, width: float) -> float:
    """The room of the summary's text (beside Cancel while the review runs)."""
    return width - 2 * PAD - (SIDE_BUTTON_W + 10 if reviewer.running else 0.0)


def _name(reviewer: Reviewer, names: Sequence[str]) -> str:
    return names[reviewer.seat] if reviewer.seat < len(names) else str(reviewer.seat + 1)


def _second_line(app: Look, reviewer: Reviewer, names: Sequence[str]) -> str:
    """The summary's text under its title: the points lost and the marks, or why it stopped."""
    status = reviewer.status
    if status == "failed":
        return reviewer.error
    if status == "cancelled":
        return app.t("review_view.again")
    review = reviewer.review
    if status != "done" or review is None:
        return ""
    marks = review.marks()
    return app.t("review_view.lost", lost=_num(app, review.total_loss), n=len(review.turns),
                 mistakes=marks["mistake"], inaccuracies=marks["inaccuracy"])


def chip_w(app: Look, turns: Sequence[TurnReview], px: float) -> float:
    """The width the costliest turns' buttons need to show their words whole (the mark's disc, the text)."""
    words = max((paint.text_width(app, chip_label(app, t), px, True) for t in turns), default=0.0)
    disc = max((symbol_radius(app, t.mark, px * 0.6) for t in turns), default=px * 0.6)
    return words + 2 * disc + 30   # as MarkButton draws it: the disc at the left, then the words


def chips_below(app: Look, reviewer: Reviewer, width: float, px: float) -> bool:
    """Whether the costliest turns' buttons go on a row of their own, under their label (a narrow window)."""
    review = reviewer.review
    if review is None:
        return False
    room = width - 2 * PAD - costliest_label_w(app, px) - 12
    return (room - 16) / 3 < chip_w(app, review.costliest(3), px)


def chip_rects(rect: Rect, count: int, px: float, label_w: float, widest: float = 190.0) -> list[Rect]:
    """The buttons of the costliest turns (or of the seats to choose from), on the summary's last row after
    a label ``label_w`` wide (0: the label is on the row above, or there is none)."""
    x, y, w, h = rect
    top = y + h - PAD - px * 2.2
    start = x + PAD + (label_w + 12 if label_w else 0.0)
    room = x + w - PAD - start
    cw = min(widest, (room - 8 * (count - 1)) / max(1, count))
    return [(start + i * (cw + 8), top, cw, px * 2.2) for i in range(count)]


def side_button_rect(rect: Rect, px: float) -> Rect:
    x, y, w, _h = rect
    return (x + w - PAD - SIDE_BUTTON_W, y + PAD, SIDE_BUTTON_W, round(px * 1.55) * 2 - 4)


def draw_summary(surface: pygame.Surface, app: Look, rect: Rect, reviewer: Reviewer, names: Sequence[str],
                 choosing: bool, px: float) -> None:
    th = app.theme
    paint.panel(surface, app, rect, th.c("panel"), radius=10, edge=th.c("hint"), width=2, shadow=True)
    x, y, w, h = rect
    text_w = _text_w(reviewer, w)
    mid1 = y + PAD + _line(app, px) / 2
    name = _name(reviewer, names)
    ink, dim = th.c("ink"), th.c("ink_dim")
    if choosing:
        _fit(surface, app, keylist.say(app, "review_view.choose", n=len(names)), (x + PAD, mid1), px, w - 2 * PAD, ink, True)
        return
    status = reviewer.status
    if status == "running":
        done, total = reviewer.progress
        line = (app.t("review_view.running", name=name, k=min(done + 1, total), n=total) if total
                else app.t("review_view.starting", name=name))
        _fit(surface, app, line, (x + PAD, mid1), px, text_w, ink, True)
        bar = (x + PAD, mid1 + _line(app, px) - px * 0.35, text_w, px * 0.7)
        paint.panel(surface, app, bar, th.c("board"), radius=px * 0.35, edge=th.c("panel_edge"), width=1)
        if total:
            paint.panel(surface, app, (bar[0], bar[1], max(bar[3], bar[2] * done / total), bar[3]), th.c("hint"),
                        radius=px * 0.35)
        return
    review = reviewer.review
    if status == "done" and review is not None:
        title = app.t("review_view.title", name=name, accuracy=_num(app, review.accuracy, 0))
    else:
        title = app.t("review_view.cancelled" if status == "cancelled" else "review_view.failed", name=name)
    _fit(surface, app, title, (x + PAD, mid1), px, text_w, ink, True)
    paint.text_block(surface, app, _second_line(app, reviewer, names), (x + PAD, y + PAD + _line(app, px)), px, dim,
                     text_w)
    if status == "done" and review is not None:
        label = app.t("review_view.costliest" if review.costliest(3) else "review_view.none_costly")
        below = chips_below(app, reviewer, w, px) and review.costliest(3)
        label_y = y + h - PAD - px * 2.2 - _line(app, px) / 2 - 2 if below else y + h - PAD - px * 1.1
        _fit(surface, app, label, (x + PAD, label_y), px, w - 2 * PAD, ink, True)


def costliest_label_w(app: Look, px: float) -> float:
    return paint.text_width(app, app.t("review_view.costliest"), px, True)


def chip_label(app: Look, turn: TurnReview) -> str:
    """A costliest turn's button: its round and the points it lost."""
    return app.t("review_view.chip", round=turn.round, loss=_num(app, turn.loss))


class MarkButton(Button):
    """A costliest turn's button: its mark's symbol at the left, then its round and loss."""

    def __init__(self, rect: Rect, turn: Callable[[], TurnReview | None], action: Callable[[], None],
                 visible: Callable[[], bool], name: str) -> None:
        super().__init__(rect, lambda: "", action, px=14, visible=visible, name=name)
        self.turn = turn

    def draw(self, surface: pygame.Surface, app: Look, focused: bool) -> None:
        super().draw(surface, app, focused)
        turn = self.turn()
        if not self.visible or turn is None:
            return
        x, y, w, h = self.rect
        r = symbol_radius(app, turn.mark, self.px * 0.6)
        draw_symbol(surface, app, turn.mark, (x + 10 + r, y + h / 2), r)
        label = chip_label(app, turn)
        room = w - 2 * r - 26
        px = paint.fit_px(app, label, self.px, room, True, min_px=floor_px(app.vp, self.px))
        paint.text(surface, app, paint.ellipsize(app, label, px, room, True), (x + 18 + 2 * r, y + h / 2), px,
                   app.theme.c("button_text"), "midleft", bold=True)


def _values(app: Look, turn: TurnReview) -> str:
    """Both expected final scores, each on its line."""
    return (app.t("review_view.played", value=_num(app, turn.played_value)) + "\n"
            + app.t("review_view.suggested", value=_num(app, turn.best_value)))


def _verdict(app: Look, turn: TurnReview) -> str:
    if turn.mark == "best" and turn.loss <= 0 and turn.stderr == 0:
        return app.t("review_view.same")
    if turn.loss < 0:
        return app.t("review_view.better", loss=_num(app, -turn.loss), error=_num(app, turn.stderr))
    return app.t("review_view.loss", loss=_num(app, turn.loss), error=_num(app, turn.stderr))


#: How many explaining paragraphs the detail may end with: the margin's sentence and the legend (2), the
#: legend alone (1), none (0).
ALL_NOTES = 2


def _detail_parts(app: Look, turn: TurnReview, notes: int = ALL_NOTES) -> list[tuple[str, float, bool, bool]]:
    """The detail's paragraphs under its heading: (text, size factor, bold, dim), then ``notes`` of the
    explaining ones: what the loss's ± means (only for a turn whose loss has one), what the marks on the
    board mean."""
    parts = [(_values(app, turn), 1.0, False, False), (_verdict(app, turn), 1.0, True, False),
             (reasons_text(app.catalogue, turn), 1.0, False, False)]
    # The margin's sentence tells the player what the calibration measured (docs/ai.md, "The review's error
    # by the stage of the game"): twice the ± covered the loss measured again on fresh futures 92 % of the time.
    if notes >= 2 and turn.stderr > 0:
        parts.append((app.t("review_view.margin"), 0.9, False, True))
    if notes >= 1:
        parts.append((app.t("review_view.legend"), 0.9, False, True))
    return parts


def detail_height(app: Look, turn: TurnReview | None, width: float, px: float, notes: int = ALL_NOTES) -> float:
    if turn is None:
        return 0.0
    room = width - 2 * PAD
    return 2 * PAD + _line(app, px) + sum(paint.block_height(app, text, _para_px(app, px, f), room, bold) + 3
                                          for text, f, bold, _dim in _detail_parts(app, turn, notes)) + 4


def _para_px(app: Look, px: float, factor: float) -> float:
    """A paragraph's size: ``factor`` times ``px``, drawn at least :data:`MIN_REAL_PX` real pixels tall."""
    return max(px * factor, MIN_REAL_PX / (app.vp.scale * app.vp.text_scale))


def detail_fit(app: Look, turn: TurnReview, rect: Rect, px: float) -> tuple[float, int]:
    """The largest text size up to ``px`` at which the detail fits its panel (the layout gives the detail at
    most part of the column, so the log keeps some lines), and how many explaining paragraphs it shows: the
    margin's sentence only at the size asked, then smaller text with the legend, then no legend, rather than
    text over the log."""
    if detail_height(app, turn, rect[2], px, ALL_NOTES) <= rect[3]:
        return px, ALL_NOTES
    smallest = floor_px(app.vp, px)
    for notes in (1, 0):
        size = px
        while size > smallest and detail_height(app, turn, rect[2], size, notes) > rect[3]:
            size = max(smallest, size - 0.5)
        if detail_height(app, turn, rect[2], size, notes) <= rect[3]:
            return size, notes
    return size, 0


def detail_room(app: Look, turn: TurnReview | None, width: float, px: float, most: float) -> float:
    """The height the detail asks of the layout when it may take at most ``most``: what :func:`draw_detail`
    draws there, so a paragraph it leaves out leaves no blank room under the others."""
    if turn is None:
        return 0.0
    size, notes = detail_fit(app, turn, (0.0, 0.0, width, most), px)
    return min(most, detail_height(app, turn, width, size, notes))


def draw_detail(surface: pygame.Surface, app: Look, rect: Rect, turn: TurnReview, name: str, px: float) -> None:
    """The shown turn: its heading and mark, both expected values, the loss, the reasons, the legend."""
    th = app.theme
    paint.panel(surface, app, rect, th.c("panel"), radius=12, edge=th.c("hint"), width=2, shadow=True)
    px, notes = detail_fit(app, turn, rect, px)
    x, y, w, _h = rect
    ink, dim = th.c("ink"), th.c("ink_dim")
    mid = y + PAD + _line(app, px) / 2
    used = draw_mark(surface, app, turn.mark, (x + w - PAD, mid), px)
    heading = app.t("review_view.turn", round=turn.round, name=name)
    _fit(surface, app, heading, (x + PAD, mid), px, w - 2 * PAD - used - 10, ink, True)
    top = y + PAD + _line(app, px)
    clip = surface.get_clip()
    surface.set_clip(app.vp.r(rect).clip(clip))  # at the smallest size a very long text is cut, never drawn over the log
    for text, f, bold, faint in _detail_parts(app, turn, notes):
        top += paint.text_block(surface, app, text, (x + PAD, top), _para_px(app, px, f),
                                dim if faint else ink, w - 2 * PAD, bold) + 3
    surface.set_clip(clip)


def _num(app: Look, value: float, decimals: int = 1) -> str:
    """A number as the player's language writes it ("3.4", "3,4")."""
    return number_text(app.catalogue, value, decimals)


def _fit(surface: pygame.Surface, app: Look, text: str, pos: tuple[float, float], px: float, width: float,
         colour: pygame.Color, bold: bool) -> None:
    """One line at ``px``, a little smaller if it must, cut only as a last resort."""
    size = paint.fit_px(app, text, px, width, bold, min_px=max(px * 0.85, text_px(app.vp, 0)))
    paint.text(surface, app, paint.ellipsize(app, text, size, width, bold), pos, size, colour, "midleft", bold=bold)
