"""A real SDL game controller for the tests: a virtual pad attached through SDL's own virtual-joystick API,
called through ctypes on the very SDL library pygame-ce has loaded (its ``pygame_ce.libs/libSDL2-*.so``).

SDL then sends what it sends for any pad: CONTROLLERDEVICEADDED when attached, CONTROLLERBUTTONDOWN / UP
and CONTROLLERAXISMOTION for what :meth:`VirtualPad.press` and :meth:`VirtualPad.tilt` set, and
CONTROLLERDEVICEREMOVED when detached. Nothing is posted by hand: the game reads the pad as it reads a
plugged-in one. :func:`skip_reason` says why a machine cannot (an SDL without the API, another SDL)."""

from __future__ import annotations

import ctypes
import glob
import os
from functools import cache

import pygame

#: SDL_JOYSTICK_TYPE_GAMECONTROLLER: a pad that SDL maps as a game controller by itself.
_TYPE_GAMECONTROLLER = 1
#: A virtual game controller's axes (left x, left y, right x, right y, the two triggers) and buttons.
_AXES, _BUTTONS = 6, 15
#: SDL's game-controller button indices, which a virtual game controller's buttons are, by name.
BUTTON = {"a": 0, "b": 1, "x": 2, "y": 3, "back": 4, "guide": 5, "start": 6, "leftstick": 7, "rightstick": 8,
          "leftshoulder": 9, "rightshoulder": 10, "dpup": 11, "dpdown": 12, "dpleft": 13, "dpright": 14}
#: SDL's game-controller axes by name.
AXIS = {"leftx": 0, "lefty": 1, "rightx": 2, "righty": 3, "lefttrigger": 4, "righttrigger": 5}
_MIN, _MAX = -32768, 32767


class _Desc(ctypes.Structure):
    """SDL_VirtualJoystickDesc (SDL 2.24 and later), version 1."""

    _fields_ = [("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
                ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16), ("button_mask", ctypes.c_uint32),
                ("axis_mask", ctypes.c_uint32), ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
                ("Update", ctypes.c_void_p), ("SetPlayerIndex", ctypes.c_void_p), ("Rumble", ctypes.c_void_p),
                ("RumbleTriggers", ctypes.c_void_p), ("SetLED", ctypes.c_void_p), ("SendEffect", ctypes.c_void_p)]


@cache
def _sdl() -> ctypes.CDLL | str:
    """pygame's SDL library (the instance it already loaded), its functions typed; or why not."""
    folder = os.path.join(os.path.dirname(pygame.__file__), os.pardir, "pygame_ce.libs")
    found = sorted(glob.glob(os.path.join(folder, "libSDL2-2*.so*")))
    if not found:
        return f"no SDL library beside pygame in {os.path.normpath(folder)}"
    lib = ctypes.CDLL(found[0])
    for name in ("SDL_JoystickAttachVirtualEx", "SDL_JoystickSetVirtualButton", "SDL_JoystickSetVirtualAxis",
                 "SDL_JoystickDetachVirtual", "SDL_JoystickOpen"):
        if not hasattr(lib, name):
            return f"{os.path.basename(found[0])} lacks {name} (SDL older than 2.24)"
    lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(_Desc)]
    lib.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickInstanceID.restype = ctypes.c_int
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
    lib.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int
    lib.SDL_GetError.restype = ctypes.c_char_p
    return lib


def skip_reason() -> str | None:
    """Why a virtual pad cannot be attached here (None: it can)."""
    found = _sdl()
    return found if isinstance(found, str) else None


class VirtualPad:
    """One virtual game controller, attached on creation (``vendor`` gives its make: 0x054C Sony …)."""

    def __init__(self, name: str = "Virtual pad", vendor: int = 0, product: int = 0) -> None:
        lib = _sdl()
        assert not isinstance(lib, str), lib
        self.lib = lib
        self._name = name.encode()
        desc = _Desc(version=1, type=_TYPE_GAMECONTROLLER, naxes=_AXES, nbuttons=_BUTTONS, vendor_id=vendor,
                     product_id=product, name=self._name)
        self.index: int = lib.SDL_JoystickAttachVirtualEx(ctypes.byref(desc))
        assert self.index >= 0, lib.SDL_GetError()
        self.handle = lib.SDL_JoystickOpen(self.index)
        assert self.handle, lib.SDL_GetError()
        self.id = lib.SDL_JoystickInstanceID(self.handle)
        self.attached = True

    def button(self, name: str, down: bool) -> None:
        assert self.lib.SDL_JoystickSetVirtualButton(self.handle, BUTTON[name], 1 if down else 0) == 0

    def axis(self, name: str, value: int) -> None:
        assert self.lib.SDL_JoystickSetVirtualAxis(self.handle, AXIS[name], max(_MIN, min(_MAX, value))) == 0

    def detach(self) -> None:
        """Unplug the pad (SDL sends CONTROLLERDEVICEREMOVED)."""
        if self.attached:
            self.lib.SDL_JoystickClose(self.handle)
            self.lib.SDL_JoystickDetachVirtual(self.index_now())
            self.attached = False

    def index_now(self) -> int:
        """The pad's device index now (other pads plugged out before it move it down)."""
        for index in range(self.lib.SDL_NumJoysticks()):
            if self.lib.SDL_JoystickGetDeviceInstanceID(index) == self.id:
                return index
        return self.index
