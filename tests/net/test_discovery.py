"""Discovery of hosted tables on the local network (multicast DNS / DNS-SD).

The slow test advertises a table from another process and finds it from this one, over real
multicast on this machine; where multicast does not reach back (a sandbox without it), it skips and
says so. The others check what an advert says and how it is read, without the network.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest
from zeroconf import ServiceInfo

from harmonies import __version__
from harmonies.net.discovery import (
    NAME_BYTES, SERVICE_TYPE, Advert, Browser, FoundTable, _instance_name, found_table, local_addresses,
)

#: Seconds the slow test gives the other process to be found (it stops by itself after it).
FIND_WITHIN = 20.0

_ADVERTISER = """
import sys, time
from harmonies.net.discovery import Advert
advert = Advert("Zoé's table", 40321, "7", 3, addresses=["127.0.0.1"], interfaces=["127.0.0.1"])
advert.settled(30)
print("problem:", advert.problem, flush=True)
try:
    sys.stdin.readline()       # until the test is done with it (or gone)
finally:
    advert.close()
    advert.settled(30)         # the goodbye is sent before the process ends
"""


def multicast_loops_back() -> str | None:
    """None when a datagram sent to an mDNS-like multicast group comes back to this machine;
    otherwise why not."""
    group, port = "224.0.0.251", 0
    try:
        rx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        rx.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        rx.bind((group, port))
        port = rx.getsockname()[1]
        rx.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                      socket.inet_aton(group) + socket.inet_aton("127.0.0.1"))
        rx.settimeout(2.0)
        tx = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        tx.sendto(b"harmonies", (group, port))
        data = rx.recv(64)
        rx.close()
        tx.close()
    except OSError as err:
        return f"multicast does not work on this machine: {err}"
    return None if data == b"harmonies" else "multicast came back garbled"


@pytest.mark.slow
def test_a_table_advertised_by_another_process_is_found_and_goes_when_it_stops() -> None:
    why = multicast_loops_back()
    if why is not None:
        pytest.skip(why)
    browser = Browser(["127.0.0.1"])
    if browser.problem is not None:
        pytest.skip(browser.problem)
    child = subprocess.Popen([sys.executable, "-c", _ADVERTISER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None and child.stdin is not None
        assert child.stdout.readline().strip() == "problem: None"
        found: tuple[FoundTable, ...] = ()
        deadline = time.monotonic() + FIND_WITHIN
        while time.monotonic() < deadline and not found:
            found = tuple(t for t in browser.tables() if t.port == 40321)
            time.sleep(0.05)
        assert found, "the other process's table was not found"
        table = found[0]
        assert (table.name, table.host, table.free, table.version, table.protocol) == (
            "Zoé's table", "127.0.0.1", 3, __version__, "7")
        assert table.address == "127.0.0.1:40321"
        assert table.same_version("7") and not table.same_version("8")
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.wait(timeout=FIND_WITHIN) == 0
        deadline = time.monotonic() + FIND_WITHIN
        while time.monotonic() < deadline and any(t.port == 40321 for t in browser.tables()):
            time.sleep(0.05)
        assert not any(t.port == 40321 for t in browser.tables()), "the table stayed listed after it stopped"
    finally:
        browser.close()
        if child.poll() is None:
            child.kill()
            child.wait(timeout=10)


def _info(props: dict[str | bytes, str | bytes | None], addresses: list[bytes], port: int = 5000) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, f"T.{SERVICE_TYPE}", port=port, addresses=addresses, properties=props,
                       server="h.local.")


def test_what_an_advert_says_is_read_back() -> None:
    info = _info({"v": "9.9", "p": "2", "name": "Anne", "free": "2"}, [socket.inet_aton("127.0.0.5")])
    table = found_table(info)
    assert table == FoundTable("Anne", "127.0.0.5", 5000, "9.9", "2", 2, f"T.{SERVICE_TYPE}")
    assert not table.same_version("2")   # another version of the game: listed, not joinable


def test_an_advert_without_address_or_with_bad_fields_is_read_safely() -> None:
    assert found_table(_info({"v": "1"}, [])) is None
    odd = found_table(_info({"free": "many", "v": None}, [socket.inet_aton("127.0.0.6")]))
    assert odd is not None and odd.free == 0 and odd.version == "" and odd.name == "T"


def test_an_instance_name_fits_dns_sd_and_keeps_whole_characters() -> None:
    long = "あ" * 40
    cut = _instance_name(long)
    assert len(cut.encode("utf-8")) <= NAME_BYTES and set(cut) == {"あ"}
    assert _instance_name("a.b\x00c") == "abc"
    assert _instance_name("   ") == "Harmonies"


def test_the_addresses_to_give_friends_leave_out_loopback_unless_asked() -> None:
    assert "127.0.0.1" not in local_addresses()
    assert "127.0.0.1" in local_addresses(include_loopback=True)


def test_no_usable_interface_is_one_line_and_nothing_found_not_an_error() -> None:
    # 203.0.113.254 (a documentation address) is on none of this machine's interfaces
    advert = Advert("x", 1234, "1", 1, addresses=["127.0.0.1"], interfaces=["203.0.113.254"])
    browser = Browser(interfaces=["203.0.113.254"])
    try:
        assert advert.settled(10)
        assert advert.problem is not None and advert.problem.startswith("the table cannot be advertised")
        assert not advert.advertising
        advert.update_free(0)                  # nothing to update: no error either
        assert browser.problem is not None and browser.problem.startswith("the network cannot be searched")
        assert browser.tables() == ()
    finally:
        advert.close()
        advert.close()
        assert advert.settled(10)
        browser.close()
