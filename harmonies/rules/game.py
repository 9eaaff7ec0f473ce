"""A game of Harmonies: commands in, events out.

``Game.apply`` checks a command against the rules first and only then changes the state, so a
rejected command changes nothing. All chance is the game's deal (:class:`~.deal.Deal`, the order of
the pouch, the animal pile and the spirit hands), fixed at setup: by default the one its seed makes.
Replaying the same commands on the same setup and deal rebuilds the same game, which is how undo and
loading work.

Undo goes back as far as the last command that drew from the pouch or the animal pile (the end of
the previous turn, or a solo swap): what a draw showed cannot be un-seen. A computer player or the
hint is handed :meth:`Game.observer_view`, a copy whose hidden order is not the real one.

The parts of ``Game`` live beside it, one module each: the state (a :class:`~.state.GameState`
value, ``game.state``) and its read-only answers (:mod:`.core`), the refusals (:mod:`.checks`), the queries (:mod:`.queries`), what each command
changes (:mod:`.doers`), copies and hidden-information views (:mod:`.hidden`) and the save
format (:mod:`.saves`); :mod:`.position` checks and builds a position to start from.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from . import hidden
from .boards import board_shape
from .cards import CardSet, default_cards
from .commands import Command, Undo, command_to_json
from .deal import CardOrder, Deal, check_deal, deal_from_order, order_of
from .habitats import habitat_tables
from .doers import GameDoers
from .events import Event, Undone
from .position import Position, build, read
from .results import Accepted, IllegalCommand, Rejected, Result
from .saves import FORMAT_VERSION, game_json, read_game_json
from .setup import GameSetup
from .state import GameState

__all__ = ["FORMAT_VERSION", "Game", "habitat_tables"]


class Game(GameDoers):
    """The whole state of one game, changed only through :meth:`apply`."""

    @classmethod
    def new(cls, setup: GameSetup, cards: CardSet | None = None, deal: Deal | None = None) -> "Game":
        """A new game of ``setup`` set out from ``deal`` (by default, the deal its seed makes from the
        cards in their file's order; a setup without a seed needs one); ``ValueError`` names what
        makes ``deal`` no deal of this setup with these cards (a card they do not have)."""
        cards = cards if cards is not None else default_cards()
        if deal is not None:
            check_deal(deal, setup, cards)
        return cls(setup, cards, deal=deal)

    @classmethod
    def from_position(cls, position: Position, cards: CardSet | None = None) -> "Game":
        """The game at ``position`` (see :mod:`.position`), no command played; ``ValueError`` names
        what makes the position impossible. Undo goes back to the position at most."""
        setup = position.setup if position.setup.seed is not None else replace(position.setup, seed=0)
        cards = cards if cards is not None else default_cards()
        dealt = position.deal
        if dealt is None:
            dealt = deal_from_order(setup, order_of(cards))
        else:
            check_deal(dealt, setup, cards)
        state = build(board_shape(setup.side), cards, position, dealt)
        state.start = state.copy()
        return cls(state.setup, cards, state=state)

    def position(self) -> Position:
        """Everything of this game as a :class:`Position`, hidden order included, for tests and
        tools (``Game.from_position(game.position())`` is the same position)."""
        return read(self)

    # ----------------------------------------------------------------- apply
    def apply(self, cmd: Command) -> Result:
        """Play ``cmd``: the events it caused, or why it was rejected (and nothing changed)."""
        why = self.check(cmd)
        if why is not None:
            return why
        if type(cmd) is Undo:
            return Accepted(self._undo())
        return Accepted(self.play_listed(cmd))

    def _undo(self) -> tuple[Event, ...]:
        history = self.state.history
        undone = history[-1]
        self.state = hidden.rebuilt(self, len(history) - 1).state
        return (Undone(self.state.current, undone),)

    # ----------------------------------------------------------------- copies and replays
    @classmethod
    def replay(cls, setup: GameSetup, commands: list[Command] | tuple[Command, ...],
               cards: CardSet | None = None, deal: Deal | None = None) -> "Game":
        """Rebuild a game from its setup, its deal (by default its seed's, as :meth:`new`) and its
        commands; :class:`IllegalCommand` (a ``ValueError``) at the first illegal one."""
        game = cls.new(setup, cards, deal)
        for n, cmd in enumerate(commands):
            result = game.apply(cmd)
            if isinstance(result, Rejected):
                raise IllegalCommand(n, command_to_json(cmd), result)
        return game

    def clone(self) -> "Game":
        """An independent copy, cheap enough for search (shares the immutable tables)."""
        return hidden.clone(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickled game (sent to a helper process) carries its class, its state and its cards; the
        # board shape, the habitat tables, the cell-set reader and the stack table follow from the
        # cards, the side and rules.yaml, are many times the size of the state, and are found or
        # rebuilt where it is loaded. Through the constructor: a compiled class is never made
        # without running its __init__.
        return (_unpickled, (type(self), self.state, self.cards))

    def sample_hidden(self, rng: random.Random) -> "Game":
        """A copy with the pouch, the animal draw pile and the other seats' undecided spirit cards
        dealt again at random.

        Their order is fixed at setup but unknown to players; a computer player that looks ahead
        plans on such samples of its observer view, never on the real order.
        """
        return hidden.sample_hidden(self, rng)

    def observer_view(self) -> "Game":
        """What the seat to move may know, as a game: a copy whose pouch and animal pile are in a
        fixed order (by colour, by card id), whose other seats' undecided spirit cards are dealt in
        a fixed order from those this seat has not seen, and whose setup has no seed.

        The same public state gives the same view, whatever the real order. It accepts the same
        commands as the real game until the next draw, Undo included (it replays the turn from its
        own start, not from a seed); what it draws is not what the real game will draw. Computer
        players and the hint are handed this, and their commands are then played on the real game.
        """
        return hidden.observer_view(self)

    # ----------------------------------------------------------------- saves
    def to_json(self) -> dict[str, Any]:
        """Setup, deal and command log: everything needed to rebuild this game exactly."""
        return game_json(self.setup, self.state.deal, self.state.history)

    @classmethod
    def from_json(cls, data: Any, cards: CardSet | None = None, order: CardOrder | None = None) -> "Game":
        """Rebuild a game written by :meth:`to_json`; ``ValueError`` says what is wrong and where.

        A save of format 1 holds no deal: its seed deals the card ids of ``order`` (the list it was
        played with, see :mod:`.shipped`), or by default those of ``cards`` in their file's order.
        """
        setup, dealt, commands = read_game_json(data)
        if dealt is None:
            cards = cards if cards is not None else default_cards()
            dealt = deal_from_order(setup, order if order is not None else order_of(cards))
        return cls.replay(setup, commands, cards, dealt)


def _unpickled(kind: type[Game], state: GameState, cards: CardSet) -> Game:
    """The game a pickle holds (see :meth:`Game.__reduce__`)."""
    return kind(state.setup, cards, state=state)
