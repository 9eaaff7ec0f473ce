"""Where the replay viewer puts its parts, from the window's real shape.

The viewport scales the 1280x720 design canvas uniformly; a window of another shape shows more of the
canvas above and below (4:3) or beside it. The viewer lays itself out in the whole visible area, so a
4:3 window has taller boards instead of empty bands, and sizes its text so that it never falls under
:data:`MIN_REAL_PX` real pixels. Pure geometry: no drawing here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from harmonies.rules import rules_data

from ..hexgrid import HexLayout
from ..viewport import Viewport
from ..scenes.final_boards import fit_layout

Rect = tuple[float, float, float, float]
#: The smallest text the viewer draws, in real pixels.
MIN_REAL_PX = 11.5
MARGIN = 20.0
GAP = 14.0
#: A card's height over its width (the play screen's cards).
CARD_RATIO = 118.0 / 80.0
#: The most of the right-hand column the review's detail takes; the game log keeps the rest.
DETAIL_SHARE = 0.6
#: The widest a held card is drawn, and the narrowest that still reads well (virtual units).
CARD_MAX_W = 92.0
CARD_MIN_W = 62.0


def visible_area(vp: Viewport) -> Rect:
    """The part of the virtual canvas the window shows (wider or taller than 1280x720 when its shape differs)."""
    x0, y0 = vp.to_virtual((0.0, 0.0))
    x1, y1 = vp.to_virtual((float(vp.size[0]), float(vp.size[1])))
    return (x0, y0, x1 - x0, y1 - y0)


def text_px(vp: Viewport, px: float) -> float:
    """``px`` (virtual), raised so that it is drawn at least :data:`MIN_REAL_PX` real pixels tall."""
    return max(px, MIN_REAL_PX / vp.scale)


def floor_px(vp: Viewport, px: float) -> float:
    """The smallest ``px`` (virtual, as :func:`text_px` gave it) may shrink to where room is short: what the
    normal text size draws, and never under :data:`MIN_REAL_PX` real pixels."""
    return max(px / vp.text_scale, MIN_REAL_PX / (vp.scale * vp.text_scale))


@dataclass(frozen=True)
class SeatBox:
    """One seat's panel: its title band, its board's layout and the slots of its held cards."""

    box: Rect
    title_h: float
    board_rect: Rect
    board: HexLayout
    held: tuple[Rect, ...]


@dataclass
class ReplayLayout:
    """Every rectangle of the viewer for one window shape, seat count, side and review state."""

    area: Rect
    px: float
    title_px: float
    title_y: float
    buttons_y: float
    button_h: float
    left: Rect
    log: Rect
    summary: Rect | None
    detail: Rect | None
    strip: Rect
    boards: Rect
    seats: list[SeatBox] = field(default_factory=list)

    @property
    def line_h(self) -> float:
        return round(self.px * 1.5)


def make_layout(vp: Viewport, players: int, side: str, strip_h: float, summary_h: float,
                detail_h: float) -> ReplayLayout:
    """The viewer's layout: ``strip_h``, ``summary_h``, ``detail_h``: the heights the central board's strip,
    the review's summary and the turn's detail need (0: not shown)."""
    ax, ay, aw, ah = visible_area(vp)
    px = text_px(vp, 14)
    button_h = max(52.0, text_px(vp, 16) * 2.6)
    buttons_y = ay + ah - MARGIN - button_h
    top = ay + 60
    bottom = buttons_y - 16
    log_w = min(440.0, max(360.0, aw * 0.33))
    right = (ax + aw - MARGIN - log_w, top, log_w, bottom - top)
    detail: Rect | None = None
    if detail_h > 0:
        detail = (right[0], top, log_w, min(detail_h, right[3] * DETAIL_SHARE))
        log = (right[0], top + detail[3] + 10, log_w, right[3] - detail[3] - 10)
    else:
        log = right
    left = (ax + MARGIN, top, right[0] - GAP - ax - MARGIN, bottom - top)
    y = top
    summary: Rect | None = None
    if summary_h > 0:
        summary = (left[0], y, left[2], summary_h)
        y += summary_h + 10
    strip = (left[0], y, left[2], strip_h)
    y += strip_h + 8
    boards = (left[0], y, left[2], bottom - y)
    lay = ReplayLayout(area=(ax, ay, aw, ah), px=px, title_px=text_px(vp, 24), title_y=ay + 30,
                       buttons_y=buttons_y, button_h=button_h, left=left, log=log, summary=summary, detail=detail,
                       strip=strip, boards=boards)
    lay.seats = seat_boxes(players, side, boards, text_px(vp, 18))
    return lay


def seat_boxes(players: int, side: str, rect: Rect, title_px: float) -> list[SeatBox]:
    """The seats' panels filling ``rect``: the columns and the held cards' rows that give the largest board
    and cards together."""
    held = rules_data().max_unfinished_cards
    title_h = title_px * 2.2
    best: tuple[float, list[SeatBox]] | None = None
    x, y, w, h = rect
    for cols in range(1, players + 1):
        rows = math.ceil(players / cols)
        bw, bh = (w - GAP * (cols - 1)) / cols, (h - GAP * (rows - 1)) / rows
        if players == 1:  # one board: a panel the board's shape, not the whole width
            bw = min(bw, max(bh * 1.1, 420.0))
        for per_row, beside in ((held, False), ((held + 1) // 2, False), (1, True), ((held + 1) // 2, True)):
            boxes = []
            for i in range(players):
                bx = x + (i % cols) * (bw + GAP) + (w - cols * bw - (cols - 1) * GAP) / 2
                by = y + (i // cols) * (bh + GAP)
                boxes.append(_seat_box((bx, by, bw, bh), side, title_h, held, per_row, beside))
            first = boxes[0]
            card_w = first.held[0][2] if first.held else CARD_MAX_W
            # cards too narrow to read their names count for little
            score = first.board.size * (min(card_w, CARD_MAX_W) if card_w >= CARD_MIN_W else card_w / 4)
            if best is None or score > best[0]:
                best = (score, boxes)
    assert best is not None
    return best[1]


def _seat_box(box: Rect, side: str, title_h: float, held: int, per_row: int, beside: bool) -> SeatBox:
    """A panel with its title, the board as large as fits, and ``held`` card slots in rows of ``per_row``,
    under the board or (``beside``) at its right."""
    x, y, w, h = box
    rows = math.ceil(held / per_row)
    inner_w, inner_h = w - 16, h - title_h - 8
    # the cards take at most two fifths of the panel's height (under the board) or width (beside it)
    room_w = inner_w * 0.4 if beside else inner_w
    room_h = inner_h if beside else inner_h * 0.4
    card_w = min(CARD_MAX_W, (room_w - 6 * (per_row - 1)) / per_row, (room_h - 6 * (rows - 1)) / rows / CARD_RATIO)
    card_h = card_w * CARD_RATIO
    block_w, block_h = per_row * card_w + (per_row - 1) * 6, rows * card_h + (rows - 1) * 6
    if beside:
        board_rect = (x + 8, y + title_h, inner_w - block_w - 8, inner_h)
        hx, hy = x + w - 8 - block_w, y + title_h + (inner_h - block_h) / 2
    else:
        board_rect = (x + 8, y + title_h, inner_w, inner_h - block_h - 8)
        hx, hy = x + (w - block_w) / 2, y + h - 8 - block_h
    board = fit_layout(side, board_rect)
    slots = tuple((hx + (i % per_row) * (card_w + 6), hy + (i // per_row) * (card_h + 6), card_w, card_h)
                  for i in range(held))
    return SeatBox(box=box, title_h=title_h, board_rect=board_rect, board=board, held=slots)
