"""What a game needs besides the rules: who sits where, and where games are saved.

``MatchConfig`` is what the setup scene hands to the play scene (and what the
scoring scene hands back for "play again"). ``SaveSlot`` wraps the saves package
(``harmonies.persist``) when it exists and otherwise keeps the game in progress in
memory, so Continue works for the running session either way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
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
    def from_meta(cls, meta: dict[str, Any], players: int, side: str = "A", spirits: bool = False) -> "MatchConfig":
        seats_raw = list(meta.get("seats") or [])
        seats = []
        for i in range(players):
            raw = seats_raw[i] if i < len(seats_raw) and isinstance(seats_raw[i], dict) else {}
            seats.append(Seat(str(raw.get("name") or f"Player {i + 1}"), str(raw.get("kind") or "human"),
                              str(raw.get("level") or "random")))
        return cls(tuple(seats), str(meta.get("side", side)), bool(meta.get("spirits", spirits)), meta.get("seed"))


@dataclass
class SaveSlot:
    """The one place the app saves and resumes games."""

    data_dir: Path | None = None
    _memory: tuple[Any, dict[str, Any]] | None = field(default=None, repr=False)
    last_error: str | None = None

    def _persist(self) -> Any:
        try:
            import harmonies.persist as persist  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            return None
        return persist

    def autosave(self, game: Any, meta: dict[str, Any]) -> None:
        """Called after every accepted command."""
        if game.over:
            self._memory = None
        else:
            self._memory = (game, meta)
        persist = self._persist()
        if persist is not None and hasattr(persist, "autosave"):
            try:
                persist.autosave(game, meta, data_dir=self.data_dir)
            except TypeError:
                persist.autosave(game, meta)
            except Exception as exc:  # saving must never end the game night
                self.last_error = str(exc)

    def finished(self, game: Any, meta: dict[str, Any]) -> None:
        self._memory = None
        persist = self._persist()
        for name in ("save_finished", "record_finished"):
            fn = getattr(persist, name, None) if persist is not None else None
            if fn is not None:
                try:
                    fn(game, meta, data_dir=self.data_dir)
                except TypeError:
                    fn(game, meta)
                except Exception as exc:
                    self.last_error = str(exc)
                return

    def has_continue(self) -> bool:
        if self._memory is not None:
            return True
        persist = self._persist()
        if persist is not None:
            fn = getattr(persist, "has_autosave", None)
            if fn is not None:
                try:
                    return bool(fn(data_dir=self.data_dir))
                except TypeError:
                    return bool(fn())
                except Exception:
                    return False
        return False

    def load_continue(self) -> tuple[Any, dict[str, Any]] | None:
        if self._memory is not None:
            game, meta = self._memory
            return game.clone(), meta
        persist = self._persist()
        fn = getattr(persist, "load_autosave", None) if persist is not None else None
        if fn is None:
            return None
        try:
            try:
                loaded = fn(data_dir=self.data_dir)
            except TypeError:
                loaded = fn()
        except Exception as exc:
            self.last_error = str(exc)
            return None
        if loaded is None:
            return None
        if isinstance(loaded, tuple):
            return loaded[0], dict(loaded[1] or {})
        return loaded, {}
