"""Scenes and the scene stack.

A scene receives ``on_enter()`` when it becomes part of the stack,
``on_pause()`` when another scene is pushed over it, ``on_resume()`` when the
scene above it is popped, and ``on_exit()`` when it leaves the stack. What a scene
needs to start (a game, its seats) it takes, typed, in its constructor; another scene
opens it by value through ``app.navigate`` (:mod:`.navigation`), never by importing its
module. ``handle_event`` returns ``None`` when it consumed the event, or the event to
let the next scene down (or the app) see it.
``draw`` must not change any state: everything that changes happens in
``handle_event`` and ``update``. Push/pop/replace are requests, applied by the
app between frames, so a scene never disappears under its own feet.

The window is drawn only when something changed (see :mod:`.loop`): after input, a change of
the stack, and when a visible scene says so. ``next_frame()`` says in how many seconds the scene,
left alone, looks different (0.0 while something moves, None while it is still); ``wake_in()``
says when ``update`` must run again to look at a background job without drawing; a scene whose
``update`` changed what it shows without input or a timer calls ``redraw()``. The base class keeps
every frame, so a scene that says nothing is drawn as often as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

import pygame

from .look import Look

if TYPE_CHECKING:
    from harmonies.rules import CardSet
    from harmonies.session import SaveSlot

    from .navigation import Destination
    from .settings import Settings


class Scene:
    """Base class; subclasses override what they need.

    ``app`` is what the scene is given, typed by what it uses: at least the look and the stack
    (:class:`SceneServices`). A scene that uses more declares it, ``app: MenuServices``, and takes
    the same type in its constructor; the app meets every such protocol as it stands."""

    name = "scene"
    #: Draw the scene below first (for overlays such as the pause menu).
    transparent = False
    #: Let events this scene does not consume reach the scene below.
    passes_input = False
    #: Set by :meth:`redraw`: the next pass of the loop draws the window (cleared once drawn).
    dirty = False

    app: SceneServices

    def __init__(self, app: SceneServices) -> None:
        self.app = app

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def on_pause(self) -> None:
        pass

    def on_resume(self) -> None:
        pass

    def on_resize(self) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    # -- when the window is drawn -------------------------------------------------
    def next_frame(self) -> float | None:
        """Seconds until this scene, with no input, looks different: 0.0 while something moves (every
        frame), a number for a timer (a fade that begins, a blinking caret), None while it is still.
        The loop draws once that time has come, whatever the scene says then, so the frame after
        an animation's last one is drawn too."""
        return 0.0

    def wake_in(self) -> float | None:
        """Seconds until ``update`` must run again with no input and no frame due (a background job
        to poll, a timer that acts); None: not before the next input or frame."""
        return None

    def redraw(self) -> None:
        """Ask for the window to be drawn on the next pass of the loop (a background answer came in)."""
        self.dirty = True


@dataclass
class _Request:
    op: Literal["push", "pop", "replace", "reset"]
    scene: Scene | None


class SceneStack:
    def __init__(self) -> None:
        self._stack: list[Scene] = []
        self._pending: list[_Request] = []

    # -- requests (applied later) -------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(_Request("push", scene))

    def pop(self) -> None:
        self._pending.append(_Request("pop", None))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        self._pending.append(_Request("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start again from ``scene`` (e.g. quit to menu)."""
        self._pending.append(_Request("reset", scene))

    # -- queries --------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._stack)

    @property
    def has_pending(self) -> bool:
        return bool(self._pending)

    def __len__(self) -> int:
        return len(self._stack)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and those under transparent ones."""
        out: list[Scene] = []
        for scene in reversed(self._stack):
            out.append(scene)
            if not scene.transparent:
                break
        return list(reversed(out))

    # -- applying -------------------------------------------------------------
    def apply_pending(self) -> bool:
        """Carry out queued requests in order; True if the stack changed."""
        changed = False
        while self._pending:
            req = self._pending.pop(0)
            changed = True
            if req.op == "push":
                assert req.scene is not None
                if self._stack:
                    self._stack[-1].on_pause()
                self._stack.append(req.scene)
                req.scene.on_enter()
            elif req.op == "pop":
                if not self._stack:
                    continue
                self._stack.pop().on_exit()
                if self._stack:
                    self._stack[-1].on_resume()
            elif req.op == "replace":
                assert req.scene is not None
                if self._stack:
                    self._stack.pop().on_exit()
                self._stack.append(req.scene)
                req.scene.on_enter()
            elif req.op == "reset":
                assert req.scene is not None
                while self._stack:
                    self._stack.pop().on_exit()
                self._stack.append(req.scene)
                req.scene.on_enter()
        return changed

    def dispatch(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Offer ``event`` to the top scene, and down the stack while scenes pass it on."""
        for scene in reversed(self._stack):
            result = scene.handle_event(event)
            if result is None:
                return None
            if not scene.passes_input:
                return result
        return event


# -- what a scene is given ---------------------------------------------------------
class Opens(Protocol):
    """Opens a screen by value (:mod:`.navigation`); each takes effect between frames."""

    def push(self, to: Destination) -> None: ...

    def replace(self, to: Destination) -> None: ...

    def reset(self, to: Destination) -> None: ...


class Navigation(Protocol):
    """The scene stack and the screens a scene may open."""

    @property
    def scenes(self) -> SceneStack: ...

    @property
    def navigate(self) -> Opens: ...


class Preferences(Protocol):
    """The player's settings and the language shown, and changing them."""

    @property
    def settings(self) -> Settings: ...

    @property
    def language(self) -> str: ...

    def apply_settings(self, settings: Settings) -> None: ...

    def set_language(self, language: str) -> None: ...


class Keeping(Protocol):
    """Where games are kept: the save slot, the data folder, the cards in use."""

    @property
    def saves(self) -> SaveSlot: ...

    @property
    def data_dir(self) -> Path | None: ...

    @property
    def cards(self) -> CardSet | None: ...


class Telling(Protocol):
    """What the player is told: the menu's messages, and sounds."""

    @property
    def messages(self) -> list[str]: ...

    def tell(self, message: str) -> None: ...

    def play_sound(self, name: str) -> None: ...


class Windowed(Protocol):
    """The window's surface itself (its size in pixels), beyond the viewport the look gives."""

    @property
    def window(self) -> pygame.Surface: ...


class Closing(Protocol):
    """Closing the window: the game ends."""

    def quit(self) -> None: ...


class SceneServices(Look, Navigation, Protocol):
    """The least a scene uses: the look, and the stack it closes itself on and the screens it opens."""


class Host(Look, Navigation, Preferences, Keeping, Telling, Windowed, Closing, Protocol):
    """Every part in one, as the app offers them. Only what builds the scenes is given it (the registry's
    ``build_scene`` and the navigator); a scene is given the parts it uses."""
