"""Choosing the card set: a custom ``--cards`` file when it is good, else the bundled cards and a message."""

from __future__ import annotations

from pathlib import Path

from ..rules import USER_CARDS_SECONDS, CardSet, CardsError, default_cards, load_cards


def load_cards_or_default(path: str | Path | None) -> tuple[CardSet, str | None]:
    """The cards in ``path``, or the bundled cards and a message for the player saying why not.

    ``path`` None gives the bundled cards and no message. The message names the file and, for a
    mistake inside it, the line and field (from :class:`~harmonies.rules.CardsError`). A broken
    *bundled* cards file is not hidden: its ``CardsError`` is raised, as the game cannot run without it.
    """
    if path is None or str(path) == "":
        return default_cards(), None
    try:
        return load_cards(path, cpu_limit=USER_CARDS_SECONDS), None
    except CardsError as e:
        reason = str(e)
    except Exception as e:  # the loader promises CardsError; a surprise must still not stop the app
        reason = f"{path}: could not be read ({type(e).__name__}: {e})"[:300]
    return default_cards(), f"{reason} — playing with the bundled cards instead."
