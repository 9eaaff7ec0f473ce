"""How to play's worked examples: a building that scores beside a lone red token that does not, an animal
card from its full track to its first points, a river longer than the table, and the two spirits dealt.

Which card, spirit and river length is chosen in ``assets/howto.yaml``; every number drawn is the rules'
(``RulesData``, the stack table) or the card's own, so an example cannot say what the scoring does not do.
Last, the pages in order: each page's topic (what F1 asks for) and its figure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...rules import Colour
from ...rules.kernels import BUILDING, stack_table
from .. import paint
from ..cardart import pattern_stack
from ..hexgrid import fit_layout
from .howto_figures import (Box, Figure, Pictures, _arrow, _caption, _cell, _heading, _mark, _points, solo_suns,
                            stacks, trees_mountains)

if TYPE_CHECKING:
    from ..look import Look

#: The six cells around a cell, as virtual offsets for a cell radius of 1 (flat-topped hexes).
_AROUND = ((0.0, -2.0), (1.73, 1.0), (-1.73, 1.0), (1.73, -1.0), (-1.73, -1.0), (0.0, 2.0))


def _lone_red_points(pic: Pictures) -> int:
    """What a red token alone on a cell scores as a building: the stack table says whether it is one."""
    table = stack_table()
    alone = table.ids.get((Colour.RED,))
    return pic.rules.building_points if alone is not None and table.kind[alone] == BUILDING else 0


def fields_buildings(surface: pygame.Surface, app: Look, pic: Pictures, box: Box) -> None:
    """The smallest field that scores; then a wrong-vs-right pair: a lone red token among enough colours scores
    nothing, red on top of another token (a building) scores."""
    x, y, w, _h = box
    rd = pic.rules
    _heading(surface, app, "score.fields", (x + w / 2, y), w)
    n = rd.field_min_size
    for i in range(n):
        _cell(surface, app, pic.art, ("yellow",), (x + w / 2 - 70 - (n - 1 - i) * 52, y + 62 + (i % 2) * 26), 28)
    _arrow(surface, app, (x + w / 2 + 10, y + 70))
    _points(surface, app, str(rd.field_points), (x + w / 2 + 60, y + 70))
    _heading(surface, app, "score.buildings", (x + w / 2, y + 130), w)
    around = [str(c) for c in pic.examples["building_around"]][:rd.building_min_colours]
    half = w / 2
    for k, (centre, right, points) in enumerate(((("red",), False, _lone_red_points(pic)),
                                                (("gray", "red"), True, rd.building_points))):
        cx, cy = x + half * (k + 0.5), y + 250
        _cell(surface, app, pic.art, centre, (cx, cy), 28)
        for colour, (dx, dy) in zip(around, _AROUND):
            _cell(surface, app, pic.art, (colour,), (cx + dx * 28, cy + dy * 28), 28)
        _mark(surface, app, right, (cx - 28, y + 370))
        _points(surface, app, str(points), (cx + 22, y + 370), 20)
        note = app.t("howto.fig.building_right" if right else "howto.fig.building_wrong")
        paint.text_block(surface, app, note, (cx - half / 2 + 6, y + 396), 15, app.theme.c("ink_dim"), half - 12,
                         align="center")


def water(surface: pygame.Surface, app: Look, pic: Pictures, box: Box) -> None:
    """Side A: river length against points, then a river longer than the table worked out (each token past
    the table adds the same); side B: one island."""
    x, y, w, _h = box
    th = app.theme
    rd = pic.rules
    _heading(surface, app, "score.water_river", (x + w / 2, y), w)
    lengths = sorted(rd.river_points)
    longest = lengths[-1]
    col_w = (w - 20) / (len(lengths) + 1)
    for i, length in enumerate(lengths + [longest + 1]):
        cx = x + 10 + col_w * (i + 0.5)
        label = str(length) if i < len(lengths) else f"{length}+"
        pts = str(rd.river_points[length]) if i < len(lengths) else f"+{rd.river_beyond_6}"
        paint.text(surface, app, label, (cx, y + 32), paint.fit_px(app, label, 18, col_w - 8, bold=True),
                   th.c("ink"), "midtop", bold=True)
        _cell(surface, app, pic.art, ("blue",), (cx, y + 76), 22)
        _points(surface, app, pts, (cx, y + 118), 18)
    _caption(surface, app, app.t("howto.fig.river_caption"), (x + w / 2, y + 142), w)
    # a river past the table: the table's last value, then the same amount for each token more
    n = max(int(pic.examples["river_length"]), longest + 1)
    extra = n - longest
    total = rd.river_points[longest] + extra * rd.river_beyond_6
    for i in range(n):
        _cell(surface, app, pic.art, ("blue",), (x + 24 + i * 34, y + 196 + (i % 2) * 18), 20)
    _arrow(surface, app, (x + 40 + n * 34, y + 205))
    _points(surface, app, str(total), (x + 80 + n * 34, y + 205), 20)
    _caption(surface, app, app.t("howto.fig.river_example", n=n, last=longest, base=rd.river_points[longest],
                                 extra=rd.river_beyond_6, total=total), (x + w / 2, y + 236), w)
    _heading(surface, app, "score.water_islands", (x + w / 2, y + 276), w)
    cx, cy = x + w / 2 - 60, y + 366
    _cell(surface, app, pic.art, ("green",), (cx, cy), 24)
    for dx, dy in _AROUND:
        _cell(surface, app, pic.art, ("blue",), (cx + dx * 24, cy + dy * 24), 24)
    _arrow(surface, app, (cx + 90, cy))
    _points(surface, app, str(rd.island_points), (cx + 134, cy))


def _habitat(surface: pygame.Surface, app: Look, pic: Pictures, card_id: str, box: Box, cube: str) -> None:
    """A card's habitat formed on board cells, inside a virtual box, its cube (``animal`` or ``spirit``) placed."""
    vp = app.vp
    card = pic.cards.cards.get(card_id)
    r = vp.r(box)
    layout = fit_layout([(c.q, c.r) for c in card.cells], (r.x, r.y, r.w, r.h), max_size=vp.s(30))
    radius = max(4, int(layout.size))
    th = app.theme
    cell = pic.art.hex_cell(radius, tuple(th.c("board")), tuple(th.c("board_edge")))
    for c in sorted(card.cells, key=lambda c: layout.to_pixel((c.q, c.r))[1]):
        centre = tuple(int(v) for v in layout.to_pixel((c.q, c.r)))
        surface.blit(cell, cell.get_rect(center=centre))
        spr = pic.art.stack(pattern_stack(c.stacks), radius, app.settings.symbols, cube if c.cube else "")
        surface.blit(spr, spr.get_rect(center=centre))


