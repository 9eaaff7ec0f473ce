"""What a game needs besides the rules: who sits where, and where games are saved.

``MatchConfig`` is what the setup scene hands to the play scene (and what the
scoring scene hands back for "play again"). ``SaveSlot`` wraps the saves package
(``harmonies.persist``) when it exists and otherwise keeps the game in progress in
memory, so Continue works for the running session either way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"         # "human" or "computer"
    level: str = "random"

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


@dataclass(frozen=True)
class MatchConfig:
    seats: tuple[Seat, ...]
    side: str = "A"
    spirits: bool = False
    seed: int | None = None

    def resolved_seed(self) -> int:
        return self.seed if self.seed is not None else random.SystemRandom().randrange(1, 2**31)

    def to_meta(self) -> dict[str, Any]:
        return {
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats],
            "side": self.side, "spirits": self.spirits, "seed": self.seed,
        }

    @classmethod
    def from_meta(cls, meta: dict[str, Any], players: int, side: str = "A", spirits: bool = False) -> MatchConfig:
        seats_raw = list(meta.get("seats") or [])
        seats = []
        for i in range(players):
            raw = seats_raw[i] if i < len(seats_raw) and isinstance(seats_raw[i], dict) else {}
            seats.append(Seat(str(raw.get("name") or f"Player {i + 1}"), str(raw.get("kind") or "human"),
                              str(raw.get("level") or "random")))
        # Side and spirits come from the replayed game (the rules checked them); a seed that is not a
        # whole number is dropped, so a hand-edited meta cannot break Restart.
        seed = meta.get("seed")
        return cls(tuple(seats), side, spirits, seed if type(seed) is int else None)


class SaveSlot:
    """The one place the app saves and resumes games (over ``harmonies.persist.Store``).

    Without a store (the demo, tests, or a data folder that cannot be used) the game in
    progress is kept in memory, so Continue still works within the running session.
    Saving never raises: a problem is kept in ``last_error`` for the UI to show.
    """

    def __init__(self, data_dir: Path | None = None, cards: Any = None, cards_path: Path | None = None,
                 enabled: bool = True) -> None:
        self.data_dir = data_dir
        self.last_error: str | None = None
        self._memory: tuple[Any, dict[str, Any]] | None = None
        self.store: Any = None
        if enabled:
            try:
                from harmonies.persist import Store
                self.store = Store(data_dir, cards=cards, cards_path=cards_path)
            except Exception as exc:  # no usable data folder: play on without saves
                self.last_error = str(exc)

    def autosave(self, game: Any, meta: dict[str, Any]) -> None:
        """Called after every accepted command (a finished game is archived by the store)."""
        self._memory = None if game.over else (game, meta)
        if self.store is None:
            return
        try:
            self.store.autosave(game, meta)
        except Exception as exc:  # saving must never end the game night
            self.last_error = str(exc)

    def forget(self) -> None:
        """The player abandoned the game in progress (restart)."""
        self._memory = None
        if self.store is not None:
            try:
                self.store.clear_autosave()
            except Exception as exc:
                self.last_error = str(exc)

    def has_continue(self) -> bool:
        if self._memory is not None:
            return True
        if self.store is None:
            return False
        try:
            return bool(self.store.has_autosave())
        except Exception:
            return False

    def load_continue(self) -> tuple[Any, dict[str, Any]] | None:
        """The game in progress and its meta, or None (``last_error`` says why, if something broke)."""
        if self.store is not None:
            try:
                saved = self.store.load_autosave()
            except Exception as exc:  # LoadProblem: the file was set aside, its message says so
                self.last_error = str(exc)
                saved = None
            if saved is not None:
                return saved[0], dict(saved[1] or {})
        if self._memory is not None:
            game, meta = self._memory
            return game.clone(), meta
        return None
