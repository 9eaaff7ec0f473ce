"""Stepping through a game's command log: the position after any number of its commands.

The position at step ``k`` is the game's setup with its first ``k`` commands replayed through the
rules, exactly ``Game.replay(setup, commands[:k], cards, deal)``. To step quickly both ways, a copy of every
``CHECKPOINT``-th position is kept, and a position is replayed from the nearest one before it.
Turns are the log's turns (:class:`harmonies.session.log.GameLog`). No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence

from harmonies.rules import CardSet, Command, Deal, Game, GameSetup

from .log import GameLog

#: Every how many commands a copy of the position is kept.
CHECKPOINT = 16


class Replay:
    """A finished game or a game in progress, shown at ``step`` (0: before the first command)."""

    def __init__(self, setup: GameSetup, commands: Sequence[Command], cards: CardSet | None = None,
                 deal: Deal | None = None) -> None:
        self.setup = setup
        self.commands = tuple(commands)
        start = Game.new(setup, cards, deal)
        self.cards = start.cards
        #: The deal the game began from (``deal``, or its seed's).
        self.deal = start.deal
        self.log = GameLog(setup, self.cards, deal=self.deal)
        self.log.follow(self.commands)
        self._kept: dict[int, Game] = {0: start}
        self.step = len(self.commands)
        self._game = self._position(self.step)

    @property
    def last(self) -> int:
        return len(self.commands)

    @property
    def game(self) -> Game:
        """The position at :attr:`step` (to read only)."""
        return self._game

    def _position(self, step: int) -> Game:
        base = max(k for k in self._kept if k <= step)
        game = self._kept[base].clone()
        for k in range(base, step):
            game.play_listed(self.commands[k])
            if (k + 1) % CHECKPOINT == 0 and k + 1 not in self._kept:
                self._kept[k + 1] = game.clone()
        return game

    def go(self, step: int) -> None:
        """Show the position after ``step`` commands (clamped to the game)."""
        step = max(0, min(self.last, step))
        if step == self.step:
            return
        if step == self.step + 1:
            self._game.play_listed(self.commands[self.step])
        else:
            self._game = self._position(step)
        self.step = step

    # ------------------------------------------------------------------ turns
    def turn_starts(self) -> list[int]:
        """The step at which each turn starts, oldest first."""
        return [start for start, _seat, _round in self.log.starts]

    def turn_index(self) -> int:
        """The turn the shown position is in (the turn whose command comes next, or the last one)."""
        starts = self.turn_starts()
        return max((i for i, s in enumerate(starts) if s <= self.step), default=0)

    def next_turn(self) -> None:
        """To the start of the next turn, or to the end."""
        later = [s for s in self.turn_starts() if s > self.step]
        self.go(later[0] if later else self.last)

    def previous_turn(self) -> None:
        """To the start of this turn, or of the one before if already there."""
        earlier = [s for s in self.turn_starts() if s < self.step]
        self.go(earlier[-1] if earlier else 0)
