"""The client of a hosted table: joins a seat, sends its commands, receives its view and the events.

:meth:`Client.connect` says hello with the join code (or, :meth:`Client.rejoin_to`, a seat's token)
and waits for the host's welcome; :meth:`Client.poll` turns what arrived since into
:data:`ClientEvent` values, oldest first. The view is a rules ``Game`` built from the seat's view
(:func:`~.wire.view_game`), which a computer player and the play screen take as an observer view.
"""

from __future__ import annotations

import queue
import socket
import time
from dataclasses import dataclass
from typing import Any, Union

from harmonies.persist.document import cards_fingerprint
from harmonies.rules import (
    REFUSALS, CardSet, Command, Event, Game, Rejected, command_from_json, command_to_json, default_cards,
)

from .conn import Connection
from .protocol import PROTOCOL_VERSION, ProtocolError, hello
from .remote import SeatStatus
from .wire import read_event, read_record, view_game

#: Why a connection ends that the client may try to rejoin after.
REJOINABLE = frozenset({"lost", "timeout", "host_closed"})


class JoinError(Exception):
    """Joining failed: ``reason`` ("unreachable", "code", "version", "full", "token", "cards",
    "closed", ...) and one line saying so."""

    def __init__(self, reason: str, line: str) -> None:
        super().__init__(line)
        self.reason = reason
        self.line = line


@dataclass(frozen=True)
class Update:
    """A command was played by ``seat`` (both None: the first view after joining); ``view``: the
    position after it as this seat sees it (None once the game is over), ``before``: the one before."""

    version: int
    seat: int | None
    command: Command | None
    events: tuple[Event, ...]
    view: Game | None
    before: Game | None


@dataclass(frozen=True)
class Refusal:
    """This client's ``command`` was refused and nothing changed: ``code`` is a rules refusal
    (``rejected`` then holds it) or ``"net.not_your_turn"``."""

    command: Command
    code: str
    params: dict[str, Any]

    @property
    def rejected(self) -> Rejected | None:
        return Rejected(self.code, dict(self.params)) if self.code in REFUSALS else None


@dataclass(frozen=True)
class SeatsChanged:
    """Who sits at the table now; ``waiting_for``: the name of the seat to move while it is away."""

    seats: tuple[SeatStatus, ...]
    waiting_for: str | None


@dataclass(frozen=True)
class Finished:
    """The game is over: ``record`` is the finished game (its ``outcome`` has the scores)."""

    record: Game


@dataclass(frozen=True)
class Closed:
    """The connection ended: why, in a word and a line; ``rejoinable``: :meth:`Client.rejoin` may get
    the seat back."""

    reason: str
    line: str
    rejoinable: bool


ClientEvent = Union[Update, Refusal, SeatsChanged, Finished, Closed]


