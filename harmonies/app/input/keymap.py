"""The input map: turns a key press into the intents it gives, knows each intent's keys, and makes the
map a player's rebinding gives (kept in settings.json as the keys that differ from the defaults).

Keys are its one source today; a controller's buttons become a second source of the same intents: an
event's type chooses the source (``KEYDOWN`` the chords; ``CONTROLLERBUTTONDOWN`` will look its button up
the same way), so scenes that ask :meth:`InputMap.intents` need nothing new."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

import pygame

from ..assets import asset
from .chords import Chord, held_modifiers, parse
from .intents import Intent
from .mapfile import Binding, ListRow, check_clashes, clashes, read_map

NO_INTENTS: frozenset[Intent] = frozenset()


class InputMap:
    def __init__(self, bindings: Mapping[Intent, Binding], key_list: tuple[ListRow, ...],
                 defaults: Mapping[Intent, Binding] | None = None) -> None:
        self.bindings = dict(bindings)
        self.key_list = key_list
        self.defaults = dict(defaults if defaults is not None else bindings)
        self._by_key: dict[int, list[tuple[Chord, Intent]]] = {}
        for b in self.bindings.values():
            for chord in b.chords:
                self._by_key.setdefault(chord.key, []).append((chord, b.intent))

    # ------------------------------------------------------------------ reading input
    def intents(self, event: pygame.event.Event) -> frozenset[Intent]:
        """What ``event`` means: the intents of the chords a key press matches that name the most
        modifiers (nothing for any other event)."""
        if event.type != pygame.KEYDOWN:
            return NO_INTENTS
        held = held_modifiers(getattr(event, "mod", 0))
        found = [(len(chord.mods), intent) for chord, intent in self._by_key.get(event.key, ())
                 if chord.matches(event.key, held)]
        most = max((n for n, _i in found), default=0)
        return frozenset(intent for n, intent in found if n == most)

    def chords(self, intent: Intent) -> tuple[Chord, ...]:
        return self.bindings[intent].chords

    # ------------------------------------------------------------------ rebinding
    def clash(self, intent: Intent, chord: Chord) -> Intent | None:
        """The intent that already has ``chord`` on a screen where ``intent`` is used (None: free)."""
        mine = self.bindings[intent]
        for other in self.bindings.values():
            if chord in other.chords and clashes(mine, other):
                return other.intent
        return None

    def rebound(self, intent: Intent, chords: tuple[Chord, ...]) -> InputMap:
        """This map with ``intent`` given ``chords`` instead of its keys."""
        bindings = {**self.bindings, intent: replace(self.bindings[intent], chords=chords)}
        return InputMap(bindings, self.key_list, self.defaults)

    def reset(self) -> InputMap:
        return InputMap(self.defaults, self.key_list)

    def overrides(self) -> dict[str, list[str]]:
        """The intents whose keys differ from the defaults, as settings.json keeps them."""
        return {b.intent.value: [c.name for c in b.chords] for b in self.bindings.values()
                if b.chords != self.defaults[b.intent].chords}

    def with_overrides(self, data: object, where: str = "settings.json") -> tuple[InputMap, list[str]]:
        """This map with a player's rebinding (``{"undo": ["Ctrl+U"]}``); each damaged entry is left out
        with one line saying why (its intent keeps its default keys)."""
        if not isinstance(data, Mapping):
            return self, [f"{where}: keys: should be a mapping of intents to keys; the default keys are used"]
        out, problems = self, []
        for name, texts in data.items():
            fault, chords = _entry(name, texts)
            if fault is None:
                taken = [(c, out.clash(Intent(name), c)) for c in chords]
                fault = next((f"{c.name} is already {other.value}'s key" for c, other in taken if other), None)
            if fault is not None:
                problems.append(f"{where}: keys.{name}: {fault}; its default keys are used")
                continue
            out = out.rebound(Intent(name), chords)
        return out, problems


def _entry(name: object, texts: object) -> tuple[str | None, tuple[Chord, ...]]:
    """(None, the chords) of one settings entry, or (what is wrong, ())."""
    if not isinstance(name, str) or name not in Intent._value2member_map_:
        return f"{name!r} is not an intent", ()
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        return "should be a list of key names", ()
    chords = []
    for text in texts:
        chord = parse(text)
        if isinstance(chord, str):
            return chord, ()
        chords.append(chord)
    return None, tuple(dict.fromkeys(chords))


@cache
def default_map() -> InputMap:
    """The map of ``assets/input.yaml`` (read once)."""
    bindings, key_list = read_map(asset("input.yaml"))
    return InputMap(bindings, key_list)


def player_map(keys: Any) -> tuple[InputMap, list[str]]:
    """The default map with the rebinding kept in the settings (``Settings.keys``), and its problems."""
    return default_map().with_overrides(keys) if keys else (default_map(), [])


__all__ = ["InputMap", "NO_INTENTS", "check_clashes", "default_map", "player_map"]
