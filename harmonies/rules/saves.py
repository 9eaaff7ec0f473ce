"""A game's save as JSON: its setup and its command log, written and read back with checks."""

from __future__ import annotations

from typing import Any

from .commands import Command, command_from_json, command_to_json
from .setup import GameSetup

FORMAT_VERSION = 1


def game_json(setup: GameSetup, history: list[Command] | tuple[Command, ...]) -> dict[str, Any]:
    """Setup and command log: everything needed to rebuild a game exactly."""
    return {
        "format": FORMAT_VERSION,
        "setup": {
            "players": setup.players,
            "side": setup.side,
            "spirits": setup.spirits,
            "seed": setup.seed,
        },
        "commands": [command_to_json(c) for c in history],
    }


def read_game_json(data: Any) -> tuple[GameSetup, list[Command]]:
    """The setup and commands of a save written by :func:`game_json`; ``ValueError`` says what is
    wrong and where."""
    if not isinstance(data, dict):
        raise ValueError("a saved game must be a JSON object")
    version = data.get("format")
    if type(version) is not int or version < 1:
        raise ValueError(f"a saved game needs a 'format' of 1 to {FORMAT_VERSION}, not {version!r}")
    if version > FORMAT_VERSION:
        raise ValueError(f"saved with a newer format ({version}); this version reads up to {FORMAT_VERSION}")
    raw = data.get("setup")
    if not isinstance(raw, dict):
        raise ValueError("a saved game needs a 'setup' object")
    try:
        setup = GameSetup(
            players=raw["players"], side=raw["side"], spirits=raw["spirits"], seed=raw["seed"]
        )
    except KeyError as missing:
        raise ValueError(f"setup lacks the field {missing}") from None
    if setup.seed is None:
        raise ValueError("setup.seed must be a whole number, not null")
    commands = data.get("commands")
    if not isinstance(commands, list):
        raise ValueError("a saved game needs a 'commands' list")
    parsed = []
    for n, c in enumerate(commands):
        try:
            parsed.append(command_from_json(c))
        except ValueError as e:
            raise ValueError(f"commands[{n}]: {e}") from None
    return setup, parsed
