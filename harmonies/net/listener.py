"""The host's listening socket: accepts connections on a thread while the table is hosted."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable

from .addresses import local_addresses

#: How often the accepting thread looks whether it should stop.
ACCEPT_TICK = 0.25


class Listener:
    """Listens on ``bind:port`` (port 0: one the system picks) and hands each accepted socket to
    ``on_accept`` on its own thread; :meth:`close` stops listening."""

    def __init__(self, bind: str, port: int, on_accept: Callable[[socket.socket], None]) -> None:
        self._sock = socket.create_server((bind, port), reuse_port=False, backlog=16)
        self._sock.settimeout(ACCEPT_TICK)
        self.port = int(self._sock.getsockname()[1])
        #: The address it listens on (the loopback's, every interface's, or one given).
        self.address = str(self._sock.getsockname()[0])
        self._on_accept = on_accept
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, name="harmonies-net-listen", daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                sock, _ = self._sock.accept()
            except socket.timeout:
                continue
            except OSError:
                if self._stop.is_set():
                    return
                continue
            self._on_accept(sock)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2 * ACCEPT_TICK + 1)
        self._sock.close()


def join_addresses(port: int) -> list[str]:
    """``address:port`` for each of this machine's IPv4 addresses a friend may reach, loopback last."""
    return [f"{a}:{port}" for a in (*local_addresses(), "127.0.0.1")]
