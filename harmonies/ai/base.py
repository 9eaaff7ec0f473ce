"""What every computer player offers, and how a driver hands it a turn.

A player is handed its seat's observer view of the game (``Game.observer_view``: the pouch, the
animal pile and the other seats' spirit cards in a fixed order, no seed to deal the real game again),
never the real game, and answers with the commands it plays from there. It never changes the view it
is handed: whatever it tries, it tries on its own copy. The driver then plays those commands on the
real game (:func:`take_turn`), or a session queues them (``harmonies.session``).

A player that decides each command from the table as it stands, and needs no copy to try things on
(the random player), may also offer ``play_turn`` (:class:`TablePlayer`): :func:`take_turn` then
hands it the seat's :class:`~.seat_table.SeatTable` of the real game instead of a view, which shows
it the same public state and nothing face down, and plays each command it sends once the rules have
checked it, so its turn is played once, on the real game.
"""

from __future__ import annotations

from typing import Protocol

from ..rules import Command, EndTurn, Game
from .finish import finish_turn
from .seat_table import SeatTable, Slip


class Player(Protocol):
    """A computer seat. It sees the game only through the rules' queries and sends only commands."""

    kind: str

    def next_commands(self, view: Game) -> list[Command]:
        """The rest of the turn of the seat to move in ``view``, from wherever the turn stands (its
        start, a spirit to choose, tokens taken, some placed, cubes due), ending with ``EndTurn``;
        none once the game is over. ``view`` is left as it was."""


class TablePlayer(Player, Protocol):
    """A computer seat that can also play its turn at the seat's table, one checked command at a time."""

    def play_turn(self, table: SeatTable) -> None:
        """Send the rest of the turn of the seat to move through ``table``, from wherever the turn
        stands, ending with ``EndTurn``; a :class:`~.seat_table.Slip` from the table ends it early."""


def commands_for_turn(player: Player, game: Game) -> list[Command]:
    """The commands ``player`` would play now, planned on the observer view of ``game`` (``game``
    is untouched)."""
    return player.next_commands(game.observer_view())


def take_turn(player: Player, game: Game) -> None:
    """Play the turn of the seat to move on ``game``, as ``player`` plans it on an observer view.

    A player that offers ``play_turn`` (:class:`TablePlayer`) plays it at the seat's table of
    ``game`` instead. A command the real game refuses (the player slipped) ends the turn plainly.
    """
    play_turn = getattr(player, "play_turn", None)
    if play_turn is not None:
        if game.over:
            return
        table = SeatTable(game)
        try:
            play_turn(table)
        except Slip:
            pass
        if not table.ended:
            finish_turn(game)
        return
    for cmd in commands_for_turn(player, game):
        if not game.apply(cmd).ok:
            break
        if type(cmd) is EndTurn:
            return
    finish_turn(game)
