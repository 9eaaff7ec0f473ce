"""Palette, fonts and cached text rendering, loaded from ``assets/theme.yaml``."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import pygame

from .assets import AssetError, asset, load_yaml
from .viewport import MIN_TEXT_PX

COLOUR_NAMES = ("blue", "gray", "brown", "green", "yellow", "red")


def _colour(value: Any, where: str) -> pygame.Color:
    try:
        return pygame.Color(str(value))
    except ValueError as exc:
        raise AssetError(f"theme.yaml: bad colour {value!r} at {where}") from exc


@dataclass(frozen=True)
class TokenStyle:
    fill: pygame.Color
    edge: pygame.Color
    symbol: pygame.Color


@dataclass(frozen=True)
class SeatStyle:
    colour: pygame.Color
    mark: str


class Theme:
    """Named colours (``theme.c("ink")``), token styles by colour name, seat styles."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.colours = {k: _colour(v, f"colours.{k}") for k, v in data["colours"].items()}
        self.tokens: dict[str, TokenStyle] = {}
        for name in COLOUR_NAMES:
            spec = data["tokens"][name]
            self.tokens[name] = TokenStyle(
                *(_colour(spec[k], f"tokens.{name}.{k}") for k in ("fill", "edge", "symbol"))
            )
        self.seats = [SeatStyle(_colour(s["colour"], "players"), str(s["mark"])) for s in data["players"]]
        self.font_files = {k: str(v) for k, v in data["fonts"].items()}

    @classmethod
    def load(cls) -> Theme:
        data = load_yaml("theme.yaml")
        try:
            return cls(data)
        except (KeyError, TypeError) as exc:
            raise AssetError(f"theme.yaml: missing or malformed entry {exc}") from exc

    def c(self, name: str) -> pygame.Color:
        return self.colours[name]

    def token(self, colour: object) -> TokenStyle:
        """Style for a colour given as a name or anything with ``.name`` (the rules' Colour)."""
        key = colour if isinstance(colour, str) else getattr(colour, "name", str(colour))
        return self.tokens[str(key).lower()]


class Fonts:
    """Fonts by pixel size, and an LRU cache of rendered text surfaces.

    Text is the most expensive thing drawn each frame, so identical strings are
    rendered once and blitted afterwards.
    """

    def __init__(self, theme: Theme, cache_size: int = 1200) -> None:
        self.paths = {k: asset(v) for k, v in theme.font_files.items()}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._cache: OrderedDict[tuple[str, int, bool, tuple[int, int, int, int], int], pygame.Surface] = OrderedDict()
        self._cache_size = cache_size

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (max(MIN_TEXT_PX, px), bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(self.paths["bold" if bold else "regular"]), key[0])
            self._fonts[key] = font
        return font

    def render(self, text: str, px: int, colour: pygame.Color | tuple[int, ...], bold: bool = False,
               wrap: int = 0) -> pygame.Surface:
        col = pygame.Color(colour)
        key = (text, max(MIN_TEXT_PX, px), bold, (col.r, col.g, col.b, col.a), wrap)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        font = self.font(px, bold)
        if wrap > 0:
            surf = font.render(text, True, col, None, wrap)
        else:
            surf = font.render(text, True, col)
        if col.a < 255:
            surf.set_alpha(col.a)
        self._cache[key] = surf
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return surf

    def size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        return self.font(px, bold).size(text)
