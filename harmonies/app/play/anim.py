"""Short animations of things moving between places, driven by the rules' events.

A flyer carries a :data:`Sprite` from ``src`` to ``dst``; while it flies, the thing at its
destination is hidden (its :data:`~harmonies.app.play.places.Spot`), so the board never shows a token before it lands.
Everything is in virtual coordinates.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal, Union

from .places import Spot

Point = tuple[float, float]
Hex = tuple[int, int]


# ---------------------------------------------------------------- what flies
@dataclass(frozen=True)
class TokenSprite:
    """One token (``colour`` is its colour's name)."""

    colour: str


@dataclass(frozen=True)
class CubeSprite:
    """An animal cube, or the spirit cube."""

    card_id: str
    spirit: bool = False


@dataclass(frozen=True)
class CardSprite:
    """An animal or spirit card."""

    card_id: str


@dataclass(frozen=True)
class SpaceSprite:
    """The tokens of a central-board space, carried together."""

    space: int


Sprite = Union[TokenSprite, CubeSprite, CardSprite, SpaceSprite]


@dataclass
class Flyer:
    sprite: Sprite
    src: Point
    dst: Point
    dur: float
    delay: float = 0.0
    hide: Spot | None = None
    scale: tuple[float, float] = (1.0, 1.0)
    t: float = 0.0

    @property
    def progress(self) -> float:
        if self.dur <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.t - self.delay) / self.dur))

    @property
    def started(self) -> bool:
        return self.t >= self.delay

    def pos(self) -> Point:
        p = self.progress
        e = 1 - (1 - p) ** 3 if p < 1 else 1.0
        x = self.src[0] + (self.dst[0] - self.src[0]) * e
        y = self.src[1] + (self.dst[1] - self.src[1]) * e
        # a gentle arc, as if lifted from the table
        dist = math.hypot(self.dst[0] - self.src[0], self.dst[1] - self.src[1])
        y -= math.sin(math.pi * e) * min(60.0, dist * 0.18)
        return (x, y)

    def current_scale(self) -> float:
        e = self.progress
        return self.scale[0] + (self.scale[1] - self.scale[0]) * e


BannerStyle = Literal["info", "notice"]


@dataclass
class Banner:
    text: str
    dur: float
    t: float = 0.0
    style: BannerStyle = "info"
    #: A whose-turn banner: a newer one replaces it, so two turns never show at once.
    turn: bool = False


@dataclass
class Animator:
    flyers: list[Flyer] = field(default_factory=list)
    banners: list[Banner] = field(default_factory=list)

    def add(self, flyer: Flyer) -> None:
        if flyer.dur <= 0 and flyer.delay <= 0:
            return
        self.flyers.append(flyer)

    def banner(self, text: str, dur: float = 2.2, style: BannerStyle = "info", turn: bool = False) -> None:
        self.banners = [b for b in self.banners if b.text != text and not (turn and b.turn)]
        self.banners.append(Banner(text, dur, style=style, turn=turn))

    def update(self, dt: float) -> None:
        for f in self.flyers:
            f.t += dt
        self.flyers = [f for f in self.flyers if f.t < f.delay + f.dur]
        for b in self.banners:
            b.t += dt
        self.banners = [b for b in self.banners if b.t < b.dur]

    @property
    def busy(self) -> bool:
        return bool(self.flyers)

    def finish(self) -> None:
        """Land everything at once (a new command arrives; the state is already final)."""
        self.flyers.clear()

    def hidden(self) -> Counter[Spot]:
        return Counter(f.hide for f in self.flyers if f.hide is not None)
