"""Measure drawn text against its box: every string the app draws through ``paint.text`` is
recorded with the rectangle it took, and compared with the box of the widget drawing it (a
button, a choice, a field, a slider) or, outside widgets, with the smallest panel under its centre
(else the window). A text that
``paint.fit_px`` cannot shrink into the width it was given counts too (its box is that width)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from harmonies.app import cardart, paint, widgets

#: Real pixels a glyph may stick out of its box (antialiasing, the round ends of a button).
SLACK = 2
WIDGET_KINDS = (widgets.Button, widgets.Choice, widgets.TextField, widgets.Slider)


@dataclass(frozen=True)
class Overflow:
    text: str
    rect: pygame.Rect
    box: pygame.Rect
    where: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r} at {tuple(self.rect)} outside {tuple(self.box)}"


class _ThisFrame:
    """What a check gathered in the frame being drawn: emptied when the app starts another frame, so a text
    is compared only with its own frame's texts, widgets and panels. Each entry is a rectangle drawn, the
    part of it that counts when another meets it (``hits``, for one ``collidelistall``) and its name."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.frame = -1
        self.entries: list[tuple[pygame.Rect, str]] = []
        self.hits: list[pygame.Rect] = []

    def _fresh(self) -> None:
        if self.frame != self.app.frames:
            self.frame = self.app.frames
            self.entries.clear()
            self.hits.clear()

    def add(self, rect: pygame.Rect, name: str = "", hit: pygame.Rect | None = None) -> None:
        self._fresh()
        self.entries.append((rect, name))
        self.hits.append(rect if hit is None else hit)

    def met_by(self, rect: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
        """This frame's entries whose counting part ``rect`` meets, in the order drawn."""
        self._fresh()
        return [self.entries[i] for i in rect.collidelistall(self.hits)]

    def last_under(self, point: tuple[int, int]) -> pygame.Rect | None:
        """This frame's rectangle drawn last under ``point``."""
        self._fresh()
        return next((r for r, _ in reversed(self.entries) if r.collidepoint(point)), None)

    def drop(self, gone: Callable[[pygame.Rect], bool]) -> None:
        """Forget this frame's entries whose rectangle ``gone`` accepts."""
        self._fresh()
        kept = [(e, h) for e, h in zip(self.entries, self.hits) if not gone(e[0])]
        self.entries[:] = [e for e, _ in kept]
        self.hits[:] = [h for _, h in kept]


@contextmanager
def measured_text(monkeypatch: pytest.MonkeyPatch, app: Any) -> Iterator[list[Overflow]]:
    """While active, the list yielded fills with every text drawn outside its box."""
    found: list[Overflow] = []
    boxes: list[tuple[pygame.Rect, str]] = []
    draw_text = paint.text

    panels = _ThisFrame(app)
    draw_panel = paint.panel

    def panel(surface: pygame.Surface, app_: Any, rect: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn = draw_panel(surface, app_, rect, *args, **kwargs)
        panels.add(drawn)
        return drawn

    def text(surface: pygame.Surface, app_: Any, s: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = draw_text(surface, app_, s, *args, **kwargs)
        box, where = boxes[-1] if boxes else _panel_under(rect) or (app.window.get_rect(), "window")
        if s.strip() and rect.width and not box.inflate(2 * SLACK, 2 * SLACK).contains(rect):
            found.append(Overflow(s, rect, box, where))
        elif s.strip() and rect.width and surface is app.window and \
                not app.window.get_rect().inflate(2 * SLACK, 2 * SLACK).contains(rect):
            found.append(Overflow(s, rect, app.window.get_rect(), f"{where} off the window"))
        return rect

    def _panel_under(rect: pygame.Rect) -> tuple[pygame.Rect, str] | None:
        """The panel of this frame drawn last under the text's centre (so far): the text sits on it, as a
        pause panel sits over the play screen's panels."""
        under = panels.last_under(rect.center)
        return (under, "panel") if under is not None else None

    def boxed(draw: Callable[..., None]) -> Callable[..., None]:
        def go(self: Any, surface: pygame.Surface, app_: Any, focused: bool) -> None:
            boxes.append((app_.vp.r(self.rect), f"{type(self).__name__} {getattr(self, 'name', '')}".strip()))
            try:
                draw(self, surface, app_, focused)
            finally:
                boxes.pop()
        return go

    fit_px = paint.fit_px

    def fitted(app_: Any, s: str, px: float, max_w: float, bold: bool = False, min_px: float = 9) -> float:
        got = fit_px(app_, s, px, max_w, bold, min_px)
        if paint.text_width(app_, s, got, bold) > max_w + SLACK:
            width = round(paint.text_width(app_, s, got, bold))
            found.append(Overflow(s, pygame.Rect(0, 0, width, 0), pygame.Rect(0, 0, round(max_w), 0), "fit_px"))
        return got

    monkeypatch.setattr(paint, "text", text)
    monkeypatch.setattr(paint, "panel", panel)
    monkeypatch.setattr(paint, "fit_px", fitted)
    for kind in WIDGET_KINDS:
        monkeypatch.setattr(kind, "draw", boxed(kind.draw))
    yield found


@contextmanager
def measured_card_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Overflow]]:
    """While active, the list yielded fills with every line a card sprite draws (its name, a spirit's
    rule, the sentence of an enlarged animal card) outside the box the card gives it or outside the card."""
    found: list[Overflow] = []
    draw_lines = cardart.draw_lines

    def lines(surface: pygame.Surface, font: pygame.font.Font, texts: Any, colour: Any, box: pygame.Rect,
              centred: bool = False) -> list[pygame.Rect]:
        rects = draw_lines(surface, font, texts, colour, box, centred)
        card = surface.get_rect()
        for text, rect in zip(texts, rects):
            if text.strip() and not (box.inflate(2 * SLACK, 2 * SLACK).contains(rect) and card.contains(rect)):
                found.append(Overflow(text, rect, box, f"card {card.size}"))
        return rects

    monkeypatch.setattr(cardart, "draw_lines", lines)
    yield found


@contextmanager
def shrunk_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """While active, the set yielded fills with every text ``paint.fit_px`` had to draw smaller than asked."""
    found: set[str] = set()
    fit_px = paint.fit_px

    def fitted(app_: Any, s: str, px: float, max_w: float, bold: bool = False, min_px: float = 9) -> float:
        got = fit_px(app_, s, px, max_w, bold, min_px)
        if got < px:
            found.add(s)
        return got

    monkeypatch.setattr(paint, "fit_px", fitted)
    yield found


def drawn_texts(monkeypatch: pytest.MonkeyPatch, draw: Callable[[], None]) -> list[str]:
    """Every string ``paint.text`` draws while ``draw()`` runs, in order."""
    seen: list[str] = []
    text = paint.text

    def record(surface: pygame.Surface, app_: Any, s: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        seen.append(s)
        return text(surface, app_, s, *args, **kwargs)

    monkeypatch.setattr(paint, "text", record)
    try:
        draw()
    finally:
        monkeypatch.setattr(paint, "text", text)
    return seen


@contextmanager
def font_sizes(monkeypatch: pytest.MonkeyPatch, app: Any) -> Iterator[list[tuple[int, str]]]:
    """While active, the list yielded fills with the real size (``point_size``) of every font the app's
    text helper hands out, each with what was drawing ("card" inside a card sprite, else "text")."""
    found: list[tuple[int, str]] = []
    where = ["text"]
    font = type(app.fonts).font

    def sized(self: Any, px: int, bold: bool = False) -> pygame.font.Font:
        got: pygame.font.Font = font(self, px, bold)
        found.append((got.point_size, where[-1]))
        return got

    def inside_card(make: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def go(self: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            where.append("card")
            try:
                return make(self, *args, **kwargs)
            finally:
                where.pop()
        return go

    monkeypatch.setattr(type(app.fonts), "font", sized)
    monkeypatch.setattr(cardart.CardArt, "animal", inside_card(cardart.CardArt.animal))
    monkeypatch.setattr(cardart.CardArt, "spirit", inside_card(cardart.CardArt.spirit))
    yield found


@contextmanager
def crowded_text(monkeypatch: pytest.MonkeyPatch, app: Any) -> Iterator[list[Overflow]]:
    """:func:`measured_text` (nothing drawn out of its box or the window, nothing ``fit_px`` cannot fit),
    and also every text drawn on the window over another text of the same frame, or over a widget it is
    not part of (reaching into it from outside); what a veil covers (under an overlay) no longer counts, nor
    what a later panel wholly covers. A text's glyphs are taken as its rectangle less a tenth of its height at the top and the
    bottom (the font's leading), so two lines that only share their leading do not count."""
    with measured_text(monkeypatch, app) as found:
        drawn = _ThisFrame(app)   # the texts, met by their glyphs (``core``)
        shown = _ThisFrame(app)   # the widgets' boxes, met inside their slack
        owner: list[str] = []
        draw_text = paint.text

        def core(rect: pygame.Rect) -> pygame.Rect:
            return rect.inflate(-2 * SLACK, -round(rect.h * 0.2))

        def text(surface: pygame.Surface, app_: Any, s: str, *args: Any, **kwargs: Any) -> pygame.Rect:
            rect = draw_text(surface, app_, s, *args, **kwargs)
            if not s.strip() or not rect.width or surface is not app.window:
                return rect
            glyphs = core(rect)
            for other, t in drawn.met_by(glyphs):
                found.append(Overflow(s, rect, other, f"over the text {t!r}"))
            if not owner:  # a text of no widget that reaches into one (a text wholly inside one is its label)
                for box, name in shown.met_by(glyphs):
                    if not box.inflate(2 * SLACK, 2 * SLACK).contains(glyphs):
                        found.append(Overflow(s, rect, box, f"over the widget {name}"))
            drawn.add(rect, s, glyphs)
            return rect

        def owned(draw: Callable[..., None]) -> Callable[..., None]:
            def go(self: Any, surface: pygame.Surface, app_: Any, focused: bool) -> None:
                name = f"{type(self).__name__} {getattr(self, 'name', '')}".strip()
                if self.visible:
                    box = app_.vp.r(self.rect)
                    shown.add(box, name, box.inflate(-2 * SLACK, -2 * SLACK))
                owner.append(name)
                try:
                    draw(self, surface, app_, focused)
                finally:
                    owner.pop()
            return go

        draw_veil = paint.veil

        def veil(surface: pygame.Surface, *args: Any, **kwargs: Any) -> None:
            """A veil puts everything drawn so far behind an overlay (a dialog, the pause menu, a keyboard):
            the overlay's texts are measured against each other, not against what they cover."""
            draw_veil(surface, *args, **kwargs)
            if surface is app.window:
                drawn.drop(lambda r: True)
                shown.drop(lambda r: True)

        draw_panel = paint.panel

        def panel(surface: pygame.Surface, app_: Any, rect: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
            """A panel drawn over texts and widgets wholly inside it hides them (a tip over the score table),
            unless it is a widget's own."""
            r = draw_panel(surface, app_, rect, *args, **kwargs)
            if surface is app.window and not owner:  # a widget's own panel (a button's) hides nothing
                drawn.drop(r.contains)
                shown.drop(r.contains)
            return r

        monkeypatch.setattr(paint, "text", text)
        monkeypatch.setattr(paint, "veil", veil)
        monkeypatch.setattr(paint, "panel", panel)
        for kind in WIDGET_KINDS:
            monkeypatch.setattr(kind, "draw", owned(kind.draw))
        yield found
