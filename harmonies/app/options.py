"""The window's command-line options: parsed without pygame, so ``harmonies --help`` and the
command-line tools never load it."""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from pathlib import Path

from harmonies.catalogue import available_languages, has_language

from .settings import parse_window


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


def _shell_word(word: str, system: str) -> str:
    # POSIX shells: shlex.quote (single quotes only when needed, so a space or a quote arrives whole);
    # Windows ("nt"): the double quotes its command lines use.
    return subprocess.list2cmdline([word]) if system == "nt" else shlex.quote(word)


def data_dir_option(folder: Path, system: str = os.name) -> str:
    """``--data-dir FOLDER`` as the player types it into this system's shell, in plain ASCII quotes.

    The folder is made absolute, since the shell may start elsewhere. The words on screen say
    "start Harmonies with" this; :func:`start_command` is the whole command, for the clipboard.
    """
    return f"--data-dir {_shell_word(str(folder.absolute()), system)}"


def start_command(folder: Path, system: str = os.name, frozen: bool | None = None,
                  executable: str | None = None) -> str:
    """The whole command that starts this program on ``folder``, to paste into a shell: the packaged
    app (``frozen``, as PyInstaller marks it) runs as itself, a checkout as ``python -m harmonies``."""
    frozen = bool(getattr(sys, "frozen", False)) if frozen is None else frozen
    program = [executable or sys.executable] + ([] if frozen else ["-m", "harmonies"])
    return " ".join(_shell_word(word, system) for word in program) + " " + data_dir_option(folder, system)
