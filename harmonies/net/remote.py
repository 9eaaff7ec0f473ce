"""A seat played on another computer, as the host sees it: its controller and its status.

A :class:`RemoteSeat` is a controller beside ``ScreenSeat`` and ``ComputerSeat``
(:mod:`harmonies.session.seats`): it answers with the command its player sent, which the host has
already checked against the position (so it is never refused, and silence is never a stall: the
host asks it only once a command has arrived).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from harmonies.rules import Command, Game

#: The kind of a seat played on another computer (``Seat(name, kind=REMOTE)``).
REMOTE = "remote"


class RemoteSeat:
    """The controller of a seat played elsewhere: hands out the commands the host gave it."""

    at_screen = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ready: deque[Command] = deque()

    def give(self, command: Command) -> None:
        """A command of this seat's player, checked by the host, to answer with."""
        with self._lock:
            self._ready.append(command)

    def next_commands(self, view: Game) -> Sequence[Command]:
        with self._lock:
            out = list(self._ready)
            self._ready.clear()
        return out


@dataclass(frozen=True)
class SeatStatus:
    """A seat of a hosted table: its name and kind ("remote", "computer" or "human"), whether a
    player ever joined it (a remote seat), is connected now, and the computer level playing it while
    its player is away."""

    seat: int
    name: str
    kind: str
    joined: bool
    connected: bool
    stand_in: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "kind": self.kind, "joined": self.joined,
                "connected": self.connected, "stand_in": self.stand_in}

    @classmethod
    def from_json(cls, raw: Any) -> SeatStatus:
        """The status of :meth:`to_json`; ValueError if ``raw`` is not one."""
        if not isinstance(raw, dict):
            raise ValueError("a seat's status must be an object")
        seat, name, kind = raw.get("seat"), raw.get("name"), raw.get("kind")
        joined, connected, stand_in = raw.get("joined"), raw.get("connected"), raw.get("stand_in")
        if type(seat) is not int or not isinstance(name, str) or not isinstance(kind, str):
            raise ValueError("a seat's status needs a seat number, a name and a kind")
        if type(joined) is not bool or type(connected) is not bool:
            raise ValueError("a seat's status needs joined and connected as true or false")
        if stand_in is not None and not isinstance(stand_in, str):
            raise ValueError("a seat's stand-in must be a level or null")
        return cls(seat, name, kind, joined, connected, stand_in)


@dataclass(frozen=True)
class NetNotice:
    """Something that happened at the table, for the host's banners: a player "joined", "rejoined"
    or "left" ``seat``, or a connection was "refused" (``detail`` says why)."""

    kind: str
    seat: int | None
    name: str
    detail: str = ""


def waiting_for(statuses: Sequence[SeatStatus], current: int, over: bool) -> str | None:
    """The name of the seat to move when it is remote, away and played by nobody: the table waits for it."""
    if over or not 0 <= current < len(statuses):
        return None
    s = statuses[current]
    return s.name if s.kind == REMOTE and not s.connected and s.stand_in is None else None
