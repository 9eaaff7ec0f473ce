"""Animal and Nature's Spirit cards drawn from the card data, cached as sprites.

An animal card shows its habitat pattern (stacks drawn as on the board, a stack of 2 or 3
labelled with its height; the cube's cell ringed) and its point track, every value readable:
for a held card the cubes still on it peek out from behind their numbers. The enlarged card
adds the sentence saying what the habitat needs (:mod:`harmonies.cardtext`). Everything is
drawn in real pixels at the size asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from harmonies.cardtext import CardWords
from harmonies.catalogue import card_name
from harmonies.rules import CardSet, PatternCell

import pygame

from .hexgrid import fit_layout
from .memo import memo
from .paint import wrap_lines
from .tokens import ANY_BASE, TokenArt, cname, draw_cube
from .viewport import MIN_TEXT_PX

if TYPE_CHECKING:
    from .look import Look


def pattern_stack(stacks: tuple[tuple[object, ...], ...]) -> tuple[str, ...]:
    """The stack to draw for a pattern cell; several alternatives (a building) share a mixed base."""
    if len(stacks) == 1:
        return tuple(cname(c) for c in stacks[0])
    top = {cname(s[-1]) for s in stacks}
    if len(top) == 1 and all(len(s) == 2 for s in stacks):
        return (ANY_BASE, top.pop())
    return tuple(cname(c) for c in stacks[0])


#: A card's name and the numbers of its point track, in virtual pixels at the least (12 px at 1280x720).
NAME_PX = 12
#: Real pixels between a card's edge and its name.
NAME_PAD = 4
#: The largest radius of a point track's circle, as a share of its slot: two circles never touch.
GAP_R = 0.43


def _mix(a: pygame.Color, b: pygame.Color, t: float) -> pygame.Color:
    return pygame.Color(int(a.r + (b.r - a.r) * t), int(a.g + (b.g - a.g) * t), int(a.b + (b.b - a.b) * t))


class CardArt:
    def __init__(self, app: Look, cards: CardSet, tokens: TokenArt) -> None:
        self.app = app
        self.cards = cards
        self.tokens = tokens

    def name(self, card_id: str) -> str:
        """The card's name in the player's language; a card the catalogue does not name keeps the name of
        its cards file, and an id that is no card of the game (a malformed command) is shown as it is."""
        try:
            card = self.cards.get(card_id)
        except KeyError:
            return card_name(self.app.catalogue, card_id)
        key = ("spirit." if self.is_spirit(card_id) else "animal.") + card_id
        return self.app.t(key, default=card.name)

    def is_spirit(self, card_id: str) -> bool:
        return any(s.id == card_id for s in self.cards.spirits)

    def needs(self, card_id: str) -> str:
        """The sentence saying what the card's habitat needs, in the player's language."""
        return CardWords(self.app.catalogue).needs(self.cards.get(card_id).cells)

    def least_px(self) -> int:
        """The smallest size of a card's name and track numbers in real pixels: 12 virtual pixels, and never
        under the smallest text."""
        return max(MIN_TEXT_PX, int(round(NAME_PX * self.app.vp.scale)))

    def name_sizes(self) -> tuple[int, int]:
        """The sizes a card's name is drawn at in real pixels: the one asked for (with the text size
        setting), and the least it may take to fit on one line before it wraps."""
        least = self.least_px()
        return least, max(least, self.app.vp.fs(NAME_PX))

    def least_width(self) -> int:
        """The narrowest a card may be, in real pixels, for its words at the least size: the widest piece of
        any card's name that cannot break (a word; Japanese breaks between any two characters) with its
        padding, and a point track of four values with each number filling its circle (on a five-value
        track the circles stay apart and the numbers may fill them to the edge)."""
        font = self.app.fonts.font(self.least_px(), True)
        names = [self.name(c.id) for c in self.cards.animals] + [self.name(c.id) for c in self.cards.spirits]
        word = max(font.size(piece)[0] for n in names for piece in wrap_lines(font, n, 1))
        number = max(font.size(str(v))[0] for c in self.cards.animals for v in c.track)
        return max(word + 2 * NAME_PAD, 4 * (number + 1) + 8)

    # ------------------------------------------------------------------ sprites
    def animal(self, card_id: str, w: int, h: int, cubes_on: int | None, symbols: bool,
               highlight: bool = False, with_text: bool = False) -> pygame.Surface:
        """``cubes_on``: cubes still on the card (None: a display card, drawn without cubes);
        ``with_text``: the enlarged card, with the sentence saying what the habitat needs."""
        return self._animal(self.app.catalogue.language, self.name_sizes(), card_id, w, h, cubes_on, symbols,
                            highlight, with_text)

    @memo(512)
    def _animal(self, language: str, sizes: tuple[int, int], card_id: str, w: int, h: int, cubes_on: int | None,
                symbols: bool, highlight: bool, with_text: bool) -> pygame.Surface:
        """Layout: the name on a band of the stripe colour, the habitat pattern, the sentence (enlarged
        card), then the point track as a row from the lowest value (left, the first cube to leave) to the
        highest. ``language`` keys the cache: the name and the sentence are the catalogue's."""
        card = self.cards.animal(card_id)
        th = self.app.theme
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, int(w * 0.08))
        stripe = th.token(card.stripe).fill
        paper = th.c("panel")
        pygame.draw.rect(surf, paper, surf.get_rect(), border_radius=rad)
        band_h = int(h * (0.1 if with_text else 0.15))
        font, names = self._name_lines(self.name(card_id), w - 2 * NAME_PAD, max(sizes[1], int(band_h * 0.62)), sizes)
        band_h = max(band_h, len(names) * font.get_linesize() + 2)
        pygame.draw.rect(surf, _mix(stripe, paper, 0.25), pygame.Rect(0, 0, w, band_h),
                         border_top_left_radius=rad, border_top_right_radius=rad)
        light = (stripe.r * 299 + stripe.g * 587 + stripe.b * 114) / 1000 > 140
        draw_lines(surf, font, names, th.c("ink") if light else th.c("panel"),
                   pygame.Rect(NAME_PAD, 0, w - 2 * NAME_PAD, band_h), True)
        track_h = int(h * (0.13 if with_text else 0.2))
        track = pygame.Rect(4, int(h - track_h - h * 0.01), w - 8, track_h)
        text_h = 0
        if with_text:
            # the sentence takes what it needs of the room above the track, at most 40 % of the card
            room = pygame.Rect(7, 0, w - 14, int(h * 0.4))
            font, lines = _fitted_lines(self.app, self.needs(card_id), room, int(h * 0.045))
            text_h = min(room.h, len(lines) * font.get_linesize())
            box = pygame.Rect(room.x, track.y - int(h * 0.02) - text_h, room.w, text_h)
            draw_lines(surf, font, lines, th.c("ink"), box)
        pattern = pygame.Rect(3, band_h + 2, w - 6, track.y - band_h - 4 - (text_h + int(h * 0.03) if text_h else 0))
        self._pattern(surf, card.cells, pattern, symbols)
        self._track(surf, card.track, cubes_on, track, _mix(stripe, paper, 0.7), sizes[0])
        edge = th.c("accent") if highlight else th.c("panel_edge")
        pygame.draw.rect(surf, edge, surf.get_rect(), max(1, int(w * (0.045 if highlight else 0.015))), border_radius=rad)
        return surf

    def _name_lines(self, name: str, width: int, px: int, sizes: tuple[int, int]) -> tuple[pygame.font.Font, list[str]]:
        """The font and lines of a card's name in ``width``: one line at ``px``, made smaller down to the
        least size (``sizes[0]``) if that fits it on one line, else wrapped at the least size."""
        least = min(px, sizes[0])
        for size in range(px, least - 1, -1):
            font = self.app.fonts.font(size, True)
            if font.size(name)[0] <= width:
                return font, [name]
        font = self.app.fonts.font(least, True)
        lines = wrap_lines(font, name, width)
        # lines of about one length (マーモ|ット, not マーモッ|ト): the narrowest width giving no more lines
        narrow = width
        while narrow > 8 and len(wrap_lines(font, name, narrow - 2)) <= len(lines):
            narrow -= 2
        return font, wrap_lines(font, name, narrow)

    def _track(self, surf: pygame.Surface, values: Sequence[int], cubes_on: int | None, box: pygame.Rect,
               fill: pygame.Color, least: int) -> None:
        """The point track in ``box``: every value in its circle; a cube still on a slot peeks out from
        behind the circle's upper right, so the number stays readable; a slot whose cube has left is tinted."""
        th = self.app.theme
        pygame.draw.rect(surf, fill, box, border_radius=int(box.h * 0.4))
        n = len(values)
        slot = min(box.h * 0.95, (box.w + 2) / max(n, 1))
        held = cubes_on is not None
        r = slot * (0.36 if held else 0.42)
        left = box.centerx - slot * n / 2 - (slot * 0.05 if held else 0)
        cy = box.centery + (slot * 0.08 if held else 0)
        # the numbers at the least size or larger; the circles grow to hold them, but always leave a gap
        # between two circles
        px = max(least, int(r * 1.25))
        font = self.app.fonts.font(px, True)
        while px > least and max(font.size(str(v))[0] for v in values) > r * 1.7:
            px -= 1
            font = self.app.fonts.font(px, True)
        widths = [font.size(str(v))[0] for v in values]
        r = min(max(r, max(widths) / 1.7), slot * GAP_R)
        centres, sizes = track_slots(widths, box.centerx, box.w, left, slot, r)
        line = max(1, int(slot * 0.05))
        for i, value in enumerate(values):
            cx = centres[i]
            sw, sh = sizes[i]
            # cubes leave from the lowest value first: the last ``cubes_on`` slots still hold one
            cube = cubes_on is not None and i >= n - cubes_on
            if cube:
                draw_cube(surf, (cx + sw / 2 * 0.85, cy - r * 0.85), r * 0.95, th.c("cube"), th.c("cube_edge"))
            scored = held and not cube
            face = _mix(th.c("accent"), th.c("panel"), 0.55) if scored else th.c("panel")
            rect = pygame.Rect(0, 0, int(round(sw)), int(round(sh)))
            rect.center = (int(round(cx)), int(round(cy)))
            pygame.draw.rect(surf, face, rect, border_radius=int(r))
            pygame.draw.rect(surf, th.c("ink_dim"), rect, line, border_radius=int(r))
            label = font.render(str(value), True, th.c("ink"))
            surf.blit(label, label.get_rect(center=(int(cx), int(cy))))

    def spirit(self, spirit_id: str, w: int, h: int, cube_on: bool | None, symbols: bool, with_text: bool,
               highlight: bool = False) -> pygame.Surface:
        """A Nature's Spirit card; ``with_text``: with its scoring rule under the pattern."""
        return self._spirit(self.app.catalogue.language, self.name_sizes(), spirit_id, w, h, cube_on, symbols,
                            with_text, highlight)

    @memo(128)
    def _spirit(self, language: str, sizes: tuple[int, int], spirit_id: str, w: int, h: int, cube_on: bool | None,
                symbols: bool, with_text: bool, highlight: bool) -> pygame.Surface:
        card = self.cards.spirit(spirit_id)
        th = self.app.theme
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(3, int(w * 0.08))
        paper = _mix(th.c("spirit_cube"), th.c("panel"), 0.82)
        pygame.draw.rect(surf, paper, surf.get_rect(), border_radius=rad)
        # beside the cube icon the name starts at the left and leaves the icon room; without it, it is centred
        px = max(sizes[1], int(h * (0.075 if with_text else 0.085)))
        name_w = w - 8 - int(h * 0.2) if cube_on else w - 2 * NAME_PAD
        font, names = self._name_lines(self.name(spirit_id), name_w, px, sizes)
        name_h = max(int(px * 1.3), len(names) * font.get_linesize())
        box = pygame.Rect(6 if cube_on else NAME_PAD, int(h * 0.03), name_w, name_h)
        draw_lines(surf, font, names, th.c("ink"), box, not cube_on)
        pat_top = max(int(h * 0.13), box.bottom + 2)
        pat_h = int(h * (0.45 if with_text else 0.72)) - (pat_top - int(h * 0.13))
        self._pattern(surf, card.cells, pygame.Rect(4, pat_top, w - 8, pat_h), symbols)
        if cube_on:
            draw_cube(surf, (w * 0.86, h * 0.08), h * 0.07, th.c("spirit_cube"), th.c("cube_edge"))
        if with_text:
            text = self.app.t(f"spirit_rule.{spirit_id}", default=card.text)
            y = pat_top + pat_h + 4
            text_box = pygame.Rect(7, y, w - 14, h - y - int(h * 0.04))
            font, lines = _fitted_lines(self.app, text, text_box, max(7, int(h * 0.058)))
            draw_lines(surf, font, lines, th.c("ink"), text_box)
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
            names = pattern_stack(c.stacks)
            spr = self.tokens.stack(names, radius, symbols, pips=False)
            surf.blit(spr, spr.get_rect(center=(int(x), int(y))))
            if len(names) >= 2:
                self._height(surf, len(names), (x + radius * 0.55, y + radius * 0.42), radius * 0.3)

    def _height(self, surf: pygame.Surface, height: int, centre: tuple[float, float], r: float) -> None:
        """A stack's height as a number in a white disc, beside the stack (heights are exact on cards)."""
        th = self.app.theme
        r = max(7.5, r)
        pygame.draw.circle(surf, (255, 255, 255), centre, r)
        pygame.draw.circle(surf, th.c("ink"), centre, r, max(1, int(r * 0.12)))
        font = self.app.fonts.font(max(12, int(r * 1.5)), True)
        label = font.render(str(height), True, th.c("ink"))
        surf.blit(label, label.get_rect(center=(int(centre[0]), int(centre[1]) + 1)))


