"""A joined seat's game log, made from the commands and events the host reports.

A local game's log replays the command log from the deal (:class:`~harmonies.session.log.GameLog`);
a joined seat has no deal (nothing hidden leaves the host), so its log is written as the host's
reports come in, each command's lines from its events through the same wording
(:func:`~harmonies.session.log.command_entries`). An Undo reported takes the last command's lines
back, as a local log drops the lines of the commands Undo took back.
"""

from __future__ import annotations

from collections.abc import Sequence

from harmonies.rules import CardSet, Command, Event, Game, GameSetup, Undo
from harmonies.session.log import GameLog, command_entries


class RemoteLog(GameLog):
    """The log of a game played at another computer's table, written as its commands are reported."""

    def __init__(self, setup: GameSetup, cards: CardSet, view: Game) -> None:
        super().__init__(setup, cards)
        self._changed = True
        #: The game as last reported (what the recap reads the boards from).
        self.latest = view

    @property
    def game(self) -> Game:
        return self.latest

    def played(self, command: Command, events: Sequence[Event], before: Game) -> None:
        """``command`` was played on the position ``before`` (this seat's view of it) and caused ``events``."""
        self._changed = True
        if isinstance(command, Undo):
            if self.commands:
                self._cut(len(self.commands) - 1)
            return
        step = len(self.commands)
        if not self.starts or self.starts[-1][2] != before.round or self.starts[-1][1] != before.current:
            self.starts.append((step, before.current, before.round))
            self.totals.append(tuple(before.score(i).total for i in range(self.setup.players)))
        self.commands.append(command)
        self.entries += command_entries(step, command, tuple(events), self.cards)

    def follow(self, history: Sequence[Command]) -> bool:
        """The screen's look at the game: the log changes with the reports, not with a history."""
        changed, self._changed = self._changed, False
        return changed

    def _cut(self, steps: int) -> None:
        self.commands = self.commands[:steps]
        self.entries = [e for e in self.entries if e.step < steps]
        self.starts = [s for s in self.starts if s[0] < steps]
        self.totals = self.totals[:len(self.starts)]
