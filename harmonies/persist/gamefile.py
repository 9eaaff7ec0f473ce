"""A game's file as the store reads it: a saved or finished game read whole (a bad file set aside, one
kept where it is when it was played with other cards), whether the autosave holds an earlier step of a
finished game (and setting it aside then), and the file name of a finished game.
"""

from __future__ import annotations

import os
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from ..rules import CardSet, Game, GameSetup
from . import document
from .atomic import set_aside
from .errors import LoadProblem
from .paths import Dirs


def read_game(path: Path, what: str, cards: CardSet) -> tuple[Game, dict[str, Any], str]:
    """The game, its meta and its kind in the file at ``path`` (``what``: "saved game", "finished game",
    for the message); raises :class:`LoadProblem`, having set a bad file aside."""
    try:
        data = document.read_limited(path)
    except OSError as e:
        raise LoadProblem(what, path, f"cannot read it ({e.strerror or e})", None) from None
    try:
        return document.decode(document.parse_json(data), cards)
    except document.SaveFormatError as e:
        if e.other_cards:
            raise LoadProblem(what, path, str(e), None,
                              " The file was left where it is: start Harmonies with those cards "
                              "(--cards) to continue it.") from None
        raise set_aside_problem(what, path, str(e)) from None
    except RecursionError:
        raise set_aside_problem(what, path, "the file is nested too deeply to read") from None
    except Exception as e:  # decoding promises SaveFormatError; a surprise must still be a message
        raise set_aside_problem(what, path, f"it cannot be read ({type(e).__name__}: {e})"[:300]) from None


def set_aside_problem(what: str, path: Path, reason: str) -> LoadProblem:
    """Set the file at ``path`` aside (renamed beside itself) and say why, or say that it could not be."""
    try:
        moved = set_aside(path)
    except OSError as e:
        return LoadProblem(what, path, reason, None,
                           f" It could not be set aside ({e.strerror or e}); move it away by hand.")
    return LoadProblem(what, path, reason, moved)


def autosave_is_part_of(autosave: Path, game: Game) -> bool:
    """Whether the autosave file holds ``game``'s setup and a start of its command log (read without replaying)."""
    try:
        doc = document.parse_json(document.read_limited(autosave))
        saved = doc["game"]
        setup, commands = saved["setup"], saved["commands"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    mine = game.to_json()
    return (setup == mine["setup"] and isinstance(commands, list)
            and commands == mine["commands"][: len(commands)])


def retire_stale_autosave(dirs: Dirs, game: Game) -> None:
    """Rename the autosave aside when it holds an earlier step of the finished ``game`` (best effort:
    a rename needs no free space, but a read-only folder refuses it)."""
    if not autosave_is_part_of(dirs.autosave, game):
        return
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    with suppress(OSError):
        os.rename(dirs.autosave, dirs.data / f"autosave.superseded-{stamp}.json")


def archive_name(setup: GameSetup, started: str) -> str:
    """The file name of a finished game in ``finished/``: when it started (local time), then its setup."""
    try:
        when = datetime.fromisoformat(started).astimezone()
    except ValueError:
        when = datetime.now()
    s = setup
    return f"{when:%Y%m%d-%H%M%S}-{s.players}p-{s.side}{'-spirits' if s.spirits else ''}-seed{s.seed}.json"