def track_slots(widths: Sequence[int], centre: float, room: float, left: float, slot: float,
                r: float) -> tuple[list[float], list[tuple[float, float]]]:
    """Where a point track's numbers go: (their centres, the (width, height) of their circles or slots).
    Equal circles of radius ``r`` from ``left`` when the widest number fits one; otherwise (a five-value
    track) each number gets a rounded slot as wide as it needs, the rest of ``room`` shared out as gaps
    around ``centre``, so two numbers never run together."""
    n = len(widths)
    if max(widths, default=0) <= 2 * r * 0.92:
        return [left + slot * (i + 0.5) for i in range(n)], [(2 * r, 2 * r)] * n
    pad = max(2.0, (room - 4 - sum(widths)) / max(n, 1))
    spans = [w + pad for w in widths]
    start = centre - sum(spans) / 2
    return [start + sum(spans[:i]) + spans[i] / 2 for i in range(n)], [(w + pad * 0.4, 2 * r) for w in widths]


def _fitted_lines(app: Look, text: str, box: pygame.Rect, px: int, min_px: int = 9) -> tuple[pygame.font.Font, list[str]]:
    """The font (``px`` at the most, ``min_px`` at the least) and lines with which ``text`` fits ``box``."""
    while True:
        font = app.fonts.font(px)
        lines = wrap_lines(font, text, box.w)
        if px <= min_px or len(lines) * font.get_linesize() <= box.h:
            return font, lines
        px -= 1


def draw_lines(surf: pygame.Surface, font: pygame.font.Font, lines: Sequence[str], colour: pygame.Color,
               box: pygame.Rect, centred: bool = False) -> list[pygame.Rect]:
    """``lines`` one under the other from the top of ``box`` (``centred``: in its middle); the rects they took."""
    step = font.get_linesize()
    top = box.centery - step * len(lines) / 2 if centred else box.y
    rects = []
    for k, line in enumerate(lines):
        img = font.render(line, True, colour)
        at = (img.get_rect(midtop=(box.centerx, int(top + k * step))) if centred
              else img.get_rect(topleft=(box.x, int(top + k * step))))
        surf.blit(img, at)
        rects.append(at)
    return rects


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
