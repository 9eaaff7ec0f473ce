"""The on-screen keyboard: typing into a text field (a seat's name, the seed, a folder) without a keyboard.

It opens over the screen when the field with the ring is used (the Use intent, or a finger's tap on the
field) and types into that field as it goes. Its keys are a grid: the arrows move the ring from key to
key (Up and Down to the nearest key of the next row), Confirm or Use types the key with the ring, Erase
takes the last character back, Next and Previous (and the page keys) turn to the next page of letters,
and Back or the Done key close it, keeping what was typed. The pages are data
(``assets/onscreen_keys.yaml``): each language's letters, and the digits alone for a field of digits.
A mouse or a finger presses a key too; a real keyboard still types while it is open.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import pygame

from .. import paint
from ..assets import AssetError, load_yaml
from ..input import Intent
from ..scene import Scene
from ..widgets import TextField

if TYPE_CHECKING:
    from ..scene import SceneServices

Rect = tuple[float, float, float, float]
KeyKind = Literal["char", "space", "erase", "done", "page"]

#: A key's size and the gap between keys, in virtual units.
KEY_W, KEY_H, GAP = 64.0, 54.0, 8.0
#: The panel's margin, and the height of its line showing the text typed.
PAD, LINE_H = 18.0, 58.0
#: The narrowest the keys' panel is (the digits alone): its line shows a whole 19-digit seed.
MIN_W = 520.0
#: The keys of the bottom row (besides the pages') are this many key widths wide.
WIDE = 2.0
KEY_PX, LABEL_PX, LINE_PX = 24.0, 18.0, 24.0


@dataclass(frozen=True)
class Page:
    name: str
    tab: str
    rows: tuple[str, ...]


@dataclass(frozen=True)
class Key:
    rect: Rect
    kind: KeyKind
    value: str      # the character typed, or the page turned to


@lru_cache(maxsize=1)
def _data() -> dict[str, object]:
    data = load_yaml("onscreen_keys.yaml")
    if not isinstance(data, dict) or not isinstance(data.get("pages"), dict):
        raise AssetError("onscreen_keys.yaml: expected a mapping with 'pages'")
    return data


def pages_for(language: str, digits: bool) -> tuple[Page, ...]:
    """The keyboard's pages for a field in ``language`` (the digits page alone for a field of digits)."""
    data = _data()
    pages = data["pages"]
    assert isinstance(pages, dict)
    languages = data.get("languages")
    names = ["digits"] if digits else (languages.get(language) if isinstance(languages, dict) else None) \
        or data.get("default") or []
    found: list[Page] = []
    for name in names if isinstance(names, list) else []:
        page = pages.get(name)
        if isinstance(page, dict) and isinstance(page.get("rows"), list):
            rows = tuple(str(r) for r in page["rows"] if str(r))
            found.append(Page(str(name), str(page.get("tab", name)), rows))
    if not found:
        raise AssetError(f"onscreen_keys.yaml: no page of keys for the language {language!r}")
    return tuple(found)


