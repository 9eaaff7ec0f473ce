"""Drawing helpers the play screen's sections share: cached panels, pills, badges, titles."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from ... import paint
from ..frame import Frame, Kit
from ..places import Stop, Spot, Target

if TYPE_CHECKING:
    from ...look import Look

Rect = tuple[float, float, float, float]
Hex = tuple[int, int]
#: How many flyers hide each spot (drawn without what is on its way there).
Hidden = Mapping[Spot, int]


def cached(app: Look, surface: pygame.Surface, key: Hashable, rect: Rect,
            draw: Callable[[pygame.Surface], None]) -> None:
    """Blit a panel drawn once per game state (its text is much of a frame's cost)."""
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


def blit_centred(surface: pygame.Surface, img: pygame.Surface, pos: tuple[int, int]) -> None:
    surface.blit(img, img.get_rect(center=pos))


def badge(app: Look, surface: pygame.Surface, seat: int, pos: tuple[float, float], r: float) -> None:
    """A seat's disc in its colour with its mark (● ▲ ■ ◆) drawn as a shape of the disc's size: a glyph
    would stay at the smallest text size in a small window and cover the disc."""
    th = app.theme
    style = th.seats[seat % len(th.seats)]
    pygame.draw.circle(surface, style.colour, app.vp.p(*pos), app.vp.s(r))
    pygame.draw.circle(surface, th.c("ink"), app.vp.p(*pos), app.vp.s(r), max(1, app.vp.s(1)))
    mark_shape(app, surface, style.mark, pos, r * 0.48, th.c("ink"))


def mark_shape(app: Look, surface: pygame.Surface, mark: str, pos: tuple[float, float], half: float,
               colour: pygame.Color) -> None:
    """A seat's mark as a filled shape ``half`` (virtual) from its centre to its edge; another mark as text."""
    cx, cy = app.vp.pf(*pos)
    d = max(1.5, half * app.vp.scale)
    shapes = {"▲": [(cx, cy - d), (cx + d * 1.05, cy + d * 0.8), (cx - d * 1.05, cy + d * 0.8)],
              "■": [(cx - d * 0.85, cy - d * 0.85), (cx + d * 0.85, cy - d * 0.85), (cx + d * 0.85, cy + d * 0.85),
                    (cx - d * 0.85, cy + d * 0.85)],
              "◆": [(cx, cy - d * 1.1), (cx + d * 1.1, cy), (cx, cy + d * 1.1), (cx - d * 1.1, cy)]}
    if mark == "●":
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(1, round(d * 0.9)))
    elif mark in shapes:
        pygame.draw.polygon(surface, colour, shapes[mark])
    else:
        paint.text(surface, app, mark, (pos[0], pos[1] + 0.5), half * 2.2, colour, "center")


#: The size of the line over the bottom of the board that says why a drop went back, and how far above
#: the board's bottom its (first line's) centre sits.
MESSAGE_PX, MESSAGE_ABOVE = 15.0, 14.0


def pill_lines(app: Look, text: str, px: float, max_w: float | None = None) -> list[str]:
    """The lines of a :func:`pill` of ``text`` (one, unless it is wider than ``max_w``)."""
    em = app.vp.tv(px)
    if max_w is not None and paint.text_width(app, text, px, True) + em * 1.6 > max_w:
        return paint.wrap_lines(app.fonts.font(app.vp.fs(px), True), text, app.vp.s(max_w - em * 1.6))
    return [text]


def pill_reach(app: Look, text: str, px: float, max_w: float | None = None) -> float:
    """How far above its centre (one line's) a :func:`pill` reaches: it grows upwards with its lines."""
    em = app.vp.tv(px)
    return em * 1.3 * (len(pill_lines(app, text, px, max_w)) - 1) + em * 0.95


def pill(app: Look, surface: pygame.Surface, text: str, centre_pos: tuple[float, float], px: float,
         fill: pygame.Color, ink: pygame.Color, edge: pygame.Color | None = None, alpha: int = 255,
         max_w: float | None = None) -> None:
    """``text`` on a rounded label centred on ``centre_pos``; with ``max_w``, a text wider than that wraps
    onto more lines and the label grows upwards (its bottom edge stays where one line's would be)."""
    lines = pill_lines(app, text, px, max_w)
    em = app.vp.tv(px)
    step = em * 1.3
    w = max(paint.text_width(app, line, px, True) for line in lines) + em * 1.6
    h = em * 1.9 + step * (len(lines) - 1)
    cx, cy = centre_pos[0], centre_pos[1] - step * (len(lines) - 1) / 2
    rect = (cx - w / 2, cy - h / 2, w, h)
    radius = min(h / 2, em * 0.95)
    if alpha >= 255:
        paint.panel(surface, app, rect, fill, radius=radius, edge=edge, width=2, shadow=True)
        for k, line in enumerate(lines):
            paint.text(surface, app, line, (cx, cy + step * (k - (len(lines) - 1) / 2)), px, ink, "center", bold=True)
        return
    r = app.vp.r(rect)
    layer = pygame.Surface((r.w + 8, r.h + 8), pygame.SRCALPHA)
    rr = app.vp.s(radius)
    pygame.draw.rect(layer, fill, pygame.Rect(4, 4, r.w, r.h), border_radius=rr)
    if edge is not None:
        pygame.draw.rect(layer, edge, pygame.Rect(4, 4, r.w, r.h), max(1, app.vp.s(2)), border_radius=rr)
    for k, line in enumerate(lines):
        img = app.fonts.render(line, app.vp.fs(px), ink, True)
        dy = app.vp.s(step * (k - (len(lines) - 1) / 2))
        layer.blit(img, img.get_rect(center=(4 + r.w // 2, 4 + r.h // 2 + dy)))
    layer.set_alpha(alpha)
    surface.blit(layer, (r.x - 4, r.y - 4))


def title(app: Look, surface: pygame.Surface, text: str, pos: tuple[float, float], anchor: str = "topleft") -> None:
    paint.text(surface, app, text, pos, 15, app.theme.c("ink_dim"), anchor, bold=True)


def titled_panel(app: Look, surface: pygame.Surface, rect: tuple[float, float, float, float], key: str) -> None:
    """A section's panel with its title in the top-left corner (the catalogue's ``key``)."""
    th = app.theme
    paint.panel(surface, app, rect, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
    title(app, surface, app.t(key), (rect[0] + 12, rect[1] + 8))


def dashed_rect(surface: pygame.Surface, colour: pygame.Color, r: pygame.Rect, radius: int) -> None:
    pygame.draw.rect(surface, colour, r, max(1, radius // 4), border_radius=radius)


#: The whole virtual screen: the rectangle of the sections drawn over everything else.
SCREEN: Rect = (0.0, 0.0, 1280.0, 720.0)


class Section:
    """One part of the play screen: it owns ``rect``, draws itself from a :class:`Frame`, says what a point
    is over (:meth:`hit`) and lists its stops of the keyboard ring (:meth:`stops`).

    The play screen keeps one ordered list of sections (``play/screen.py``): drawn in that order, hit-tested
    in the reverse order (the topmost first), and the ring steps through their stops in that order."""

    def __init__(self, kit: Kit, rect: Rect = SCREEN) -> None:
        self.kit = kit
        self.rect = rect

    def draw(self, surface: pygame.Surface, f: Frame) -> None:
        raise NotImplementedError

    def hit(self, f: Frame, pos: tuple[float, float]) -> Target | None:
        """What of this section is under ``pos`` (None: nothing it owns)."""
        return None

    def stops(self, f: Frame) -> list[Stop]:
        """This section's stops of the keyboard ring, in order."""
        return []
