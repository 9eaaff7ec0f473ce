"""The seats' panels of the replay viewer: each board as large as its panel allows, and under it the cards
the seat holds at that moment, with the cubes still on them, as the play screen draws them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import Game

from .. import paint
from ..cardart import CardArt
from ..play.table import held_items
from ..scenes.final_boards import draw_board
from ..tokens import TokenArt
from .layout import SeatBox

if TYPE_CHECKING:
    from ..look import Look


def draw_seats(surface: pygame.Surface, app: Look, art: TokenArt, cardart: CardArt, game: Game,
               names: Sequence[str], seats: Sequence[SeatBox], title_px: float) -> None:
    """Every seat's panel: the name and points, the board, the held cards (the winners framed at the end)."""
    th = app.theme
    outcome = game.outcome
    for seat, sb in enumerate(seats):
        won = outcome is not None and seat in outcome.winners and game.setup.players > 1
        paint.panel(surface, app, sb.box, th.c("panel"), radius=10, edge=th.c("accent" if won else "panel_edge"),
                    width=3 if won else 1.5, shadow=True)
        x, y, w, _h = sb.box
        total = outcome.scores[seat].total if outcome is not None else game.score(seat).total
        label = ("★ " if won else "") + app.t("score.board_of", name=names[seat], total=total)
        px = paint.fit_px(app, label, title_px, w - 24, True, min_px=title_px * 0.75)
        paint.text(surface, app, paint.ellipsize(app, label, px, w - 24, True), (x + 12, y + sb.title_h / 2), px,
                   th.c("ink"), "midleft", bold=True)
        draw_board(surface, app, art, game, seat, sb.board_rect)
        draw_held(surface, app, cardart, game, seat, sb)


def draw_held(surface: pygame.Surface, app: Look, cardart: CardArt, game: Game, seat: int, sb: SeatBox) -> None:
    """The seat's held cards in its slots (an empty slot dashed), each with the cubes still on it."""
    vp, th = app.vp, app.theme
    items = held_items(game.player(seat))
    symbols = app.settings.symbols
    for i, rect in enumerate(sb.held):
        r = vp.r(rect)
        if i >= len(items):
            pygame.draw.rect(surface, th.c("panel_edge"), r, max(1, vp.s(1.5)), border_radius=vp.s(6))
            continue
        cid, spirit, cubes_on = items[i]
        if spirit:
            img = cardart.spirit(cid, r.w, r.h, cubes_on > 0, symbols, False, False)
        else:
            img = cardart.animal(cid, r.w, r.h, cubes_on, symbols)
        surface.blit(img, r)
