"""Small drawing helpers that work in virtual coordinates (see viewport.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App

ColourLike = pygame.Color | tuple[int, ...]


def text(surface: pygame.Surface, app: "App", s: str, pos: tuple[float, float], px: float,
         colour: ColourLike, anchor: str = "topleft", bold: bool = False, wrap: float = 0) -> pygame.Rect:
    """Draw ``s`` at virtual ``pos``; returns the real rect used. ``px`` is a virtual size."""
    vp = app.vp
    surf = app.fonts.render(s, vp.s(px), colour, bold, vp.s(wrap) if wrap else 0)
    rect = surf.get_rect(**{anchor: vp.p(*pos)})
    surface.blit(surf, rect)
    return rect


def text_width(app: "App", s: str, px: float, bold: bool = False) -> float:
    """Width of ``s`` in virtual units."""
    return app.fonts.size(s, app.vp.s(px), bold)[0] / app.vp.scale


def fit_px(app: "App", s: str, px: float, max_w: float, bold: bool = False, min_px: float = 9) -> float:
    """The largest size <= ``px`` at which ``s`` fits into ``max_w`` virtual units."""
    while px > min_px and text_width(app, s, px, bold) > max_w:
        px -= 1
    return px


def panel(surface: pygame.Surface, app: "App", rect: tuple[float, float, float, float], fill: ColourLike,
          radius: float = 10, edge: ColourLike | None = None, width: float = 1.5, shadow: bool = False) -> pygame.Rect:
    vp = app.vp
    r = vp.r(rect)
    rad = vp.s(radius)
    if shadow:
        sh = r.move(vp.s(2), vp.s(4))
        veil = pygame.Surface(sh.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 60), veil.get_rect(), border_radius=rad)
        surface.blit(veil, sh)
    pygame.draw.rect(surface, fill, r, border_radius=rad)
    if edge is not None:
        pygame.draw.rect(surface, edge, r, max(1, vp.s(width)), border_radius=rad)
    return r


def veil(surface: pygame.Surface, alpha: int = 150, colour: tuple[int, int, int] = (15, 22, 19)) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((*colour, alpha))
    surface.blit(shade, (0, 0))


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 3 * t * t - 2 * t * t * t


def wrap_lines(font: pygame.font.Font, s: str, max_px: int) -> list[str]:
    """Break ``s`` into lines no wider than ``max_px``: at spaces, or between any two
    characters for text written without spaces (Japanese)."""
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ") if " " in para else list(para)
        sep = " " if " " in para else ""
        cur = ""
        for w in words:
            trial = f"{cur}{sep}{w}" if cur else w
            if font.size(trial)[0] <= max_px or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


def text_block(surface: pygame.Surface, app: "App", s: str, pos: tuple[float, float], px: float,
               colour: ColourLike, width: float, bold: bool = False, line: float = 1.32,
               align: str = "left") -> float:
    """Wrapped text with comfortable line spacing; returns the virtual height used."""
    vp = app.vp
    font = app.fonts.font(vp.s(px), bold)
    x, y = pos
    step = px * line
    for ln in wrap_lines(font, s, vp.s(width)):
        if align == "center":
            text(surface, app, ln, (x + width / 2, y), px, colour, "midtop", bold)
        else:
            text(surface, app, ln, (x, y), px, colour, "topleft", bold)
        y += step
    return y - pos[1]
