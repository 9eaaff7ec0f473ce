"""Computer seats: a turn is planned on an observer view of the game in a worker thread, so the
window keeps drawing while the player thinks; the scene then applies the planned
commands one at a time, animated."""

from __future__ import annotations

import random
import threading
from typing import Any


def make_seat_player(level: str, seed: int) -> Any:
    """The AI package's player for ``level`` (the random player for an unknown level)."""
    from harmonies.ai import make_player

    try:
        return make_player(level, seed)
    except ValueError:
        return make_player("random", seed)


class TurnPlanner:
    """Plans one turn in the background; ``done``/``commands``/``error`` once finished."""

    def __init__(self, player: Any, game: Any, seed: int = 0) -> None:
        self.player = player
        # What the seat may know (the real order of the pouch and pile stays here): the worker
        # never touches the scene's game, and the player never sees what is face down.
        self.game = game.observer_view()
        self.seed = seed
        self.commands: list[Any] = []
        self.error: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="harmonies-ai", daemon=True)
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def _run(self) -> None:
        try:
            from harmonies.ai import plan_turn
            self.commands = list(plan_turn(self.player, self.game))
        except Exception as exc:  # a broken player must not stop the game: fall back to random play
            self.error = f"{type(exc).__name__}: {exc}"
            self.commands = fallback_turn(self.game, random.Random(self.seed))
        finally:
            self._done.set()


def fallback_turn(game: Any, rng: random.Random) -> list[Any]:
    """A legal turn by random choice on a clone (used if a computer player fails)."""
    from harmonies.rules import EndTurn

    trial = game.clone()
    seat = trial.current
    out: list[Any] = []
    for _ in range(200):
        if trial.over or trial.current != seat:
            break
        legal = trial.legal_commands()
        if not legal:
            break
        ends = [c for c in legal if isinstance(c, EndTurn)]
        cmd = ends[0] if ends and rng.random() < 0.7 else rng.choice(legal)
        if trial.apply(cmd).ok:
            out.append(cmd)
    return out
