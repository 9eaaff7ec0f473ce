"""The pygame-ce desktop app: ``main(argv)`` opens the window.

Nothing here runs at import time; ``main`` builds the app. Importing this package
does not import pygame until ``main`` (or a submodule) is used.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harmonies", description="Play Harmonies.")
    p.add_argument("--data-dir", type=Path, default=None, help="folder for saves and settings")
    p.add_argument("--cards", type=Path, default=None, help="a cards.yaml to play with")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen")
    return p


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size must look like 1280x720, not {text!r}") from None
    return (max(640, w), max(360, h))


def load_card_set(path: Path | None) -> tuple[Any, list[str]]:
    """The cards to play with and any message for the player (a bad file falls back to the bundled cards)."""
    if path is None:
        return None, []
    try:
        from harmonies.rules.cards import CardsError, load_cards
    except ImportError:
        return None, [f"{path}: custom cards need the rules package"]
    try:
        return load_cards(path), []
    except CardsError as exc:
        return None, [f"{exc} — playing with the bundled cards instead."]
    except OSError as exc:
        return None, [f"{path}: {exc.strerror or exc} — playing with the bundled cards instead."]


def make_app(argv: list[str]) -> Any:
    """Build the app (window open, menu on the stack) without running the loop."""
    from .app import App
    from .scenes.menu import MenuScene
    from .settings import default_store

    args = build_parser().parse_args(argv)
    cards, messages = load_card_set(args.cards)
    app = App(size=parse_size(args.size), fullscreen=True if args.fullscreen else None,
              settings_store=default_store(args.data_dir), data_dir=args.data_dir, cards=cards, messages=messages)
    app.start(MenuScene(app))
    return app


def main(argv: list[str] | None = None) -> int:
    """Open the game window; returns the process exit code."""
    from .app import process_age

    app = make_app(list(sys.argv[1:] if argv is None else argv))
    if os.environ.get("HARMONIES_TIMING") == "1":
        app.on_first_frame.append(lambda: print(f"first frame after {process_age() * 1000:.0f} ms", flush=True))
    try:
        return app.run()
    finally:
        import pygame
        pygame.quit()
