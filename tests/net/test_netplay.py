"""The window's network pieces without the network: the typed address, a joined seat's view kept in
step with the host's reports (Undo answered as at the host), its log written from the reported
events, and the lines the play screen shows."""

from __future__ import annotations

import random

import pytest

from harmonies import ai
from harmonies.app.netplay.joining import AddressError, parse_address, reason_key
from harmonies.app.netplay.remote import LocalView
from harmonies.app.netplay.remote_log import RemoteLog
from harmonies.app.netplay.watch import notice_line
from harmonies.net import NetNotice
from harmonies.net.wire import view_game, view_json
from harmonies.rules import Accepted, Command, EndTurn, Game, GameSetup, Undo
from harmonies.session.log import log_of


@pytest.mark.parametrize("typed, host, port", [
    ("127.0.0.1:50123", "127.0.0.1", 50123),
    ("  127.0.0.5:7  ", "127.0.0.5", 7),
    ("localhost:4000", "localhost", 4000),
    ("[::1]:65535", "::1", 65535),
])
def test_an_address_as_the_host_shows_it_is_read(typed: str, host: str, port: int) -> None:
    address = parse_address(typed)
    assert (address.host, address.port) == (host, port)


@pytest.mark.parametrize("typed, key", [
    ("", "no_address"), ("   ", "no_address"),
    ("127.0.0.1", "bad_port"), ("127.0.0.1:", "bad_port"), ("host:0", "bad_port"),
    ("host:65536", "bad_port"), ("host:12a", "bad_port"), ("[::1]", "bad_port"),
    ("::1:80", "bad_address"), ("[::1:80", "bad_address"), ("a b:80", "bad_address"),
    (":80", "bad_address"), ("http://host:80", "bad_address"),
])
def test_a_wrong_address_names_what_is_wrong(typed: str, key: str) -> None:
    with pytest.raises(AddressError) as caught:
        parse_address(typed)
    assert caught.value.key == key


def test_every_reason_a_join_fails_has_its_line_and_an_unknown_one_falls_back() -> None:
    assert [reason_key(r) for r in ("unreachable", "code", "version", "full", "cards", "closed")] == [
        "failed_unreachable", "failed_code", "failed_version", "failed_full", "failed_cards", "failed_closed"]
    assert reason_key("something new") == "failed_closed"


def _seen_by(game: Game, seat: int) -> Game:
    """What the host sends ``seat``: its view, through the wire's JSON."""
    return view_game(view_json(game, seat), game.cards)


def _shown(game: Game) -> tuple[object, ...]:
    """What the screen shows of a position (no hidden order)."""
    return (game.current, game.round, game.hand, game.central, game.display, game.over,
            tuple(game.player(i).stacks for i in range(game.setup.players)),
            tuple(game.score(i).total for i in range(game.setup.players)))


@pytest.mark.parametrize("seed", [3, 17])
def test_a_joined_view_follows_the_host_and_answers_undo_as_the_host_does(seed: int) -> None:
    """A game with Undo now and then, reported to seat 0 command by command: its view shows what the
    host's game shows, Undo is accepted on it exactly when the host accepts it on seat 0's turns (the
    only turns its screen offers Undo), and its log is the host's."""
    rng = random.Random(seed)
    host = Game.new(GameSetup(players=3, spirits=True, seed=seed))
    players = [ai.make_player("random", seed * 10 + i) for i in range(3)]
    local = LocalView(_seen_by(host, 0))
    log = RemoteLog(host.setup, host.cards, local.game)
    undos = kept = 0
    for _ in range(3000):
        if host.over:
            break
        cmd: Command
        if host.history and rng.random() < 0.2 and host.check(Undo()) is None:
            cmd = Undo()
            undos += 1
        else:
            plan = players[host.current].next_commands(host.observer_view())
            cmd = plan[0] if plan else EndTurn()
        before = local.game
        result = host.apply(cmd)
        assert isinstance(result, Accepted)
        log.played(cmd, result.events, before)
        game = local.follow(cmd, tuple(result.events), _seen_by(host, 0) if not host.over else None)
        kept += game is before
        if host.over:
            break   # the last report holds no view: the finished game's record takes its place
        assert _shown(game) == _shown(host)
        if host.current == 0:   # the screen offers Undo on the joined seat's own turn only
            assert (game.check(Undo()) is None) == (host.check(Undo()) is None), f"Undo differs after {cmd}"
    assert host.over and undos > 5 and kept > 20   # the view went on by itself most of the time
    want = log_of(host)
    assert log.entries == want.entries and log.starts == want.starts and log.totals == want.totals


def test_the_host_says_who_joined_left_and_came_back_and_nothing_for_a_refused_join() -> None:
    def t(key: str, **params: object) -> str:
        return f"{key}:{params.get('name')}"
    assert notice_line(t, NetNotice("joined", 1, "Zoé", "")) == "net.notice_joined:Zoé"
    assert notice_line(t, NetNotice("left", 1, "Zoé", "")) == "net.notice_left:Zoé"
    assert notice_line(t, NetNotice("rejoined", 1, "Zoé", "")) == "net.notice_rejoined:Zoé"
    assert notice_line(t, NetNotice("refused", None, "?", "code")) == ""
