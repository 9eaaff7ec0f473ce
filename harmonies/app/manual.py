"""The player's manual (``docs/manual.md``), which How to play's last page opens: shipped as game data in
the checkout, the wheel and the packaged app alike, found through :func:`harmonies.resources.resource_path`
and opened in the system's viewer for the file (a browser or a text viewer)."""

from __future__ import annotations

import webbrowser
from collections.abc import Callable
from pathlib import Path

from harmonies.resources import resource_path

#: The manual's place among the game's data files.
MANUAL = "docs/manual.md"


def manual_path() -> Path | None:
    """Where the manual is in this copy of the game (None: it is not there)."""
    try:
        return resource_path(MANUAL)
    except FileNotFoundError:
        return None


def open_manual(t: Callable[..., str], opener: Callable[[str], bool] | None = None) -> str:
    """Ask the system to show the manual; the one line saying what happened, worded by ``t``: where the
    manual is (it opens, or it could not be opened and the player can open it there), or that it is
    missing from this copy. ``opener``: the system's (``webbrowser.open``) unless another is given."""
    path = manual_path()
    if path is None:
        return t("keys.manual_missing", file=MANUAL)
    try:
        opened = (opener or webbrowser.open)(path.resolve().as_uri())
    except Exception:  # a system without any viewer: the line still says where the file is
        opened = False
    return t("keys.manual_opened" if opened else "keys.manual_not_opened", path=str(path))
