"""A game controller's buttons as the input map names them: SDL's game-controller names (``a``, ``b``,
``start``, ``leftshoulder``, ``dpup`` …, and ``lefttrigger`` / ``righttrigger`` for the two triggers,
which SDL reports as axes). This is the one module that knows SDL's button and axis codes, as
:mod:`.chords` is for keys.

The app turns what a pad does into :data:`PAD_PRESS` events (:mod:`.pads`): one per button pressed,
per trigger pulled, and per step of the left stick (the stick's step names the d-pad button of its
direction and carries its angle), so scenes read a pad through the intents only."""

from __future__ import annotations

import math

import pygame

#: A pad's press as the app hands it on: ``button`` (a name of :data:`BUTTONS`), ``angle`` (degrees,
#: counter-clockwise from the right, for a step of the stick; None for a button), ``repeat`` (a button
#: or stick held long enough to repeat) and ``pad`` (the pad's instance id).
PAD_PRESS = pygame.event.custom_type()
#: The pad in use was unplugged (``pad``: its instance id), and a pad was plugged in.
PAD_GONE = pygame.event.custom_type()
PAD_BACK = pygame.event.custom_type()

#: SDL's game-controller buttons by name.
_BUTTON_CODES = {
    "a": pygame.CONTROLLER_BUTTON_A, "b": pygame.CONTROLLER_BUTTON_B, "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y, "back": pygame.CONTROLLER_BUTTON_BACK, "guide": pygame.CONTROLLER_BUTTON_GUIDE,
    "start": pygame.CONTROLLER_BUTTON_START, "leftstick": pygame.CONTROLLER_BUTTON_LEFTSTICK,
    "rightstick": pygame.CONTROLLER_BUTTON_RIGHTSTICK, "leftshoulder": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rightshoulder": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, "dpup": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "dpdown": pygame.CONTROLLER_BUTTON_DPAD_DOWN, "dpleft": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "dpright": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}
_NAME_OF_BUTTON = {code: name for name, code in _BUTTON_CODES.items()}
#: The triggers, which SDL reports as axes (0 released … 32767 pulled), by name.
_TRIGGER_AXES = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lefttrigger",
                 pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "righttrigger"}
#: Every name a map may give a button.
BUTTONS = (*_BUTTON_CODES, *_TRIGGER_AXES.values())
#: The d-pad's buttons, in the order Up, Down, Left, Right.
DPAD = ("dpup", "dpdown", "dpleft", "dpright")
#: The largest value of an axis.
AXIS_MAX = 32767.0


def parse_button(text: str) -> str | None:
    """The button named by ``text`` (SDL's name, any case), or None when no button is called that."""
    name = text.strip().lower()
    return name if name in BUTTONS else None


def button_name(code: int) -> str | None:
    """The name of a CONTROLLERBUTTONDOWN event's ``button`` (None: a button the map has no name for)."""
    return _NAME_OF_BUTTON.get(code)


def trigger_name(axis: int) -> str | None:
    """The trigger a CONTROLLERAXISMOTION event's ``axis`` is (None: not a trigger)."""
    return _TRIGGER_AXES.get(axis)


def stick_axis(axis: int) -> int | None:
    """0 for the left stick's x axis, 1 for its y axis (None: another axis)."""
    return {pygame.CONTROLLER_AXIS_LEFTX: 0, pygame.CONTROLLER_AXIS_LEFTY: 1}.get(axis)


def stick_button(x: float, y: float) -> str:
    """The d-pad button of the stick's direction (``y`` grows downwards, as SDL reports it)."""
    if abs(x) > abs(y):
        return "dpright" if x > 0 else "dpleft"
    return "dpdown" if y > 0 else "dpup"


def stick_angle(x: float, y: float) -> float:
    """The stick's direction in degrees, counter-clockwise from the right (0 to 360)."""
    return math.degrees(math.atan2(-y, x)) % 360.0


def pad_press(button: str, pad: int, angle: float | None = None, repeat: bool = False) -> pygame.event.Event:
    return pygame.event.Event(PAD_PRESS, button=button, pad=pad, angle=angle, repeat=repeat)


__all__ = ["AXIS_MAX", "BUTTONS", "DPAD", "PAD_BACK", "PAD_GONE", "PAD_PRESS", "button_name", "pad_press",
           "parse_button", "stick_angle", "stick_axis", "stick_button", "trigger_name"]
