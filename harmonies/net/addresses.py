"""This computer's addresses on its network interfaces: what a host tells friends to type, and what it
advertises on the local network."""

from __future__ import annotations

import ipaddress

import ifaddr

#: Where a table listens unless told otherwise: this computer alone (tests, benchmarks, tools).
LOOPBACK = "127.0.0.1"
#: Every interface: only for a player who asks to host friends on other computers (the host screen,
#: ``harmonies serve``), never a default of the library.
EVERY_INTERFACE = "0.0.0.0"


def local_addresses(include_loopback: bool = False) -> tuple[str, ...]:
    """This computer's IPv4 addresses on its network interfaces, to give friends; the loopback
    address only when asked (it reaches this computer alone), and never a link-local one."""
    found: list[str] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        adapters = []
    for adapter in adapters:
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            addr = ipaddress.IPv4Address(ip.ip)
            if addr.is_link_local or (addr.is_loopback and not include_loopback):
                continue
            if ip.ip not in found:
                found.append(ip.ip)
    return tuple(found)
