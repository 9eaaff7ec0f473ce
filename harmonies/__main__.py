"""The ``harmonies`` command: the game window, the command-line tools, and the
packaging hooks ``--version`` and ``--smoke-test``.

This module only dispatches. Importing it has no side effects and does not
import pygame (the window's modules load it when the window opens), so
``--version`` and the command-line tools work on a machine without a screen.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Sequence

from harmonies import __version__, app, cli, smoke
from harmonies.compiled import build_name

# argv[0] values that go to the command-line tools (harmonies/cli.py) rather
# than opening the window.
SUBCOMMANDS: frozenset[str] = frozenset(
    {"score", "habitats", "simulate", "replay", "review", "demo", "history", "import", "export", "challenges",
     "daily", "serve", "join"}
)

# Global options that take a value; the value must not be mistaken for a
# subcommand when looking for one (``--cards demo`` is a file called demo).
_OPTIONS_WITH_VALUE: frozenset[str] = frozenset({"--data-dir", "--cards", "--size", "--lang"})

USAGE = """\
usage: harmonies [--data-dir DIR] [--cards PATH] [--lang CODE] open the game window
       harmonies [--data-dir DIR] [--cards PATH] COMMAND ...    command-line tools
       harmonies --version | --smoke-test | --help

commands: {commands}
  run 'harmonies COMMAND --help' for a command's own options;
  --data-dir and --cards may also come after COMMAND

options:
  --data-dir DIR  keep saves and settings in DIR instead of the user folders
  --cards PATH    use this cards file instead of the bundled cards.yaml
  --lang CODE     open the window in this language (en, fr, ...); default:
                  as chosen in Settings, else the system's
  --version       print the version and the build ("compiled" or "pure
                  Python") and exit
  --smoke-test    check this install headlessly (cards, every scene, one
                  computer game, the hard player's helper process) and print
                  one line; exit 1 if anything fails
"""


def _subcommand_index(args: Sequence[str]) -> int | None:
    """Index of the first positional argument, skipping global options."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return i + 1 if i + 1 < len(args) else None
        if arg in _OPTIONS_WITH_VALUE:
            i += 2
            continue
        if arg.startswith("-"):
            i += 1
            continue
        return i
    return None


def _exit_code(result: object) -> int:
    if result is None:
        return 0
    if isinstance(result, bool):
        return int(not result)
    if isinstance(result, int):
        return result
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``harmonies`` command; returns the process exit status."""
    # pygame's greeting on import is noise for players and in the command line's output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = list(sys.argv[1:] if argv is None else argv)
    sub = _subcommand_index(args)
    # Only options before the subcommand are ours; after it they belong to
    # the subcommand (``harmonies score --help``).
    ours = args if sub is None else args[:sub]

    if "--version" in ours:
        print(f"harmonies {__version__} ({build_name()})")
        return 0
    if "--help" in ours or "-h" in ours:
        print(USAGE.format(commands=", ".join(sorted(SUBCOMMANDS))), end="")
        return 0
    if "--smoke-test" in ours:
        return smoke.run()

    if sub is not None and args[sub] in SUBCOMMANDS:
        return _exit_code(cli.main(args))
    return _exit_code(app.main(args))


if __name__ == "__main__":
    # Needed before anything else if a frozen build ever spawns processes.
    multiprocessing.freeze_support()
    sys.exit(main())
