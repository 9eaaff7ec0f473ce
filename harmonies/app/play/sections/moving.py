"""What moves over the table: flying pieces, the dragged piece, banners, the card preview."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...tokens import cname
from ..anim import CardSprite, CubeSprite, SpaceSprite, Sprite, TokenSprite
from ..layout import CARD_H, CARD_W, HAND_R, TOKEN_R
from ..targets import HandTarget, HeldTarget, SlotTarget, SpaceTarget
from .common import blit_centred, pill

if TYPE_CHECKING:
    from ...scenes.play import PlayScene

#: The enlarged animal card's size in virtual pixels: room for the pattern, the sentence and the track.
PREVIEW_ANIMAL = (210.0, 330.0)


def _thing(sc: PlayScene, surface: pygame.Surface, sprite: Sprite, pos: tuple[float, float],
           scale: float = 1.0) -> None:
    app, vp = sc.app, sc.app.vp
    symbols = app.settings.symbols
    if isinstance(sprite, TokenSprite):
        blit_centred(surface, sc.art.token(sprite.colour, max(3, vp.s(HAND_R * scale)), symbols), vp.p(*pos))
    elif isinstance(sprite, CubeSprite):
        blit_centred(surface, sc.art.cube(max(4, vp.s(16 * scale)), sprite.spirit), vp.p(*pos))
    elif isinstance(sprite, CardSprite):
        w, h = max(8, vp.s(CARD_W * scale)), max(12, vp.s(CARD_H * scale))
        if sc.table.is_spirit(sprite.card_id):
            img = sc.cardart.spirit(sprite.card_id, w, h, True, symbols, False)
        else:
            img = sc.cardart.animal(sprite.card_id, w, h, None, symbols)
        blit_centred(surface, img, vp.p(*pos))
    else:
        space = sc.table.central[sprite.space] if sprite.space < len(sc.table.central) else ()
        for i, colour in enumerate(space):
            ox, oy = sc.layout.space_token_pos(0, i, len(space))
            cx, cy = sc.layout.spaces[0]
            blit_centred(surface, sc.art.token(cname(colour), vp.s(TOKEN_R * scale), symbols),
                         vp.p(pos[0] + ox - cx, pos[1] + oy - cy))


def draw_flyers(sc: PlayScene, surface: pygame.Surface) -> None:
    for f in sc.anims.flyers:
        if f.started:
            _thing(sc, surface, f.sprite, f.pos(), f.current_scale())


def draw_dragged(sc: PlayScene, surface: pygame.Surface) -> None:
    d = sc.drag
    if d is None:
        return
    g = sc.table
    t = d.target
    # a soft shadow under whatever is held, so it reads as lifted off the table
    vp = sc.app.vp
    shadow = pygame.Surface((vp.s(44), vp.s(18)), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
    surface.blit(shadow, shadow.get_rect(center=vp.p(d.pos[0] + 6, d.pos[1] + 22)))
    if isinstance(t, HandTarget) and t.index < len(g.hand):
        _thing(sc, surface, TokenSprite(cname(g.hand[t.index])), d.pos, 1.1)
    elif isinstance(t, HeldTarget):
        _thing(sc, surface, CubeSprite(t.card_id, sc.table.views[g.current].spirit == t.card_id), d.pos, 1.2)
    elif isinstance(t, SlotTarget):
        cid = g.display[t.slot]
        if cid:
            _thing(sc, surface, CardSprite(cid), d.pos, 1.0)
    elif isinstance(t, SpaceTarget):
        _thing(sc, surface, SpaceSprite(t.space), d.pos, 1.15)


def draw_banners(sc: PlayScene, surface: pygame.Surface) -> None:
    if sc.shown_seat != sc.table.current:
        return  # the "viewing" notice has that spot
    th = sc.app.theme
    L = sc.layout
    bx, by, bw, bh = L.board_box
    for k, b in enumerate(sc.anims.banners[-2:]):
        fade = min(1.0, b.t / 0.15, (b.dur - b.t) / 0.35)
        fill = th.c("notice") if b.style == "notice" else th.c("panel")
        pill(sc, surface, b.text, (bx + bw / 2, by + 44 + k * 46), 22, fill, th.c("ink"), th.c("accent"),
             int(255 * max(0.0, fade)))


def draw_preview(sc: PlayScene, surface: pygame.Surface) -> None:
    """A larger copy of the card under the pointer after a short pause: an animal with its whole point track
    and the sentence saying what its habitat needs, a spirit with its rule."""
    if sc.hover_card is None or sc.hover_t < 0.45 or sc.drag is not None or sc.must_choose_spirit():
        return
    app, vp = sc.app, sc.app.vp
    cid, spirit, rect = sc.hover_card
    w, h = (190.0, 270.0) if spirit else PREVIEW_ANIMAL
    x = rect[0] + rect[2] + 10
    if x + w > 1270:
        x = rect[0] - w - 10
    y = min(max(8.0, rect[1] - 10), 712 - h)
    r = vp.r((x, y, w, h))
    held = next((n for c, s_, n in sc.table.held_items(sc.shown_seat) if c == cid), None)
    if spirit:
        img = sc.cardart.spirit(cid, r.w, r.h, bool(held), app.settings.symbols, True)
    else:
        img = sc.cardart.animal(cid, r.w, r.h, held, app.settings.symbols, with_text=True)
    shadow = pygame.Surface((r.w + vp.s(8), r.h + vp.s(8)), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=vp.s(12))
    surface.blit(shadow, (r.x + vp.s(2), r.y + vp.s(4)))
    surface.blit(img, r)
