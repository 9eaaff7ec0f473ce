"""What a drawing helper may read: the :class:`Look` of the window.

A helper that draws (a panel, a chart, a card, a key line) needs the theme, the fonts, the viewport, the
words of the language shown and the player's display settings, and nothing else of the app: it opens no
screen, saves nothing and plays no sound. It is typed with this read-only protocol, which the app meets as
it stands, so a caller hands ``self.app`` and the helper sees only what drawing reads.
"""

from __future__ import annotations

from typing import Any, Protocol

from harmonies.catalogue import Catalogue

from .input import InputMap, Pads
from .settings import Settings
from .theme import Fonts, Theme
from .viewport import Viewport


class Look(Protocol):
    """The window's style and words, read-only, as drawing helpers see them."""

    @property
    def theme(self) -> Theme: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def vp(self) -> Viewport:
        """Virtual coordinates to pixels, and the text scale."""

    @property
    def catalogue(self) -> Catalogue:
        """The words of the language shown."""

    @property
    def language(self) -> str:
        """The code of the language shown (``en``, ``ja``), for what is laid out per language."""

    @property
    def settings(self) -> Settings:
        """The player's settings (symbols on tokens and the like)."""

    @property
    def input(self) -> InputMap:
        """What keys mean, for the lines that name them."""

    @property
    def pads(self) -> Pads:
        """The game controllers plugged in (the one last used gives the prompts' buttons)."""

    @property
    def cache(self) -> dict[str, dict[Any, Any]]:
        """Drawing caches (pure memoisation of sprites, safe to clear at any time)."""

    @property
    def time(self) -> float:
        """Seconds the window has run, for what pulses or blinks."""

    def t(self, key: str, default: str | None = None, **params: Any) -> str:
        """The text of ``key`` in the language shown."""

    def mouse_virtual(self) -> tuple[float, float]:
        """Where the pointer is, in virtual units (what it hovers is drawn lit)."""
