"""A hosted table in this process, over real sockets on 127.0.0.1: the host's loop and each bot client
on its own thread, every byte the host sends to a client recorded by a proxy between them."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field

from harmonies.ai import Player, make_player
from harmonies.net import Client, NetSession, host_table
from harmonies.net import join_cli, serve_cli
from harmonies.net.remote import REMOTE
from harmonies.rules import Game, GameSetup
from harmonies.session.match import MatchConfig, Seat

#: No thread of a test table runs longer than this.
LIMIT_SECONDS = 60.0


class Recorder:
    """A proxy on 127.0.0.1 to ``port``: each connection through it is forwarded both ways, and what
    comes back from ``port`` is kept in :attr:`received`."""

    def __init__(self, port: int) -> None:
        self.upstream = port
        self.received = bytearray()
        self._server = socket.create_server(("127.0.0.1", 0))
        self._server.settimeout(LIMIT_SECONDS)
        self.port = self._server.getsockname()[1]
        self._threads: list[threading.Thread] = []
        self._accept = threading.Thread(target=self._serve, daemon=True)
        self._accept.start()

    def _serve(self) -> None:
        while True:
            try:
                near, _ = self._server.accept()
            except OSError:
                return
            far = socket.create_connection(("127.0.0.1", self.upstream))
            for src, dst, keep in ((near, far, False), (far, near, True)):
                t = threading.Thread(target=self._pipe, args=(src, dst, keep), daemon=True)
                t.start()
                self._threads.append(t)

    def _pipe(self, src: socket.socket, dst: socket.socket, keep: bool) -> None:
        src.settimeout(LIMIT_SECONDS)
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if keep:
                    self.received += data
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self._server.close()
        for t in self._threads:
            t.join(5)


@dataclass
class Played:
    """A finished table: the host's game and, per remote seat, the bytes its client received."""

    game: Game
    received: dict[int, bytes] = field(default_factory=dict)
    records: dict[int, Game | None] = field(default_factory=dict)


def host(setup: GameSetup, seats: list[str]) -> NetSession:
    config = MatchConfig(tuple(Seat(f"P{i}", REMOTE) if k == REMOTE else Seat(f"C{i}", "computer", k)
                               for i, k in enumerate(seats)), setup.side, setup.spirits, setup.seed)
    return host_table(config.deal(), config, bind="127.0.0.1")


@contextlib.contextmanager
def running(session: NetSession) -> Iterator[threading.Thread]:
    """The host's loop on a thread until the game ends; the table closed afterwards."""
    thread = threading.Thread(target=serve_cli._play, args=(session, None), daemon=True)
    thread.start()
    try:
        yield thread
    finally:
        thread.join(LIMIT_SECONDS)
        session.close()


def play_recorded(setup: GameSetup, bots: list[str]) -> Played:
    """A game whose every seat is a client played by the bot of its level, each through a recorder."""
    session = host(setup, [REMOTE] * len(bots))
    out = Played(session.game)
    recorders = [Recorder(session.port) for _ in bots]
    clients: list[Client] = []
    with running(session) as loop:
        threads = []
        for i, level in enumerate(bots):
            client = Client.connect("127.0.0.1", recorders[i].port, session.code, f"bot{i}")
            clients.append(client)
            player = make_player(level, i)
            t = threading.Thread(target=_quietly, args=(client, player), daemon=True)
            t.start()
            threads.append(t)
        for t in threads:
            t.join(LIMIT_SECONDS)
        loop.join(LIMIT_SECONDS)
    for r in recorders:
        r.close()
    for client, r in zip(clients, recorders):
        out.received[client.seat] = bytes(r.received)
        out.records[client.seat] = client.record
    return out


def _quietly(client: Client, player: Player) -> None:
    join_cli.play(client, player)
