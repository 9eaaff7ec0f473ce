"""What moves over the table: flying pieces, the dragged piece, banners, the card preview."""

from __future__ import annotations

import pygame

from ...tokens import cname
from ..anim import CardSprite, CubeSprite, SpaceSprite, Sprite, TokenSprite
from ..frame import Frame, Kit
from ..layout import CARD_H, CARD_W, HAND_R, TOKEN_R, PlayLayout, Point, Rect, centre, inside
from ..places import HandToken, HeldCard, Slot, Space
from .common import Section, blit_centred, pill

#: The enlarged animal card's size in virtual pixels: room for the pattern, the sentence and the track.
PREVIEW_ANIMAL = (210.0, 330.0)


def _thing(kit: Kit, f: Frame, surface: pygame.Surface, sprite: Sprite, pos: tuple[float, float],
           scale: float = 1.0) -> None:
    app, vp = kit.app, kit.app.vp
    symbols = app.settings.symbols
    if isinstance(sprite, TokenSprite):
        blit_centred(surface, kit.art.token(sprite.colour, max(3, vp.s(HAND_R * scale)), symbols), vp.p(*pos))
    elif isinstance(sprite, CubeSprite):
        blit_centred(surface, kit.art.cube(max(4, vp.s(16 * scale)), sprite.spirit), vp.p(*pos))
    elif isinstance(sprite, CardSprite):
        w, h = max(8, vp.s(CARD_W * scale)), max(12, vp.s(CARD_H * scale))
        if f.table.is_spirit(sprite.card_id):
            img = kit.cardart.spirit(sprite.card_id, w, h, True, symbols, False)
        else:
            img = kit.cardart.animal(sprite.card_id, w, h, None, symbols)
        blit_centred(surface, img, vp.p(*pos))
    else:
        space = f.table.central[sprite.space] if sprite.space < len(f.table.central) else ()
        for i, colour in enumerate(space):
            ox, oy = kit.layout.space_token_pos(0, i, len(space))
            cx, cy = kit.layout.spaces[0]
            blit_centred(surface, kit.art.token(cname(colour), vp.s(TOKEN_R * scale), symbols),
                         vp.p(pos[0] + ox - cx, pos[1] + oy - cy))


class Flyers(Section):
    """Pieces on their way from one place to another."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        for flyer in f.flyers:
            if flyer.started:
                _thing(self.kit, f, surface, flyer.sprite, flyer.pos(), flyer.current_scale())


class Dragged(Section):
    """What the pointer carries, lifted off the table with a soft shadow."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if f.drag is not None:
            _draw_dragged(self.kit, f, surface)


def _draw_dragged(kit: Kit, f: Frame, surface: pygame.Surface) -> None:
    d = f.drag
    assert d is not None
    g = f.table
    t = d.target
    # a soft shadow under whatever is held, so it reads as lifted off the table
    vp = kit.app.vp
    shadow = pygame.Surface((vp.s(44), vp.s(18)), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
    surface.blit(shadow, shadow.get_rect(center=vp.p(d.pos[0] + 6, d.pos[1] + 22)))
    colour = g.in_slot(t.index) if isinstance(t, HandToken) else None
    if colour is not None:
        _thing(kit, f, surface, TokenSprite(cname(colour)), d.pos, 1.1)
    elif isinstance(t, HeldCard):
        _thing(kit, f, surface, CubeSprite(t.card_id, g.views[g.current].spirit == t.card_id), d.pos, 1.2)
    elif isinstance(t, Slot):
        cid = g.display[t.slot]
        if cid:
            _thing(kit, f, surface, CardSprite(cid), d.pos, 1.0)
    elif isinstance(t, Space):
        _thing(kit, f, surface, SpaceSprite(t.space), d.pos, 1.15)


class Banners(Section):
    """The last two announcements (whose turn, a completed card, the last round) over the held cards' panel:
    the board fills its box to the top, so a banner there would hide the top row of cells while it shows."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if f.shown != f.table.current or f.choosing_spirit:
            return  # the "viewing" notice has that spot; the spirit choice covers it
        app = self.kit.app
        th = app.theme
        for k, b in enumerate(f.banners[-2:]):
            fade = min(1.0, b.t / 0.15, (b.dur - b.t) / 0.35)
            fill = th.c("notice") if b.style == "notice" else th.c("panel")
            pill(app, surface, b.text, banner_centre(self.kit.layout, k), 22, fill, th.c("ink"), th.c("accent"),
                 int(255 * max(0.0, fade)), max_w=banner_area(self.kit.layout)[2] - 8)


def banner_area(L: PlayLayout) -> Rect:
    """The held cards' part of their panel: the banners stay off the list of completed cards at its right."""
    x, y, w, h = L.held_panel
    cx = L.completed_box[0]
    return (x, y, cx - 6 - x, h) if x < cx < x + w else L.held_panel


def banner_centre(L: PlayLayout, k: int) -> Point:
    """Where the ``k``-th of the two banners shown is centred: on the held cards, one above the other."""
    x, y, w, h = banner_area(L)
    return (x + w / 2, y + h / 2 + (k - 0.5) * 46)


def preview_rect(L: PlayLayout, card: Rect, size: tuple[float, float]) -> Rect:
    """Where the enlarged copy of the card at ``card`` goes, covering no other card and no board cell: a
    face-up card's over the scores panel under the display, a held card's over the seats' panels right of
    the board, any other card's beside it."""
    w, h = size
    ax, ay, aw, ah = L.area
    right, bottom = ax + aw - 10, ay + ah - 8
    if inside(L.display_panel, centre(card)):
        sx, sy, sw, sh = L.scores_panel
        return (min(max(sx, card[0] + card[2] / 2 - w / 2), sx + sw - w), sy + 4, w, h)
    if inside(L.held_panel, centre(card)):
        bx, by, bw, bh = L.board_box
        return (min(bx + bw + 10, right - w), L.held_panel[1], w, h)
    x = card[0] + card[2] + 10
    if x + w > right:
        x = card[0] - w - 10
    return (x, min(max(ay + 8, card[1] - 10), bottom - h), w, h)


class Preview(Section):
    """A larger copy of the card under the pointer or the keyboard ring after a short pause: an animal with
    its whole point track and the sentence saying what its habitat needs, a spirit with its rule."""

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        if f.preview is not None:
            _draw_preview(self.kit, f, surface)


def _draw_preview(kit: Kit, f: Frame, surface: pygame.Surface) -> None:
    assert f.preview is not None
    app, vp = kit.app, kit.app.vp
    cid, spirit, rect = f.preview
    w, h = (190.0, 270.0) if spirit else PREVIEW_ANIMAL
    r = vp.r(preview_rect(kit.layout, rect, (w, h)))
    held = next((n for c, s_, n in f.table.held_items(f.shown) if c == cid), None)
    if spirit:
        img = kit.cardart.spirit(cid, r.w, r.h, bool(held), app.settings.symbols, True)
    else:
        img = kit.cardart.animal(cid, r.w, r.h, held, app.settings.symbols, with_text=True)
    shadow = pygame.Surface((r.w + vp.s(8), r.h + vp.s(8)), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=vp.s(12))
    surface.blit(shadow, (r.x + vp.s(2), r.y + vp.s(4)))
    surface.blit(img, r)