def animal_card(surface: pygame.Surface, app: Look, pic: Pictures, box: Box) -> None:
    """One animal card worked through: taken with every cube on its track (it scores nothing yet), its habitat
    formed on the board and the lowest cube moved there, the card then worth its first number; under it the
    whole track: cubes moved against points."""
    x, y, w, _h = box
    vp = app.vp
    card_id = str(pic.examples["animal_card"])
    track = pic.cards.cards.animal(card_id).track
    cw, ch = 128.0, 184.0
    for k, (cx, cubes_on, points) in enumerate(((x + 72, len(track), 0), (x + w - 72, len(track) - 1, track[0]))):
        img = pic.cards.animal(card_id, vp.s(cw), vp.s(ch), cubes_on, app.settings.symbols)
        surface.blit(img, img.get_rect(midtop=vp.p(cx, y)))
        _points(surface, app, str(points), (cx, y + ch + 28), 20)
    _arrow(surface, app, (x + 150, y + ch / 2))
    _habitat(surface, app, pic, card_id, (x + 166, y + 20, w - 332, ch - 40), "animal")
    _arrow(surface, app, (x + w - 150, y + ch / 2))
    _caption(surface, app, app.t("howto.fig.habitat"), (x + w / 2, y + ch - 6), w - 300)
    top = y + ch + 74
    _heading(surface, app, "howto.fig.track", (x + w / 2, top), w)
    col = w / max(len(track), 1)
    cube = pic.art.cube(vp.s(18))
    for i, value in enumerate(track):
        cx = x + col * (i + 0.5)
        for j in range(i + 1):
            surface.blit(cube, cube.get_rect(center=vp.p(cx + (j - i / 2) * 16, top + 48)))
        _points(surface, app, str(value), (cx, top + 92), 20)


def spirits(surface: pygame.Surface, app: Look, pic: Pictures, box: Box) -> None:
    """The two spirit cards dealt: one kept with its cube, one back in the box; then the kept card's habitat
    with the spirit cube placed, which makes the card score by its rule."""
    x, y, w, _h = box
    vp = app.vp
    cw, ch = 168.0, 236.0
    for k, key in enumerate(("spirit_kept", "spirit_returned")):
        cx = x + w * (0.27 + 0.46 * k)
        kept = k == 0
        img = pic.cards.spirit(str(pic.examples[key]), vp.s(cw), vp.s(ch), kept, app.settings.symbols, True, kept)
        if not kept:
            img = img.copy()
            img.set_alpha(120)
        surface.blit(img, img.get_rect(midtop=vp.p(cx, y)))
        _mark(surface, app, kept, (cx - cw / 2 + 8, y + ch + 20), 10)
        label = app.t("howto.fig.spirit_keep" if kept else "howto.fig.spirit_return")
        # the label may run past the card, into the room up to the next card (or the figure's edge)
        room = w * 0.46 - 36
        paint.text(surface, app, label, (cx - cw / 2 + 26, y + ch + 20), paint.fit_px(app, label, 16, room),
                   app.theme.c("ink"), "midleft")
    _habitat(surface, app, pic, str(pic.examples["spirit_kept"]), (x + 20, y + ch + 50, 190, 130), "spirit")
    _arrow(surface, app, (x + 226, y + ch + 115))
    paint.text_block(surface, app, app.t("howto.fig.spirit_scores"), (x + 246, y + ch + 82), 16,
                     app.theme.c("ink"), w - 250)


#: The rules' pages in the catalogues' order: the topic F1 names a page by, and the figure beside its text
#: (None: the text takes the page's width).
PAGES: tuple[tuple[str, Figure | None], ...] = (
    ("turn", None), ("stacking", stacks), ("animals", animal_card), ("trees", trees_mountains),
    ("fields", fields_buildings), ("water", water), ("spirits", spirits), ("solo", solo_suns), ("end", None))
FIGURES: tuple[Figure | None, ...] = tuple(figure for _topic, figure in PAGES)
TOPICS: tuple[str, ...] = tuple(topic for topic, _figure in PAGES)
