"""Keys with their modifiers ("chords"), as the input map names them: ``Ctrl+Z``, ``Shift+Tab``, ``Enter``,
``Keypad 1``, ``F11``. This is the one module that knows pygame's key codes and modifier bits.

A chord matches a key press when its key is the one pressed, every modifier it names is held, and no
modifier it does not name is held except Shift (Shift+H is still the hint; Ctrl+H is nothing). Of the
chords a press matches, those naming the most modifiers win, so Shift+Tab beats Tab."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import pygame

#: The modifiers a chord may name, in the order they are written, with their pygame bits.
MODIFIERS = {"Ctrl": pygame.KMOD_CTRL, "Shift": pygame.KMOD_SHIFT, "Alt": pygame.KMOD_ALT, "Meta": pygame.KMOD_META}
#: Names the map uses where SDL's differ (SDL calls Enter "return" and its keypad keys "[1]").
_ALIASES = {"Enter": "return", "Keypad Enter": "keypad enter", "Esc": "escape",
            **{f"Keypad {n}": f"keypad {n}" for n in range(10)}}


def _sdl_code(sdl_name: str) -> int | None:
    with warnings.catch_warnings():       # SDL's key names do not need the display, only its tables
        warnings.simplefilter("ignore")
        try:
            return int(pygame.key.key_code(sdl_name))
        except ValueError:
            return None


_NAME_OF_CODE = {code: name for name, sdl in _ALIASES.items() if (code := _sdl_code(sdl)) is not None}


@dataclass(frozen=True, order=True)
class Chord:
    key: int
    mods: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """The chord as the map writes it (``Ctrl+Z``)."""
        return "+".join((*self.mods, key_name(self.key)))

    def matches(self, key: int, held: frozenset[str]) -> bool:
        return key == self.key and set(self.mods) <= held and held - set(self.mods) <= {"Shift"}


def key_name(key: int) -> str:
    """A key's name in the map's words: ``Enter``, ``Keypad 1``, ``Page Up``, ``Z``."""
    if key in _NAME_OF_CODE:
        return _NAME_OF_CODE[key]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sdl = pygame.key.name(key)
    return " ".join(part[:1].upper() + part[1:] for part in sdl.split(" ")) if sdl else f"Key {key}"


def parse(text: str) -> Chord | str:
    """The chord named by ``text``, or what is wrong with it."""
    parts = [p.strip() for p in text.split("+")] if text.strip() != "+" else ["+"]
    *mods, key = parts
    for mod in mods:
        if mod not in MODIFIERS:
            return f"{mod!r} is not a modifier (one of {', '.join(MODIFIERS)})"
    if len(set(mods)) != len(mods):
        return f"{text!r} names a modifier twice"
    code = _sdl_code(_ALIASES.get(key, key.lower())) if key else None
    if code is None or code == 0:
        return f"{key!r} is not a key's name"
    return Chord(code, tuple(m for m in MODIFIERS if m in mods))


def held_modifiers(mod: int) -> frozenset[str]:
    """The named modifiers held in a key event's ``mod`` bits (Num Lock and Caps Lock do not count)."""
    return frozenset(name for name, bit in MODIFIERS.items() if mod & bit)


def is_modifier(key: int) -> bool:
    """Whether ``key`` is a modifier key itself (pressed alone while rebinding, it waits for the rest)."""
    return key in _MODIFIER_KEYS


_MODIFIER_KEYS = frozenset({pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT,
                            pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI,
                            pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR, pygame.K_MODE})


def press_chord(key: int, mod: int) -> Chord:
    """The chord a key press makes (for rebinding: the key with the modifiers held)."""
    held = held_modifiers(mod)
    return Chord(key, tuple(m for m in MODIFIERS if m in held))
