"""Where a scene can send the player: one small frozen value per screen (``navigator.py`` opens it).

A scene never imports another scene's module. It asks the app to open a screen by value, for example
``app.navigate.push(OpenSettings())``; the registry (``scenes/registry.py``, the one module that
imports every scene) builds the scene for that value. This module imports no scene, so every scene can
import it.

Each value holds exactly what its scene's constructor takes besides the app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

from harmonies.persist.store import GameSummary
from harmonies.rules import CardSet, Command, Deal, Game, GameSetup
from harmonies.session import MatchConfig, PlaySession, Resume


@dataclass(frozen=True)
class OpenMenu:
    """The main menu."""


@dataclass(frozen=True)
class OpenSetup:
    """The new-game screen (``config``: the seats to start from; None: the remembered ones)."""

    config: MatchConfig | None = None


@dataclass(frozen=True)
class OpenPlay:
    """The play screen: a new game for these seats, or a saved game resumed (None: two default seats)."""

    start: MatchConfig | Resume | None = None
    demo: bool = False
    exit_when_done: bool = False
    #: The session to play through instead of a new one (a hosted table's, or a joined one's).
    session: PlaySession | None = None


@dataclass(frozen=True)
class OpenPause:
    """The pause menu over a game in play: the game its Replay shows, the seats' names, what Restart runs, and
    whether it is the guided game (its way out is then "Leave the guided game")."""

    game: Game
    names: tuple[str, ...]
    restart: Callable[[], None]
    guided: bool = False
    #: A table played over the network: no Restart (the friends' seats are theirs), and at a joined
    #: seat no Replay either (its view holds no deal to replay the game from).
    networked: bool = False
    joined: bool = False


@dataclass(frozen=True)
class OpenGuide:
    """The guided first game: a short solo game on a fixed deal whose steps say what to do and why."""


@dataclass(frozen=True)
class OpenGuideDone:
    """The "well done" panel over the finished guided game: play a real game, or back to the menu."""


@dataclass(frozen=True)
class OpenScoring:
    """The scoresheet of a finished game (``review``: looked at again from the Finished games list)."""

    game: Game
    config: MatchConfig
    demo: bool = False
    exit_when_done: bool = False
    review: bool = False


@dataclass(frozen=True)
class OpenFinished:
    """The list of finished games and the personal bests."""


@dataclass(frozen=True)
class OpenDaily:
    """The daily deal: the chosen day's set-up, par and tries, a calendar of past days, the streak."""


@dataclass(frozen=True)
class OpenStats:
    """Statistics: the player's progress in charts, from the finished games."""


@dataclass(frozen=True)
class OpenReplay:
    """The replay viewer over a game's setup and commands; ``seat``: whose turns its review looks at first
    (a human's), ``review``: start that review at once (the scoresheet's "Review this game")."""

    setup: GameSetup
    commands: Sequence[Command]
    names: tuple[str, ...]
    cards: CardSet | None = None
    seat: int = 0
    review: bool = False
    #: The deal the game began from (None: its seed's, with ``cards`` in their file's order).
    deal: Deal | None = None


@dataclass(frozen=True)
class OpenHowTo:
    """How to play, at the page of ``topic`` (one of ``scenes/howto_examples.TOPICS``; empty: the first page)."""

    topic: str = ""


@dataclass(frozen=True)
class OpenSettings:
    """Settings."""


@dataclass(frozen=True)
class OpenKeys:
    """The list of every key."""


@dataclass(frozen=True)
class OpenRebind:
    """Change keys: every intent of the input map with its keys, to rebind."""


@dataclass(frozen=True)
class OpenPadLost:
    """The notice that the game controller in use was unplugged (everything waits until it is back)."""


@dataclass(frozen=True)
class OpenGames:
    """The games in progress to choose from; ``open_game`` runs with the chosen one's file."""

    games: tuple[GameSummary, ...]
    open_game: Callable[[Path], None]


@dataclass(frozen=True)
class OpenHandover:
    """The hot-seat hand-over to ``who``, the human in ``seat``."""

    who: str
    seat: int


@dataclass(frozen=True)
class OpenChallenges:
    """The solo challenges: their list, the chosen one's goal and deal, Play."""


@dataclass(frozen=True)
class OpenHost:
    """The host's waiting screen of a table with seats played on other computers: a new one for
    ``start``'s seats, or a hosted table resumed (friends rejoin)."""

    start: MatchConfig | Resume
    #: A resumed table's saved meta: its code, its seats' tokens and its port.
    meta: dict[str, Any] | None = None


@dataclass(frozen=True)
class OpenJoin:
    """Join a game hosted on another computer: the tables found on the network, or an address and a code."""


#: Every screen a scene can open.
Destination = Union[OpenMenu, OpenSetup, OpenPlay, OpenPause, OpenScoring, OpenFinished, OpenReplay, OpenHowTo,
                    OpenSettings, OpenKeys, OpenGames, OpenHandover, OpenGuide, OpenGuideDone, OpenDaily,
                    OpenChallenges, OpenStats, OpenRebind, OpenPadLost, OpenHost, OpenJoin]