class OnscreenKeys(Scene):
    """The keyboard over the scene whose ``field`` it types into; modal."""

    name = "onscreen_keys"
    transparent = True

    def __init__(self, app: SceneServices, field: TextField, title: str = "") -> None:
        super().__init__(app)
        self.field = field
        self.title = title or field.label() or field.placeholder()
        self.pages = pages_for(app.language, field.digits)
        self.page = 0
        self.keys: list[Key] = []
        self.rows: list[list[int]] = []
        self.panel: Rect = (0.0, 0.0, 0.0, 0.0)
        self.ring = 0
        self._layout()

    # ------------------------------------------------------------------ layout
    def _layout(self) -> None:
        """Place the keys of the page shown in a panel along the bottom of the window; the ring stays on the
        key at the same place of the grid where there is one."""
        page = self.pages[self.page]
        cols = max(len(r) for r in page.rows)
        area = self.app.vp.area
        specials: list[tuple[KeyKind, str, float]] = [("page", str(i), 1.0) for i in range(len(self.pages))] \
            if len(self.pages) > 1 else []
        if not self.field.digits:
            specials.append(("space", " ", WIDE))
        specials += [("erase", "", WIDE), ("done", "", WIDE)]
        bottom_w = sum(w * KEY_W for _k, _v, w in specials) + GAP * (len(specials) - 1)
        grid_w = cols * KEY_W + (cols - 1) * GAP
        width = max(grid_w, bottom_w, MIN_W) + 2 * PAD
        height = PAD + LINE_H + GAP + (len(page.rows) + 1) * (KEY_H + GAP) - GAP + PAD
        x = area[0] + (area[2] - width) / 2
        y = area[1] + area[3] - height - 10
        self.panel = (x, y, width, height)
        keys: list[Key] = []
        rows: list[list[int]] = []
        top = y + PAD + LINE_H + GAP
        for r, chars in enumerate(page.rows):
            left = x + (width - (len(chars) * KEY_W + (len(chars) - 1) * GAP)) / 2
            row = []
            for c, ch in enumerate(chars):
                row.append(len(keys))
                keys.append(Key((left + c * (KEY_W + GAP), top + r * (KEY_H + GAP), KEY_W, KEY_H), "char", ch))
            rows.append(row)
        left = x + (width - bottom_w) / 2
        by = top + len(page.rows) * (KEY_H + GAP)
        row = []
        for kind, value, w in specials:
            row.append(len(keys))
            keys.append(Key((left, by, w * KEY_W, KEY_H), kind, value))
            left += w * KEY_W + GAP
        rows.append(row)
        old = self._place()
        self.keys, self.rows = keys, rows
        r = min(old[0], len(rows) - 1)
        self.ring = rows[r][min(old[1], len(rows[r]) - 1)]

    def _place(self) -> tuple[int, int]:
        """(row, column) of the key with the ring."""
        for r, row in enumerate(self.rows):
            if self.ring in row:
                return r, row.index(self.ring)
        return 0, 0

    def on_resize(self) -> None:
        self._layout()

    # ------------------------------------------------------------------ acting
    def press(self, key: Key) -> None:
        """What a key does: type its character, take one back, turn the page, or close."""
        if key.kind in ("char", "space"):
            self.field.type_text(key.value)
        elif key.kind == "erase":
            self.field.erase()
        elif key.kind == "page":
            self.turn_to(int(key.value))
        else:
            self.close()

    def turn_to(self, page: int) -> None:
        self.page = page % len(self.pages)
        self._layout()

    def close(self) -> None:
        self.app.scenes.pop()

    def move(self, dx: int, dy: int) -> None:
        """Move the ring a key sideways (round the row), or to the nearest key of the row above or below."""
        r, c = self._place()
        if dx:
            row = self.rows[r]
            self.ring = row[(c + dx) % len(row)]
            return
        target = self.rows[(r + dy) % len(self.rows)]
        cx = self.keys[self.ring].rect[0] + self.keys[self.ring].rect[2] / 2
        self.ring = min(target, key=lambda i: abs(self.keys[i].rect[0] + self.keys[i].rect[2] / 2 - cx))

    def key_at(self, pos: tuple[float, float]) -> int | None:
        for i, key in enumerate(self.keys):
            x, y, w, h = key.rect
            if x <= pos[0] < x + w and y <= pos[1] < y + h:
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.TEXTINPUT:
            self.field.type_text(event.text)
            return None
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            i = self.key_at(event.vpos)
            x, y, w, h = self.panel
            if i is not None:
                self.ring = i
                self.press(self.keys[i])
            elif not (x <= event.vpos[0] < x + w and y <= event.vpos[1] < y + h):
                self.close()     # a click or a tap beside the keyboard puts it away
            return None
        if event.type == pygame.KEYDOWN and event.unicode and event.unicode.isprintable():
            return None          # a real keyboard's letter: its TEXTINPUT types it
        self._intents(self.app.input.intents(event))
        return None

    def _intents(self, intents: frozenset[Intent]) -> None:
        moves = {Intent.LEFT: (-1, 0), Intent.RIGHT: (1, 0), Intent.UP: (0, -1), Intent.DOWN: (0, 1)}
        for intent, (dx, dy) in moves.items():
            if intent in intents:
                self.move(dx, dy)
                return
        if intents & {Intent.CONFIRM, Intent.USE}:
            self.press(self.keys[self.ring])
        elif Intent.ERASE in intents:
            self.field.erase()
        elif Intent.BACK in intents:
            self.close()
        elif intents & {Intent.NEXT, Intent.PAGE_DOWN}:
            self.turn_to(self.page + 1)
        elif intents & {Intent.PREVIOUS, Intent.PAGE_UP}:
            self.turn_to(self.page - 1)

    def next_frame(self) -> float | None:
        return None

    # ------------------------------------------------------------------ drawing
    def label(self, key: Key) -> str:
        if key.kind == "char":
            return key.value
        if key.kind == "page":
            return self.pages[int(key.value)].tab
        return self.app.t(f"onscreen_keys.{key.kind}")

    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        paint.veil(surface, 110)
        x, y, w, _h = self.panel
        paint.panel(surface, app, self.panel, th.c("table"), radius=16, edge=th.c("panel_edge"), shadow=True)
        self._draw_line(surface, (x + PAD, y + PAD, w - 2 * PAD, LINE_H))
        hover = self.key_at(app.mouse_virtual())
        for i, key in enumerate(self.keys):
            self._draw_key(surface, key, i == self.ring, i == hover)

    def _draw_line(self, surface: pygame.Surface, box: Rect) -> None:
        """The field's title, and the text typed so far with its caret at the end."""
        app, th = self.app, self.app.theme
        x, y, w, h = box
        title_w = min(w * 0.34, paint.text_width(app, self.title, LABEL_PX) + 8) if self.title else 0.0
        if title_w:
            px = paint.fit_px(app, self.title, LABEL_PX, title_w - 8)
            paint.text(surface, app, self.title, (x, y + h / 2), px, th.c("table_text"), "midleft")
        field = (x + title_w, y, w - title_w, h)
        paint.panel(surface, app, field, th.c("button_hover"), radius=8, edge=th.c("accent"), width=2.5)
        value = self.field.get()
        shown = paint.ellipsize(app, value[::-1], LINE_PX, field[2] - 30)[::-1] if value else ""
        r = paint.text(surface, app, shown, (field[0] + 12, y + h / 2), LINE_PX, th.c("ink"), "midleft") \
            if shown else pygame.Rect(app.vp.p(field[0] + 12, y + h / 2), (0, 0))
        caret_h = app.vp.fs(LINE_PX)
        pygame.draw.line(surface, th.c("ink"), (r.right + 2, r.centery - caret_h // 2),
                         (r.right + 2, r.centery + caret_h // 2), max(1, app.vp.s(1.5)))

    def _draw_key(self, surface: pygame.Surface, key: Key, ringed: bool, hover: bool) -> None:
        app, th = self.app, self.app.theme
        x, y, w, h = key.rect
        current = key.kind == "page" and int(key.value) == self.page
        primary = key.kind == "done"
        fill = th.c("primary_hover" if ringed or hover else "primary") if primary else \
            th.c("button_hover" if ringed or hover or current else "button")
        paint.panel(surface, app, key.rect, fill, radius=10, edge=th.c("accent") if current else None, width=2)
        if ringed:
            pygame.draw.rect(surface, th.c("accent"), app.vp.r((x - 3, y - 3, w + 6, h + 6)), max(2, app.vp.s(3)),
                             border_radius=app.vp.s(13))
        label = self.label(key)
        if key.kind == "space" and not label:
            return
        ink = th.c("accent_ink") if primary else th.c("button_text")
        size = KEY_PX if key.kind == "char" else LABEL_PX
        px = paint.fit_px(app, label, size, w - 10, bold=key.kind != "char")
        px = min(px, (h - 8) / app.vp.text_scale * 0.8)
        paint.text(surface, app, label, (x + w / 2, y + h / 2), px, ink, "center", bold=key.kind != "char")
