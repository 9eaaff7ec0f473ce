"""The ``harmonies`` command: the game window, the command-line tools, and the
packaging hooks ``--version`` and ``--smoke-test``.

This module only dispatches. Importing it has no side effects and does not
import pygame, so ``--version`` and the command-line tools start fast and work
on a machine without a screen.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

# argv[0] values that go to the command-line tools (harmonies/cli.py) rather
# than opening the window.
SUBCOMMANDS: frozenset[str] = frozenset(
    {"score", "habitats", "simulate", "replay", "demo"}
)

# Global options that take a value; the value must not be mistaken for a
# subcommand when looking for one (``--cards demo`` is a file called demo).
_OPTIONS_WITH_VALUE: frozenset[str] = frozenset({"--data-dir", "--cards"})

USAGE = """\
usage: harmonies [--data-dir DIR] [--cards PATH]              open the game window
       harmonies [--data-dir DIR] [--cards PATH] COMMAND ...  command-line tools
       harmonies --version | --smoke-test | --help

commands: {commands}
  run 'harmonies COMMAND --help' for a command's own options;
  --data-dir and --cards may also come after COMMAND

options:
  --data-dir DIR  keep saves and settings in DIR instead of the user folders
  --cards PATH    use this cards file instead of the bundled cards.yaml
  --version       print the version and exit
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


def _load_entry(module: str, attr: str, what: str) -> Callable[..., object] | None:
    """Import ``module.attr``; None (after saying why) if the module is absent.

    Only the absence of *module* itself is reported this way: an ImportError
    raised inside it is a real bug and propagates with its traceback.
    """
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (
            module == exc.name or module.startswith(exc.name + ".")
        ):
            print(
                f"harmonies: {what} is not available in this build "
                f"(module {module} is missing)",
                file=sys.stderr,
            )
            return None
        raise
    entry = getattr(mod, attr, None)
    if entry is None:
        # main may live in a submodule (harmonies/app/main.py) that the
        # package does not import itself.
        try:
            entry = importlib.import_module(f"{module}.{attr}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{module}.{attr}":
                raise
    if isinstance(entry, ModuleType):
        entry = getattr(entry, "main", None)
    if not callable(entry):
        print(
            f"harmonies: {what} is not available in this build "
            f"({module} has no {attr}())",
            file=sys.stderr,
        )
        return None
    return entry


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
        from harmonies import __version__

        print(f"harmonies {__version__}")
        return 0
    if "--help" in ours or "-h" in ours:
        print(USAGE.format(commands=", ".join(sorted(SUBCOMMANDS))), end="")
        return 0
    if "--smoke-test" in ours:
        from harmonies import smoke

        return smoke.run()

    if sub is not None and args[sub] in SUBCOMMANDS:
        cli_main = _load_entry(
            "harmonies.cli", "main", "the command-line tools (harmonies/cli.py)"
        )
        if cli_main is None:
            return 1
        return _exit_code(cli_main(args))

    app_main = _load_entry("harmonies.app", "main", "the game window (harmonies/app)")
    if app_main is None:
        return 1
    return _exit_code(app_main(args))


if __name__ == "__main__":
    # Needed before anything else if a frozen build ever spawns processes.
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
