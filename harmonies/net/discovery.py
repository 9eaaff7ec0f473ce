"""Tables hosted on the local network, found by themselves: multicast DNS with DNS-SD (RFC 6762/6763).

A host that waits for friends advertises its table (:class:`Advert`) as a service of type
``_harmonies._tcp.local.``: its name, its port, the game's version and the protocol's, and how many
seats are still free. The join code is never advertised: a table found this way still needs the
code its host gives. The menu's "Join a game" browses (:class:`Browser`) and lists what it finds;
a table of another version is listed as such, so nobody tries to join it.

The work is done by ``zeroconf`` (pure Python, on its own threads), so neither call blocks the
window for long. A network without multicast, or no network at all, is no error: the advert and the
browser say why in :attr:`problem` and find nothing, and the typed address still works.
Nothing here imports pygame.
"""

from __future__ import annotations

import queue
import socket
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from harmonies import __version__

from .addresses import local_addresses as local_addresses

#: The DNS-SD service type of a Harmonies table.
SERVICE_TYPE = "_harmonies._tcp.local."
#: Milliseconds the browser waits for a found table's address and details.
RESOLVE_MS = 1500
#: The longest table name advertised (DNS-SD instance names are at most 63 bytes).
NAME_BYTES = 60


@dataclass(frozen=True)
class FoundTable:
    """A table advertised on the network, as the browser last heard it."""

    #: The table's name as its host gave it (the host player's name).
    name: str
    host: str
    port: int
    #: The version of the game the host plays, and of its network protocol.
    version: str
    protocol: str
    #: Seats still waiting for a friend.
    free: int
    #: The instance's DNS-SD name: the table's identity while it is advertised.
    key: str

    @property
    def address(self) -> str:
        """``host:port``, as the Join screen's field takes it (an IPv6 host in brackets)."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    def same_version(self, protocol: str) -> bool:
        """The table plays this version of the game over this protocol: it can be joined from here."""
        return self.version == __version__ and self.protocol == protocol



def _instance_name(name: str) -> str:
    """``name`` cut to what a DNS-SD instance name holds (whole characters, no dots)."""
    clean = "".join(ch for ch in name if ch.isprintable() and ch != ".").strip() or "Harmonies"
    while len(clean.encode("utf-8")) > NAME_BYTES:
        clean = clean[:-1]
    return clean


def _server_name() -> str:
    """This computer's name as an mDNS host name (letters, digits and hyphens, under ``.local.``)."""
    host = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in socket.gethostname().split(".")[0])
    return f"{host.strip('-')[:40] or 'harmonies'}.local."


def _text(props: Mapping[bytes, bytes | None], key: bytes) -> str:
    raw = props.get(key)
    return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else ""


def _zeroconf(interfaces: Iterable[str] | None) -> Zeroconf:
    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)


