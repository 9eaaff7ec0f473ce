"""What every computer player offers: play a turn on a game, or plan it on a copy."""

from __future__ import annotations

from typing import Protocol

from ..rules import Command, Game


class Player(Protocol):
    """A computer seat. It sees the game only through the rules' queries and sends only commands."""

    kind: str

    def play_turn(self, game: Game) -> None:
        """Apply one whole turn (through ``game.apply``) for the seat whose turn it is."""


def plan_turn(player: Player, game: Game) -> list[Command]:
    """The commands ``player`` would play now, found on a copy so ``game`` is untouched.

    The UI calls this off its frame loop and then applies the commands one by one to animate them.
    """
    trial = game.clone()
    start = len(trial.history)
    player.play_turn(trial)
    return list(trial.history[start:])
