"""Who sits where: the seats of a match and how its game is set up.

``MatchConfig`` is what the setup scene hands to the play scene (and what the
scoring scene hands back for "play again").
"""

from __future__ import annotations

import random
from dataclasses import KW_ONLY, dataclass
from datetime import date
from typing import Any

from harmonies.persist.document import now_iso
from harmonies.persist.identity import GAME_ID_KEY, game_id_of, new_game_id
from harmonies.rules import SEEDS, CardSet, Game, GameSetup, canonical_deal


#: The seat kinds saved with a match: the person at this screen, or a computer level.
HUMAN = "human"
COMPUTER = "computer"


@dataclass(frozen=True)
class Seat:
    """A seat as a match describes it (and saves it): a name, a kind and, for a computer, its level.
    What plays it is its controller (:func:`harmonies.session.seats.controller_for`)."""

    name: str
    kind: str = HUMAN           # HUMAN or COMPUTER
    level: str = "random"


@dataclass(frozen=True)
class DailyMark:
    """A daily deal's game: the deal's date (ISO ``YYYY-MM-DD``) and which attempt of that day (from 1)."""

    day: str
    attempt: int

    def to_meta(self) -> dict[str, Any]:
        return {"date": self.day, "attempt": self.attempt}

    @classmethod
    def from_meta(cls, raw: Any) -> DailyMark | None:
        """The mark saved in a meta (None when there is none or it is not one: then an ordinary game)."""
        if not isinstance(raw, dict):
            return None
        day, attempt = raw.get("date"), raw.get("attempt")
        if not isinstance(day, str) or type(attempt) is not int or attempt < 1:
            return None
        try:
            if date.fromisoformat(day).isoformat() != day:
                return None
        except ValueError:
            return None
        return cls(day, attempt)


@dataclass(frozen=True)
class MatchConfig:
    seats: tuple[Seat, ...]
    side: str = "A"
    spirits: bool = False
    seed: int | None = None
    #: What kind of game this is, named (never by position): a daily try, a challenge, or neither.
    _: KW_ONLY
    #: Set when this is an attempt at a daily deal (see :mod:`harmonies.session.daily`).
    daily: DailyMark | None = None
    #: The solo challenge this game plays (its id in challenges.yaml), None for a game of its own.
    challenge: str | None = None

    def resolved_seed(self) -> int:
        """The seed given, or a new one drawn by the system's random source from 1 to 2**63 - 1:
        2**31 seeds could be tried one by one against the opening deal to learn what is face down."""
        return self.seed if self.seed is not None else random.SystemRandom().randrange(1, SEEDS.stop)

    def deal(self, cards: CardSet | None = None) -> Game:
        """A new game for these seats, dealt from the seed (a random one if none was given). A daily
        try and a challenge are dealt from the canonical card list (:func:`harmonies.rules.canonical_deal`),
        so their seeds deal the same game whatever the order of the cards file in use."""
        setup = GameSetup(players=len(self.seats), side=self.side, spirits=self.spirits, seed=self.resolved_seed())
        fixed = self.daily is not None or self.challenge is not None
        return Game.new(setup, cards, canonical_deal(setup) if fixed else None)

    def to_meta(self) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats],
            "side": self.side, "spirits": self.spirits, "seed": self.seed,
            **({"daily": self.daily.to_meta()} if self.daily is not None else {}),
        }
        if self.challenge is not None:
            meta["challenge"] = self.challenge
        return meta

    @classmethod
    def from_meta(cls, meta: dict[str, Any], players: int, side: str = "A", spirits: bool = False) -> MatchConfig:
        seats_raw = list(meta.get("seats") or [])
        seats = []
        for i in range(players):
            raw = seats_raw[i] if i < len(seats_raw) and isinstance(seats_raw[i], dict) else {}
            seats.append(Seat(str(raw.get("name") or f"Player {i + 1}"), str(raw.get("kind") or HUMAN),
                              str(raw.get("level") or "random")))
        # Side and spirits come from the replayed game (the rules checked them); a seed that is not a
        # whole number a game may have (SEEDS) is dropped, so a hand-edited meta cannot break Restart.
        seed = meta.get("seed")
        challenge = meta.get("challenge")
        return cls(tuple(seats), side, spirits, seed if type(seed) is int and seed in SEEDS else None,
                   daily=DailyMark.from_meta(meta.get("daily")),
                   challenge=challenge if isinstance(challenge, str) and challenge else None)


@dataclass(frozen=True)
class GameStamp:
    """Which game this is: the id it was given when it started and when that was (ISO 8601).

    A new game of the same seats and deal (Play again, another daily try, a challenge played again)
    gets a new stamp, so it is saved and archived as a game of its own; a resumed game keeps its stamp.
    """

    game_id: str
    started: str

    @classmethod
    def new(cls) -> GameStamp:
        return cls(new_game_id(), now_iso())

    @classmethod
    def from_meta(cls, meta: dict[str, Any]) -> GameStamp:
        """The stamp saved in ``meta``; a save written before game ids gets a new id and keeps its start."""
        started = meta.get("started")
        return cls(game_id_of(meta) or new_game_id(), started if isinstance(started, str) else now_iso())

    def to_meta(self) -> dict[str, Any]:
        return {GAME_ID_KEY: self.game_id, "started": self.started}


@dataclass(frozen=True)
class Resume:
    """A saved game to play on, with its seats and its stamp."""

    game: Game
    config: MatchConfig
    stamp: GameStamp | None = None

    @classmethod
    def from_saved(cls, game: Game, meta: dict[str, Any]) -> Resume:
        """The seats come from the app's ``meta`` saved with the game; side and spirits from the game itself."""
        s = game.setup
        return cls(game, MatchConfig.from_meta(meta, s.players, s.side, s.spirits), GameStamp.from_meta(meta))
