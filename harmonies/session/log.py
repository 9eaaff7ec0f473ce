"""The game log: every action of every seat, made by replaying the game's setup and command log.

A game is its setup plus its command log, so the log keeps no record of its own: :func:`game_log`
replays the commands through the rules and turns each command's events into :class:`LogEntry`
values (a catalogue key, its placeholders, and the cell or card it touched, for highlighting).
Undone commands are not in the command log, so they are not in the game log either.
:class:`GameLog` follows a game in play: it replays only the commands added since it last looked.
:func:`entry_text` words an entry through the text catalogue (the ``log:`` section). No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Union

from harmonies.catalogue import Catalogue
from harmonies.rules import (
    CardCompleted, CardSet, CardTaken, Colour, Command, CubePlaced, Deal, DisplayRefilled, EndTriggered, EndTurn,
    Event, Game, GameEnded, GameSetup, SoloSwapped, SpaceRefilled, SpiritChosen, TokenPlaced, TokensDiscarded,
    TokensTaken, TurnStarted, default_cards,
)

Hex = tuple[int, int]


#: A raw placeholder of a log line: a count or a seat (int), a card id (str), a colour, colours, seats.
LogValue = Union[int, str, tuple[int, ...]]


@dataclass(frozen=True)
class LogEntry:
    """One line of the log.

    ``key`` is the sentence's key under ``log.`` in the catalogue; ``params`` its raw placeholders
    (colours as ``Colour`` tuples, cards by id, counts as ints), worded by :func:`entry_text`.
    ``step`` is the index of the command in the command log that caused it. ``cell`` or ``card`` is
    what it touched (a cell of seat ``seat``'s board, a card id), for highlighting.
    """

    step: int
    seat: int
    key: str
    params: tuple[tuple[str, LogValue], ...] = ()
    cell: Hex | None = None
    card: str | None = None

    def param(self, name: str) -> LogValue | None:
        return dict(self.params).get(name)


@dataclass(frozen=True)
class LogTurn:
    """The entries of one seat's turn, oldest first; ``first_step`` is its first command's index."""

    seat: int
    round: int
    first_step: int
    entries: tuple[LogEntry, ...]


def _entries(step: int, cmd: Command, events: Iterable[Event], cards: CardSet) -> list[LogEntry]:
    """The log lines of one played command, in the order its events happened."""
    out: list[LogEntry] = []
    for ev in events:
        entry = _entry(step, ev, cards)
        if entry is not None:
            out.append(entry)
    if isinstance(cmd, EndTurn):
        seat = next((ev.player for ev in events if not isinstance(ev, TurnStarted)), None)
        ended = LogEntry(step, seat if seat is not None else 0, "end_turn")
        # the turn's end comes before the refills and draws it causes
        out.insert(0, ended)
    return out


def command_entries(step: int, cmd: Command, events: Iterable[Event], cards: CardSet) -> list[LogEntry]:
    """The log lines of command number ``step``, played as ``cmd`` and causing ``events`` (a log written
    from reported events, as a joined seat's is, words them exactly as a replayed one)."""
    return _entries(step, cmd, events, cards)


def _entry(step: int, ev: Event, cards: CardSet) -> LogEntry | None:  # noqa: C901 - one branch per event kind
    seat = ev.player
    if isinstance(ev, TokensTaken):
        return LogEntry(step, seat, "take_tokens", (("space", ev.space + 1), ("colours", ev.colours)))
    if isinstance(ev, TokenPlaced):
        key = "place_token" if ev.height <= 1 else "stack_token"
        return LogEntry(step, seat, key, (("colour", ev.colour), ("height", ev.height)), cell=ev.cell)
    if isinstance(ev, SpiritChosen):
        return LogEntry(step, seat, "choose_spirit", (("card", ev.spirit_id),), card=ev.spirit_id)
    if isinstance(ev, CardTaken):
        return LogEntry(step, seat, "take_card", (("card", ev.card_id),), card=ev.card_id)
    if isinstance(ev, CubePlaced):
        if ev.spirit:
            return LogEntry(step, seat, "spirit_cube", (("card", ev.card_id),), cell=ev.cell, card=ev.card_id)
        track = cards.animal(ev.card_id).track
        points = track[len(track) - ev.cubes_left - 1]
        return LogEntry(step, seat, "place_cube", (("card", ev.card_id), ("points", points)), cell=ev.cell,
                        card=ev.card_id)
    if isinstance(ev, CardCompleted):
        return LogEntry(step, seat, "card_done", (("card", ev.card_id),), card=ev.card_id)
    if isinstance(ev, SoloSwapped):
        return LogEntry(step, seat, "swap", (("card", ev.discarded), ("drawn", ev.drawn)), card=ev.drawn)
    if isinstance(ev, TokensDiscarded):
        return LogEntry(step, seat, "discard", (("n", len(ev.colours)),)) if ev.colours else None
    if isinstance(ev, SpaceRefilled):
        return LogEntry(step, seat, "refill_space", (("space", ev.space + 1), ("colours", ev.colours)))
    if isinstance(ev, DisplayRefilled):
        return LogEntry(step, seat, "refill_card", (("card", ev.card_id),), card=ev.card_id)
    if isinstance(ev, EndTriggered):
        return LogEntry(step, seat, f"end_{ev.reason}")
    if isinstance(ev, GameEnded):
        outcome = ev.outcome
        best = max(s.total for s in outcome.scores)
        if outcome.suns is not None:  # solo: nobody to beat, so the score and its suns rather than a winner
            return LogEntry(step, seat, "game_over_solo", (("points", best), ("n", outcome.suns.total)))
        return LogEntry(step, seat, "game_over", (("winners", outcome.winners), ("points", best)))
    return None  # TurnStarted starts a new group; Undone never reaches a log (undone commands are gone)


@dataclass
class GameLog:
    """The log of one game, kept in step with its command log by replaying what is new.

    :meth:`follow` takes the game's command log as it stands; commands already replayed are not
    played again, and after an Undo the lines of the commands taken back are dropped.
    """

    setup: GameSetup
    cards: CardSet
    commands: list[Command] = field(default_factory=list)
    entries: list[LogEntry] = field(default_factory=list)
    #: (step, seat, round) at which each turn started, oldest first.
    starts: list[tuple[int, int, int]] = field(default_factory=list)
    #: Every seat's total score when each turn of ``starts`` started.
    totals: list[tuple[int, ...]] = field(default_factory=list)
    #: The deal the game began from (None: its seed's, with ``cards`` in their file's order).
    deal: Deal | None = None
    _game: Game | None = None

    def follow(self, history: Sequence[Command]) -> bool:
        """Bring the log up to ``history``; whether anything changed."""
        same = 0
        for mine, theirs in zip(self.commands, history):
            if mine != theirs:
                break
            same += 1
        if same == len(self.commands) == len(history):
            return False
        if same < len(self.commands):
            self._cut(same)
        game = self._game if self._game is not None else self._start()
        for step in range(same, len(history)):
            cmd = history[step]
            if not self.starts or self.starts[-1][2] != game.round or self.starts[-1][1] != game.current:
                self.starts.append((step, game.current, game.round))
                self.totals.append(tuple(game.score(i).total for i in range(self.setup.players)))
            events = game.play_listed(cmd)
            self.commands.append(cmd)
            self.entries += _entries(step, cmd, events, self.cards)
        return True

    def _start(self) -> Game:
        self._game = Game.new(self.setup, self.cards, self.deal)
        return self._game

    def _cut(self, steps: int) -> None:
        """Forget everything from command ``steps`` on (taken back by Undo)."""
        self.commands = self.commands[:steps]
        self.entries = [e for e in self.entries if e.step < steps]
        self.starts = [s for s in self.starts if s[0] < steps]
        self.totals = self.totals[:len(self.starts)]
        self._game = Game.replay(self.setup, self.commands, self.cards, self.deal)

    @property
    def game(self) -> Game:
        """The game as the log has followed it (to read)."""
        return self._game if self._game is not None else self._start()

    def turns(self) -> list[LogTurn]:
        """The entries grouped by turn, oldest first."""
        out: list[LogTurn] = []
        bounds = [s[0] for s in self.starts[1:]] + [len(self.commands)]
        i = 0
        for (first, seat, rnd), end in zip(self.starts, bounds):
            group: list[LogEntry] = []
            while i < len(self.entries) and self.entries[i].step < end:
                group.append(self.entries[i])
                i += 1
            out.append(LogTurn(seat, rnd, first, tuple(group)))
        return out


def game_log(setup: GameSetup, commands: Sequence[Command], cards: CardSet | None = None,
             deal: Deal | None = None) -> GameLog:
    """The log of the game made of ``setup``, ``deal`` (by default its seed's) and ``commands``
    (replayed through the rules)."""
    log = GameLog(setup, cards if cards is not None else default_cards(), deal=deal)
    log.follow(commands)
    return log


def log_of(game: Game) -> GameLog:
    """The log of ``game`` as it stands, from its setup and command log."""
    return game_log(game.setup, game.history, game.cards, game.deal)


def card_name(catalogue: Catalogue, cards: CardSet, card_id: str) -> str:
    """A card's player-facing name, through its catalogue key (``animal.<id>`` or ``spirit.<id>``)."""
    card = cards.get(card_id)
    spirit = any(s.id == card_id for s in cards.spirits)
    return catalogue.t(("spirit." if spirit else "animal.") + card_id, default=getattr(card, "name", card_id))


def colour_name(catalogue: Catalogue, colour: Colour) -> str:
    """A token by its colour word, the word the refusals, the card sentences and How to play use too."""
    return catalogue.t(f"token_colour.{colour.label}")


def entry_text(catalogue: Catalogue, entry: LogEntry, names: Sequence[str], cards: CardSet) -> str:
    """The entry in words: "Anna took space 3: blue, green, gray"."""
    params: dict[str, str | int] = {"name": names[entry.seat] if entry.seat < len(names) else str(entry.seat + 1)}
    word: Callable[[int], str] = lambda c: colour_name(catalogue, Colour(c))  # noqa: E731
    for key, value in entry.params:
        if key == "colours" and isinstance(value, tuple):
            params[key] = catalogue.t("log.sep").join(word(c) for c in value)
        elif key == "colour" and isinstance(value, int):
            params[key] = word(value)
        elif key in ("card", "drawn"):
            params[key] = card_name(catalogue, cards, str(value))
        elif key == "winners" and isinstance(value, tuple):
            params[key] = catalogue.t("log.and").join(names[w] for w in value if w < len(names))
            params["n"] = len(value)
        elif isinstance(value, (int, str)):
            params[key] = value
    if entry.key == "place_cube":
        params["n"] = params["points"]
    return catalogue.t(f"log.{entry.key}", None, **params)


def turn_text(catalogue: Catalogue, turn: LogTurn, names: Sequence[str]) -> str:
    """A turn's heading: "Round 3 · Anna"."""
    name = names[turn.seat] if turn.seat < len(names) else str(turn.seat + 1)
    return catalogue.t("log.turn", round=turn.round, name=name)
