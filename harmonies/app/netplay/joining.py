"""Joining a table: what the player typed read as an address and a code, and the join made in the
background so the window never waits on the network.

A wrong address is said before anything is sent; the host's answer (a wrong code, another version,
no seat left) and a host that does not answer each become one line of the catalogue's ``join``
section (:func:`reason_key`). Nothing here imports pygame.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from harmonies.net import Client, JoinError

#: Seconds a join may take before the host counts as unreachable.
JOIN_SECONDS = 5.0
#: The reasons the network layer gives that have a line of their own; any other is "closed".
REASONS = ("unreachable", "code", "version", "full", "cards", "closed")


@dataclass(frozen=True)
class Address:
    host: str
    port: int


class AddressError(ValueError):
    """What is wrong with a typed address: ``key`` is its line in the catalogue's ``join`` section."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def parse_address(typed: str) -> Address:
    """``host:port`` or ``[v6 host]:port`` as typed (spaces around ignored), as the host's screen
    shows its addresses; :class:`AddressError` says what is wrong (no port: the host's screen gives it)."""
    text = typed.strip()
    if not text:
        raise AddressError("no_address")
    if text.startswith("["):
        host, sep, port_text = text[1:].partition("]:")
        if not sep:
            raise AddressError("bad_port" if text.endswith("]") else "bad_address")
    else:
        host, sep, port_text = text.rpartition(":")
        if not sep:
            raise AddressError("bad_port")
        if ":" in host:                          # an IPv6 address must be in brackets to carry a port
            raise AddressError("bad_address")
    if not host or any(ch.isspace() or ch in "/@?#[]" for ch in host):
        raise AddressError("bad_address")
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise AddressError("bad_port")
    return Address(host, int(port_text))


def reason_key(reason: str) -> str:
    """The catalogue key (under ``join``) of the line for a failed join's ``reason``."""
    return f"failed_{reason if reason in REASONS else 'closed'}"


class JoinAttempt:
    """One join under way on a thread of its own: :attr:`done` once it has an answer, then
    :attr:`client` (joined) or :attr:`reason` and :attr:`detail` (why not)."""

    def __init__(self, address: Address, code: str, name: str, timeout: float = JOIN_SECONDS) -> None:
        self.address = address
        self.client: Client | None = None
        self.reason: str | None = None
        self.detail = ""
        self._done = threading.Event()
        self._abandoned = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._join, args=(code, name, timeout), daemon=True,
                                        name="harmonies-join")
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        return self._done.wait(timeout)

    def _join(self, code: str, name: str, timeout: float) -> None:
        client: Client | None = None
        try:
            client = Client.connect(self.address.host, self.address.port, code, name, timeout=timeout)
        except JoinError as err:
            self.reason, self.detail = err.reason, err.line
        except (OSError, ValueError) as err:    # a host name that does not resolve, an odd address
            self.reason, self.detail = "unreachable", str(err)
        with self._lock:
            if self._abandoned and client is not None:
                client.close()
                client = None
            self.client = client
        self._done.set()

    def abandon(self) -> None:
        """The player left the screen: a join that still succeeds is closed at once."""
        with self._lock:
            self._abandoned = True
            client, self.client = self.client, None
        if client is not None:
            client.close()
