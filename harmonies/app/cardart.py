"""Animal and Nature's Spirit cards drawn from the card data, cached as sprites.

An animal card shows its habitat pattern (stacks drawn as on the board, so heights
read at a glance; the cube's cell ringed), its point track from the highest value
at the top to the lowest at the bottom, and, for a held card, the cubes still on
it. Everything is drawn in real pixels at the size asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from harmonies.rules import CardSet, PatternCell

import pygame

from .hexgrid import fit_layout
from .memo import memo
from .paint import wrap_lines
from .tokens import ANY_BASE, TokenArt, cname, draw_cube

if TYPE_CHECKING:
    from .app import App


def pattern_stack(stacks: tuple[tuple[object, ...], ...]) -> tuple[str, ...]:
    """The stack to draw for a pattern cell; several alternatives (a building) share a mixed base."""
    if len(stacks) == 1:
        return tuple(cname(c) for c in stacks[0])
    top = {cname(s[-1]) for s in stacks}
    if len(top) == 1 and all(len(s) == 2 for s in stacks):
        return (ANY_BASE, top.pop())
    return tuple(cname(c) for c in stacks[0])


def _mix(a: pygame.Color, b: pygame.Color, t: float) -> pygame.Color:
    return pygame.Color(int(a.r + (b.r - a.r) * t), int(a.g + (b.g - a.g) * t), int(a.b + (b.b - a.b) * t))


class CardArt:
    def __init__(self, app: App, cards: CardSet, tokens: TokenArt) -> None:
        self.app = app
        self.cards = cards
        self.tokens = tokens

    def name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        key = ("spirit." if self.is_spirit(card_id) else "animal.") + card_id
        return self.app.t(key, default=getattr(card, "name", card_id))

    def is_spirit(self, card_id: str) -> bool:
        return any(s.id == card_id for s in self.cards.spirits)

    # ------------------------------------------------------------------ sprites
    @memo(512)
    def animal(self, card_id: str, w: int, h: int, cubes_on: int | None, symbols: bool,
               highlight: bool = False) -> pygame.Surface:
        """``cubes_on``: cubes still on the card (None: a display card, drawn without cubes).

        Layout: the name on a band of the stripe colour, the habitat pattern, then the point
        track as a row from the lowest value (left, the first cube to leave) to the highest.
        """
        card = self.cards.animal(card_id)
        th = self.app.theme
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, int(w * 0.08))
        stripe = th.token(card.stripe).fill
        paper = th.c("panel")
        pygame.draw.rect(surf, paper, surf.get_rect(), border_radius=rad)
        band_h = int(h * 0.15)
        pygame.draw.rect(surf, _mix(stripe, paper, 0.25), pygame.Rect(0, 0, w, band_h),
                         border_top_left_radius=rad, border_top_right_radius=rad)
        name = self.name(card_id)
        fpx = max(7, int(band_h * 0.62))
        nfont = self.app.fonts.font(fpx, True)
        while fpx > 7 and nfont.size(name)[0] > w - 8:
            fpx -= 1
            nfont = self.app.fonts.font(fpx, True)
        light = (stripe.r * 299 + stripe.g * 587 + stripe.b * 114) / 1000 > 140
        label = nfont.render(name, True, th.c("ink") if light else th.c("panel"))
        surf.blit(label, label.get_rect(center=(w // 2, band_h // 2)))
        track_h = int(h * 0.2)
        self._pattern(surf, card.cells, pygame.Rect(3, band_h + 2, w - 6, h - band_h - track_h - 4), symbols)
        n = len(card.track)
        slot = min(track_h * 0.95, (w - 6) / max(n, 1))
        left = (w - slot * n) / 2
        cy = h - track_h / 2 - h * 0.01
        pygame.draw.rect(surf, _mix(stripe, paper, 0.7), pygame.Rect(4, int(h - track_h - h * 0.01), w - 8, track_h),
                         border_radius=int(track_h * 0.4))
        font = self.app.fonts.font(max(7, int(slot * 0.5)), True)
        for i, value in enumerate(card.track):
            cx = left + slot * (i + 0.5)
            pygame.draw.circle(surf, paper, (cx, cy), slot * 0.42)
            pygame.draw.circle(surf, th.c("ink_dim"), (cx, cy), slot * 0.42, max(1, int(slot * 0.05)))
            label = font.render(str(value), True, th.c("ink"))
            surf.blit(label, label.get_rect(center=(int(cx), int(cy))))
            # cubes leave from the lowest value first: the last ``cubes_on`` slots still hold one
            if cubes_on is not None and i >= n - cubes_on:
                draw_cube(surf, (cx, cy), slot * 0.5, th.c("cube"), th.c("cube_edge"))
        edge = th.c("accent") if highlight else th.c("panel_edge")
        pygame.draw.rect(surf, edge, surf.get_rect(), max(1, int(w * (0.045 if highlight else 0.015))), border_radius=rad)
        return surf

    @memo(128)
    def spirit(self, spirit_id: str, w: int, h: int, cube_on: bool | None, symbols: bool, with_text: bool,
               highlight: bool = False) -> pygame.Surface:
        card = self.cards.spirit(spirit_id)
        th = self.app.theme
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, int(w * 0.08))
        paper = _mix(th.c("spirit_cube"), th.c("panel"), 0.82)
        pygame.draw.rect(surf, paper, surf.get_rect(), border_radius=rad)
        name = self.name(spirit_id)
        fpx = max(7, int(h * (0.075 if with_text else 0.085)))
        nfont = self.app.fonts.font(fpx, True)
        room = w - 8 - (int(h * 0.2) if cube_on else 0)   # leave room for the cube icon
        while fpx > 7 and nfont.size(name)[0] > room:
            fpx -= 1
            nfont = self.app.fonts.font(fpx, True)
        label = nfont.render(name, True, th.c("ink"))
        if cube_on:
            surf.blit(label, label.get_rect(topleft=(6, int(h * 0.03))))
        else:
            surf.blit(label, label.get_rect(midtop=(w // 2, int(h * 0.03))))
        pat_h = int(h * (0.45 if with_text else 0.72))
        self._pattern(surf, card.cells, pygame.Rect(4, int(h * 0.13), w - 8, pat_h), symbols)
        if cube_on:
            draw_cube(surf, (w * 0.86, h * 0.08), h * 0.07, th.c("spirit_cube"), th.c("cube_edge"))
        if with_text:
            text = self.app.t(f"spirit_rule.{spirit_id}", default=card.text)
            tfont = self.app.fonts.font(max(7, int(h * 0.058)))
            y = int(h * 0.13) + pat_h + 4
            for ln in wrap_lines(tfont, text, w - 14):
                img = tfont.render(ln, True, th.c("ink"))
                surf.blit(img, (7, y))
                y += int(tfont.get_linesize() * 1.05)
        edge = th.c("accent") if highlight else th.c("spirit_cube")
        pygame.draw.rect(surf, edge, surf.get_rect(), max(1, int(w * (0.04 if highlight else 0.025))), border_radius=rad)
        return surf

    @memo(16)
    def back(self, w: int, h: int) -> pygame.Surface:
        th = self.app.theme
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, int(w * 0.08))
        pygame.draw.rect(surf, th.c("table_dark"), surf.get_rect(), border_radius=rad)
        pygame.draw.rect(surf, th.c("panel_edge"), surf.get_rect(), max(1, int(w * 0.03)), border_radius=rad)
        inner = surf.get_rect().inflate(-w * 0.2, -h * 0.2)
        pygame.draw.rect(surf, th.c("table"), inner, max(1, int(w * 0.02)), border_radius=rad)
        return surf

    def _pattern(self, surf: pygame.Surface, cells: Sequence[PatternCell], box: pygame.Rect, symbols: bool) -> None:
        th = self.app.theme
        cells = _best_rotation(cells, box)
        coords = [(c.q, c.r) for c in cells]
        layout = fit_layout(coords, (box.x, box.y, box.w, box.h), max_size=box.w * 0.3)
        radius = max(4, int(layout.size))
        cell_img = self.tokens.hex_cell(radius, tuple(th.c("board")), tuple(th.c("board_edge")))
        ring = self.tokens.hex_cell(radius, tuple(_mix(th.c("accent"), th.c("board"), 0.55)), tuple(th.c("danger")), 0.1)
        order = sorted(cells, key=lambda c: layout.to_pixel((c.q, c.r))[1])
        for c in order:
            x, y = layout.to_pixel((c.q, c.r))
            img = ring if c.cube else cell_img
            surf.blit(img, img.get_rect(center=(int(x), int(y))))
        for c in order:
            x, y = layout.to_pixel((c.q, c.r))
            spr = self.tokens.stack(pattern_stack(c.stacks), radius, symbols, pips=True)
            surf.blit(spr, spr.get_rect(center=(int(x), int(y))))


def _rotated(cells: Sequence[PatternCell], times: int) -> list[PatternCell]:
    out = []
    for c in cells:
        q, r = c.q, c.r
        for _ in range(times):
            q, r = -r, q + r
        out.append(type(c)(q, r, c.stacks, c.cube))
    return out


def _best_rotation(cells: Sequence[PatternCell], box: pygame.Rect) -> list[PatternCell]:
    """The pattern turned to fill the box best (any rotation is legal); the printed one if about as good."""
    best = list(cells)
    best_size = fit_layout([(c.q, c.r) for c in best], (0, 0, box.w, box.h)).size * 1.08
    for k in range(1, 6):
        rot = _rotated(cells, k)
        size = fit_layout([(c.q, c.r) for c in rot], (0, 0, box.w, box.h)).size
        if size > best_size:
            best, best_size = rot, size
    return best
