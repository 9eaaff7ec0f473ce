"""Opening the game window: ``make_app`` builds the app with the menu on its stack, ``open_window``
runs it until it closes. This module imports pygame (through the app); ``harmonies.app.main`` loads
it only when a window is to open."""

from __future__ import annotations

import os
import sys

import pygame

from harmonies.catalogue import Catalogue
from harmonies.persist import load_cards_or_default
from harmonies.persist.lock import FolderInUse, LockNotFile, lock_folder
from harmonies.persist.paths import resolve_dirs
from harmonies.session import SaveSlot

from .app import App, display_problem, process_age
from .options import build_parser, checked_language, parse_size
from .scenes.menu import MenuScene
from .settings import MemorySettingsStore, SettingsStore, StoreSettings


def make_app(argv: list[str], saves_enabled: bool = True) -> App:
    """Build the app (window open, menu on the stack) without running the loop."""
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
        app.tell(problem)
    if saves.last_error:
        app.tell(saves.last_error)
    app.start(MenuScene(app))
    return app


def open_window(argv: list[str]) -> int:
    """Open the game window and run it; returns the process exit code.

    Before the window: SDL must have a display to show the window on (without one, a line says so
    rather than a game running unseen), and the data folder is locked for this process (a second
    window on the same folder says so and ends, leaving the first one's files alone).

    A lock path that is not a regular file (``harmonies.lock`` a folder, say) gives one line and no
    window: that folder cannot be kept to one window, and a window that opened anyway would be the
    second window writing over the first one's saves that the lock exists to prevent. A read-only
    window would instead play a whole game that is never saved; refusing loses nothing, and the line
    says what to remove or which option to use.
    """
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
        except LockNotFile as exc:
            print(f"harmonies: {catalogue.t('app.bad_lock', path=exc.path, folder=exc.folder)}", file=sys.stderr)
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
