"""The pygame-ce desktop app: ``main(argv)`` opens the window.

Importing this package does not import pygame, so ``harmonies --version`` and the command-line
tools, which import it, start fast and run without a screen. The window's modules, which do import
pygame, are reached through :mod:`.window`, which ``main`` loads when the window opens (the one
import inside a function in the app, for that reason); the options are parsed in :mod:`.options`.
"""

from __future__ import annotations

import sys

from .options import build_parser, checked_language, parse_size

__all__ = ["build_parser", "checked_language", "main", "parse_size"]


def main(argv: list[str] | None = None) -> int:
    """Open the game window; returns the process exit code (see :func:`.window.open_window`)."""
    from . import window  # imports pygame: only once a window is to open

    return window.open_window(list(sys.argv[1:] if argv is None else argv))
