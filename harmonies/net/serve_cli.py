"""``harmonies serve``: host a table with no window, its seats remote players and computer levels.

With ``--json`` it prints one JSON line when it listens (``port``, ``code``, ``addresses``, the
seats, whether it resumed a table) and one when the game ends (the outcome, each score with its
``total``, and the archive written), then exits 0. A folder holding a hosted game in progress
resumes it (same code, tokens and port) unless ``--new`` is given.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from harmonies.ai import PLAYER_KINDS
from harmonies.persist.identity import game_id_of, identity_of
from harmonies.rules import CardSet
from harmonies.session.jobs import Jobs
from harmonies.session.match import COMPUTER, MatchConfig, Resume, Seat
from harmonies.session.saves import SaveSlot

from .addresses import EVERY_INTERFACE
from .host import NetSession, host_table, is_hosted, resume_table
from .remote import REMOTE

#: How long the loop waits for a controller or the network at a time.
TICK = 0.05


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    serve = sub.add_parser("serve", parents=[common], help="host a table for players on other computers, no window")
    serve.add_argument("--seats", default="remote,remote",
                       help="comma-separated seats: 'remote' or a computer level, one per seat")
    serve.add_argument("--side", choices=("A", "B"), default="A")
    serve.add_argument("--spirits", action="store_true")
    serve.add_argument("--seed", type=int, default=None)
    serve.add_argument("--port", type=int, default=None, help="port to listen on (default: one the system picks)")
    serve.add_argument("--bind", default=EVERY_INTERFACE, help="address to listen on (default: every one)")
    serve.add_argument("--stand-in", type=float, default=None, metavar="SECONDS",
                       help="a computer plays a seat whose player has been away this long (until they rejoin)")
    serve.add_argument("--new", action="store_true", help="a new table even if the folder holds a hosted game")
    serve.add_argument("--json", action="store_true", help="print JSON lines")


def seats_of(text: str) -> tuple[Seat, ...]:
    """The seats ``--seats`` names; ValueError for a kind it does not know."""
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if not 1 <= len(kinds) <= 4:
        raise ValueError(f"--seats needs 1 to 4 seats, found {len(kinds)}")
    seats = []
    for i, kind in enumerate(kinds):
        if kind == REMOTE:
            seats.append(Seat(f"Player {i + 1}", REMOTE))
        elif kind in PLAYER_KINDS:
            seats.append(Seat(f"Computer {i + 1} ({kind})", COMPUTER, kind))
        else:
            raise ValueError(f"--seats: unknown seat {kind!r} (expected 'remote' or one of {', '.join(PLAYER_KINDS)})")
    if not any(s.kind == REMOTE for s in seats):
        raise ValueError("--seats needs at least one 'remote' seat")
    return tuple(seats)


def run(args: argparse.Namespace, cards: CardSet) -> int:
    slot = SaveSlot(Path(args.data_dir) if args.data_dir else None, cards=cards)
    jobs = Jobs(slot.folder if slot.store is not None else None)
    try:
        session, resumed = _table(args, cards, slot, jobs)
    except OSError as exc:
        jobs.close()
        print(f"harmonies serve: cannot listen on port {args.port or 0} ({exc.strerror or exc})", file=sys.stderr)
        return 1
    try:
        _say(args.json, {"port": session.port, "code": session.code, "addresses": session.addresses(),
                         "seats": [s.to_json() for s in session.seat_status()], "resumed": resumed,
                         "folder": str(slot.folder)},
             f"hosting on port {session.port}, join code {session.code} ({', '.join(session.addresses())})")
        _play(session, args.stand_in)
        _say(args.json, _outcome(session, slot), f"the game is over: {_totals(session)}")
    except KeyboardInterrupt:
        print("harmonies serve: stopped; the table resumes with the same data folder", file=sys.stderr)
        return 130
    finally:
        session.close()
    return 0


def _table(args: argparse.Namespace, cards: CardSet, slot: SaveSlot, jobs: Jobs) -> tuple[NetSession, bool]:
    """The hosted game in progress in the folder, or a new table."""
    if not args.new and slot.store is not None:
        try:
            saved = slot.store.load_autosave()
        except Exception:  # a damaged autosave is set aside by the store: start a new table
            saved = None
        if saved is not None and is_hosted(saved.meta) and not saved.game.over:
            resume = Resume.from_saved(saved.game, saved.meta)
            return resume_table(resume, slot, jobs, port=args.port, bind=args.bind, meta=saved.meta), True
    config = MatchConfig(seats_of(args.seats), args.side, args.spirits, args.seed)
    game = config.deal(cards)
    slot.begin_new()
    session = host_table(game, config, slot, jobs, port=args.port or 0, bind=args.bind)
    session.save()
    return session, False


def _play(session: NetSession, stand_in: float | None) -> None:
    """Run the table until the game is over, from when every remote seat has been joined once."""
    while not session.all_joined:
        session.pump()
        session.wait(TICK)
    away: dict[int, float] = {}
    while not session.game.over:
        state = session.poll_seat()
        if state == "ready":
            session.play_seat()
            session.run()
        else:
            session.wait(TICK)
        if stand_in is not None:
            _stand_in(session, away, stand_in)


def _stand_in(session: NetSession, away: dict[int, float], after: float) -> None:
    """Hand each remote seat whose player has been away ``after`` seconds to a computer."""
    now = time.monotonic()
    for s in session.seat_status():
        if s.kind != REMOTE or s.connected or s.stand_in is not None:
            away.pop(s.seat, None)
            continue
        since = away.setdefault(s.seat, now)
        if now - since >= after:
            session.hand_to_computer(s.seat, "medium")


def _outcome(session: NetSession, slot: SaveSlot) -> dict[str, Any]:
    game = session.game
    assert game.outcome is not None
    archive = None
    if slot.store is not None:
        path = slot.store.recorded(identity_of(game), game_id_of(session.meta()))
        archive = str(path) if path is not None else None
    return {**game.outcome.to_json(), "archive": archive,
            "names": [session.name_of(i) for i in range(game.setup.players)],
            "save_problem": slot.problem.reason if slot.problem is not None else None}


def _totals(session: NetSession) -> str:
    outcome = session.game.outcome
    assert outcome is not None
    return ", ".join(f"{session.name_of(i)} {s.total}" for i, s in enumerate(outcome.scores))


def _say(as_json: bool, data: dict[str, Any], line: str) -> None:
    print(json.dumps(data) if as_json else line, flush=True)
