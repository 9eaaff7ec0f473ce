"""One connection: a socket read line by line on one thread and written on another.

Reading bounds every line (:data:`~.protocol.MAX_MESSAGE`), the rate of messages (a client's, on the
host) and the silence: a peer from which nothing arrives for :data:`~.protocol.SILENT_SECONDS` is
dropped, which is how a half-open connection ends. Writing goes through a queue, so the thread that
sends (the window's) never waits for the network; a quiet writer sends a ``ping`` to keep the other
side's silence clock from running out. Whatever ends the connection, ``on_close`` is called once.
"""

from __future__ import annotations

import queue
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from .protocol import (
    HELLO_SECONDS, MAX_MESSAGE, PING_SECONDS, SILENT_SECONDS, ProtocolError, RateLimit, decode, encode, error,
)

#: How long a write may wait for the peer to take the bytes before the connection is dropped.
SEND_SECONDS = 10.0
#: The reader wakes this often to look at the clocks.
TICK_SECONDS = 0.5

OnMessage = Callable[["Connection", dict[str, Any]], None]
OnClose = Callable[["Connection", str, str], None]

_STOP = object()


class Connection:
    """A socket speaking the protocol. ``on_message`` gets each message (on the reader thread),
    ``on_close`` the reason and one line once the connection has ended. ``rate``: limit the peer's
    messages (a client's, seen by the host). ``hello_within``: seconds the first message may take."""

    def __init__(self, sock: socket.socket, on_message: OnMessage, on_close: OnClose, *, rate: bool = False,
                 hello_within: float | None = HELLO_SECONDS, silent_after: float = SILENT_SECONDS) -> None:
        self.sock = sock
        self.peer = _peer_of(sock)
        self._on_message = on_message
        self._on_close = on_close
        self._rate = RateLimit() if rate else None
        self._silent_after = silent_after
        self._hello_by = time.monotonic() + hello_within if hello_within is not None else None
        self._out: queue.Queue[object] = queue.Queue()
        self._closed = threading.Event()
        self._lock = threading.Lock()
        self._reason: tuple[str, str] | None = None
        self.received = 0
        sock.settimeout(TICK_SECONDS)
        # Its own socket object for writing (the same connection): a timeout belongs to the object.
        self._wsock = sock.dup()
        self._wsock.settimeout(SEND_SECONDS)
        self._reader = threading.Thread(target=self._read, name=f"harmonies-net-read {self.peer}", daemon=True)
        self._writer = threading.Thread(target=self._write, name=f"harmonies-net-write {self.peer}", daemon=True)

    def start(self) -> None:
        self._reader.start()
        self._writer.start()

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def greeted(self) -> None:
        """The first message was the right one: the hello clock stops."""
        self._hello_by = None

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` to be written (nothing once the connection is closing)."""
        if not self._closed.is_set():
            self._out.put(encode(message))

    def close(self, reason: str = "host_closed", text: str = "", tell: bool = True) -> None:
        """End the connection: with ``tell``, an ``error`` message saying why is written first,
        after whatever was queued before it."""
        if not self._finish(reason, text):
            return
        if tell:
            self._out.put(encode(error(reason, text)))
        self._out.put(_STOP)

    def wait_closed(self, timeout: float) -> bool:
        """Block until both threads ended (the writer flushed what was queued); False if ``timeout`` passed."""
        end = time.monotonic() + timeout
        for thread in (self._writer, self._reader):
            if thread.is_alive() and thread is not threading.current_thread():
                thread.join(max(0.0, end - time.monotonic()))
        return not (self._writer.is_alive() or self._reader.is_alive())

    # ------------------------------------------------------------------ threads
    def _finish(self, reason: str, text: str) -> bool:
        """Mark the connection closed; True the first time (then ``on_close`` runs)."""
        with self._lock:
            if self._reason is not None:
                return False
            self._reason = (reason, text)
        self._closed.set()
        self._on_close(self, reason, text)
        return True

    def _read(self) -> None:
        buffer = b""
        heard = time.monotonic()
        while not self._closed.is_set():
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                chunk = None
            except OSError as exc:
                self._drop("lost", f"the connection broke ({exc.strerror or exc})")
                return
            now = time.monotonic()
            if chunk == b"":
                self._drop("lost", "the other side closed the connection")
                return
            if chunk is None:
                if self._hello_by is not None and now > self._hello_by:
                    self._drop("timeout", "no hello in time")
                    return
                if now - heard > self._silent_after:
                    self._drop("timeout", f"nothing heard for {self._silent_after:.0f} s")
                    return
                continue
            heard = now
            buffer += chunk
            try:
                buffer = self._lines(buffer)
            except ProtocolError as exc:
                self.close(exc.reason, exc.detail)
                return

    def _lines(self, buffer: bytes) -> bytes:
        """Hand each whole line of ``buffer`` on; returns what is left of it."""
        while not self._closed.is_set():
            end = buffer.find(b"\n")
            if end < 0:
                if len(buffer) > MAX_MESSAGE:
                    raise ProtocolError("too_big", f"a message of more than {MAX_MESSAGE} bytes")
                return buffer
            line, buffer = buffer[:end], buffer[end + 1:]
            if not line.strip():
                continue
            if self._rate is not None and not self._rate.allow():
                raise ProtocolError("rate", "messages sent too fast")
            message = decode(line)
            self.received += 1
            if message["t"] == "ping":
                self.send({"t": "pong"})
            elif message["t"] != "pong":
                self._on_message(self, message)
        return b""

    def _drop(self, reason: str, text: str) -> None:
        """The peer is gone or silent: end without telling it (the writer stops too)."""
        if self._finish(reason, text):
            self._out.put(_STOP)
        self._shut()

    def _write(self) -> None:
        while True:
            try:
                item = self._out.get(timeout=PING_SECONDS)
            except queue.Empty:
                item = encode({"t": "ping"})
            if item is _STOP:
                break
            assert isinstance(item, bytes)
            try:
                self._wsock.sendall(item)
            except OSError as exc:
                self._drop("lost", f"the connection broke ({exc.strerror or exc})")
                return
        self._shut()

    def _shut(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self._wsock.close()


def _peer_of(sock: socket.socket) -> str:
    try:
        host, port = sock.getpeername()[:2]
        return f"{host}:{port}"
    except OSError:
        return "?"
