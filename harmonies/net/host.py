"""The host of a table with seats on other computers: a play session whose engine is the referee.

:class:`NetSession` is a :class:`~harmonies.session.play.PlaySession` (the window and ``serve`` use it
as they use any): it also listens for the players of its remote seats, takes their commands, checks
each against the game before its seat's controller (:class:`~.remote.RemoteSeat`) hands it on, and
after every command played sends each connected seat what happened and its own view of the game
(:mod:`.wire`). The network threads never touch the game: they put what arrives in an inbox the main
thread empties in :meth:`NetSession.pump` (also called by ``poll_seat`` and ``run``). Whether a hello
is refused, and which seat a new player takes, is :mod:`.greeting`'s answer.

The table's code and tokens are saved in the game's meta (``"net"``), so a host that stops (its window
closes, the process is killed) resumes the table with :func:`resume_table` and its players rejoin.
"""

from __future__ import annotations

import queue
import socket
import threading
from collections import deque
from dataclasses import replace
from typing import Any

from harmonies.persist.document import cards_fingerprint
from harmonies.rules import Command, Game, TurnStarted, command_from_json, command_to_json
from harmonies.session.jobs import Jobs
from harmonies.session.match import COMPUTER, GameStamp, MatchConfig, Resume, Seat
from harmonies.session.play import CommandReport, Played, PlaySession
from harmonies.session.computer import SeatState
from harmonies.session.saves import SaveSlot
from harmonies.session.seats import ComputerSeat, Controller, controller_for, make_seat_player

from .addresses import LOOPBACK
from .conn import Connection
from .greeting import MAX_NAME as MAX_NAME  # the longest name a player may give, named here too
from .greeting import free_seat, player_name, refusal_of
from .keys import TableKeys, new_token, shown_code
from .listener import Listener, join_addresses
from .protocol import PROTOCOL_VERSION
from .remote import REMOTE, NetNotice, RemoteSeat, SeatStatus, waiting_for
from .wire import event_json, record_json, view_json

#: The meta key the table's keys are saved under.
NET_KEY = "net"
#: Connections that have not said hello yet, at most; more are closed at once.
MAX_UNGREETED = 8
#: Seconds the host waits, closing, for its last messages to reach the clients.
FLUSH_SECONDS = 2.0


def is_hosted(meta: dict[str, Any]) -> bool:
    """The saved game of ``meta`` was a hosted table (its keys are saved with it)."""
    return isinstance(meta.get(NET_KEY), dict)


def host_table(game: Game, config: MatchConfig, saves: SaveSlot | None = None, jobs: Jobs | None = None,
               stamp: GameStamp | None = None, port: int = 0, bind: str = LOOPBACK) -> NetSession:
    """A new hosted table for ``game``, listening at once (OSError if it cannot)."""
    keys = TableKeys.new(len(config.seats), port)
    return NetSession(game, config, keys, saves=saves, jobs=jobs, stamp=stamp, bind=bind)


def resume_table(resume: Resume, saves: SaveSlot | None = None, jobs: Jobs | None = None,
                 port: int | None = None, bind: str = LOOPBACK, meta: dict[str, Any] | None = None) -> NetSession:
    """The table of a saved hosted game (``meta``: the save's), with the same code and tokens, on the
    same port unless ``port`` is given; every remote seat is away until its player rejoins."""
    seats = len(resume.config.seats)
    keys = TableKeys.from_meta((meta or {}).get(NET_KEY), seats) or TableKeys.new(seats)
    if port is not None:
        keys.port = port
    return NetSession(resume.game, resume.config, keys, saves=saves, jobs=jobs, stamp=resume.stamp, bind=bind)


