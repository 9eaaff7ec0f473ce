"""Drawing of the play scene. Reads the scene's state; changes nothing."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from harmonies.rules import PlayerView, SoloSwap, TakeCard

from .. import paint
from ..hexgrid import HexLayout
from ..tokens import cname
from .anim import (
    CardSprite, CellSpot, CubeSpot, CubeSprite, HandSpot, HeldSpot, SlotSpot, SpaceSpot, SpaceSprite, Spot, Sprite,
    TokenSprite, seat_spots,
)
from .layout import CARD_H, CARD_W, HAND_R, TOKEN_R, centre, inside
from .targets import HandTarget, HeldTarget, SlotTarget, SpaceTarget

if TYPE_CHECKING:
    from ..scenes.play import PlayScene

Rect = tuple[float, float, float, float]
Hidden = Counter[Spot]
Hex = tuple[int, int]


def draw_play(sc: PlayScene, surface: pygame.Surface) -> None:
    hidden = sc.anims.hidden()
    _top_bar(sc, surface)
    _central(sc, surface, hidden)
    _display(sc, surface, hidden)
    _cached(sc, surface, ("scores", sc.version, sc.game.current), sc.layout.scores_panel, lambda s: _scores(sc, s))
    _held(sc, surface, hidden)
    _board(sc, surface, hidden)
    _hand(sc, surface, hidden)
    _hint_marks(sc, surface)
    sc.ui.draw(surface, sc.app)
    if hidden:
        _seats(sc, surface, hidden)  # something is flying to a board: draw it live
    else:
        mouse = _hover(sc)
        hov = tuple(inside(r, mouse) for r in sc.layout.seat_panels)
        x0 = sc.layout.seat_panels[0][0]
        box = (x0 - 6, 50.0, 1280 - x0 + 6, 670.0)
        _cached(sc, surface, ("seats", sc.version, sc.shown_seat, hov), box, lambda s: _seats(sc, s, hidden))
    _banners(sc, surface)
    if sc.must_choose_spirit():
        _spirit_choice(sc, surface)
    _flyers(sc, surface)
    _preview(sc, surface)
    _dragged(sc, surface)


def _cached(sc: PlayScene, surface: pygame.Surface, key: Hashable, rect: Rect,
            draw: Callable[[pygame.Surface], None]) -> None:
    """Blit a panel drawn once per game state (its text is much of a frame's cost)."""
    app = sc.app
    r = app.vp.r(rect).inflate(app.vp.s(12), app.vp.s(12)).clip(surface.get_rect())
    cache: dict[Hashable, pygame.Surface] = app.cache.setdefault("panels", {})
    full_key = (key, r.topleft, r.size, surface.get_size(), app.settings.symbols)
    img = cache.get(full_key)
    if img is None:
        scratch = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        draw(scratch)
        img = scratch.subsurface(r).copy()
        if len(cache) > 24:
            cache.clear()
        cache[full_key] = img
    surface.blit(img, r)


# ---------------------------------------------------------------------- helpers
def _blit_centred(surface: pygame.Surface, img: pygame.Surface, pos: tuple[int, int]) -> None:
    surface.blit(img, img.get_rect(center=pos))


def _badge(sc: PlayScene, surface: pygame.Surface, seat: int, pos: tuple[float, float], r: float) -> None:
    th = sc.app.theme
    style = th.seats[seat % len(th.seats)]
    pygame.draw.circle(surface, style.colour, sc.app.vp.p(*pos), sc.app.vp.s(r))
    pygame.draw.circle(surface, th.c("ink"), sc.app.vp.p(*pos), sc.app.vp.s(r), max(1, sc.app.vp.s(1)))
    paint.text(surface, sc.app, style.mark, (pos[0], pos[1] + 0.5), r * 1.05, th.c("ink"), "center")


def _pill(sc: PlayScene, surface: pygame.Surface, text: str, centre_pos: tuple[float, float], px: float,
          fill: pygame.Color, ink: pygame.Color, edge: pygame.Color | None = None, alpha: int = 255) -> None:
    w = paint.text_width(sc.app, text, px, True) + px * 1.6
    h = px * 1.9
    rect = (centre_pos[0] - w / 2, centre_pos[1] - h / 2, w, h)
    if alpha >= 255:
        paint.panel(surface, sc.app, rect, fill, radius=h / 2, edge=edge, width=2, shadow=True)
        paint.text(surface, sc.app, text, centre_pos, px, ink, "center", bold=True)
        return
    r = sc.app.vp.r(rect)
    layer = pygame.Surface((r.w + 8, r.h + 8), pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, pygame.Rect(4, 4, r.w, r.h), border_radius=r.h // 2)
    if edge is not None:
        pygame.draw.rect(layer, edge, pygame.Rect(4, 4, r.w, r.h), max(1, sc.app.vp.s(2)), border_radius=r.h // 2)
    img = sc.app.fonts.render(text, sc.app.vp.s(px), ink, True)
    layer.blit(img, img.get_rect(center=(4 + r.w // 2, 4 + r.h // 2)))
    layer.set_alpha(alpha)
    surface.blit(layer, (r.x - 4, r.y - 4))


def _title(sc: PlayScene, surface: pygame.Surface, text: str, pos: tuple[float, float], anchor: str = "topleft") -> None:
    paint.text(surface, sc.app, text, pos, 15, sc.app.theme.c("ink_dim"), anchor, bold=True)


def _hover(sc: PlayScene) -> tuple[float, float]:
    return sc.app.mouse_virtual()


# ---------------------------------------------------------------------- top bar
def _top_bar(sc: PlayScene, surface: pygame.Surface) -> None:
    app, th, g = sc.app, sc.app.theme, sc.game
    vp = app.vp
    y0 = vp.p(0, 0)[1]
    pygame.draw.rect(surface, th.c("table_dark"), pygame.Rect(0, y0, surface.get_width(), vp.s(50)))
    _badge(sc, surface, g.current, (30, 25), 13)
    head = app.t("play.round", n=g.round)
    r = paint.text(surface, app, head, (52, 25), 19, th.c("table_text_dim"), "midleft", bold=True)
    x = (r.right - vp.ox) / vp.scale + 14
    if sc.thinking:
        dots = "." * (1 + int(app.time * 3) % 3)
        who = app.t("play.thinking", name=sc.seat(g.current).name).rstrip("…") + dots
        r = paint.text(surface, app, who, (x, 25), 19, th.c("table_text"), "midleft", bold=True)
    else:
        r = paint.text(surface, app, sc.turn_text(), (x, 25), 19, th.c("table_text"), "midleft", bold=True)
    x = (r.right - vp.ox) / vp.scale + 16
    if g.end_triggered and not g.over:
        label = app.t("play.last_round")
        if sc.hint_on or sc.save_failed:
            # the hint's line or the failed-save banner needs the room: the notice moves up next to the turn
            w = paint.text_width(app, label, 17, True) + 17 * 1.6
            _pill(sc, surface, label, (x + w / 2, 25), 17, th.c("notice"), th.c("ink"))
            x += w + 10
        else:
            _pill(sc, surface, label, (722, 25), 17, th.c("notice"), th.c("ink"))
    if sc.save_failed:
        x = _save_banner(sc, surface, x)
    if sc.hint_on and sc.shown_seat == g.current:
        _hint_text(sc, surface, x)


def _save_banner(sc: PlayScene, surface: pygame.Surface, x0: float) -> float:
    """While saves fail: what failed and why, and the folder, in red in the top bar; returns where it ends.

    With the hint's line on show it shrinks to a short "not saved" so both fit."""
    app, th, L = sc.app, sc.app.theme, sc.layout
    if sc.hint_on:
        label = app.t("save.not_saved_short")
        w = paint.text_width(app, label, 15, True) + 15 * 1.6
        _pill(sc, surface, label, (x0 + w / 2, 25), 15, th.c("danger"), th.c("table_text"))
        return x0 + w + 10
    pad = 14.0
    max_w = L.hint_btn[0] - 12 - x0 - 2 * pad
    lines = sc.save_notice(max_w)
    if lines is None:
        return x0
    first, second = lines
    px1 = paint.fit_px(app, first, 15, max_w, bold=True, min_px=11)
    px2 = paint.fit_px(app, second, 13, max_w, min_px=10)
    first, second = paint.ellipsize(app, first, px1, max_w, True), paint.ellipsize(app, second, px2, max_w)
    w = max(paint.text_width(app, first, px1, True), paint.text_width(app, second, px2)) + 2 * pad
    paint.panel(surface, app, (x0, 4, w, 42), th.c("danger"), radius=12, shadow=True)
    paint.text(surface, app, first, (x0 + pad, 15), px1, th.c("table_text"), "midleft", bold=True)
    paint.text(surface, app, second, (x0 + pad, 35), px2, th.c("table_text"), "midleft")
    return x0 + w + 10


# ---------------------------------------------------------------------- central board
def _central(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.game, sc.layout
    vp = app.vp
    paint.panel(surface, app, L.central_panel, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    x, y, w, h = L.central_panel
    _title(sc, surface, app.t("play.central"), (x + 12, y + 8))
    mouse = _hover(sc)
    can_take = sc.human_turn() and not g.taken_tokens_this_turn and not sc.must_choose_spirit()
    dragging_space = sc.drag.target.space if sc.drag and isinstance(sc.drag.target, SpaceTarget) else None
    symbols = app.settings.symbols
    tok_px = vp.s(TOKEN_R)
    for s, (cx, cy) in enumerate(L.spaces):
        space = g.central[s] if s < len(g.central) else ()
        hov = can_take and bool(space) and math.hypot(mouse[0] - cx, mouse[1] - cy) <= L.space_radius
        pygame.draw.circle(surface, th.c("board_back"), vp.p(cx, cy), vp.s(L.space_radius))
        pygame.draw.circle(surface, th.c("board"), vp.p(cx, cy), vp.s(L.space_radius - 4))
        if hov:
            pygame.draw.circle(surface, th.c("accent"), vp.p(cx, cy), vp.s(L.space_radius), max(2, vp.s(3)))
        paint.text(surface, app, str(s + 1), (cx - L.space_radius + 3, cy - L.space_radius + 5), 12,
                   th.c("ink_dim"), "topleft", bold=True)
        if hidden.get(SpaceSpot(s)) or dragging_space == s:
            continue
        for i, colour in enumerate(space):
            px, py = L.space_token_pos(s, i, len(space))
            _blit_centred(surface, sc.art.token(cname(colour), tok_px, symbols), vp.p(px, py))
    # the pouch
    px, py = L.pouch_pos
    pygame.draw.circle(surface, th.c("table"), vp.p(px, py + 6), vp.s(19))
    pygame.draw.polygon(surface, th.c("table"), [vp.p(px - 9, py - 16), vp.p(px + 9, py - 16), vp.p(px + 4, py - 8),
                                                  vp.p(px - 4, py - 8)])
    paint.text(surface, app, str(g.pouch_size), (px, py + 6), 15, th.c("table_text"), "center", bold=True)
    paint.text(surface, app, app.t("play.pouch_label"), (px, y + 8), 13, th.c("ink_dim"), "midtop", bold=True)


# ---------------------------------------------------------------------- display
def _display(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.game, sc.layout
    vp = app.vp
    paint.panel(surface, app, L.display_panel, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    x, y, w, h = L.display_panel
    _title(sc, surface, app.t("play.display"), (x + 12, y + 8))
    mouse = _hover(sc)
    dragging = sc.drag.target.slot if sc.drag and isinstance(sc.drag.target, SlotTarget) else None
    symbols = app.settings.symbols
    human = sc.human_turn() and not sc.must_choose_spirit()
    if L.solo:
        dx, dy, dw, dh = L.deck_rect
        if g.deck_size:
            back = sc.cardart.back(vp.s(dw), vp.s(dh))
            for k in range(min(3, g.deck_size), 0, -1):
                surface.blit(back, vp.p(dx + k * 2, dy - k * 2))
        paint.text(surface, app, app.t("play.deck", n=g.deck_size), (dx + dw / 2, dy + dh + 15), 14, th.c("ink_dim"),
                   "center", bold=True)
    else:
        paint.text(surface, app, app.t("play.deck", n=g.deck_size), (x + w - 12, y + 8), 14, th.c("ink_dim"),
                   "topright", bold=True)
    for j, rect in enumerate(L.slots):
        cid = g.display[j] if j < len(g.display) else None
        r = vp.r(rect)
        if cid is None or hidden.get(SlotSpot(j)) or dragging == j:
            pygame.draw.rect(surface, th.c("panel_edge"), r, max(1, vp.s(1.5)), border_radius=vp.s(7))
            continue
        hov = human and inside(rect, mouse) and sc.allows(TakeCard(cid))
        img = sc.cardart.animal(cid, r.w, r.h, None, symbols, hov)
        surface.blit(img, r.move(0, -vp.s(4)) if hov else r)
        if L.solo and j < len(L.swap_btns):
            sw = L.swap_btns[j]
            ok = human and sc.allows(SoloSwap(cid))
            fill = th.c("button_hover") if ok and inside(sw, mouse) else th.c("button") if ok else th.c("panel")
            paint.panel(surface, app, sw, fill, radius=9, edge=th.c("panel_edge"))
            paint.text(surface, app, "⇄ " + app.t("play.swap"), centre(sw), 13,
                       th.c("ink") if ok else th.c("panel_edge"), "center", bold=True)


# ---------------------------------------------------------------------- scores
_ROWS = ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit", "total")


def _scores(sc: PlayScene, surface: pygame.Surface) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.game, sc.layout
    paint.panel(surface, app, L.scores_panel, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    x, y, w, h = L.scores_panel
    _title(sc, surface, app.t("play.scores"), (x + 12, y + 8))
    rows = [r for r in _ROWS if r != "spirit" or g.setup.spirits]
    n = g.setup.players
    label_w = 128.0
    col_w = (w - 24 - label_w) / n
    top = y + 36
    row_h = min(32.0, (h - 36 - 40) / len(rows))
    # column heads
    for i in range(n):
        cx = x + 12 + label_w + col_w * (i + 0.5)
        if i == g.current and not g.over:
            paint.panel(surface, app, (cx - col_w / 2 + 2, top - 4, col_w - 4, 34 + row_h * len(rows) + 6),
                        th.c("button_hover"), radius=8, edge=th.c("accent"), width=1.5)
        _badge(sc, surface, i, (cx, top + 10), 9)
        name = sc.seat(i).name
        px = paint.fit_px(app, name, 13, col_w - 8, min_px=11)
        paint.text(surface, app, paint.ellipsize(app, name, px, col_w - 6), (cx, top + 24), px, th.c("ink"), "midtop")
    water_key = "score.water_river" if g.shape.water == "river" else "score.water_islands"
    for k, row in enumerate(rows):
        ry = top + 44 + k * row_h
        is_total = row == "total"
        if is_total:
            pygame.draw.line(surface, th.c("panel_edge"), app.vp.p(x + 12, ry - 3), app.vp.p(x + w - 12, ry - 3),
                             max(1, app.vp.s(1.5)))
        label = app.t(water_key if row == "water" else f"score.{row}")
        paint.text(surface, app, label, (x + 16, ry + row_h / 2), 16, th.c("ink"), "midleft", bold=is_total)
        for i in range(n):
            cx = x + 12 + label_w + col_w * (i + 0.5)
            value = getattr(sc.scores[i], row)
            paint.text(surface, app, str(value), (cx, ry + row_h / 2), 19 if is_total else 16,
                       th.c("ink") if value or is_total else th.c("ink_dim"), "center", bold=is_total)


# ---------------------------------------------------------------------- held cards
def _held(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.game, sc.layout
    vp = app.vp
    seat = sc.shown_seat
    paint.panel(surface, app, L.held_panel, th.c("table_dark"), radius=12)
    items = sc.held_items(seat)
    mouse = _hover(sc)
    symbols = app.settings.symbols
    own = seat == g.current and sc.human_turn()
    sel = sc.selection.target.card_id if sc.selection and isinstance(sc.selection.target, HeldTarget) else None
    drag = sc.drag.target.card_id if sc.drag and isinstance(sc.drag.target, HeldTarget) else None
    for i, rect in enumerate(L.held_slots):
        r = vp.r(rect)
        if i >= len(items):
            _dashed_rect(surface, th.c("table"), r, vp.s(7))
            continue
        cid, spirit, cubes_on = items[i]
        if hidden.get(HeldSpot(seat, cid)):
            continue
        if drag == cid:
            cubes_on -= 1
        can_place = own and cid in sc.cube_opts
        lift = own and (sel == cid or (inside(rect, mouse) and can_place))
        if spirit:
            img = sc.cardart.spirit(cid, r.w, r.h, cubes_on > 0, symbols, False, can_place or sel == cid)
        else:
            img = sc.cardart.animal(cid, r.w, r.h, cubes_on, symbols, can_place or sel == cid)
        surface.blit(img, r.move(0, -vp.s(5)) if lift else r)
        if can_place:
            paint.text(surface, app, "●", (rect[0] + rect[2] - 8, rect[1] + 8), 14, th.c("accent"), "center")
    # completed cards as chips with their points
    cx, cy, cw, ch = L.completed_box
    done = sc.completed_items(seat)
    paint.text(surface, app, app.t("play.done_cards"), (cx + 4, cy + 2), 13, th.c("table_text_dim"), bold=True)
    chip_h = 19.0
    fit = int((ch - 20) // (chip_h + 3))
    sheet = sc.scores[seat]
    for k, (cid, spirit) in enumerate(done[:fit]):
        ry = cy + 20 + k * (chip_h + 3)
        fill = th.c("spirit_cube") if spirit else th.c("panel")
        paint.panel(surface, app, (cx, ry, cw, chip_h), fill, radius=6)
        name = sc.cardart.name(cid)
        pts = sheet.spirit if spirit else sheet.cards.get(cid, 0)
        paint.text(surface, app, name, (cx + 5, ry + chip_h / 2), paint.fit_px(app, name, 12, cw - 34), th.c("ink"), "midleft")
        paint.text(surface, app, str(pts), (cx + cw - 5, ry + chip_h / 2), 12, th.c("ink"), "midright", bold=True)
    if len(done) > fit:
        paint.text(surface, app, app.t("play.more", n=len(done) - fit), (cx + 4, cy + ch - 2), 12,
                   th.c("table_text_dim"), "bottomleft")


def _dashed_rect(surface: pygame.Surface, colour: pygame.Color, r: pygame.Rect, radius: int) -> None:
    pygame.draw.rect(surface, colour, r, max(1, radius // 4), border_radius=radius)


# ---------------------------------------------------------------------- boards
def _cube_kind(view: PlayerView, cid: str) -> str:
    return "spirit" if view.spirit is not None and cid == view.spirit else "animal"


def draw_board(sc: PlayScene, surface: pygame.Surface, seat: int, layout: HexLayout, hidden: Hidden, pips: bool,
               legal: frozenset[tuple[int, int]] = frozenset(), hover: tuple[int, int] | None = None,
               bad: tuple[int, int] | None = None, marks: frozenset[tuple[int, int]] = frozenset()) -> None:
    """One player's board drawn with ``layout`` (virtual units).

    The board is drawn into a cached layer (cells and stacks) that is rebuilt only when
    the game changes; while targets are highlighted the stacks go over the highlights.
    ``marks``: the cells a hint uses, tinted under the stacks so the real pieces keep their colours.
    """
    app = sc.app
    vp = app.vp
    radius = max(3, vp.s(layout.size))
    cells = sorted(sc.game.shape.cells, key=lambda c: (layout.to_pixel(c)[1], c[0]))
    pos = {c: vp.p(*layout.to_pixel(c)) for c in cells}
    x0 = min(p[0] for p in pos.values()) - int(radius * 1.2)
    y0 = min(p[1] for p in pos.values()) - int(radius * 1.4)
    x1 = max(p[0] for p in pos.values()) + int(radius * 1.2)
    y1 = max(p[1] for p in pos.values()) + int(radius * 1.2)
    local = {c: (p[0] - x0, p[1] - y0) for c, p in pos.items()}
    mine = seat_spots(hidden, seat)
    symbols = app.settings.symbols
    cache: dict[Hashable, pygame.Surface] = app.cache.setdefault("board", {})
    base_key = ("cells", tuple(sorted(local.items())), radius, x1 - x0, y1 - y0)
    base = cache.get(base_key)
    if base is None:
        base = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
        _draw_cells(sc, base, cells, local, radius)
        cache[base_key] = base
    if legal or bad is not None or marks:
        surface.blit(base, (x0, y0))
        if marks:
            col = app.theme.c("hint")
            tint = sc.art.hex_cell(radius, (*col[:3], 46), (*col[:3], 255), 0.1)
            for c in marks:
                if c in pos:
                    _blit_centred(surface, tint, pos[c])
        _draw_highlights(sc, surface, pos, radius, legal, hover, bad)
        _draw_stacks(sc, surface, seat, cells, pos, radius, hidden, pips, symbols)
        return
    key = ("full", seat, sc.version, mine, base_key, pips, symbols)
    layer = cache.get(key)
    if layer is None:
        if len(cache) > 64:
            cache.clear()
            cache[base_key] = base
        layer = base.copy()
        _draw_stacks(sc, layer, seat, cells, local, radius, hidden, pips, symbols)
        cache[key] = layer
    surface.blit(layer, (x0, y0))


def _draw_cells(sc: PlayScene, surf: pygame.Surface, cells: list[tuple[int, int]], pos: dict[Hex, tuple[int, int]],
                radius: int) -> None:
    th = sc.app.theme
    back = sc.art.hex_cell(int(radius * 1.1), tuple(th.c("board_back")), (0, 0, 0, 0))
    cell_img = sc.art.hex_cell(radius, tuple(th.c("board")), tuple(th.c("board_edge")))
    for c in cells:
        _blit_centred(surf, back, pos[c])
    for c in cells:
        _blit_centred(surf, cell_img, pos[c])


def _draw_highlights(sc: PlayScene, surface: pygame.Surface, pos: dict[Hex, tuple[int, int]], radius: int,
                     legal: frozenset[tuple[int, int]], hover: tuple[int, int] | None,
                     bad: tuple[int, int] | None) -> None:
    th = sc.app.theme
    if legal:
        glow = sc.art.hex_cell(radius, (*th.c("legal")[:3], 130), tuple(th.c("legal_edge")), 0.065)
        strong = sc.art.hex_cell(radius, (*th.c("legal")[:3], 235), tuple(th.c("legal_edge")), 0.16)
        for c in legal:
            if c in pos:
                _blit_centred(surface, strong if c == hover else glow, pos[c])
    if bad is not None and bad in pos:
        ring = sc.art.hex_cell(radius, (0, 0, 0, 0), tuple(th.c("danger")), 0.12)
        _blit_centred(surface, ring, pos[bad])


def _draw_stacks(sc: PlayScene, surf: pygame.Surface, seat: int, cells: list[tuple[int, int]],
                 pos: dict[Hex, tuple[int, int]], radius: int, hidden: Hidden, pips: bool, symbols: bool) -> None:
    view = sc.views[seat]
    for c in cells:
        stack = view.stacks.get(c)
        if not stack:
            continue
        names = tuple(cname(x) for x in stack)
        k = hidden.get(CellSpot(seat, c), 0)
        if k:
            names = names[:-k]
        cube = ""
        cid = view.cubes.get(c)
        if cid is not None and not hidden.get(CubeSpot(seat, c)):
            cube = _cube_kind(view, cid)
        if names:
            _blit_centred(surf, sc.art.stack(names, radius, symbols, cube, pips), pos[c])


def _board(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.game, sc.layout
    seat = sc.shown_seat
    layout = sc.big_layout()
    mouse = _hover(sc)
    legal: frozenset[tuple[int, int]] = frozenset()
    placing = sc.drag is not None and isinstance(sc.drag.target, (HandTarget, HeldTarget))
    if sc.drag is not None and placing:
        legal = sc.drag.legal
    elif sc.selection is not None:
        legal = sc.selection.legal
    hover = sc.cell_at(sc.drag.pos if sc.drag is not None else mouse)
    bad = hover if placing and hover not in legal else None
    marks: frozenset[tuple[int, int]] = frozenset()
    if sc.hint is not None and seat == g.current and not sc.must_choose_spirit():
        marks = frozenset([c for _n, c in sc.hint.tokens] + [c for _c, c in sc.hint.cubes])
    draw_board(sc, surface, seat, layout, hidden, True, legal if seat == g.current else frozenset(), hover, bad,
               marks)
    bx, by, bw, bh = L.board_box
    if seat != g.current:
        _pill(sc, surface, app.t("play.viewing", name=sc.seat(seat).name), (bx + bw / 2, by + 14), 15,
              th.c("panel"), th.c("ink"), th.c("accent"))
    if sc.message and sc.message_t > 0:
        alpha = int(255 * min(1.0, sc.message_t / 0.4))
        # a long line (a failed computer turn names its error and log) shrinks to stay over the board
        px = paint.fit_px(app, sc.message, 15, bw - 30, True, min_px=11)
        _pill(sc, surface, sc.message, (bx + bw / 2, by + bh - 14), px, th.c("panel"), th.c("ink"), th.c("danger"), alpha)


# ---------------------------------------------------------------------- tokens in hand
def _hand(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.game, sc.layout
    vp = app.vp
    paint.panel(surface, app, L.hand_tray, th.c("table_dark"), radius=12)
    x, y, w, h = L.hand_tray
    human = sc.human_turn()
    sel = sc.selection.target.index if sc.selection and isinstance(sc.selection.target, HandTarget) else None
    drag = sc.drag.target.index if sc.drag and isinstance(sc.drag.target, HandTarget) else None
    if g.hand or g.taken_tokens_this_turn:
        paint.text_block(surface, app, app.t("play.your_tokens"), (x + 12, y + 12), 14, th.c("table_text_dim"), 110,
                         bold=True)
    elif human and not sc.must_choose_spirit():
        paint.text_block(surface, app, app.t("play.take_tokens_hint"), (x + 12, y + 12), 14, th.c("table_text"), 270,
                         bold=True)
    symbols = app.settings.symbols
    mouse = _hover(sc)
    if not g.hand and not g.taken_tokens_this_turn:
        return
    for i, (hx, hy) in enumerate(L.hand_slots):
        pygame.draw.circle(surface, th.c("table"), vp.p(hx, hy), vp.s(HAND_R + 3))
        if i >= len(g.hand) or hidden.get(HandSpot(i)) or drag == i:
            continue
        lifted = sel == i or (human and math.hypot(mouse[0] - hx, mouse[1] - hy) <= HAND_R)
        if sel == i:
            pygame.draw.circle(surface, th.c("accent"), vp.p(hx, hy), vp.s(HAND_R + 4), max(2, vp.s(3)))
        img = sc.art.token(cname(g.hand[i]), vp.s(HAND_R), symbols)
        _blit_centred(surface, img, vp.p(hx, hy - (3 if lifted else 0)))


# ---------------------------------------------------------------------- other players
def _seats(sc: PlayScene, surface: pygame.Surface, hidden: Hidden) -> None:
    app, th, g, L = sc.app, sc.app.theme, sc.game, sc.layout
    mouse = _hover(sc)
    for i, rect in enumerate(L.seat_panels):
        x, y, w, h = rect
        current = i == g.current and not g.over
        shown = i == sc.shown_seat
        hov = inside(rect, mouse)
        fill = th.c("panel") if current or hov else th.c("button_disabled").lerp(th.c("panel"), 0.75)
        edge = th.c("accent") if current else th.c("ink") if shown else th.c("panel_edge")
        paint.panel(surface, app, rect, fill, radius=12, edge=edge, width=3 if current or shown else 1, shadow=True)
        _badge(sc, surface, i, (x + 18, y + 20), 10)
        seat = sc.seat(i)
        px = paint.fit_px(app, seat.name, 16, 84, True, min_px=12)
        paint.text(surface, app, paint.ellipsize(app, seat.name, px, 84, True), (x + 33, y + 20), px,
                   th.c("ink"), "midleft", bold=True)
        kind = app.t("setup.computer") if seat.is_computer else app.t("setup.human")
        if seat.is_computer:
            kind += " · " + app.t(f"level.{seat.level}", default=seat.level.title())
        paint.text(surface, app, kind, (x + 12, y + 38), paint.fit_px(app, kind, 12, 104), th.c("ink_dim"), "topleft")
        # the cards above this board as small coloured tabs (stripe colour), then completed ones
        cx = x + 12
        cy = y + 56 if h > 120 else y + 52
        for cid, spirit, _n in sc.held_items(i):
            colour = th.c("spirit_cube") if spirit else th.token(g.cards.animal(cid).stripe).fill
            paint.panel(surface, app, (cx, cy, 11, 15), colour, radius=2, edge=th.c("ink"), width=1)
            cx += 14
        done = len(sc.completed_items(i))
        if done:
            paint.text(surface, app, f"✓{done}", (cx + 2, cy + 7.5), 12, th.c("ink_dim"), "midleft", bold=True)
        total = sc.scores[i].total
        paint.text(surface, app, str(total), (x + 12, y + h - 14), 30 if h > 120 else 24, th.c("ink"), "bottomleft",
                   bold=True)
        paint.text(surface, app, app.t("play.score"), (x + 12, y + h - 46 if h > 120 else y + h - 40), 12,
                   th.c("ink_dim"), "bottomleft")
        mini = L.mini_layout(i, sc.board_cells())
        draw_board(sc, surface, i, mini, hidden, False)


# ---------------------------------------------------------------------- spirit choice
def _spirit_choice(sc: PlayScene, surface: pygame.Surface) -> None:
    app, th, L = sc.app, sc.app.theme, sc.layout
    vp = app.vp
    bx, by, bw, bh = L.board_box
    r = vp.r((bx, by - 140, bw, bh + 140))
    shade = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (20, 28, 24, 238), shade.get_rect(), border_radius=vp.s(14))
    surface.blit(shade, r)
    paint.text(surface, app, app.t("play.choose_spirit"), (bx + bw / 2, by - 100), 24, th.c("table_text"), "center",
               bold=True)
    paint.text(surface, app, app.t("play.choose_spirit_hint"), (bx + bw / 2, by - 68), 15, th.c("table_text_dim"),
               "center")
    mouse = _hover(sc)
    for cid, rect in sc.spirit_choice_rects():
        rr = vp.r(rect)
        hov = inside(rect, mouse)
        img = sc.cardart.spirit(cid, rr.w, rr.h, True, app.settings.symbols, True, hov)
        surface.blit(img, rr.move(0, -vp.s(6)) if hov else rr)
        if sc.hint is not None and sc.hint.spirit == cid:
            _hint_frame(sc, surface, rect, 12)


# ---------------------------------------------------------------------- moving things
def _thing(sc: PlayScene, surface: pygame.Surface, sprite: Sprite, pos: tuple[float, float],
           scale: float = 1.0) -> None:
    app, vp = sc.app, sc.app.vp
    symbols = app.settings.symbols
    if isinstance(sprite, TokenSprite):
        _blit_centred(surface, sc.art.token(sprite.colour, max(3, vp.s(HAND_R * scale)), symbols), vp.p(*pos))
    elif isinstance(sprite, CubeSprite):
        _blit_centred(surface, sc.art.cube(max(4, vp.s(16 * scale)), sprite.spirit), vp.p(*pos))
    elif isinstance(sprite, CardSprite):
        w, h = max(8, vp.s(CARD_W * scale)), max(12, vp.s(CARD_H * scale))
        if sprite.card_id in {s.id for s in sc.game.cards.spirits}:
            img = sc.cardart.spirit(sprite.card_id, w, h, True, symbols, False)
        else:
            img = sc.cardart.animal(sprite.card_id, w, h, None, symbols)
        _blit_centred(surface, img, vp.p(*pos))
    else:
        space = sc.game.central[sprite.space] if sprite.space < len(sc.game.central) else ()
        for i, colour in enumerate(space):
            ox, oy = sc.layout.space_token_pos(0, i, len(space))
            cx, cy = sc.layout.spaces[0]
            _blit_centred(surface, sc.art.token(cname(colour), vp.s(TOKEN_R * scale), symbols),
                          vp.p(pos[0] + ox - cx, pos[1] + oy - cy))


def _flyers(sc: PlayScene, surface: pygame.Surface) -> None:
    for f in sc.anims.flyers:
        if f.started:
            _thing(sc, surface, f.sprite, f.pos(), f.current_scale())


def _dragged(sc: PlayScene, surface: pygame.Surface) -> None:
    d = sc.drag
    if d is None:
        return
    g = sc.game
    t = d.target
    # a soft shadow under whatever is held, so it reads as lifted off the table
    vp = sc.app.vp
    shadow = pygame.Surface((vp.s(44), vp.s(18)), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
    surface.blit(shadow, shadow.get_rect(center=vp.p(d.pos[0] + 6, d.pos[1] + 22)))
    if isinstance(t, HandTarget) and t.index < len(g.hand):
        _thing(sc, surface, TokenSprite(cname(g.hand[t.index])), d.pos, 1.1)
    elif isinstance(t, HeldTarget):
        _thing(sc, surface, CubeSprite(t.card_id, sc.views[g.current].spirit == t.card_id), d.pos, 1.2)
    elif isinstance(t, SlotTarget):
        cid = g.display[t.slot]
        if cid:
            _thing(sc, surface, CardSprite(cid), d.pos, 1.0)
    elif isinstance(t, SpaceTarget):
        _thing(sc, surface, SpaceSprite(t.space), d.pos, 1.15)


def _banners(sc: PlayScene, surface: pygame.Surface) -> None:
    if sc.shown_seat != sc.game.current:
        return  # the "viewing" notice has that spot
    th = sc.app.theme
    L = sc.layout
    bx, by, bw, bh = L.board_box
    for k, b in enumerate(sc.anims.banners[-2:]):
        fade = min(1.0, b.t / 0.15, (b.dur - b.t) / 0.35)
        fill = th.c("notice") if b.style == "notice" else th.c("panel")
        _pill(sc, surface, b.text, (bx + bw / 2, by + 44 + k * 46), 22, fill, th.c("ink"), th.c("accent"),
              int(255 * max(0.0, fade)))


def _preview(sc: PlayScene, surface: pygame.Surface) -> None:
    """A larger copy of the card under the pointer after a short pause (spirits with their rule)."""
    if sc.hover_card is None or sc.hover_t < 0.45 or sc.drag is not None or sc.must_choose_spirit():
        return
    app, vp = sc.app, sc.app.vp
    cid, spirit, rect = sc.hover_card
    w, h = (190.0, 270.0) if spirit else (160.0, 236.0)
    x = rect[0] + rect[2] + 10
    if x + w > 1270:
        x = rect[0] - w - 10
    y = min(max(8.0, rect[1] - 10), 712 - h)
    r = vp.r((x, y, w, h))
    held = next((n for c, s_, n in sc.held_items(sc.shown_seat) if c == cid), None)
    if spirit:
        img = sc.cardart.spirit(cid, r.w, r.h, bool(held), app.settings.symbols, True)
    else:
        img = sc.cardart.animal(cid, r.w, r.h, held, app.settings.symbols)
    shadow = pygame.Surface((r.w + vp.s(8), r.h + vp.s(8)), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=vp.s(12))
    surface.blit(shadow, (r.x + vp.s(2), r.y + vp.s(4)))
    surface.blit(img, r)


# ---------------------------------------------------------------------- the hint
# Everything the hint shows is drawn in one colour of its own, slowly pulsing, with see-through
# pieces: it must never be mistaken for the real board.
GHOST_ALPHA = 165


def _hint_pulse(sc: PlayScene) -> float:
    return 0.5 + 0.5 * math.sin(sc.app.time * 3.0)


def _hint_frame(sc: PlayScene, surface: pygame.Surface, rect: Rect, radius: float, pad: float = 4) -> None:
    vp = sc.app.vp
    col = sc.app.theme.c("hint")
    r = (rect[0] - pad, rect[1] - pad, rect[2] + 2 * pad, rect[3] + 2 * pad)
    pygame.draw.rect(surface, col, vp.r(r), max(2, vp.s(3 + _hint_pulse(sc))), border_radius=vp.s(radius))


def _hint_badge(sc: PlayScene, surface: pygame.Surface, text: str, pos: tuple[float, float], r: float) -> None:
    """A numbered disc in the hint colour: the order in which to place the tokens."""
    app, vp = sc.app, sc.app.vp
    pygame.draw.circle(surface, app.theme.c("hint"), vp.p(*pos), vp.s(r))
    pygame.draw.circle(surface, app.theme.c("panel"), vp.p(*pos), vp.s(r), max(1, vp.s(1.5)))
    paint.text(surface, app, text, (pos[0], pos[1] + 0.5), r * 1.3, app.theme.c("panel"), "center", bold=True)


def _hint_marks(sc: PlayScene, surface: pygame.Surface) -> None:
    """The hinted space, card and swap outlined; ghost tokens and cubes on the board."""
    plan = sc.hint
    g, L = sc.game, sc.layout
    if plan is None or sc.shown_seat != g.current or sc.must_choose_spirit():
        return
    app, th, vp = sc.app, sc.app.theme, sc.app.vp
    col = th.c("hint")
    if plan.space is not None and plan.space < len(L.spaces) and not g.taken_tokens_this_turn:
        cx, cy = L.spaces[plan.space]
        pygame.draw.circle(surface, col, vp.p(cx, cy), vp.s(L.space_radius + 2), max(2, vp.s(4 + _hint_pulse(sc))))
    for cid, rects in ((plan.card, L.slots), (plan.swap, L.swap_btns)):
        if cid is not None and cid in g.display:
            j = g.display.index(cid)
            if j < len(rects):
                _hint_frame(sc, surface, rects[j], 9)
    # the held cards the hinted cubes come from
    held = [cid for cid, _s, _n in sc.held_items(g.current)]
    for cid in dict.fromkeys(c for c, _cell in plan.cubes):
        if cid in held and held.index(cid) < len(L.held_slots):
            _hint_frame(sc, surface, L.held_slots[held.index(cid)], 9, 3)
    layout = sc.big_layout()
    size = layout.size
    radius = max(3, vp.s(size))
    symbols = app.settings.symbols
    ring_w = max(1, vp.s(2))
    # Heights as the stacks art draws them (a level lifts a disc by 0.17 of the cell radius), so a
    # ghost sits where the real token will.
    heights = {c: len(st) for c, st in sc.views[g.current].stacks.items()}
    lift = 0.17 * size
    badges: list[tuple[str, tuple[float, float]]] = []
    on_cell: dict[tuple[int, int], int] = {}
    for k, (name, cell) in enumerate(plan.tokens):
        h = heights.get(cell, 0)
        x, y = layout.to_pixel(cell)
        dy = 0.0 if h == 0 else (0.5 * (h - 1) + 1) * lift
        ghost = sc.art.stack((name,), radius, symbols, "", False).copy()
        ghost.set_alpha(GHOST_ALPHA)
        _blit_centred(surface, ghost, vp.p(x, y - dy))
        # a ring round the ghost's top face: a placeholder, not a piece
        pygame.draw.circle(surface, col, vp.p(x, y - dy + 0.017 * size), vp.s(0.6 * size) + ring_w, ring_w)
        heights[cell] = h + 1
        # two tokens for one cell (a tree, say): their numbers side by side, in order
        i = on_cell[cell] = on_cell.get(cell, -1) + 1
        badges.append((str(k + 1), (x - 0.56 * size + 0.42 * size * i, y - 0.52 * size)))
    view = sc.views[g.current]
    for cid, cell in plan.cubes:
        n = max(1, heights.get(cell, 1))
        x, y = layout.to_pixel(cell)
        spirit = cid == view.spirit or cid == plan.spirit
        cube = sc.art.cube(max(4, int(radius * 0.53)), spirit).copy()
        cube.set_alpha(GHOST_ALPHA + 40)
        _blit_centred(surface, cube, vp.p(x + 0.05 * size, y - 0.5 * (n - 1) * lift + 0.1 * lift - 0.05 * size))
    for text, pos in badges:
        _hint_badge(sc, surface, text, pos, max(7.0, 0.23 * size))


def _hint_text(sc: PlayScene, surface: pygame.Surface, x0: float) -> None:
    """The hint's line (or that it is on its way) in the top bar, left of the Hint button.

    Up there it never covers the board, whichever cells the hint marks."""
    app, th, L = sc.app, sc.app.theme, sc.layout
    vp = app.vp
    if sc.hint_thinking:
        text = app.t("hint.thinking").rstrip("…") + "." * (1 + int(app.time * 3) % 3)
    else:
        text = sc.hint_line
    pad = 12.0
    max_w = L.hint_btn[0] - 12 - x0 - 2 * pad
    px = paint.fit_px(app, text, 15, max_w, min_px=14)
    if paint.text_width(app, text, px) <= max_w:
        lines = [text]
    else:
        px = 13
        lines = paint.wrap_lines(app.fonts.font(vp.s(px), False), text, vp.s(max_w))
        if len(lines) > 2:
            lines = [lines[0], paint.ellipsize(app, " ".join(lines[1:]), px, max_w)]
    w = max(paint.text_width(app, ln, px) for ln in lines) + 2 * pad
    h = 32.0 if len(lines) == 1 else 42.0
    paint.panel(surface, app, (x0, 25 - h / 2, w, h), th.c("panel"), radius=h / 2 if len(lines) == 1 else 12,
                edge=th.c("hint"), width=2.5)
    step = px * 1.25
    y = 25 - step * (len(lines) - 1) / 2
    for ln in lines:
        paint.text(surface, app, ln, (x0 + pad, y), px, th.c("ink"), "midleft")
        y += step
