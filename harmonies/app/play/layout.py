"""Where everything sits in the play scene, in virtual 1280x720 units.

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


@dataclass
class PlayLayout:
    players: int
    solo: bool
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

    def __post_init__(self) -> None:
        data = rules_data()
        n_spaces = data.central_spaces[self.solo]
        x, y, w, h = self.central_panel
        step = (w - 80) / n_spaces
        self.spaces = [(x + 20 + step * (i + 0.5), y + 74) for i in range(n_spaces)]
        self.space_radius = min(40.0, step / 2 - 3)
        self.pouch_pos = (x + w - 30, y + 74)
        x, y, w, h = self.display_panel
        n_cards = data.face_up[self.solo]
        gap = 6.0
        top = y + 34
        if self.solo:
            # cards a little shorter so the swap buttons fit under them inside the panel
            ch = CARD_H - 12
            self.slots = [(x + 12 + i * (CARD_W + 22), top - 6, CARD_W, ch) for i in range(n_cards)]
            # wider than the card, into the gap between cards, so "⇄ Échanger" fits at its size
            self.swap_btns = [(sx - 8, top - 6 + ch + 4, CARD_W + 16, 22) for sx, _, _, _ in self.slots]
            self.deck_rect = (x + w - CARD_W - 30, top - 6, CARD_W, ch)
        else:
            x0 = x + (w - (n_cards * CARD_W + (n_cards - 1) * gap)) / 2
            self.slots = [(x0 + i * (CARD_W + gap), top, CARD_W, CARD_H) for i in range(n_cards)]
            self.deck_rect = (x + w - 60, y + 4, 40, 24)
        x, y, w, h = self.held_panel
        held = data.max_unfinished_cards
        self.held_slots = [(x + 6 + i * (HELD_W + 8), y + 5, HELD_W, HELD_H) for i in range(held)]
        cx = x + 6 + held * (HELD_W + 8)
        self.completed_box = (cx, y + 5, x + w - cx - 4, HELD_H)
        x, y, w, h = self.hand_tray
        n_hand = data.tokens_per_space
        self.hand_slots = [(x + w - 6 - HAND_STEP * (n_hand - i - 0.5), y + h / 2) for i in range(n_hand)]
        gap = 8.0
        top = 58.0
        avail = 712 - top
        ph = min(200.0, (avail - gap * (self.players - 1)) / self.players)
        self.seat_panels = [(986, top + i * (ph + gap), 280, ph) for i in range(self.players)]
        self.mini_boxes = [(px + 118, py + 6, pw - 124, ph - 12) for px, py, pw, ph in self.seat_panels]

    @property
    def hand_caption_w(self) -> float:
        """The width of the caption left of the tokens in hand ("Tokens to place")."""
        return self.hand_slots[0][0] - HAND_R - 6 - (self.hand_tray[0] + 12)

    def board_layout(self, cells: list[tuple[int, int]]) -> HexLayout:
        return fit_layout(cells, self.board_box, max_size=56)

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
