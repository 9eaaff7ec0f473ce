"""The game controllers plugged in, and what they do as the app reads it.

Pads are opened through SDL's game-controller layer as they are plugged in (and those already there at
the start), and closed when they are unplugged, while the game runs. :meth:`Pads.translate` turns SDL's
controller events into :data:`~.buttons.PAD_PRESS` events: a button pressed, a trigger pulled past half
way, and the left stick pushed out of its dead zone (a step the way it points, with its angle, from
:meth:`Pads.sticks` once a batch of events has given both its axes). The d-pad,
the stick and the triggers repeat while held (:meth:`Pads.repeats`), as a held key does.

The pad last used gives the prompts' style (:attr:`Pads.style`: ``xbox``, ``playstation``, ``switch`` or
``deck``); a key or a click makes the keys' prompts come back (:meth:`Pads.keys_used`). Unplugging the pad
in use gives a :data:`~.buttons.PAD_GONE` event, plugging one in a :data:`~.buttons.PAD_BACK`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame
from pygame._sdl2 import controller

from .buttons import (AXIS_MAX, DPAD, PAD_BACK, PAD_GONE, button_name, pad_press, stick_angle, stick_axis,
                      stick_button, trigger_name)
from .intents import Intent, hex_toward

#: The stick counts as pushed beyond this share of its reach, and as let go below the second (so a
#: stick held near the edge of the dead zone does not flicker).
STICK_ON, STICK_OFF = 0.5, 0.35
#: A trigger counts as pulled beyond this share of its reach, and as let go below the second.
TRIGGER_ON, TRIGGER_OFF = 0.5, 0.3
#: Seconds before a held direction repeats, and between repeats.
REPEAT_DELAY, REPEAT_EVERY = 0.4, 0.14
#: Pads' makers by the USB vendor id in SDL's GUID, and the style of their buttons' labels.
_VENDOR_STYLES = {0x054C: "playstation", 0x057E: "switch", 0x28DE: "deck", 0x045E: "xbox"}
#: Words in a pad's name that give its style when the GUID does not.
_NAME_STYLES = (("dualsense", "playstation"), ("dualshock", "playstation"), ("playstation", "playstation"),
                ("ps4", "playstation"), ("ps5", "playstation"), ("nintendo", "switch"), ("switch", "switch"),
                ("joy-con", "switch"), ("steam deck", "deck"))
#: The buttons whose holding repeats.
_REPEATING = frozenset({*DPAD, "lefttrigger", "righttrigger"})


@dataclass
class Held:
    """A direction or trigger held on a pad: what it presses, its angle (the stick's), when it next repeats."""

    button: str
    angle: float | None
    due: float


@dataclass
class Pad:
    pad: controller.Controller
    joystick: pygame.joystick.JoystickType
    style: str
    stick: list[float] = field(default_factory=lambda: [0.0, 0.0])
    #: The stick moved since it was last looked at (:meth:`Pads.sticks`).
    moved: bool = False
    #: What is held, by where it comes from ("stick", a trigger's name, a d-pad button's name).
    held: dict[str, Held] = field(default_factory=dict)


def style_of(name: str, guid: str) -> str:
    """The style of a pad's labels from its name and SDL's GUID (hex; bytes 4-5 the USB vendor id)."""
    try:
        raw = bytes.fromhex(guid)
    except ValueError:
        raw = b""
    if len(raw) >= 8 and raw[6:8] == b"\0\0":
        found = _VENDOR_STYLES.get(int.from_bytes(raw[4:6], "little"))
        if found is not None:
            return found
    lowered = name.lower()
    return next((style for word, style in _NAME_STYLES if word in lowered), "xbox")


class Pads:
    """The pads plugged in, by SDL's instance id; the last one used gives :attr:`style`."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}
        #: The instance id of the pad last used (None: the keys or the mouse were used last).
        self.active: int | None = None
        self.clock = 0.0
        try:
            pygame.joystick.init()
            controller.init()
            known = range(controller.get_count())
        except pygame.error:
            known = range(0)
        for index in known:
            self._open(index, "")

    @property
    def style(self) -> str | None:
        """The labels' style of the pad last used; None when the keys were used last."""
        found = self.pads.get(self.active) if self.active is not None else None
        return found.style if found is not None else None

    def keys_used(self) -> None:
        self.active = None

    def _open(self, index: int, guid: str) -> int | None:
        """Open the pad at device ``index``; its instance id (SDL's events name it by that), or None."""
        try:
            if not controller.is_controller(index):
                return None
            pad = controller.Controller(index)
            joystick = pygame.joystick.Joystick(index)    # its instance id: the controller's ``id`` is not
            pad_id = int(joystick.get_instance_id())
        except pygame.error:
            return None
        self.pads[pad_id] = Pad(pad, joystick, style_of(pad.name or "", guid or joystick.get_guid()))
        return pad_id

    def close(self) -> None:
        for found in self.pads.values():
            _quit(found)
        self.pads.clear()

    # ------------------------------------------------------------------ reading SDL's events
    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """What ``event`` is for the app: a pad's events become presses (none, one or more); a pad plugged
        in or out is opened or closed; any other event is passed on as it is."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            opened = self._open(event.device_index, getattr(event, "guid", ""))
            return [pygame.event.Event(PAD_BACK, pad=opened)] if opened is not None else []
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            return self._removed(event.instance_id)
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            return self._button(event.instance_id, button_name(event.button), True)
        if event.type == pygame.CONTROLLERBUTTONUP:
            return self._button(event.instance_id, button_name(event.button), False)
        if event.type == pygame.CONTROLLERAXISMOTION:
            return self._axis(event.instance_id, event.axis, event.value / AXIS_MAX)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.keys_used()
        return [event]

    def _removed(self, pad_id: int) -> list[pygame.event.Event]:
        found = self.pads.pop(pad_id, None)
        if found is None:
            return []
        _quit(found)
        if self.active != pad_id:
            return []
        self.active = None
        return [pygame.event.Event(PAD_GONE, pad=pad_id)]

    def _button(self, pad_id: int, button: str | None, down: bool) -> list[pygame.event.Event]:
        found = self.pads.get(pad_id)
        if found is None or button is None:
            return []
        if not down:
            found.held.pop(button, None)
            return []
        self.active = pad_id
        if button in _REPEATING:
            found.held[button] = Held(button, None, self.clock + REPEAT_DELAY)
        return [pad_press(button, pad_id)]

    def _axis(self, pad_id: int, axis: int, value: float) -> list[pygame.event.Event]:
        found = self.pads.get(pad_id)
        if found is None:
            return []
        trigger = trigger_name(axis)
        if trigger is not None:
            return self._trigger(pad_id, found, trigger, value)
        which = stick_axis(axis)
        if which is None:
            return []
        found.stick[which] = value
        found.moved = True
        return []

    def _trigger(self, pad_id: int, found: Pad, trigger: str, value: float) -> list[pygame.event.Event]:
        if trigger in found.held:
            if value < TRIGGER_OFF:
                del found.held[trigger]
            return []
        if value <= TRIGGER_ON:
            return []
        self.active = pad_id
        found.held[trigger] = Held(trigger, None, self.clock + REPEAT_DELAY)
        return [pad_press(trigger, pad_id)]

    def _stick(self, pad_id: int, found: Pad) -> list[pygame.event.Event]:
        """A step when the stick leaves the dead zone or turns to another of the six hex directions."""
        x, y = found.stick
        reach = math.hypot(x, y)
        held = found.held.get("stick")
        if reach < (STICK_OFF if held is not None else STICK_ON):
            found.held.pop("stick", None)
            return []
        button, angle = stick_button(x, y), stick_angle(x, y)
        if held is not None and held.button == button and _sector(held.angle) == _sector(angle):
            held.angle = angle
            return []
        self.active = pad_id
        found.held["stick"] = Held(button, angle, self.clock + REPEAT_DELAY)
        return [pad_press(button, pad_id, angle)]

    def sticks(self) -> list[pygame.event.Event]:
        """The steps of the sticks that moved, looked at once both axes of a batch of events are known
        (SDL reports x and y one after the other)."""
        out = []
        for pad_id, found in self.pads.items():
            if found.moved:
                found.moved = False
                out.extend(self._stick(pad_id, found))
        return out

    # ------------------------------------------------------------------ holding
    def repeats(self, dt: float) -> list[pygame.event.Event]:
        """The presses that held directions and triggers repeat after ``dt`` more seconds."""
        self.clock += dt
        out = []
        for pad_id, found in self.pads.items():
            for held in found.held.values():
                if self.clock >= held.due:
                    held.due = self.clock + REPEAT_EVERY
                    out.append(pad_press(held.button, pad_id, held.angle, repeat=True))
        return out

    def wake_in(self) -> float | None:
        """Seconds until the next repeat (None: nothing is held)."""
        dues = [held.due for found in self.pads.values() for held in found.held.values()]
        return max(0.0, min(dues) - self.clock) if dues else None


def _sector(angle: float | None) -> Intent | None:
    """The hex direction ``angle`` is nearest to."""
    return None if angle is None else hex_toward(angle)


def _quit(found: Pad) -> None:
    found.pad.quit()
    found.joystick.quit()
