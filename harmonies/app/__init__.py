"""The pygame-ce desktop app: ``main(argv)`` opens the window.

Nothing here runs at import time; ``main`` builds the app. Importing this package
does not import pygame (``harmonies --version`` and the command-line tools import
it): the window's own modules, which do, are imported by ``make_app`` and ``main``
when the window opens. That is the only reason for imports inside functions here.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from harmonies.persist import load_cards_or_default
from harmonies.persist.lock import FolderInUse, lock_folder
from harmonies.persist.paths import resolve_dirs
from harmonies.session import SaveSlot

from harmonies.catalogue import Catalogue, available_languages, has_language
from .settings import MemorySettingsStore, SettingsStore, StoreSettings, parse_window

if TYPE_CHECKING:
    from .app import App

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harmonies", description="Play Harmonies.")
    p.add_argument("--data-dir", type=Path, default=None, help="folder for saves and settings")
    p.add_argument("--cards", type=Path, default=None, help="a cards.yaml to play with")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen")
    p.add_argument("--lang", default=None, metavar="CODE",
                   help=f"language of this window ({', '.join(available_languages())}); default: as chosen in "
                        "Settings, else the system's")
    return p


def checked_language(code: str | None) -> tuple[str | None, str | None]:
    """``--lang`` as a catalogue code, and the line to print when there is no catalogue for it
    (the window then speaks English)."""
    if code is None:
        return None, None
    if has_language(code):
        return code, None
    known = ", ".join(available_languages())
    return "en", f"harmonies: no text catalogue for --lang {code[:20]!r} (there are: {known}); using English"


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``--size`` as a window size, clamped like the size in the settings."""
    if not text:
        return None
    size = parse_window(text)
    if size is None:
        raise SystemExit(f"--size must look like 1280x720, not {text[:40]!r}")
    return size


def make_app(argv: list[str], saves_enabled: bool = True) -> App:
    """Build the app (window open, menu on the stack) without running the loop."""
    from .app import App
    from .scenes.menu import MenuScene

    args = build_parser().parse_args(argv)
    language, _ = checked_language(args.lang)
    messages: list[str] = []
    cards, warning = load_cards_or_default(args.cards)
    if warning:
        messages.append(warning)
    saves = SaveSlot(args.data_dir, cards, args.cards if args.cards else None, enabled=saves_enabled)
    store: SettingsStore = MemorySettingsStore()
    if saves.store is not None:
        store = StoreSettings(saves.store)
    app = App(size=parse_size(args.size), fullscreen=True if args.fullscreen else None, settings_store=store,
              data_dir=args.data_dir, cards=cards, messages=messages, saves=saves, language=language)
    problem = store.problem if isinstance(store, StoreSettings) else None
    if problem:
        app.messages.append(problem)
    if saves.last_error:
        app.messages.append(saves.last_error)
    app.start(MenuScene(app))
    return app


def main(argv: list[str] | None = None) -> int:
    """Open the game window; returns the process exit code.

    Before the window: SDL must have a display to show the window on (without one, a line says so
    rather than a game running unseen), and the data folder is locked for this process (a second
    window on the same folder says so and ends, leaving the first one's files alone).
    """
    import pygame

    from .app import display_problem, process_age

    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    language, warning = checked_language(args.lang)
    if warning:
        print(warning, file=sys.stderr)
    catalogue = Catalogue.load(language or "en")
    try:
        problem = display_problem(catalogue)
        if problem is not None:
            print(f"harmonies: {problem}", file=sys.stderr)
            return 1
        try:
            lock = lock_folder(resolve_dirs(args.data_dir).data)
        except FolderInUse as exc:
            print(f"harmonies: {catalogue.t('app.already_open', folder=exc.folder)}", file=sys.stderr)
            return 1
        try:
            app = make_app(argv)
            if os.environ.get("HARMONIES_TIMING") == "1":
                app.on_first_frame.append(lambda: print(f"first frame after {process_age() * 1000:.0f} ms", flush=True))
            return int(app.run())
        finally:
            if lock is not None:
                lock.release()
    finally:
        pygame.quit()
