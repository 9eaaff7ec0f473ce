"""``harmonies join HOST:PORT --code CODE``: take a seat at a hosted table from the command line.

With ``--bot LEVEL`` a computer player plays the seat until the game ends (exit 0, the outcome as
the last line, and with ``--data-dir`` the finished game kept among that folder's finished
games); without one it prints what happens and leaves after joining (a check that the
table lets this machine in). A connection that drops is joined again with the seat's token for up to
:data:`REJOIN_SECONDS`. A wrong code, an unreachable host or another version: one line, exit 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from typing import Any

from harmonies.ai import PLAYER_KINDS, Player, make_player
from harmonies.rules import CardSet, Command, Game

from harmonies.persist.store import Store
from harmonies.session.match import COMPUTER

from .client import Client, Closed, Finished, JoinError, Refusal, Update
from .remote import REMOTE

#: How long a client whose connection dropped keeps trying to rejoin (a host restarting takes seconds).
REJOIN_SECONDS = 60.0
#: Pause between two tries to rejoin.
RETRY_SECONDS = 0.5


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    join = sub.add_parser("join", parents=[common], help="take a seat at a table hosted on another computer")
    join.add_argument("address", metavar="HOST:PORT")
    join.add_argument("--code", required=True, help="the table's join code")
    join.add_argument("--name", default="", help="your name at the table")
    join.add_argument("--bot", choices=tuple(PLAYER_KINDS), default=None, help="a computer player plays the seat")
    join.add_argument("--seed", type=int, default=0, help="seed of the bot's own choices")
    join.add_argument("--json", action="store_true", help="print JSON lines")


def address_of(text: str) -> tuple[str, int]:
    """``host`` and ``port`` of ``HOST:PORT``; ValueError if it is not one."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not HOST:PORT (a host name or address, a colon, a port from 1 to 65535)")
    return host.strip("[]"), int(port)


def run(args: argparse.Namespace, cards: CardSet) -> int:
    host, port = address_of(args.address)
    try:
        client = Client.connect(host, port, args.code, args.name, cards=cards)
    except JoinError as exc:
        print(f"harmonies join: {exc.line}", file=sys.stderr)
        return 1
    _say(args.json, {"joined": True, "seat": client.seat, "names": list(client.names)},
         f"joined {host}:{port} as seat {client.seat + 1} ({', '.join(client.names)})")
    if args.bot is None:
        client.close()
        return 0
    try:
        record, lost = play(client, make_player(args.bot, args.seed * 8 + client.seat))
    finally:
        client.close()
    if record is None or record.outcome is None:
        print(f"harmonies join: the table was lost ({lost})", file=sys.stderr)
        return 1
    outcome = record.outcome
    archive = _keep(args, client, record, cards)
    _say(args.json, {**outcome.to_json(), "archive": archive},
         "the game is over: " + ", ".join(str(s.total) for s in outcome.scores))
    return 0


def _keep(args: argparse.Namespace, client: Client, record: Game, cards: CardSet) -> str | None:
    """With ``--data-dir``, the finished game put among that folder's finished games (its path)."""
    if not args.data_dir:
        return None
    seats = [{"name": name, "kind": COMPUTER if i == client.seat else REMOTE, "level": args.bot}
             for i, name in enumerate(client.names)]
    try:
        return str(Store(args.data_dir, cards=cards).archive(record, {"seats": seats}).path)
    except Exception as exc:  # the game was played: a folder that cannot take it is said, not fatal
        print(f"harmonies join: the finished game could not be kept in {args.data_dir} ({exc})", file=sys.stderr)
        return None


def play(client: Client, player: Player) -> tuple[Game | None, str]:
    """Play the seat with ``player`` until the game ends: the finished game, or None and why the
    table was lost (a connection that ended and could not be joined again)."""
    plan: deque[Command] = deque()
    awaiting = False
    while True:
        client.wait(1.0)
        for ev in client.poll():
            if isinstance(ev, Finished):
                return ev.record, ""
            if isinstance(ev, Closed):
                if not ev.rejoinable or not _rejoin(client):
                    return None, f"{ev.reason}: {ev.line}"
                plan.clear()
                awaiting = False
            elif isinstance(ev, Refusal):
                plan.clear()
                awaiting = False
            elif isinstance(ev, Update) and (ev.seat == client.seat or ev.seat is None):
                awaiting = False
        view = client.view
        if view is None or awaiting or view.current != client.seat or view.over:
            continue
        if not plan:
            plan.extend(player.next_commands(view))
        if plan:
            client.send(plan.popleft())
            awaiting = True


def _rejoin(client: Client) -> bool:
    """Join again with the seat's token until it works or :data:`REJOIN_SECONDS` have passed."""
    end = time.monotonic() + REJOIN_SECONDS
    while time.monotonic() < end:
        try:
            client.rejoin()
            return True
        except JoinError as exc:
            if exc.reason not in ("unreachable", "closed"):
                return False
            time.sleep(RETRY_SECONDS)
    return False


def _say(as_json: bool, data: dict[str, Any], line: str) -> None:
    print(json.dumps(data) if as_json else line, flush=True)
