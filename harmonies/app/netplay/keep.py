"""A joined seat's copy of the finished game, kept in the player's own Finished games.

The host archives the table's game in its data folder; the window that joined keeps the record the
host sent at the end (replayable, holding nothing that was never shown) in its own, under the
folder's lock as every write there. A folder that cannot be written to loses nothing at the host and
says why in one line (the game itself is archived by the host).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from harmonies.persist.lock import writing
from harmonies.rules import Game

if TYPE_CHECKING:
    from ..scene import Keeping

#: Keeps a finished game with its meta; returns None, or why it could not.
Keep = Callable[[Game, dict[str, Any]], "str | None"]


def keeper(app: Keeping) -> Keep:
    """The way this window keeps a finished game joined elsewhere: in its data folder's Finished games."""
    def keep(game: Game, meta: dict[str, Any]) -> str | None:
        store = app.saves.store
        if store is None:
            return app.saves.problem.reason if app.saves.problem is not None else "no data folder"
        try:
            with writing(store.dirs.data):
                store.archive(game, meta)
        except Exception as exc:  # keeping a copy must never end the game night
            return f"{type(exc).__name__}: {exc}"
        return None
    return keep
