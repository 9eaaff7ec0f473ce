"""The seat to move's place at the real table: what it may see, and its commands checked one by one.

A player that decides each command from the public state as it stands (the random player) needs no
copy of the game to play on. :class:`SeatTable` answers the public queries of the real game for the
seat to move (the spirits it is offered, the central board, the display, its hand, where its tokens
and cubes may go) and nothing face down: no pouch, no animal pile, no other seat's undecided spirits,
no state, no history. Each command the player sends is checked by the rules (``Game.check``) and
played only if legal; a refused one raises :class:`Slip`, which ends the player's part of the turn
and leaves the game as it was before that command. The driver (``base.take_turn``) then ends the turn
plainly, as it does for a player whose list of commands stops short.

Nothing a turn plays draws from the pouch or the pile before its ``EndTurn`` (the refills), so a
seat that reads this table between its commands reads what an observer view of the same moment
shows.
"""

from __future__ import annotations

from ..rules import Colour, Command, EndTurn, Event, Game, Hex, PlaceToken, Undo


class Slip(Exception):
    """A command of the seat that was not played (the message says why): the turn is ended plainly."""


class SeatTable:
    """The public table of ``game`` for the seat to move, and its checked commands (see the module)."""

    __slots__ = ("_game", "ended")

    def __init__(self, game: Game) -> None:
        self._game = game
        # An EndTurn of this seat was played: its turn is over.
        self.ended = False

    @property
    def over(self) -> bool:
        return self._game.over

    @property
    def spirit_choices(self) -> tuple[str, ...]:
        return self._game.spirit_choices

    @property
    def central(self) -> tuple[tuple[Colour, ...], ...]:
        return self._game.central

    @property
    def display(self) -> tuple[str | None, ...]:
        return self._game.display

    @property
    def hand(self) -> tuple[Colour, ...]:
        return self._game.hand

    @property
    def taken_tokens_this_turn(self) -> bool:
        return self._game.taken_tokens_this_turn

    def can_take_card(self) -> bool:
        return self._game.can_take_card()

    def token_moves(self, colour: object) -> list[PlaceToken]:
        return self._game.token_moves(colour)

    def cube_options(self) -> dict[str, list[Hex]]:
        return self._game.cube_options()

    def play_listed(self, cmd: Command) -> tuple[Event, ...]:
        """Play ``cmd`` on the real game if the rules accept it now (its events); :class:`Slip` with
        the refusal otherwise, the game unchanged. Named as the games it stands for name it: the
        random turn sends only commands picked from the lists it just asked for, but the table
        checks each one all the same."""
        if self.ended:
            raise Slip("the seat's turn is over")
        if type(cmd) is Undo:
            raise Slip("Undo is no part of a turn sent through the table")
        game = self._game
        why = game.check(cmd)
        if why is not None:
            raise Slip(f"refused: {why}")
        events = game.play_listed(cmd)
        if type(cmd) is EndTurn:
            self.ended = True
        return events
