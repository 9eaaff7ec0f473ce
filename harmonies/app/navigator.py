"""The app's navigator: opens a screen, given by value (:mod:`.navigation`), on the scene stack."""

from __future__ import annotations

from collections.abc import Callable

from .navigation import Destination
from .scene import Host, Scene

#: Builds the scene for a destination (the registry's ``build_scene``).
Builder = Callable[[Host, Destination], Scene]


class Navigator:
    """The app's ``navigate``: opens a destination on the scene stack. Like the stack's own requests, each
    takes effect between frames; the scene is built at once, as a scene built by hand would be."""

    def __init__(self, app: Host, build: Builder) -> None:
        self._app = app
        self._build = build

    def scene(self, to: Destination) -> Scene:
        """The scene for ``to``, built but not opened."""
        return self._build(self._app, to)

    def push(self, to: Destination) -> None:
        """Open ``to`` over the current scene."""
        self._app.scenes.push(self.scene(to))

    def replace(self, to: Destination) -> None:
        """Open ``to`` in place of the current scene."""
        self._app.scenes.replace(self.scene(to))

    def reset(self, to: Destination) -> None:
        """Empty the stack and open ``to`` (e.g. back to the menu)."""
        self._app.scenes.reset(self.scene(to))
