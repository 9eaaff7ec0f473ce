"""The game log as a scrollable list of lines, newest first: a heading per turn, then its actions.

It holds the log (:class:`harmonies.session.log.GameLog`, made from the game's command log), the
lines worded through the catalogue, how far the list is scrolled and whether it is on show. The play
screen and the replay viewer both draw it (``sections/log.py``); nothing here draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harmonies.catalogue import Catalogue
from harmonies.rules import CardSet, Command, Deal, GameSetup
from harmonies.session.log import GameLog, LogEntry, LogTurn, entry_text, turn_text

Point = tuple[float, float]
Rect = tuple[float, float, float, float]
#: Height of one line, and of the panel's title band (virtual units).
ROW_H = 21.0
HEAD_H = 34.0


@dataclass(frozen=True)
class LogRow:
    """One line of the list: a turn's heading (``entry`` None) or one action of that turn."""

    text: str
    turn: LogTurn
    entry: LogEntry | None = None


class LogPanel:
    """The log of one game as lines, scrolled by ``top`` (the first line shown)."""

    def __init__(self, setup: GameSetup, cards: CardSet, names: Sequence[str],
                 catalogue: Callable[[], Catalogue], deal: Deal | None = None) -> None:
        self.log = GameLog(setup, cards, deal=deal)
        self.names = tuple(names)
        #: The app's catalogue as it is now (the language can change while the game is on).
        self.catalogue = catalogue
        self._worded_in: Catalogue | None = None
        self.shown = False
        self.top = 0
        self.upto: int | None = None
        self.rows: list[LogRow] = []
        #: A line's height, in virtual units: taller when text is drawn larger than asked.
        self.row_h = ROW_H

    def follow(self, history: Sequence[Command], upto: int | None = None) -> None:
        """Bring the lines up to ``history``; ``upto``: only the actions of its first ``upto`` commands."""
        changed = self.log.follow(history)
        if changed or upto != self.upto or not self.rows or self.catalogue() is not self._worded_in:
            self.upto = upto
            self.rows = self._rows()
            self.top = min(self.top, self.max_top())

    def _rows(self) -> list[LogRow]:
        cat, cards = self.catalogue(), self.log.cards
        self._worded_in = cat
        limit = len(self.log.commands) if self.upto is None else self.upto
        rows: list[LogRow] = []
        for turn in reversed(self.log.turns()):
            if turn.first_step >= limit:
                continue
            rows.append(LogRow(turn_text(cat, turn, self.names), turn))
            for entry in reversed(turn.entries):
                if entry.step < limit:
                    rows.append(LogRow(entry_text(cat, entry, self.names, cards), turn, entry))
        return rows

    # ------------------------------------------------------------------ showing and scrolling
    def toggle(self) -> None:
        self.shown = not self.shown
        self.top = 0

    def page(self, rect: Rect) -> int:
        """How many lines fit in ``rect`` under its title."""
        return max(1, int((rect[3] - HEAD_H - 8) // self.row_h))

    def max_top(self, page: int = 1) -> int:
        return max(0, len(self.rows) - page)

    def scroll(self, lines: int, rect: Rect) -> None:
        page = self.page(rect)
        self.top = max(0, min(self.max_top(page), self.top + lines))

    def row_at(self, rect: Rect, pos: Point) -> LogRow | None:
        """The line under ``pos`` in the list drawn in ``rect``."""
        x, y, w, h = rect
        if not (x <= pos[0] < x + w and y + HEAD_H <= pos[1] < y + h):
            return None
        i = int((pos[1] - y - HEAD_H) // self.row_h)
        if i >= self.page(rect):
            return None
        index = self.top + i
        return self.rows[index] if index < len(self.rows) else None

    def visible(self, rect: Rect) -> list[LogRow]:
        return self.rows[self.top:self.top + self.page(rect)]
