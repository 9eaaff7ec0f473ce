"""A joined seat's play session: the play screen plays it as any game, the host referees.

:class:`RemoteSession` is a :class:`~harmonies.session.PlaySession` whose game is this seat's view
of the host's game (:class:`LocalView`), whose commands go to the host (:meth:`RemoteSession.submit`)
and whose outcomes are what the host answers: each command played at the table (by any seat) with
its events, and this seat's refusals. The play screen takes them out as it takes a local session's,
so flights, banners, sounds, the log, the recap and the scoresheet work alike.

The host's answer to this seat's command is waited for a moment right away (the command is checked
on the view first, so a move the rules refuse is answered at once without the network), so a drop
or a click knows whether it was played, as at the host's screen. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
import threading
import time
from dataclasses import dataclass

from harmonies.net import Client, ClientEvent, Closed, Finished, JoinError, Refusal, SeatsChanged, SeatStatus, Update
from harmonies.rules import Command, Event, Game, Rejected
from harmonies.session import (
    COMPUTER, HUMAN, Before, CommandReport, Jobs, MatchConfig, Played, PlaySession, Refused, Seat,
)
from harmonies.session.computer import SeatState
from harmonies.session.seats import Controller, ScreenSeat

from .keep import Keep
from .remote_log import RemoteLog

#: Seconds the screen waits for the host's answer to this seat's command before going on without it
#: (the answer is then shown when it comes).
ANSWER_SECONDS = 2.0
#: How long a lost connection is tried again (a host's window started again takes a while), and
#: how long each try may take.
REJOIN_SECONDS = 90.0
TRY_SECONDS = 3.0
#: Answers to a rejoin after which trying again cannot help.
FINAL_REASONS = ("code", "version", "cards", "token", "full")


class Elsewhere:
    """A seat played on another computer, as the joined window sees it: its commands come from the
    host, never from a controller here."""

    at_screen = False

    def next_commands(self, view: Game) -> Sequence[Command]:
        return ()


class LocalView:
    """This seat's view of the game, with the commands played since the last draw kept as its
    history, so the rules answer Undo (and what the screen offers) on it as on the host's game.

    Each command the host reports is played on the view too: when the events agree (nothing hidden
    was drawn or shown), the view goes on with it in its history; otherwise (tokens drawn from the
    pouch, a card from the pile, another seat's spirit chosen) the host's new view takes its place,
    and Undo could not go back past that command anyway.
    """

    def __init__(self, view: Game) -> None:
        self.game = view

    def follow(self, command: Command, events: tuple[Event, ...], view: Game | None) -> Game:
        """The view after ``command`` (which caused ``events`` at the host; ``view``: the host's new view)."""
        result = self.game.apply(command)
        if view is not None and (isinstance(result, Rejected) or tuple(result.events) != tuple(events)):
            self.game = view
        return self.game


def seats_config(client: Client, side: str, spirits: bool,
                 status: Sequence[SeatStatus] = ()) -> MatchConfig:
    """The match as this window shows it: the seats by the names the host gave (the latest, once the
    host said who sits where), this one played here, the host's computer seats as computers (their
    level is the host's business), the others played elsewhere."""
    names = list(client.names)
    kinds = ["remote"] * len(names)
    for st in status:
        if 0 <= st.seat < len(names):
            names[st.seat] = st.name
            kinds[st.seat] = COMPUTER if st.kind == COMPUTER else "remote"
    seats = tuple(Seat(name, HUMAN if i == client.seat else kinds[i], "" if kinds[i] == COMPUTER else "random")
                  for i, name in enumerate(names))
    return MatchConfig(seats, side, spirits, None)


@dataclass
class _Sent:
    command: Command
    dropped: bool


class RemoteSession(PlaySession):
    """The play session of the seat this window joined (see the module's words)."""

    def __init__(self, client: Client, view: Game, jobs: Jobs | None = None, keep: Keep | None = None,
                 early: Sequence[ClientEvent] = ()) -> None:
        self.client = client
        self._keep = keep
        #: Why the finished game could not be kept here, if so.
        self.keep_problem: str | None = None
        self.local = LocalView(view)
        config = seats_config(client, view.setup.side, view.setup.spirits)
        controllers: list[Controller] = [ScreenSeat() if i == client.seat else Elsewhere()
                                         for i in range(view.setup.players)]
        super().__init__(view, config, saves=None, jobs=jobs, controllers=controllers)
        self.remote_log = RemoteLog(view.setup, view.cards, view)
        #: Who is connected, as the host last said, and whose seat the table waits for.
        self.status: tuple[SeatStatus, ...] = ()
        self.waiting_for: str | None = None
        #: How the connection ended, once it has (the game over, the host gone, a lost line).
        self.closed: Closed | None = None
        #: The finished game, once over: this seat's copy, kept in the player's Finished games.
        self.record: Game | None = None
        self._sent: list[_Sent] = []
        #: The thread taking the seat back after the connection was lost, while it tries.
        self._rejoin: threading.Thread | None = None
        self._stop = threading.Event()
        #: Times the seat was taken back after a lost connection (the screen says so once each).
        self.rejoined = 0
        self._handle(early)

    # ------------------------------------------------------------------ the command queue
    def submit(self, command: Command, dropped: bool = False) -> None:
        """Send ``command`` to the host while this seat is to move; the rules refuse it on the view
        first when they would at the host (nothing is sent then)."""
        if not self.awaits_screen or self.closed is not None:
            return
        why = self._game.check(command)
        if why is not None:
            self._events.append(Refused(command, why, self.client.seat, dropped))
            return
        self._sent.append(_Sent(command, dropped))
        self.client.send(command)
        deadline = time.monotonic() + ANSWER_SECONDS
        while self._sent and self.closed is None and time.monotonic() < deadline:
            self.client.wait(max(0.0, deadline - time.monotonic()))
            self._take()

    @property
    def pending(self) -> int:
        return len(self._sent)

    def run(self) -> list[CommandReport]:
        """Take what the host sent since the last look; returns the new outcomes (also published)."""
        before = len(self._events)
        self._take()
        return list(self._events)[before:]

    @property
    def rejoining(self) -> bool:
        """The connection was lost and the seat is being taken back (nothing is read meanwhile)."""
        return self._rejoin is not None

    def _take(self) -> None:
        if self._rejoin is not None:
            if self._rejoin.is_alive():
                return
            self._rejoin = None
        self._handle(self.client.poll())

    def _handle(self, events: Sequence[ClientEvent]) -> None:
        """What the host sent (taken off the connection by ``poll``), in order."""
        for event in events:
            if isinstance(event, Update):
                self._update(event)
            elif isinstance(event, Refusal):
                self._refusal(event)
            elif isinstance(event, SeatsChanged):
                self.status, self.waiting_for = event.seats, event.waiting_for
                self.config = seats_config(self.client, self.config.side, self.config.spirits, event.seats)
            elif isinstance(event, Finished):
                self._finished(event.record)
            elif isinstance(event, Closed):
                self._closed(event)

    def _update(self, event: Update) -> None:
        if event.command is None or event.seat is None:   # the first view after joining (or rejoining)
            if event.view is not None:
                self.local = LocalView(event.view)
                self._game = event.view
                self.version += 1
            return
        shown = self._game
        before = Before(shown.hand, shown.central, shown.player(event.seat))
        dropped = False
        if event.seat == self.client.seat and self._sent and self._sent[0].command == event.command:
            dropped = self._sent.pop(0).dropped
        self.remote_log.played(event.command, event.events, shown)
        self._game = self.local.follow(event.command, event.events, event.view)
        self.remote_log.latest = self._game
        self.version += 1
        self._events.append(Played(event.command, tuple(event.events), before, event.seat, dropped))

    def _refusal(self, event: Refusal) -> None:
        dropped = False
        if self._sent and self._sent[0].command == event.command:
            dropped = self._sent.pop(0).dropped
        rejected = event.rejected
        if rejected is not None:   # else the turn had passed already: the next report shows the table
            self._events.append(Refused(event.command, rejected, self.client.seat, dropped))

    def _finished(self, record: Game) -> None:
        """The game is over: its record becomes the game shown (the scoresheet reads it)."""
        self.record = record
        self._game = record
        self.remote_log.latest = record
        self.version += 1
        if self._keep is not None and record.over:
            self.keep_problem = self._keep(record, self.meta())

    def _closed(self, event: Closed) -> None:
        """The connection ended: a lost one is taken back in the background, with the seat's token."""
        self.closed = event
        self._sent.clear()
        if event.rejoinable and self.record is None and not self._stop.is_set():
            self._rejoin = threading.Thread(target=self._take_back, daemon=True, name="harmonies-rejoin")
            self._rejoin.start()

    def _take_back(self) -> None:
        """The rejoin thread: try until the host answers, says no for good, or the time is up. The
        window's thread reads nothing from the client meanwhile (:meth:`_take`)."""
        deadline = time.monotonic() + REJOIN_SECONDS
        while not self._stop.is_set() and time.monotonic() < deadline:
            try:
                self.client.rejoin(timeout=TRY_SECONDS)
            except JoinError as err:
                if err.reason in FINAL_REASONS:
                    return
                self._stop.wait(0.5)
                continue
            self.closed = None
            self.rejoined += 1
            return

    # ------------------------------------------------------------------ the other seats
    def poll_seat(self) -> SeatState:
        """Another seat is to move: its commands come from the host (taken here)."""
        self._take()
        return "thinking"

    def play_seat(self) -> bool:
        return False

    @property
    def thinking(self) -> bool:
        return False

    def close(self) -> None:
        """The play screen leaves: the connection ends (the host keeps the seat for a rejoin)."""
        self._stop.set()
        if self._rejoin is not None:
            self._rejoin.join(TRY_SECONDS + 1)
        self.client.close()
        super().close()
