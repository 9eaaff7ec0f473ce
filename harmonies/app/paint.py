"""Small drawing helpers that work in virtual coordinates (see viewport.py)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .look import Look

ColourLike = pygame.Color | tuple[int, ...]


def text(surface: pygame.Surface, app: Look, s: str, pos: tuple[float, float], px: float,
         colour: ColourLike, anchor: str = "topleft", bold: bool = False, wrap: float = 0) -> pygame.Rect:
    """Draw ``s`` at virtual ``pos``; returns the real rect used. ``px`` is a virtual size."""
    vp = app.vp
    surf = app.fonts.render(s, vp.fs(px), colour, bold, vp.s(wrap) if wrap else 0)
    rect = surf.get_rect(**{anchor: vp.p(*pos)})
    surface.blit(surf, rect)
    return rect


def text_width(app: Look, s: str, px: float, bold: bool = False) -> float:
    """Width of ``s`` in virtual units."""
    return app.fonts.size(s, app.vp.fs(px), bold)[0] / app.vp.scale


def fit_px(app: Look, s: str, px: float, max_w: float, bold: bool = False, min_px: float = 9) -> float:
    """The largest size <= ``px`` at which ``s`` fits into ``max_w`` virtual units. ``min_px`` is the
    smallest size at the normal text size: at 125 or 150 % a text that does not fit may shrink back that
    far, so whatever fits at 100 % fits at every text size."""
    floor = min_px / app.vp.text_scale
    while px > floor and text_width(app, s, px, bold) > max_w:
        px -= 1
    return px


def fit_scaled(app: Look, s: str, px: float, max_w: float, bold: bool = False) -> float:
    """The largest size <= ``px`` at which ``s`` fits ``max_w``, giving up no more than the text size
    setting added: never under what ``px`` is at the normal text size."""
    return fit_px(app, s, px, max_w, bold, min_px=px)


def ellipsize(app: Look, s: str, px: float, max_w: float, bold: bool = False) -> str:
    """``s`` cut with an ellipsis so that it fits ``max_w`` virtual units at size ``px``."""
    if text_width(app, s, px, bold) <= max_w:
        return s
    while s and text_width(app, s + "…", px, bold) > max_w:
        s = s[:-1]
    return s.rstrip() + "…"


def panel(surface: pygame.Surface, app: Look, rect: tuple[float, float, float, float], fill: ColourLike,
          radius: float = 10, edge: ColourLike | None = None, width: float = 1.5, shadow: bool = False) -> pygame.Rect:
    """A rounded panel; drawn once per look and size, then blitted (panels are most of a frame)."""
    vp = app.vp
    r = vp.r(rect)
    rad = vp.s(radius)
    lw = max(1, vp.s(width)) if edge is not None else 0
    fc = pygame.Color(fill)
    ec = pygame.Color(edge) if edge is not None else None
    key = (r.w, r.h, tuple(fc), rad, tuple(ec) if ec is not None else None, lw, shadow)
    cache: dict[object, pygame.Surface] = app.cache.setdefault("panel", {})
    img = cache.get(key)
    pad = vp.s(6) if shadow else 0
    if img is None:
        img = pygame.Surface((r.w + 2 * pad, r.h + 2 * pad), pygame.SRCALPHA)
        body = pygame.Rect(pad, pad, r.w, r.h)
        if shadow:
            sh = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(sh, (0, 0, 0, 60), body.move(vp.s(2), vp.s(4)), border_radius=rad)
            img.blit(sh, (0, 0))
        pygame.draw.rect(img, fc, body, border_radius=rad)
        if ec is not None:
            pygame.draw.rect(img, ec, body, lw, border_radius=rad)
        if len(cache) > 400:
            cache.clear()
        cache[key] = img
    surface.blit(img, (r.x - pad, r.y - pad))
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


#: Characters a line may not start with: closing brackets and punctuation, the long vowel mark and
#: small kana (Japanese kinsoku shori), and the punctuation French sets after a space (« : » « ! »).
NO_LINE_START = frozenset("、。，．・：；？！゛゜ヽヾゝゞ々ー）］｝〕〉》」』】〙〗〟’”…‥"
                          "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ,.:;!?)]}»%")
#: Characters a line may not end with: opening brackets and quotes.
NO_LINE_END = frozenset("（［｛〔〈《「『【〘〖〝‘“([{«")


def _breaks_anywhere(ch: str) -> bool:
    """Whether a line may break before and after ``ch``: the scripts written without spaces
    (CJK punctuation, kana, ideographs, full-width forms)."""
    code = ord(ch)
    return (0x3000 <= code <= 0x30FF or 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF
            or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF)


def _ideograph(ch: str) -> bool:
    """Whether ``ch`` is a kanji: a run of them is one word (建物, 動物) and stays on one line."""
    code = ord(ch)
    return 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF


def _after_hyphen(before: str, ch: str) -> bool:
    """Whether a letter ``ch`` follows the hyphen of a compound word ending ``before`` (a line may break there)."""
    return len(before) >= 2 and before[-1] == "-" and before[-2].isalpha() and ch.isalpha()


def _atoms(para: str) -> list[tuple[str, bool]]:
    """``para`` cut where a line may break: (text, whether a space comes before it).

    Words written with spaces stay whole, except after the hyphen of a compound word (Martin-|pêcheur);
    Japanese breaks between any two characters, except
    inside a run of kanji (a word), and a no-start character joins the one before it and a no-end
    character the one after.
    """
    atoms: list[tuple[str, bool]] = []
    space = False
    glue_next = False
    for ch in para:
        if ch == " ":
            space = True
            continue
        cjk = _breaks_anywhere(ch)
        joins = bool(atoms) and (glue_next or (ch in NO_LINE_START and (not space or not ch.isalnum()))
                                 or (not space and _ideograph(ch) and _ideograph(atoms[-1][0][-1]))
                                 or (not space and not cjk and not _breaks_anywhere(atoms[-1][0][-1])
                                     and not _after_hyphen(atoms[-1][0], ch)))
        if joins:
            text_, before = atoms[-1]
            atoms[-1] = (text_ + (" " if space else "") + ch, before)
        else:
            atoms.append((ch, space))
        glue_next = ch in NO_LINE_END
        space = False
    return atoms


def wrap_lines(font: pygame.font.Font, s: str, max_px: int) -> list[str]:
    """Break ``s`` into lines no wider than ``max_px``: at spaces, or between any two characters of
    text written without spaces (Japanese), never putting a no-start character (、。」ー…) at the
    start of a line nor a no-end one (「（…) at its end. A word wider than the line stays whole."""
    lines: list[str] = []
    for para in s.split("\n"):
        cur = ""
        for atom, spaced in _atoms(para):
            trial = f"{cur}{' ' if spaced and cur else ''}{atom}"
            if font.size(trial)[0] <= max_px or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = atom
        lines.append(cur)
    return lines


def block_height(app: Look, s: str, px: float, width: float, bold: bool = False, line: float = 1.32) -> float:
    """The virtual height :func:`text_block` would use for ``s``."""
    font = app.fonts.font(app.vp.fs(px), bold)
    return len(wrap_lines(font, s, app.vp.s(width))) * app.vp.tv(px) * line


def text_block(surface: pygame.Surface, app: Look, s: str, pos: tuple[float, float], px: float,
               colour: ColourLike, width: float, bold: bool = False, line: float = 1.32,
               align: str = "left") -> float:
    """Wrapped text with comfortable line spacing; returns the virtual height used."""
    vp = app.vp
    font = app.fonts.font(vp.fs(px), bold)
    x, y = pos
    step = vp.tv(px) * line
    for ln in wrap_lines(font, s, vp.s(width)):
        if align == "center":
            text(surface, app, ln, (x + width / 2, y), px, colour, "midtop", bold)
        else:
            text(surface, app, ln, (x, y), px, colour, "topleft", bold)
        y += step
    return y - pos[1]


def sun(surface: pygame.Surface, app: Look, cx: float, cy: float, r: float, reach: float = 1.35,
        width: float = 2) -> None:
    """A sun of radius ``r`` centred at ``cx, cy``: a disc in the accent colour with eight rays out to
    ``reach`` times ``r``, ``width`` thick."""
    vp, colour = app.vp, app.theme.c("accent")
    for i in range(8):
        a = math.pi / 4 * i
        pygame.draw.line(surface, colour, vp.p(cx + math.cos(a) * r * 0.9, cy + math.sin(a) * r * 0.9),
                         vp.p(cx + math.cos(a) * r * reach, cy + math.sin(a) * r * reach), max(1, vp.s(width)))
    pygame.draw.circle(surface, colour, vp.p(cx, cy), vp.s(r * 0.75))
