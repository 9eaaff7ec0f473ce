"""The keys of the game, as the player reads them: generated from the input map (``assets/input.yaml``,
its ``key_list``) with the player's rebinding, so the Keys page of Settings, the Keys page of How to
play and the key line of the play screen all say what the keys do now.

A row is a heading (``heading``) or keys with what they do (``keys``, ``does``); a row may also carry
``line``, its short form on the play screen's key line ("Tab: next"). What a row does and the words of
the key line are the catalogue's (``keys.rows.<row>``, ``keys.lines.<row>``); the keys are named as the
map names them, in the catalogue's words where it has some (``keys.names.<name>``: Espace, ↑).

While a game controller is the device last used (``app.pads.style``), the list names its buttons instead,
with the labels of its make (A/B/X/Y, ×/○/□/△ …), and leaves out what has no button; a row may then say
what it does in other words (``keys.pad_rows.<row>``). Keys and buttons are never shown together."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from . import paint
from .input import DPAD, HEX_STEPS, Chord, Intent, ListRow, key_name

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


def pad_style(app: Look) -> str | None:
    """The style of the pad last used (its prompts are shown), or None when the keys were used last."""
    return app.pads.style


def rows(app: Look) -> list[KeyRow]:
    """The rows of the key list, in the map's order (without those the device in use has nothing for)."""
    return [_row(app, r) for r in app.input.key_list if r.heading or _has_input(app, r.intents)]


def _has_input(app: Look, intents: tuple[Intent, ...]) -> bool:
    if pad_style(app) is None:
        return any(app.input.chords(i) for i in intents)
    return _is_hex(intents) or any(app.input.buttons(i) for i in intents)


def _is_hex(intents: tuple[Intent, ...]) -> bool:
    return bool(intents) and all(i in HEX_STEPS for i in intents)


def _row(app: Look, r: ListRow) -> KeyRow:
    if r.heading:
        return KeyRow(heading=app.t(f"keys.headings.{r.heading}"))
    line = app.t(f"keys.lines.{r.row}", keys=keys_text(app, r.line)) if r.line and _has_input(app, r.line) else ""
    does = app.t(f"keys.rows.{r.row}")
    if pad_style(app) is not None:
        does = app.t(f"keys.pad_rows.{r.row}", default=does)
    return KeyRow(keys_text(app, r.intents, r.groups), does, line)


def keys_text(app: Look, intents: tuple[Intent, ...], groups: int = 0) -> str:
    """The keys of ``intents`` as the list shows them (or their buttons, while a pad is in use): each once (a
    keypad key beside its twin is not repeated), the four arrows as "Arrows", a run of digits as a range,
    in runs of ``groups`` if given."""
    style = pad_style(app)
    if style is not None:
        return buttons_text(app, intents, style)
    names = list(dict.fromkeys(_plain(c) for i in intents for c in app.input.chords(i)))
    sep = app.t("keys.sep")
    if names == _ARROWS:
        return app.t("keys.names.Arrows")
    if groups:
        runs = [names[k:k + groups] for k in range(0, len(names), groups)]
        return sep.join(" ".join(_shown(app, n) for n in run) for run in runs)
    return sep.join(_ranged(app, names))


def buttons_text(app: Look, intents: tuple[Intent, ...], style: str) -> str:
    """The buttons of ``intents`` with the labels of a ``style`` pad: the d-pad's four as "D-pad", the six hex
    directions as the left stick (its angle chooses the neighbour)."""
    if _is_hex(intents):
        return app.t("keys.names.Stick")
    buttons = list(dict.fromkeys(b for i in intents for b in app.input.buttons(i)))
    if buttons == list(DPAD):
        return app.t("keys.names.Dpad")
    return app.t("keys.sep").join(_label(app, b, style) for b in buttons)


def button_text(app: Look, button: str) -> str:
    """One button with the label of the pad in use (an Xbox pad's while none is)."""
    return _label(app, button, pad_style(app) or "xbox")