class NetSession(PlaySession):
    """A play session hosting remote seats (see the module's words)."""

    def __init__(self, game: Game, config: MatchConfig, keys: TableKeys, saves: SaveSlot | None = None,
                 jobs: Jobs | None = None, stamp: GameStamp | None = None, bind: str = LOOPBACK) -> None:
        self.keys = keys
        self._remote = [RemoteSeat() if seat.kind == REMOTE else None for seat in config.seats]
        seed = game.setup.seed or 0
        controllers: list[Controller] = [r if r is not None else controller_for(s, seed * 7 + i)
                                         for i, (s, r) in enumerate(zip(config.seats, self._remote))]
        super().__init__(game, config, saves=saves, jobs=jobs, controllers=controllers, stamp=stamp)
        self._cards = cards_fingerprint(game.cards)
        self._inbox: queue.Queue[tuple[str, Connection, Any]] = queue.Queue()
        self._wake = threading.Event()
        self._conns: dict[int, Connection] = {}
        self._seat_of: dict[int, int] = {}          # id of a greeted connection -> its seat
        self._ungreeted_conns: set[Connection] = set()
        self._lock = threading.Lock()
        self._pending: list[deque[tuple[Any, Command]]] = [deque() for _ in config.seats]
        self._handed = False
        self._stand_in: dict[int, str] = {}
        self._giving_back: set[int] = set()
        self._notices: list[NetNotice] = []
        self._closed = False
        self._listener = Listener(bind, keys.port, self._accepted)
        self.keys.port = self._listener.port

    # ------------------------------------------------------------------ what the window shows
    @property
    def code(self) -> str:
        return shown_code(self.keys.code)

    @property
    def port(self) -> int:
        return self._listener.port

    @property
    def bound(self) -> str:
        """The address the table listens on."""
        return self._listener.address

    def addresses(self) -> list[str]:
        return join_addresses(self.port)

    def name_of(self, seat: int) -> str:
        return self.keys.names[seat] or self.config.seats[seat].name

    def seat_status(self) -> tuple[SeatStatus, ...]:
        out = []
        for i, seat in enumerate(self.config.seats):
            kind = REMOTE if seat.kind == REMOTE else (COMPUTER if seat.kind == COMPUTER else "human")
            out.append(SeatStatus(i, self.name_of(i), kind, self.keys.tokens[i] is not None,
                                  i in self._conns, self._stand_in.get(i)))
        return tuple(out)

    @property
    def waiting_for(self) -> str | None:
        return waiting_for(self.seat_status(), self.game.current, self.game.over)

    @property
    def all_joined(self) -> bool:
        return all(t is not None for t, r in zip(self.keys.tokens, self._remote) if r is not None)

    def take_notices(self) -> list[NetNotice]:
        out, self._notices = self._notices, []
        return out

    def meta(self) -> dict[str, Any]:
        meta = super().meta()
        if not self.game.over:
            meta[NET_KEY] = self.keys.to_meta()
        return meta

    # ------------------------------------------------------------------ a seat away
    def hand_to_computer(self, seat: int, level: str = "medium") -> None:
        """``seat`` (remote, its player away) is played by ``level`` until its player rejoins."""
        if self._remote[seat] is None or seat in self._conns:
            return
        self._stand_in[seat] = level
        self._pending[seat].clear()
        player = make_seat_player(level, (self.game.setup.seed or 0) * 7 + seat)
        self._set_controller(seat, ComputerSeat(player))
        self._tell_seats()

    def _take_back(self, seat: int) -> None:
        """Give ``seat`` back to its player: at once, or, while its stand-in is playing the seat's
        turn, when that turn ends (a plan half played would otherwise go on after the player's)."""
        if seat not in self._stand_in:
            return
        if self.game.current == seat and not self.game.over:
            self._giving_back.add(seat)
            return
        self._given_back(seat)

    def _given_back(self, seat: int) -> None:
        remote = self._remote[seat]
        self._giving_back.discard(seat)
        if seat in self._stand_in and remote is not None:
            del self._stand_in[seat]
            self._set_controller(seat, remote)
        self._tell_seats()

    def _set_controller(self, seat: int, controller: Controller) -> None:
        controllers = list(self.seats.controllers)
        controllers[seat] = controller
        self.seats.controllers = tuple(controllers)

    # ------------------------------------------------------------------ the session's loop
    def poll_seat(self) -> SeatState:
        self.pump()
        seat = self.game.current
        remote = self._remote[seat]
        if self.game.over or remote is None or seat in self._stand_in:
            return super().poll_seat()
        if self._handed:
            return super().poll_seat()
        while self._pending[seat]:
            n, cmd = self._pending[seat].popleft()
            why = self.game.check(cmd)
            if why is None:
                remote.give(cmd)
                self._handed = True
                return super().poll_seat()
            self._send(seat, {"t": "refused", "n": n, "command": command_to_json(cmd), "code": why.code,
                              "params": dict(why.params)})
        return "thinking"

    def play_seat(self) -> bool:
        played = super().play_seat()
        if played:
            self._handed = False
        return played

    def run(self) -> list[CommandReport]:
        self.pump()
        reports = super().run()
        for report in reports:
            if isinstance(report, Played):
                self._broadcast(report)
                if any(isinstance(ev, TurnStarted) for ev in report.events):
                    for seat in sorted(self._giving_back):
                        self._given_back(seat)
        return reports

    def wait(self, timeout: float) -> None:
        """Block until a controller's plan is done or something arrives from the network, at most ``timeout``."""
        if self.seats.thinking:
            self.seats.wait(timeout)
        else:
            self._wake.wait(timeout)
            self._wake.clear()

    def close(self) -> None:
        """Stop listening, end every connection (after what was queued for it), end the jobs."""
        if not self._closed:
            self._closed = True
            self._listener.close()
            conns = list(self._conns.values())
            with self._lock:
                waiting = list(self._ungreeted_conns)
            for c in waiting:
                c.close("host_closed", "the host stopped")
            for c in conns:
                c.close("over" if self.game.over else "host_closed",
                        "the game is over" if self.game.over else "the host stopped hosting")
            for c in conns:
                c.wait_closed(FLUSH_SECONDS)
        super().close()

    # ------------------------------------------------------------------ the network side (its threads)
    def _accepted(self, sock: socket.socket) -> None:
        with self._lock:
            if len(self._ungreeted_conns) >= MAX_UNGREETED or self._closed:
                sock.close()
                return
            conn = Connection(sock, self._arrived, self._ended, rate=True)
            self._ungreeted_conns = {*self._ungreeted_conns, conn}
        conn.start()

    def _arrived(self, conn: Connection, message: dict[str, Any]) -> None:
        self._inbox.put(("message", conn, message))
        self._wake.set()

    def _ended(self, conn: Connection, reason: str, text: str) -> None:
        with self._lock:
            self._ungreeted_conns = self._ungreeted_conns - {conn}
        self._inbox.put(("closed", conn, (reason, text)))
        self._wake.set()

    # ------------------------------------------------------------------ the network side (main thread)
    def pump(self) -> None:
        """Take what arrived from the network: hellos, commands, connections that ended."""
        while True:
            try:
                kind, conn, data = self._inbox.get_nowait()
            except queue.Empty:
                return
            if kind == "closed":
                self._lost(conn, data)
            elif id(conn) in self._seat_of:
                self._message(conn, self._seat_of[id(conn)], data)
            elif not conn.closed:
                self._hello(conn, data)

    def _hello(self, conn: Connection, msg: dict[str, Any]) -> None:
        refusal = refusal_of(msg, self._cards, self.keys)
        if refusal is not None:
            self._notices.append(NetNotice("refused", None, "", refusal[1]))
            conn.close(*refusal)
            return
        token = msg.get("token")
        seat = self.keys.seat_of_token(token) if isinstance(token, str) else \
            free_seat([i for i, r in enumerate(self._remote) if r is not None], self.keys.tokens, self._conns)
        if seat is None:
            reason = ("token", "this seat's token is not one of this table's") if isinstance(token, str) \
                else ("full", "every seat of this table is taken")
            self._notices.append(NetNotice("refused", None, "", reason[1]))
            conn.close(*reason)
            return
        self._seat(conn, seat, player_name(msg.get("name"), f"Player {seat + 1}"), rejoined=isinstance(token, str))

    def _seat(self, conn: Connection, seat: int, name: str, rejoined: bool) -> None:
        old = self._conns.get(seat)
        if old is not None:
            self._seat_of.pop(id(old), None)
            old.close("replaced", "this seat was taken by a newer connection")
        if not rejoined:
            self.keys.tokens[seat] = new_token()
        self.keys.names[seat] = name
        self.config = replace(self.config, seats=tuple(
            Seat(name, s.kind, s.level) if i == seat else s for i, s in enumerate(self.config.seats)))
        with self._lock:
            self._ungreeted_conns = self._ungreeted_conns - {conn}
        conn.greeted()
        self._conns[seat] = conn
        self._seat_of[id(conn)] = seat
        self._pending[seat].clear()
        self._take_back(seat)
        conn.send({"t": "welcome", "v": PROTOCOL_VERSION, "seat": seat, "token": self.keys.tokens[seat],
                   "names": [self.name_of(i) for i in range(len(self.config.seats))], "cards": self._cards,
                   "state": self._state(seat, None)})
        self._notices.append(NetNotice("rejoined" if rejoined else "joined", seat, name))
        self._tell_seats()
        self.save()

    def _message(self, conn: Connection, seat: int, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        if kind == "bye":
            conn.close("host_closed", "goodbye", tell=False)
            return
        if kind != "command":
            conn.close("malformed", f"no message of type {kind!r} is expected")
            return
        n = msg.get("n")
        try:
            cmd = command_from_json(msg.get("command"))
        except ValueError as exc:
            conn.close("malformed", f"not a command ({exc})"[:200])
            return
        if self.game.over or seat != self.game.current or seat in self._stand_in:
            self._send(seat, {"t": "refused", "n": n, "command": command_to_json(cmd), "code": "net.not_your_turn",
                              "params": {}})
            return
        self._pending[seat].append((n, cmd))

    def _lost(self, conn: Connection, why: tuple[str, str]) -> None:
        seat = self._seat_of.pop(id(conn), None)
        if seat is None or self._conns.get(seat) is not conn:
            return
        del self._conns[seat]
        self._pending[seat].clear()
        self._notices.append(NetNotice("left", seat, self.name_of(seat), why[1]))
        self._tell_seats()

    # ------------------------------------------------------------------ sending
    def _send(self, seat: int, message: dict[str, Any]) -> None:
        conn = self._conns.get(seat)
        if conn is not None:
            conn.send(message)

    def _state(self, seat: int, played: Played | None) -> dict[str, Any]:
        game = self.game
        out: dict[str, Any] = {
            "t": "state", "version": self.version, "over": game.over,
            "seat": played.seat if played is not None else None,
            "command": command_to_json(played.command) if played is not None else None,
            "events": [event_json(ev) for ev in played.events] if played is not None else [],
            "view": None if game.over else view_json(game, seat),
        }
        if game.over:
            out["record"] = record_json(game)
        return out

    def _broadcast(self, played: Played) -> None:
        for seat in sorted(self._conns):
            self._send(seat, self._state(seat, played))

    def _tell_seats(self) -> None:
        statuses = self.seat_status()
        message = {"t": "seats", "seats": [s.to_json() for s in statuses],
                   "waiting_for": waiting_for(statuses, self.game.current, self.game.over)}
        for seat in sorted(self._conns):
            self._send(seat, message)