class Advert:
    """A hosted table, advertised on the network while it waits for friends.

    ``addresses``: where friends reach it (by default :func:`local_addresses`); ``interfaces``: the
    network interfaces to advertise on (by default all of them). Advertising takes the network a
    second or two (mDNS probes a name before it claims it), so every call here only queues its
    work for a thread of the advert's own and returns at once: the window never waits on it.
    :meth:`close` stops advertising; a failure to advertise is kept in :attr:`problem` and the host
    goes on without it.
    """

    def __init__(self, name: str, port: int, protocol: str, free: int,
                 addresses: Iterable[str] | None = None, interfaces: Iterable[str] | None = None) -> None:
        self.problem: str | None = None
        self._zc: Zeroconf | None = None
        addrs = tuple(addresses) if addresses is not None else local_addresses() or ("127.0.0.1",)
        self.instance = _instance_name(name)
        self._props: dict[str | bytes, str | bytes | None] = {"v": __version__, "p": protocol,
                                                              "name": name[:NAME_BYTES]}
        self._info = self._make_info(addrs, port, free)
        self._work: queue.Queue[tuple[str, int]] = queue.Queue()
        self._closed = False
        self._work.put(("register", free))
        self._interfaces = tuple(interfaces) if interfaces is not None else None
        self._thread = threading.Thread(target=self._run, daemon=True, name="harmonies-advert")
        self._thread.start()

    def _make_info(self, addresses: tuple[str, ...], port: int, free: int) -> ServiceInfo:
        props: dict[str | bytes, str | bytes | None] = {**self._props, "free": str(free)}
        return ServiceInfo(SERVICE_TYPE, f"{self.instance}.{SERVICE_TYPE}", port=port,
                           addresses=[socket.inet_aton(a) for a in addresses], properties=props,
                           server=_server_name())

    @property
    def advertising(self) -> bool:
        """The table is announced on the network now."""
        return self._zc is not None

    def update_free(self, free: int) -> None:
        """Say how many seats are still free (a friend joined or left)."""
        if not self._closed:
            self._work.put(("update", free))

    def close(self) -> None:
        """Stop advertising (the game starts, or the host cancels); safe to call more than once."""
        if not self._closed:
            self._closed = True
            self._work.put(("close", 0))

    def settled(self, timeout: float) -> bool:
        """Block until the work asked for so far is done (tools and tests); False if ``timeout`` passed."""
        end = time.monotonic() + timeout
        while self._work.unfinished_tasks and time.monotonic() < end:
            time.sleep(0.01)
        return not self._work.unfinished_tasks

    # ------------------------------------------------------------------ the advert's thread
    def _run(self) -> None:
        while True:
            action, free = self._work.get()
            try:
                if action == "register":
                    self._register()
                elif action == "update":
                    self._update(free)
                else:
                    self._unregister()
                    return
            finally:
                self._work.task_done()

    def _register(self) -> None:
        try:
            zc = _zeroconf(self._interfaces)
        except (OSError, RuntimeError, ValueError) as err:   # no multicast here
            self.problem = f"the table cannot be advertised on the network: {err}"
            return
        try:
            # allow_name_change: two hosts of the same name on one network both get advertised
            zc.register_service(self._info, allow_name_change=True)
        except (OSError, RuntimeError, ValueError) as err:    # a name the library refuses, a network gone
            self.problem = f"the table cannot be advertised on the network: {err}"
            zc.close()
            return
        self._zc = zc

    def _update(self, free: int) -> None:
        zc = self._zc
        if zc is None:
            return
        info = self._info
        self._info = ServiceInfo(SERVICE_TYPE, info.name, port=info.port, addresses=info.addresses,
                                 properties={**self._props, "free": str(free)}, server=info.server)
        try:
            zc.update_service(self._info)
        except (OSError, RuntimeError, AssertionError) as err:
            self.problem = f"the table cannot be advertised on the network: {err}"

    def _unregister(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            zc.unregister_service(self._info)
        except (OSError, RuntimeError, KeyError):
            pass
        finally:
            zc.close()


class Browser:
    """Looks for tables on the network, in the background, until :meth:`close`.

    :meth:`tables` is what has been found so far, newest knowledge first-come order, safe to call
    from the window's thread every frame; :attr:`problem` says why nothing can be found, if so.
    """

    def __init__(self, interfaces: Iterable[str] | None = None) -> None:
        self.problem: str | None = None
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        #: Bumped at each change of what is found, so a screen redraws only when it changed.
        self.changes = 0
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        try:
            self._zc = _zeroconf(interfaces)
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])
        except (OSError, RuntimeError) as err:
            self.problem = f"the network cannot be searched for tables: {err}"
            self.close()

    def tables(self) -> tuple[FoundTable, ...]:
        """The tables found, by name."""
        with self._lock:
            return tuple(sorted(self._found.values(), key=lambda t: (t.name.casefold(), t.key)))

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange,
                 **_: Any) -> None:
        """zeroconf's thread: a table appeared, changed or went."""
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                if self._found.pop(name, None) is not None:
                    self.changes += 1
            return
        # resolving waits on the network: on a thread of its own, never zeroconf's event loop
        threading.Thread(target=self._resolve, args=(zeroconf, service_type, name), daemon=True).start()

    def _resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=RESOLVE_MS)
        except (OSError, RuntimeError):
            return
        if info is None:
            return
        table = found_table(info)
        if table is None:
            return
        with self._lock:
            if self._zc is None:
                return
            if self._found.get(name) != table:
                self._found[name] = table
                self.changes += 1

    def close(self) -> None:
        """Stop looking; safe to call more than once."""
        with self._lock:
            zc, self._zc = self._zc, None
            browser, self._browser = self._browser, None
        if browser is not None:
            browser.cancel()
        if zc is not None:
            zc.close()


def found_table(info: ServiceInfo) -> FoundTable | None:
    """What an advert says, or None for one that gives no address or no port."""
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None
    props = info.properties
    free_text = _text(props, b"free")
    name = _text(props, b"name") or info.name.removesuffix("." + SERVICE_TYPE)
    return FoundTable(name=name, host=addresses[0], port=int(info.port), version=_text(props, b"v"),
                      protocol=_text(props, b"p"), free=int(free_text) if free_text.isdigit() else 0,
                      key=info.name)
