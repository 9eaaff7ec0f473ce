"""What every computer player offers, and how a driver hands it a turn.

A player is handed its seat's observer view of the game (``Game.observer_view``: the pouch, the
animal pile and the other seats' spirit cards in a fixed order, no seed to deal the real game again),
never the real game, and answers with the commands it plays from there. It never changes the view it
is handed: whatever it tries, it tries on its own copy. The driver then plays those commands on the
real game (:func:`take_turn`), or a session queues them (``harmonies.session``).
"""

from __future__ import annotations

from typing import Protocol

from ..rules import Command, EndTurn, Game
from .finish import finish_turn


class Player(Protocol):
    """A computer seat. It sees the game only through the rules' queries and sends only commands."""

    kind: str

    def next_commands(self, view: Game) -> list[Command]:
        """The rest of the turn of the seat to move in ``view``, from wherever the turn stands (its
        start, a spirit to choose, tokens taken, some placed, cubes due), ending with ``EndTurn``;
        none once the game is over. ``view`` is left as it was."""


def commands_for_turn(player: Player, game: Game) -> list[Command]:
    """The commands ``player`` would play now, planned on the observer view of ``game`` (``game``
    is untouched)."""
    return player.next_commands(game.observer_view())


def take_turn(player: Player, game: Game) -> None:
    """Play the turn of the seat to move on ``game``, as ``player`` plans it on an observer view.

    A command the real game refuses (the player slipped) ends the turn plainly instead.
    """
    for cmd in commands_for_turn(player, game):
        if not game.apply(cmd).ok:
            break
        if type(cmd) is EndTurn:
            return
    finish_turn(game)