def _label(app: Look, button: str, style: str) -> str:
    """A button's label on a ``style`` pad; a d-pad button's arrow after the catalogue's name of the d-pad."""
    label = app.input.label(button, style)
    return f"{app.t('keys.names.Dpad')} {label}" if button in DPAD else label


#: The buttons a line in a pad's words may name: ``{use}``, ``{back}`` … (the intent's first button).
_NAMED = {"use": Intent.USE, "back": Intent.BACK, "help": Intent.HELP, "pause": Intent.PAUSE, "hint": Intent.HINT,
          "undo": Intent.UNDO, "log": Intent.LOG, "area": Intent.AREA_NEXT}


def say(app: Look, key: str, **params: Any) -> str:
    """The catalogue's line ``key``; while a pad is in use, its pad wording (``pad.say.<key>``, naming the
    pad's buttons as ``{use}``, ``{back}`` …) where the catalogue has one."""
    style = pad_style(app)
    if style is None or not app.catalogue.has(f"pad.say.{key}"):
        return app.t(key, **params)
    named = {name: buttons_text(app, (intent,), style).split(app.t("keys.sep"))[0] for name, intent in _NAMED.items()}
    return app.t(f"pad.say.{key}", **named, **params)


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
    at the largest text size (18 down to 11 at 100 % text, as far back at 125 and 150 %) that keeps it
    inside the box."""
    px = 18.0
    while px > 11 / app.vp.text_scale and table_height(app, box[2], px) > box[3]:
        px -= 1
    _layout(app, surface, box, px)


def draw_with_note(surface: pygame.Surface, app: Look, box: Box, note: str, note_px: float = 15) -> None:
    """The key list in ``box`` above ``note`` (a centred paragraph, never larger than the list's text),
    at the largest size at which both fit."""
    x, y, w, h = box
    px = 18.0
    while True:
        small = min(note_px, px)
        note_h = paint.block_height(app, note, small, w)
        if px <= 11 / app.vp.text_scale or table_height(app, w, px) + note_h + 12 <= h:
            break
        px -= 1
    _layout(app, surface, (x, y, w, h - note_h - 12), px)
    paint.text_block(surface, app, note, (x, y + h - note_h), small, app.theme.c("ink_dim"), w, align="center")


def _layout(app: Look, surface: pygame.Surface | None, box: Box, px: float) -> float:
    """Lay the rows out in ``box`` (and draw them when ``surface`` is given); returns the height used."""
    x, y0, w, _h = box
    th = app.theme
    all_rows = rows(app)
    key_w = min(w * 0.34, max((paint.text_width(app, r.keys, px, True) for r in all_rows if r.keys), default=0) + 30)
    does_w = w - key_w
    font = app.fonts.font(app.vp.fs(px), False)
    vp = app.vp
    step = vp.tv(px) * 1.3    # a line's step, at the size the text is drawn
    y = y0
    for i, row in enumerate(all_rows):
        if row.heading:
            y += vp.tv(px) * 0.6 if i else 0
            if surface is not None:
                paint.text(surface, app, row.heading, (x, y), px + 2, th.c("ink"), bold=True)
            y += vp.tv(px + 2) * 1.45
            continue
        lines = paint.wrap_lines(font, row.does, app.vp.s(does_w))
        keys = paint.wrap_lines(app.fonts.font(app.vp.fs(px), True), row.keys, app.vp.s(key_w - 16))
        if surface is not None:
            for k, ln in enumerate(keys):
                paint.text(surface, app, ln, (x + 8, y + k * step), px, th.c("ink"), bold=True)
            for k, ln in enumerate(lines):
                paint.text(surface, app, ln, (x + key_w, y + k * step), px, th.c("ink_dim"))
        y += max(len(lines), len(keys)) * step + vp.tv(px) * 0.25
    return y - y0
