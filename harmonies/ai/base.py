"""What every computer player offers, and how a driver hands it a turn.

A player is handed an observer view of the game (``Game.observer_view``: the pouch, the animal pile
and the other seats' spirit cards in a fixed order, no seed to deal the real game again), never the
real game; the commands it plays there are then played on the real game. Only a player that reads
nothing a seat may not see (``needs_view`` False: the random player) is handed the real game, which
spares a copy every turn.
"""

from __future__ import annotations

from typing import Protocol

from ..rules import Command, EndTurn, Game
from .finish import finish_turn


class Player(Protocol):
    """A computer seat. It sees the game only through the rules' queries and sends only commands."""

    kind: str
    # False only for a player that reads nothing but what the seat may see (legal moves, the
    # table): it plays on the real game. Every other player gets an observer view.
    needs_view: bool

    def play_turn(self, game: Game) -> None:
        """Apply one whole turn (through ``game.apply``) for the seat whose turn it is."""


def _needs_view(player: object) -> bool:
    return getattr(player, "needs_view", True) is not False


def commands_for_turn(player: Player, game: Game) -> list[Command]:
    """The commands ``player`` would play now, found on a copy so ``game`` is untouched (an observer
    view, unless the player needs none).

    The UI calls this off its frame loop and then applies the commands one by one to animate them.
    """
    trial = game.observer_view() if _needs_view(player) else game.clone()
    start = len(trial.history)
    player.play_turn(trial)
    return list(trial.history[start:])


def take_turn(player: Player, game: Game) -> None:
    """Play the turn of the seat to move on ``game``, as ``player`` plans it on an observer view.

    A command the real game refuses (the player slipped) ends the turn plainly instead.
    """
    if not _needs_view(player):
        player.play_turn(game)
        return
    for cmd in commands_for_turn(player, game):
        if not game.apply(cmd).ok:
            break
        if type(cmd) is EndTurn:
            return
    finish_turn(game)
