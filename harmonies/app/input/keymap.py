"""The input map: turns a key press or a pad's press into the intents it gives, knows each intent's keys
and buttons, and makes the map a player's rebinding gives (kept in settings.json as the keys and the
buttons that differ from the defaults).

An event's type chooses the source: ``KEYDOWN`` looks its chord up, :data:`~.buttons.PAD_PRESS` its
button (a step of the stick also gives the hex direction of its angle), so scenes that ask
:meth:`InputMap.intents` read keys and pads alike."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

import pygame

from ..assets import asset
from .buttons import PAD_PRESS, parse_button
from .chords import Chord, held_modifiers, parse
from .intents import Intent, hex_toward
from .mapfile import Binding, ListRow, PadLabels, check_clashes, clashes, read_map

NO_INTENTS: frozenset[Intent] = frozenset()


class InputMap:
    def __init__(self, bindings: Mapping[Intent, Binding], key_list: tuple[ListRow, ...], labels: PadLabels,
                 defaults: Mapping[Intent, Binding] | None = None) -> None:
        self.bindings = dict(bindings)
        self.key_list = key_list
        #: Each pad style's label of every button (``assets/input.yaml``, ``pad_labels``).
        self.labels = labels
        self.defaults = dict(defaults if defaults is not None else bindings)
        self._by_key: dict[int, list[tuple[Chord, Intent]]] = {}
        self._by_button: dict[str, set[Intent]] = {}
        for b in self.bindings.values():
            for chord in b.chords:
                self._by_key.setdefault(chord.key, []).append((chord, b.intent))
            for button in b.buttons:
                self._by_button.setdefault(button, set()).add(b.intent)

    # ------------------------------------------------------------------ reading input
    def intents(self, event: pygame.event.Event) -> frozenset[Intent]:
        """What ``event`` means: the intents of the chords a key press matches that name the most
        modifiers, or of a pad's button (nothing for any other event)."""
        if event.type == PAD_PRESS:
            return self._pad_intents(event)
        if event.type != pygame.KEYDOWN:
            return NO_INTENTS
        held = held_modifiers(getattr(event, "mod", 0))
        found = [(len(chord.mods), intent) for chord, intent in self._by_key.get(event.key, ())
                 if chord.matches(event.key, held)]
        most = max((n for n, _i in found), default=0)
        return frozenset(intent for n, intent in found if n == most)

    def _pad_intents(self, event: pygame.event.Event) -> frozenset[Intent]:
        found = set(self._by_button.get(getattr(event, "button", ""), ()))
        angle = getattr(event, "angle", None)
        if found and angle is not None:
            found.add(hex_toward(angle))       # a step of the stick: on the board, the neighbour it points at
        return frozenset(found)

    def chords(self, intent: Intent) -> tuple[Chord, ...]:
        return self.bindings[intent].chords

    def buttons(self, intent: Intent) -> tuple[str, ...]:
        return self.bindings[intent].buttons

    def label(self, button: str, style: str) -> str:
        """A button's label on a pad of ``style`` (an unknown style's as the Xbox pad's)."""
        return self.labels.get(style, self.labels["xbox"]).get(button, button)

    # ------------------------------------------------------------------ rebinding
    def clash(self, intent: Intent, chord: Chord) -> Intent | None:
        """The intent that already has ``chord`` on a screen where ``intent`` is used (None: free)."""
        mine = self.bindings[intent]
        for other in self.bindings.values():
            if chord in other.chords and clashes(mine, other):
                return other.intent
        return None

    def button_clash(self, intent: Intent, button: str) -> Intent | None:
        """The intent that already has ``button`` on a screen where ``intent`` is used (None: free)."""
        mine = self.bindings[intent]
        for other in self.bindings.values():
            if button in other.buttons and clashes(mine, other):
                return other.intent
        return None

    def rebound(self, intent: Intent, chords: tuple[Chord, ...]) -> InputMap:
        """This map with ``intent`` given ``chords`` instead of its keys."""
        bindings = {**self.bindings, intent: replace(self.bindings[intent], chords=chords)}
        return InputMap(bindings, self.key_list, self.labels, self.defaults)

    def rebound_buttons(self, intent: Intent, buttons: tuple[str, ...]) -> InputMap:
        """This map with ``intent`` given ``buttons`` instead of its buttons."""
        bindings = {**self.bindings, intent: replace(self.bindings[intent], buttons=buttons)}
        return InputMap(bindings, self.key_list, self.labels, self.defaults)

    def reset(self) -> InputMap:
        return InputMap(self.defaults, self.key_list, self.labels)

    def button_overrides(self) -> dict[str, list[str]]:
        """The intents whose buttons differ from the defaults, as settings.json keeps them."""
        return {b.intent.value: list(b.buttons) for b in self.bindings.values()
                if b.buttons != self.defaults[b.intent].buttons}

    def with_button_overrides(self, data: object, where: str = "settings.json") -> tuple[InputMap, list[str]]:
        """This map with a player's rebinding of buttons (``{"undo": ["back"]}``); each damaged entry is left
        out with one line saying why (its intent keeps its default buttons)."""
        if not isinstance(data, Mapping):
            return self, [f"{where}: buttons: should be a mapping of intents to buttons; the default buttons are used"]
        out, problems = self, []
        for name, texts in data.items():
            fault, buttons = _button_entry(name, texts)
            if fault is None:
                fault = next((f"{b} is already {other.value}'s button" for b in buttons
                              if (other := out.button_clash(Intent(name), b)) is not None), None)
            if fault is not None:
                problems.append(f"{where}: buttons.{name}: {fault}; its default buttons are used")
                continue
            out = out.rebound_buttons(Intent(name), buttons)
        return out, problems

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


def is_press(event: pygame.event.Event) -> bool:
    """Whether ``event`` is a key press or a pad's press (the events :meth:`InputMap.intents` reads)."""
    return bool(event.type in (pygame.KEYDOWN, PAD_PRESS))


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


def _button_entry(name: object, texts: object) -> tuple[str | None, tuple[str, ...]]:
    """(None, the buttons) of one settings entry, or (what is wrong, ())."""
    if not isinstance(name, str) or name not in Intent._value2member_map_:
        return f"{name!r} is not an intent", ()
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        return "should be a list of button names", ()
    buttons = [parse_button(t) for t in texts]
    bad = next((t for t, b in zip(texts, buttons) if b is None), None)
    if bad is not None:
        return f"{bad!r} is not a button's name", ()
    return None, tuple(dict.fromkeys(b for b in buttons if b is not None))


@cache
def default_map() -> InputMap:
    """The map of ``assets/input.yaml`` (read once)."""
    bindings, key_list, labels = read_map(asset("input.yaml"))
    return InputMap(bindings, key_list, labels)


def player_map(keys: Any, buttons: Any = None) -> tuple[InputMap, list[str]]:
    """The default map with the rebinding kept in the settings (``Settings.keys``, ``Settings.buttons``),
    and its problems."""
    found, problems = default_map().with_overrides(keys) if keys else (default_map(), [])
    if buttons:
        found, more = found.with_button_overrides(buttons)
        problems = [*problems, *more]
    return found, problems


__all__ = ["InputMap", "NO_INTENTS", "check_clashes", "default_map", "is_press", "player_map"]