class Client:
    """A connection to a hosted table, holding one seat (see the module's words)."""

    def __init__(self, host: str, port: int, code: str | None, name: str, cards: CardSet | None = None) -> None:
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self.cards = cards if cards is not None else default_cards()
        self.seat = -1
        self.token = ""
        self.names: tuple[str, ...] = ()
        self.view: Game | None = None
        self.record: Game | None = None
        self.version = -1
        self._inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._conn: Connection | None = None
        self._sent: dict[int, Command] = {}
        self._n = 0
        self._closed: Closed | None = None
        #: What :meth:`poll` hands out before the inbox: the welcome's view, what :meth:`wait` took out.
        self._front: list[tuple[str, Any]] = []

    # ------------------------------------------------------------------ joining
    @classmethod
    def connect(cls, host: str, port: int, code: str, name: str, timeout: float = 5.0,
                cards: CardSet | None = None) -> Client:
        """Join a free seat of the table at ``host:port`` with its join code; :class:`JoinError` if not."""
        client = cls(host, port, code, name, cards)
        client._join(None, timeout)
        return client

    @classmethod
    def rejoin_to(cls, host: str, port: int, token: str, code: str | None, name: str, timeout: float = 5.0,
                  cards: CardSet | None = None) -> Client:
        """Take back the seat of ``token`` (a client started again); :class:`JoinError` if not."""
        client = cls(host, port, code, name, cards)
        client.token = token
        client._join(token, timeout)
        return client

    def rejoin(self, timeout: float = 5.0) -> None:
        """Connect again with this seat's token after the connection ended; :class:`JoinError` if not."""
        self.close(tell=False)
        self._inbox = queue.Queue()
        self._front = []
        self._closed = None
        self._join(self.token, timeout)

    def _join(self, token: str | None, timeout: float) -> None:
        try:
            sock = socket.create_connection((self.host, self.port), timeout=timeout)
        except OSError as exc:
            raise JoinError("unreachable", f"cannot reach {self.host}:{self.port} ({exc.strerror or exc})") from None
        conn = Connection(sock, self._arrived, self._ended, hello_within=None)
        self._conn = conn
        conn.start()
        conn.send(hello(None if token else self.code, token, self.name, cards_fingerprint(self.cards)))
        end = time.monotonic() + timeout
        while True:
            try:
                kind, data = self._inbox.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                conn.close("timeout", "", tell=False)
                raise JoinError("unreachable", f"{self.host}:{self.port} did not answer in time") from None
            if kind == "closed":
                reason, line = data
                raise JoinError("closed" if reason == "lost" else reason,
                                f"{self.host}:{self.port} closed the connection ({line})")
            if data.get("t") == "error":
                conn.close("refused", "", tell=False)
                raise JoinError(str(data.get("reason")), f"the host refused: {data.get('text')}")
            if data.get("t") == "welcome":
                self._welcome(data)
                return
            # Anything else before the welcome (a ping is answered by the connection) is ignored.

    def _welcome(self, data: dict[str, Any]) -> None:
        try:
            if data.get("v") != PROTOCOL_VERSION:
                raise ProtocolError("version", f"the host speaks version {data.get('v')!r}")
            seat, token, names = data["seat"], data["token"], data["names"]
            if type(seat) is not int or not isinstance(token, str) or not isinstance(names, list):
                raise ProtocolError("malformed", "a welcome without a seat, a token and the names")
            self.seat, self.token, self.names = seat, token, tuple(str(n) for n in names)
            # Ahead of whatever the host sent after the welcome (already in the inbox).
            self._front.append(("first", data["state"]))
        except (KeyError, ProtocolError) as exc:
            reason = exc.reason if isinstance(exc, ProtocolError) else "malformed"
            if self._conn is not None:
                self._conn.close(reason, str(exc))
            raise JoinError(reason, f"the host's welcome is not one this version reads ({exc})") from None

    # ------------------------------------------------------------------ talking
    def send(self, command: Command) -> None:
        """Send a command for this seat (answered by an :class:`Update` or a :class:`Refusal`)."""
        self._n += 1
        self._sent[self._n] = command
        if self._conn is not None:
            self._conn.send({"t": "command", "n": self._n, "command": command_to_json(command)})

    def wait(self, timeout: float) -> bool:
        """Block until something arrives (or ``timeout`` passes); True if something did."""
        if self._front:
            return True
        try:
            item = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return False
        self._front.append(item)
        return True

    def poll(self) -> list[ClientEvent]:
        """What arrived since the last call, oldest first (never blocks)."""
        out: list[ClientEvent] = []
        items, self._front = self._front, []
        while True:
            try:
                items.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        for kind, data in items:
            if self._closed is not None:
                break
            try:
                out.extend(self._read(kind, data))
            except ProtocolError as exc:
                if self._conn is not None:
                    self._conn.close(exc.reason, exc.detail)
                out.append(self._end(exc.reason, f"the host sent {exc.detail}"))
        return out

    def close(self, tell: bool = True) -> None:
        """Leave the table (saying goodbye with ``tell``)."""
        conn, self._conn = self._conn, None
        if conn is not None and not conn.closed:
            if tell:
                conn.send({"t": "bye"})
            conn.close("bye", "", tell=False)
            conn.wait_closed(1.0)

    # ------------------------------------------------------------------ what arrives
    def _arrived(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn is self._conn:
            self._inbox.put(("message", message))

    def _ended(self, conn: Connection, reason: str, text: str) -> None:
        if conn is self._conn:
            self._inbox.put(("closed", (reason, text)))

    def _read(self, kind: str, data: Any) -> list[ClientEvent]:
        if kind == "closed":
            reason, line = data
            return [self._end(reason, line)] if reason != "bye" else []
        if kind == "first":
            return self._state(data)
        t = data.get("t")
        if t == "state":
            return self._state(data)
        if t == "refused":
            return [self._refused(data)]
        if t == "seats":
            return [self._seats(data)]
        if t == "error":
            reason = str(data.get("reason"))
            return [self._end(reason, str(data.get("text")))]
        raise ProtocolError("malformed", f"a message of type {t!r}")

    def _state(self, data: Any) -> list[ClientEvent]:
        if not isinstance(data, dict) or type(data.get("version")) is not int:
            raise ProtocolError("malformed", "a state without its version")
        record = read_record(data["record"], self.cards) if data.get("over") else None
        outcome = record.outcome if record is not None else None
        events = tuple(read_event(e, outcome) for e in _list(data.get("events")))
        seat = data.get("seat")
        command = command_from_json(data["command"]) if data.get("command") is not None else None
        before = self.view
        self.view = view_game(data["view"], self.cards) if record is None else None
        self.version = data["version"]
        out: list[ClientEvent] = [Update(self.version, seat if type(seat) is int else None, command, events,
                                         self.view, before)]
        if record is not None:
            self.record = record
            out.append(Finished(record))
        return out

    def _refused(self, data: Any) -> Refusal:
        n = data.get("n")
        cmd = self._sent.get(n) if type(n) is int else None
        if cmd is None:
            try:
                cmd = command_from_json(data.get("command"))
            except ValueError:
                raise ProtocolError("malformed", "a refusal of no command it was sent") from None
        params = data.get("params")
        return Refusal(cmd, str(data.get("code")), dict(params) if isinstance(params, dict) else {})

    def _seats(self, data: Any) -> SeatsChanged:
        try:
            seats = tuple(SeatStatus.from_json(s) for s in _list(data.get("seats")))
        except ValueError as exc:
            raise ProtocolError("malformed", f"a seat list that is not one ({exc})") from None
        waiting = data.get("waiting_for")
        return SeatsChanged(seats, waiting if isinstance(waiting, str) else None)

    def _end(self, reason: str, line: str) -> Closed:
        self._closed = Closed(reason, line, reason in REJOINABLE and self.record is None)
        return self._closed


def _list(v: Any) -> list[Any]:
    if not isinstance(v, list):
        raise ProtocolError("malformed", "a list that is not one")
    return v
