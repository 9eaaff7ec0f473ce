"""The keys of the game, as the player reads them: generated from the input map (``assets/input.yaml``,
its ``key_list``) with the player's rebinding, so the Keys page of Settings, the Keys page of How to
play and the key line of the play screen all say what the keys do now.

A row is a heading (``heading``) or keys with what they do (``keys``, ``does``); a row may also carry
``line``, its short form on the play screen's key line ("Tab: next"). What a row does and the words of
the key line are the catalogue's (``keys.rows.<row>``, ``keys.lines.<row>``); the keys are named as the
map names them, in the catalogue's words where it has some (``keys.names.<name>``: Espace, ↑)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from . import paint
from .input import Chord, Intent, ListRow, key_name

if TYPE_CHECKING:
    from .look import Look

Box = tuple[float, float, float, float]
#: Separator between two parts of the key line.
LINE_GAP = "  ·  "
#: The keys the map names ``Arrows`` together, in this order.
_ARROWS = ["Up", "Down", "Left", "Right"]
#: A run of this many digits or more is written as a range ("1 to 5").
_RANGE = 3


@dataclass(frozen=True)
class KeyRow:
    keys: str = ""
    does: str = ""
    line: str = ""
    heading: str = ""


def rows(app: Look) -> list[KeyRow]:
    """The rows of the key list, in the map's order."""
    return [_row(app, r) for r in app.input.key_list]


def _row(app: Look, r: ListRow) -> KeyRow:
    if r.heading:
        return KeyRow(heading=app.t(f"keys.headings.{r.heading}"))
    line = app.t(f"keys.lines.{r.row}", keys=keys_text(app, r.line)) if r.line else ""
    return KeyRow(keys_text(app, r.intents, r.groups), app.t(f"keys.rows.{r.row}"), line)


def keys_text(app: Look, intents: tuple[Intent, ...], groups: int = 0) -> str:
    """The keys of ``intents`` as the list shows them: each once (a keypad key beside its twin is not
    repeated), the four arrows as "Arrows", a run of digits as a range, in runs of ``groups`` if given."""
    names = list(dict.fromkeys(_plain(c) for i in intents for c in app.input.chords(i)))
    sep = app.t("keys.sep")
    if names == _ARROWS:
        return app.t("keys.names.Arrows")
    if groups:
        runs = [names[k:k + groups] for k in range(0, len(names), groups)]
        return sep.join(" ".join(_shown(app, n) for n in run) for run in runs)
    return sep.join(_ranged(app, names))


def chord_text(app: Look, chord: Chord) -> str:
    """One chord in the catalogue's words (``Maj+Tab``)."""
    return _shown(app, chord.name)


def _plain(chord: Chord) -> str:
    """The chord's name with a keypad key named as its twin (Keypad 1 is shown as 1)."""
    return "+".join((*chord.mods, key_name(chord.key).removeprefix("Keypad ")))


def _shown(app: Look, name: str) -> str:
    return "+".join(app.t(f"keys.names.{part}", default=part) for part in name.split("+"))


def _ranged(app: Look, names: list[str]) -> list[str]:
    out: list[str] = []
    k = 0
    while k < len(names):
        end = k
        while end + 1 < len(names) and names[end].isdigit() and names[end + 1].isdigit() \
                and int(names[end + 1]) == int(names[end]) + 1:
            end += 1
        if end - k + 1 >= _RANGE:
            out.append(app.t("keys.range", first=names[k], last=names[end]))
            k = end + 1
        else:
            out.append(_shown(app, names[k]))
            k += 1
    return out


def line_parts(app: Look) -> list[str]:
    """The key line's parts, most needed first."""
    return [row.line for row in rows(app) if row.line]


def fitted_line(app: Look, px: float, max_w: float, min_px: float = 13) -> tuple[str, float]:
    """The key line and its size for ``max_w``: every part at ``px`` or a little smaller (down to ``min_px``),
    else as many parts as fit, dropping the least needed first; ("", px) when not even one fits."""
    parts = line_parts(app)
    while parts:
        text = LINE_GAP.join(parts)
        size = px
        while size > min_px and paint.text_width(app, text, size) > max_w:
            size -= 1
        if paint.text_width(app, text, size) <= max_w:
            return text, size
        parts.pop()
    return "", px


def table_height(app: Look, width: float, px: float) -> float:
    """The virtual height :func:`draw_table` needs at text size ``px`` in a box ``width`` wide."""
    return _layout(app, None, (0.0, 0.0, width, 0.0), px)


def draw_table(surface: pygame.Surface, app: Look, box: Box) -> None:
    """The key list in ``box``: the keys in bold on the left, what they do beside them, under headings;
    at the largest text size (18 down to 11) that keeps it inside the box."""
    px = 18.0
    while px > 11 and table_height(app, box[2], px) > box[3]:
        px -= 1
    _layout(app, surface, box, px)


def _layout(app: Look, surface: pygame.Surface | None, box: Box, px: float) -> float:
    """Lay the rows out in ``box`` (and draw them when ``surface`` is given); returns the height used."""
    x, y0, w, _h = box
    th = app.theme
    all_rows = rows(app)
    key_w = min(w * 0.34, max((paint.text_width(app, r.keys, px, True) for r in all_rows if r.keys), default=0) + 30)
    does_w = w - key_w
    font = app.fonts.font(app.vp.fs(px), False)
    y = y0
    for i, row in enumerate(all_rows):
        if row.heading:
            y += px * 0.6 if i else 0
            if surface is not None:
                paint.text(surface, app, row.heading, (x, y), px + 2, th.c("ink"), bold=True)
            y += (px + 2) * 1.45
            continue
        lines = paint.wrap_lines(font, row.does, app.vp.s(does_w))
        keys = paint.wrap_lines(app.fonts.font(app.vp.fs(px), True), row.keys, app.vp.s(key_w - 16))
        if surface is not None:
            for k, ln in enumerate(keys):
                paint.text(surface, app, ln, (x + 8, y + k * px * 1.3), px, th.c("ink"), bold=True)
            for k, ln in enumerate(lines):
                paint.text(surface, app, ln, (x + key_w, y + k * px * 1.3), px, th.c("ink_dim"))
        y += max(len(lines), len(keys)) * px * 1.3 + px * 0.25
    return y - y0
