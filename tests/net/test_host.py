"""The host in one process, stepped by the test itself, its clients over real sockets on 127.0.0.1:
who may join, what a bad message or a command out of turn does (nothing to the game), a seat away,
rejoining, and the table's keys in the save."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from harmonies import cli
from harmonies.net import serve_cli
from harmonies.net.addresses import EVERY_INTERFACE
from harmonies.net.host import host_table
from harmonies.net import Client, Closed, JoinError, NetSession, Refusal, SeatsChanged, Update
from harmonies.net.protocol import encode, hello
from harmonies.persist.document import cards_fingerprint
from harmonies.rules import EndTurn, GameSetup, TakeTokens
from harmonies.session.match import MatchConfig, Seat
from harmonies.net.remote import REMOTE

from positions import SEED_BASE
from table import host

LIMIT = 20.0


def step(session: NetSession) -> None:
    """One turn of the host's loop (as serve runs it)."""
    if session.poll_seat() == "ready":
        session.play_seat()
        session.run()
    else:
        session.wait(0.005)


def until(session: NetSession, done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + LIMIT
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        step(session)


def connect(session: NetSession, **kw: object) -> Client:
    """A client joined while the host's loop runs here (the host answers a hello when it pumps)."""
    out: list[Client | BaseException] = []

    def join() -> None:
        try:
            if "token" in kw:
                out.append(Client.rejoin_to("127.0.0.1", session.port, str(kw["token"]), None, "again"))
            else:
                out.append(Client.connect("127.0.0.1", session.port, str(kw.get("code", session.code)), "p"))
        except BaseException as exc:
            out.append(exc)

    t = threading.Thread(target=join, daemon=True)
    t.start()
    until(session, lambda: not t.is_alive(), "the join")
    if isinstance(out[0], BaseException):
        raise out[0]
    return out[0]


def events(session: NetSession, client: Client, want: type, what: str,
           test: Callable[[object], bool] = lambda e: True) -> list[object]:
    """What ``client`` receives while the host runs, up to the first ``want`` that passes ``test``."""
    got: list[object] = []

    def seen() -> bool:
        got.extend(client.poll())
        return any(isinstance(e, want) and test(e) for e in got)

    until(session, seen, what)
    return got


@pytest.fixture
def table() -> Iterator[NetSession]:
    session = host(GameSetup(players=2, spirits=False, seed=SEED_BASE + 5), ["remote", "remote"])
    yield session
    session.close()


def test_two_clients_join_and_get_their_seats_and_a_view(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    assert {a.seat, b.seat} == {0, 1} and a.token != b.token
    assert table.all_joined and [s.connected for s in table.seat_status()] == [True, True]
    assert a.view is None  # the first view comes with poll
    first = a.poll()
    assert isinstance(first[0], Update) and first[0].seat is None and a.view is not None
    assert a.view.current == table.game.current and a.view.setup.seed is None
    a.close()
    b.close()


@pytest.mark.parametrize("code", ["00000-00000", "", "x" * 300])
def test_a_wrong_code_is_refused_and_takes_no_seat(table: NetSession, code: str) -> None:
    with pytest.raises(JoinError) as caught:
        connect(table, code=code)
    assert caught.value.reason == "code"
    assert not any(s.joined for s in table.seat_status())
    assert [n.kind for n in table.take_notices()] == ["refused"]


def test_an_unknown_token_is_refused(table: NetSession) -> None:
    with pytest.raises(JoinError) as caught:
        connect(table, token="not-a-token")
    assert caught.value.reason == "token"


def _raw(session: NetSession, *lines: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", session.port), timeout=LIMIT)
    for line in lines:
        sock.sendall(line)
    return sock


def _answer(session: NetSession, sock: socket.socket) -> bytes:
    """Everything the host sends ``sock`` until it closes it."""
    got = bytearray()
    sock.settimeout(0.01)
    end = time.monotonic() + LIMIT
    while time.monotonic() < end:
        step(session)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            return bytes(got)
        got += chunk
    raise AssertionError("the host did not close the connection")


def test_another_version_is_refused_in_one_message(table: NetSession) -> None:
    message = hello(table.code, None, "old", cards_fingerprint(table.game.cards))
    message["v"] = 99
    answer = _answer(table, _raw(table, encode(message)))
    assert b'"reason":"version"' in answer and answer.count(b"\n") == 1


def test_junk_before_the_hello_ends_that_connection_only(table: NetSession) -> None:
    a = connect(table)
    for junk in (b"\x00\x01\x02 not json\n", b"[1,2,3]\n", b"x" * 300_000):
        assert b'"t":"error"' in _answer(table, _raw(table, junk))
    assert table.seat_status()[a.seat].connected
    a.close()


def test_a_malformed_message_ends_that_client_only_and_changes_nothing(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    before = table.game.position()
    assert a._conn is not None
    a._conn.send({"t": "command", "n": 1, "command": {"do": "fly_away"}})
    got = events(table, a, Closed, "the malformed client's end")
    assert isinstance(got[-1], Closed) and got[-1].reason == "malformed"
    until(table, lambda: not table.seat_status()[a.seat].connected, "the host to see it go")
    assert table.game.position() == before and table.seat_status()[b.seat].connected
    b.close()


def test_a_flood_of_messages_is_cut_off(table: NetSession) -> None:
    a = connect(table)
    assert a._conn is not None
    for _ in range(300):
        a._conn.send({"t": "ping"})
    got = events(table, a, Closed, "the flood's end")
    assert isinstance(got[-1], Closed) and got[-1].reason == "rate"


def test_a_command_out_of_turn_is_refused_and_changes_nothing(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    idle = b if table.game.current == a.seat else a
    before = table.game.position()
    idle.send(TakeTokens(0))
    got = events(table, idle, Refusal, "the refusal")
    refusal = got[-1]
    assert isinstance(refusal, Refusal) and refusal.code == "net.not_your_turn" and refusal.rejected is None
    assert table.game.position() == before
    a.close()
    b.close()


def test_a_command_the_rules_refuse_comes_back_with_its_code(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    mover = a if table.game.current == a.seat else b
    mover.send(EndTurn())
    refusal = events(table, mover, Refusal, "the refusal")[-1]
    assert isinstance(refusal, Refusal) and refusal.rejected is not None
    mover.send(TakeTokens(1))
    update = [e for e in events(table, mover, Update, "the update") if isinstance(e, Update)][-1]
    assert update.seat == mover.seat and update.command == TakeTokens(1)
    assert update.view is not None and update.view.hand == table.game.hand


def test_a_seat_away_is_waited_for_handed_to_a_computer_and_given_back(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    mover = a if table.game.current == a.seat else b
    other = b if mover is a else a
    token = mover.token
    mover.close(tell=False)
    until(table, lambda: table.waiting_for is not None, "the seat to be away")
    name = table.name_of(mover.seat)
    events(table, other, SeatsChanged, "the news", lambda e: isinstance(e, SeatsChanged) and e.waiting_for == name)
    table.hand_to_computer(mover.seat, "random")
    assert table.waiting_for is None and table.seat_status()[mover.seat].stand_in == "random"
    until(table, lambda: table.game.current != mover.seat, "the computer to play the turn")
    back = connect(table, token=token)
    assert back.seat == mover.seat and table.seat_status()[back.seat].stand_in is None
    first = back.poll()[0]
    assert isinstance(first, Update) and back.view is not None and back.view.round == table.game.round
    assert [n.kind for n in table.take_notices()][-1] == "rejoined"
    back.close()
    other.close()


def test_a_new_connection_with_the_token_replaces_the_old_one(table: NetSession) -> None:
    a = connect(table)
    again = connect(table, token=a.token)
    assert again.seat == a.seat
    got = events(table, a, Closed, "the old connection's end")
    assert isinstance(got[-1], Closed) and got[-1].reason == "replaced" and not got[-1].rejoinable
    again.close()


def test_the_keys_are_saved_while_the_game_goes_on_and_the_host_listens_only_while_it_hosts(
        table: NetSession) -> None:
    a = connect(table)
    meta = table.meta()
    assert meta["net"]["code"] == table.code.replace("-", "") and meta["net"]["tokens"][a.seat] == a.token
    port = table.port
    table.close()
    got = events(table, a, Closed, "the host's goodbye")
    assert isinstance(got[-1], Closed) and got[-1].reason == "host_closed" and got[-1].rejoinable
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


@pytest.mark.slow
def test_a_silent_connection_is_closed(table: NetSession) -> None:
    sock = _raw(table)
    answer = _answer(table, sock)  # no hello in time: closed (after a ping or two at most)
    assert b"welcome" not in answer and b"error" not in answer


def test_serve_hands_a_seat_away_long_enough_to_a_computer(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    a.close(tell=False)
    until(table, lambda: not table.seat_status()[a.seat].connected, "the seat to be away")
    away: dict[int, float] = {}
    serve_cli._stand_in(table, away, 60.0)
    assert table.seat_status()[a.seat].stand_in is None and a.seat in away
    serve_cli._stand_in(table, away, 0.0)
    assert table.seat_status()[a.seat].stand_in == "medium"
    assert table.seat_status()[b.seat].stand_in is None
    b.close()


@pytest.mark.slow
def test_a_player_back_during_the_stand_ins_turn_gets_the_seat_when_that_turn_ends(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    mover = a if table.game.current == a.seat else b
    token = mover.token
    mover.close(tell=False)
    until(table, lambda: not table.seat_status()[mover.seat].connected, "the seat to be away")
    table.hand_to_computer(mover.seat, "hard")   # slow enough to be mid-turn when its player is back
    back = connect(table, token=token)
    if table.game.current == mover.seat:
        assert table.seat_status()[mover.seat].stand_in == "hard"
        until(table, lambda: table.game.current != mover.seat, "the stand-in to end its turn")
    assert table.seat_status()[mover.seat].stand_in is None
    back.close()
    b.close() if mover is a else a.close()


def test_a_full_table_refuses_one_more(table: NetSession) -> None:
    a, b = connect(table), connect(table)
    with pytest.raises(JoinError) as caught:
        connect(table)
    assert caught.value.reason == "full"
    a.close()
    b.close()


def test_a_client_with_other_cards_is_refused(table: NetSession) -> None:
    answer = _answer(table, _raw(table, encode(hello(table.code, None, "p", "0123456789abcdef"))))
    assert b'"reason":"cards"' in answer


def test_a_table_listens_on_the_loopback_unless_a_player_asks_to_host() -> None:
    config = MatchConfig((Seat("P0", REMOTE), Seat("P1", REMOTE)), "A", False, SEED_BASE + 6)
    session = host_table(config.deal(), config)
    try:
        assert session.bound == "127.0.0.1"
    finally:
        session.close()
    # `harmonies serve` is a player asking to host: every interface unless --bind says otherwise
    assert cli._parser().parse_args(["serve"]).bind == EVERY_INTERFACE
