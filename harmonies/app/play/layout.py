"""Where everything sits in the play scene, in virtual units over the whole window
(1280x720 at 16:9, taller at 4:3, wider at 21:9: see :attr:`Viewport.area`).

Left: central board, animal display, live scores. Middle: the shown player's
cards, board, the tokens in hand and the turn buttons. Right: every player's
board in small (click to look at it large). How many spaces, face-up cards, held-card
slots and hand slots there are comes from the rules' data (rules.yaml), not from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from harmonies.rules import rules_data

from ..hexgrid import HexLayout, fit_layout

Rect = tuple[float, float, float, float]
Point = tuple[float, float]


def centre(r: Rect) -> Point:
    return (r[0] + r[2] / 2, r[1] + r[3] / 2)


def inside(r: Rect, p: Point) -> bool:
    return r[0] <= p[0] < r[0] + r[2] and r[1] <= p[1] < r[1] + r[3]


CARD_W, CARD_H = 80.0, 118.0
HELD_W, HELD_H = 84.0, 124.0
TOKEN_R = 13.0          # a loose token on the central board
HAND_R = 22.0           # a token in hand
HAND_STEP = 48.0        # from one token in hand to the next
MARGIN, GUTTER = 14.0, 12.0     # round the screen, and between two columns
#: The columns' widths on a 1280-wide screen: central board and cards, the shown board, the seats.
LEFT_W, MIDDLE_W, RIGHT_W = 444.0, 504.0, 280.0
#: How narrow the seats' and the shown board's columns may get to give the face-up cards one row.
RIGHT_MIN_W, MIDDLE_MIN_W = 236.0, 480.0
CARD_GAP = 5.0          # between two face-up cards
COMPLETED_MIN_W = 100.0  # the completed cards' list beside the held cards
SEAT_MAX_H = 260.0      # a seat's panel on the right at the most
FULL_SCORES_H = 356.0   # the score table at its full size
LOG_MIN_H = 220.0       # the log under the full score table at the least


@dataclass
class PlayLayout:
    """The play screen's rectangles for a window of ``area`` (virtual units, :attr:`Viewport.area`), with
    cards at least ``card_w`` wide (the width their names need at the smallest text size).

    Three columns: central board, face-up cards and scores on the left; the shown seat's cards, its board
    and the turn buttons in the middle; every seat on the right. A taller window gives the cards, the
    board, the scores and the seats more height; cards too wide for one row go on two, above each other."""

    players: int
    solo: bool
    area: Rect = (0.0, 0.0, 1280.0, 720.0)
    card_w: float = CARD_W
    #: How much larger than asked text is drawn (the text size setting, the smallest size): 1 at 1280x720.
    em: float = 1.0
    #: The width of a seat panel's column of words (name, kind, score) left of its board in small.
    seat_text_w: float = 118.0
    top_bar: Rect = (0, 0, 1280, 50)
    central_panel: Rect = (14, 58, 444, 124)
    display_panel: Rect = (14, 190, 444, 170)
    scores_panel: Rect = (14, 368, 444, 342)
    held_panel: Rect = (470, 58, 504, 134)
    board_box: Rect = (470, 198, 504, 440)
    # the tray is as narrow as its caption column and three tokens allow, so that Undo and End turn have room
    # for their longest words ("Deshacer", "Fin du tour") at their normal size
    hand_tray: Rect = (470, 646, 250, 66)
    undo_btn: Rect = (726, 652, 112, 54)
    end_btn: Rect = (842, 652, 132, 54)
    menu_btn: Rect = (1172, 9, 94, 34)
    hint_btn: Rect = (1058, 9, 108, 34)
    spaces: list[Point] = field(default_factory=list)
    space_radius: float = 40.0
    slots: list[Rect] = field(default_factory=list)
    swap_btns: list[Rect] = field(default_factory=list)
    deck_rect: Rect = (0, 0, 0, 0)
    pouch_pos: Point = (0, 0)
    held_slots: list[Rect] = field(default_factory=list)
    completed_box: Rect = (0, 0, 0, 0)
    hand_slots: list[Point] = field(default_factory=list)
    seat_panels: list[Rect] = field(default_factory=list)
    mini_boxes: list[Rect] = field(default_factory=list)
    seats_column: Rect = (0, 0, 0, 0)
    #: While the log is open: the scores (the full table where the window allows, else one compact row of
    #: totals) and the log under them, both in the scores' place.
    scores_with_log: Rect = (0, 0, 0, 0)
    log_panel: Rect = (0, 0, 0, 0)

    def __post_init__(self) -> None:
        data = rules_data()
        ax, ay, aw, ah = self.area
        self.top_bar = (ax, ay, aw, 50.0)
        self.menu_btn = (ax + aw - 108, ay + 9, 94, 34)
        self.hint_btn = (ax + aw - 222, ay + 9, 108, 34)
        top, bottom = ay + 58, ay + ah - 8
        left_w, middle_w, right_w = self._columns(data.face_up[self.solo])
        lx = ax + (aw - left_w - middle_w - right_w - 2 * GUTTER) / 2
        mx = lx + left_w + GUTTER
        rx = mx + middle_w + GUTTER
        self.central_panel = (lx, top, left_w, 124.0)
        self._central(data.central_spaces[self.solo])
        display_h = self._display(data.face_up[self.solo], (lx, top + 132, left_w))
        scores_y = top + 132 + display_h + 8
        self.scores_panel = (lx, scores_y, left_w, max(100.0, bottom - scores_y))
        self._log_place()
        held_h = self._held(data.max_unfinished_cards, (mx, top, middle_w))
        # the tray's caption ("Tokens to place") takes three lines when text is drawn larger
        tray_h = 66.0 if self.em < 1.1 else max(66.0, 3 * 14 * self.em * 1.32 + 12)
        self.board_box = (mx, top + held_h + 6, middle_w, max(100.0, bottom - tray_h - 8 - (top + held_h + 6)))
        end_x = mx + middle_w - 132
        self.end_btn = (end_x, bottom - tray_h / 2 - 27, 132, 54)
        self.undo_btn = (end_x - 116, bottom - tray_h / 2 - 27, 112, 54)
        self.hand_tray = (mx, bottom - tray_h, end_x - 116 - 6 - mx, tray_h)
        x, y, w, h = self.hand_tray
        n_hand = data.tokens_per_space
        self.hand_slots = [(x + w - 6 - HAND_STEP * (n_hand - i - 0.5), y + h / 2) for i in range(n_hand)]
        self.seats_column = (rx, top, right_w, bottom - top)
        gap = 8.0
        ph = min(SEAT_MAX_H, 200 + max(0.0, ah - 720) / 4, (bottom - top - gap * (self.players - 1)) / self.players)
        self.seat_panels = [(rx, top + i * (ph + gap), right_w, ph) for i in range(self.players)]
        text_w = min(self.seat_text_w, right_w * 0.58)
        self.mini_boxes = [(px + text_w, py + 6, pw - text_w - 6, ph - 12) for px, py, pw, ph in self.seat_panels]

    @property
    def scores_compact(self) -> bool:
        """Whether the scores shrink to one row of totals while the log is open."""
        return self.scores_with_log[3] < FULL_SCORES_H

    def _log_place(self) -> None:
        """The full score table over the log when both fit at their size, else a row of totals over it."""
        x, y, w, h = self.scores_panel
        if h >= FULL_SCORES_H + 8 + LOG_MIN_H:
            top_h = FULL_SCORES_H
        else:
            top_h = 22 + 34 * self.em
        self.scores_with_log = (x, y, w, top_h)
        self.log_panel = (x, y + top_h + 6, w, max(60.0, h - top_h - 6))

    def _columns(self, n_cards: int) -> tuple[float, float, float]:
        """The three columns' widths: the window's extra width shared out; the left one widened (the others
        narrowed, down to their least) until the face-up cards fit on one row, when they can."""
        extra = max(0.0, self.area[2] - 1280)
        left, middle, right = LEFT_W + extra * 0.35, MIDDLE_W + extra * 0.35, RIGHT_W + extra * 0.3
        need = self._row_width(n_cards) - left
        if need > 0:
            take = min(need, right - RIGHT_MIN_W)
            right -= take
            left += take
            need -= take
            take = max(0.0, min(need, middle - MIDDLE_MIN_W))
            middle -= take
            left += take
        return left, middle, right

    def _row_width(self, n: int) -> float:
        """The width the face-up cards' panel needs for ``n`` cards on one row (solo: and the deck)."""
        if self.solo:
            return 12 + n * (self.card_w + 22) + self.card_w + 30
        return 24 + n * self.card_w + (n - 1) * CARD_GAP

    def _central(self, n_spaces: int) -> None:
        x, y, w, h = self.central_panel
        step = (w - 80) / n_spaces
        self.spaces = [(x + 20 + step * (i + 0.5), y + 74) for i in range(n_spaces)]
        self.space_radius = min(40.0, step / 2 - 3)
        self.pouch_pos = (x + w - 30, y + 74)

    def _display(self, n_cards: int, at: tuple[float, float, float]) -> float:
        """Lays out the face-up cards (solo: their swap buttons and the deck) from ``at`` (x, y, width) and
        returns the panel's height: one row if it fits, else as few rows as fit, and taller cards when the
        window is taller than 16:9."""
        x, y, w = at
        cw = max(self.card_w, CARD_W + max(0.0, self.area[3] - 720) * 0.08)
        items = n_cards + (1 if self.solo else 0)
        cell = cw + (22 if self.solo else CARD_GAP)
        per_row = max(1, min(items, int((w - 24 + (22 if self.solo else CARD_GAP)) // cell)))
        if per_row < items and cw > self.card_w:
            cw = max(self.card_w, (w - 24 + CARD_GAP) / items - CARD_GAP if not self.solo else self.card_w)
            cell = cw + (22 if self.solo else CARD_GAP)
            per_row = max(1, min(items, int((w - 24 + (22 if self.solo else CARD_GAP)) // cell)))
        rows = -(-items // per_row)
        per_row = -(-items // rows)
        ch = cw * CARD_H / CARD_W - (12 if self.solo else 0)
        row_h = ch + (30 if self.solo else CARD_GAP)
        top = y + 34 - (6 if self.solo else 0)
        x0 = x + (w - (per_row * cell - (cell - cw))) / 2 if not self.solo else x + 12
        places = [(x0 + (i % per_row) * cell, top + (i // per_row) * row_h) for i in range(items)]
        self.slots = [(px, py, cw, ch) for px, py in places[:n_cards]]
        if self.solo:
            # wider than the card, into the gap between cards, so "⇄ Échanger" fits at its size
            self.swap_btns = [(sx - 8, sy + ch + 4, cw + 16, 22) for sx, sy, _, _ in self.slots]
            dx, dy = places[-1]
            self.deck_rect = (dx + 8, dy, cw, ch) if rows > 1 else (x + w - cw - 30, dy, cw, ch)
            height = top - y + (rows - 1) * row_h + ch + 36
        else:
            self.swap_btns = []
            self.deck_rect = (x + w - 60, y + 4, 40, 24)
            height = 34 + (rows - 1) * row_h + ch + 18
        self.display_panel = (x, y, w, height)
        return height

    def _held(self, held: int, at: tuple[float, float, float]) -> float:
        """Lays out the shown seat's held-card slots and its completed cards from ``at`` (x, y, width) and
        returns the panel's height: one row beside the completed cards, else two."""
        x, y, w = at
        least = max(HELD_W, self.card_w + 4)
        hw = max(least, HELD_W + max(0.0, self.area[3] - 720) * 0.08)
        if 6 + held * (hw + 8) + COMPLETED_MIN_W > w:
            hw = least
        per_row = held
        while per_row > 1 and 6 + per_row * (hw + 8) + COMPLETED_MIN_W > w:
            per_row -= 1
        rows = -(-held // per_row)
        per_row = -(-held // rows)
        hh = hw * HELD_H / HELD_W
        self.held_slots = [(x + 6 + (i % per_row) * (hw + 8), y + 5 + (i // per_row) * (hh + 5), hw, hh)
                           for i in range(held)]
        cx = x + 6 + per_row * (hw + 8)
        height = 5 + rows * (hh + 5)
        self.completed_box = (cx, y + 5, x + w - cx - 4, height - 10)
        self.held_panel = (x, y, w, height)
        return height

    @property
    def hand_caption_w(self) -> float:
        """The width of the caption left of the tokens in hand ("Tokens to place")."""
        return self.hand_slots[0][0] - HAND_R - 6 - (self.hand_tray[0] + 12)

    def board_layout(self, cells: list[tuple[int, int]]) -> HexLayout:
        # cells grow with the window's height past 16:9 (a 4:3 window shows a larger board)
        return fit_layout(cells, self.board_box, max_size=56 * max(1.0, self.area[3] / 720))

    def mini_layout(self, seat: int, cells: list[tuple[int, int]]) -> HexLayout:
        return fit_layout(cells, self.mini_boxes[seat], max_size=22)

    def space_token_pos(self, space: int, i: int, n: int | None = None) -> Point:
        """Where the ``i``-th of ``n`` tokens sits on a central space (``n``: a full space)."""
        if n is None:
            n = rules_data().tokens_per_space
        cx, cy = self.spaces[space]
        if n <= 1:
            return (cx, cy)
        a = -math.pi / 2 + 2 * math.pi * i / n
        d = self.space_radius * 0.48
        return (cx + d * math.cos(a), cy + d * math.sin(a))
