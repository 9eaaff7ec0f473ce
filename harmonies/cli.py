"""The command-line tools: score and habitats for board files, simulate, replay, review, demo, the
finished games (history, import, export), the daily deal and the solo challenges."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from .ai import PLAYER_KINDS, make_player, take_turn
from . import review_cli
from .batch import run_batch
from .orphans import watch_parent
from .persist import history_csv, records_cli
from .persist import replay as replay_tool
from .persist.paths import resolve_dirs
from .persist.store import Store
from .rules import (
    USER_CARDS_SECONDS, BoardFileError, CardSet, CardsError, Game, GameSetup, default_cards, load_cards, read_board,
)
from .session import daily_cli
from .session import challenges_cli
from .net import join_cli, serve_cli


@lru_cache(maxsize=4)
def _cards(path: str | None) -> CardSet:
    # Cached: simulate asks once per game, and each new card set would get its own habitat tables.
    return load_cards(path, cpu_limit=USER_CARDS_SECONDS) if path else default_cards()


def _global_options(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument("--cards", metavar="PATH", default=default,
                        help="cards file to use instead of the bundled cards.yaml")
    parser.add_argument("--data-dir", metavar="DIR", default=default, help="folder for saves and settings")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="harmonies", description="Harmonies command-line tools.")
    _global_options(parser, None)
    # Every command accepts the global options too, so they may come before or after its name.
    # SUPPRESS: an option not given after the command leaves the one given before it in place.
    common = argparse.ArgumentParser(add_help=False)
    _global_options(common, argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True)

    score = sub.add_parser("score", parents=[common], help="score board files, one JSON line each")
    score.add_argument("files", nargs="+", type=Path)
    habitats = sub.add_parser("habitats", parents=[common],
                              help="cells where each card's next cube may go, one JSON line each")
    habitats.add_argument("files", nargs="+", type=Path)

    sim = sub.add_parser("simulate", parents=[common], help="play complete games between computer players")
    sim.add_argument("--players", default="random,random", help="comma-separated kinds, one per seat")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--side", choices=("A", "B"), default="A")
    sim.add_argument("--spirits", action="store_true")
    sim.add_argument("--rotate", action="store_true", help="rotate the seats each game (fairer win rates)")
    sim.add_argument("--jobs", type=int, default=1, help="processes to use (results do not depend on it)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    replay = sub.add_parser("replay", parents=[common], help="check a save or finished game by replaying it")
    replay.add_argument("files", nargs="+", type=Path)
    imp = sub.add_parser("import", parents=[common], help="add finished games to the data folder, checked by replaying")
    imp.add_argument("files", nargs="+", type=Path)
    hist = sub.add_parser("history", parents=[common], help="finished games and personal bests")
    hist.add_argument("--json", action="store_true", help="print one JSON object")
    hist.add_argument("--csv", action="store_true", help="every finished game as CSV, one row each")
    hist.add_argument("--out", metavar="FILE", help="with --csv: write the CSV to FILE instead of the output")
    exp = sub.add_parser("export", parents=[common], help="copy a finished game to a file, to share it")
    exp.add_argument("game", help="the game's file name (as 'history' lists it) or path")
    exp.add_argument("to", type=Path, help="file or folder to write it to")
    daily_cli.add_parser(sub, common)
    chal = sub.add_parser("challenges", parents=[common], help="the solo challenges and your progress")
    chal.add_argument("--check", type=Path, metavar="FILE", help="only check a challenges file (exit 1 if broken)")
    chal.add_argument("--json", action="store_true", help="print one JSON object")
    review_cli.add_parser(sub, common)
    serve_cli.add_parser(sub, common)
    join_cli.add_parser(sub, common)
    demo = sub.add_parser("demo", parents=[common], help="watch computer players play a game in the window")
    demo.add_argument("--players", type=int, default=2)
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--exit-when-done", action="store_true")
    return parser


def _board_failure(path: Path, exc: Exception) -> str:
    """The human words for a board file that gave no result: a refused file names its place itself."""
    if isinstance(exc, BoardFileError):
        return str(exc)
    return f"{path}: cannot be scored ({type(exc).__name__}: {exc})"


def _boards(command: str, files: Sequence[Path], result: Callable[[Path], Any]) -> int:
    """One line per board file (:mod:`harmonies.batch`). A refused file exits 1 in a batch; alone, it
    exits 2, as a single bad board file always has."""
    return run_batch(command, files, result, _board_failure, failed_status=2 if len(files) == 1 else 1)


def _score(files: Sequence[Path], cards: CardSet) -> int:
    return _boards("score", files, lambda path: read_board(path, cards).score().to_json())


def _habitats(files: Sequence[Path], cards: CardSet) -> int:
    return _boards("habitats", files, lambda path: read_board(path, cards).habitats())


# ---------------------------------------------------------------------------- simulate
def _play_one(job: tuple[int, list[str], int, str, bool, str | None]) -> dict[str, Any]:
    """One game; seats hold the kinds in order. Returns scores, winners and turn times."""
    index, kinds, seed, side, spirits, cards_path = job
    cards = _cards(cards_path)
    setup = GameSetup(players=len(kinds), side=side, spirits=spirits, seed=seed + index)
    game = Game.new(setup, cards)
    players = [make_player(kind, seed=(seed + index) * 8 + seat) for seat, kind in enumerate(kinds)]
    turn_times: list[tuple[int, float]] = []
    while not game.over:
        seat = game.current
        start = time.perf_counter()
        take_turn(players[seat], game)  # each plans on an observer view, never the real order
        turn_times.append((seat, time.perf_counter() - start))
    outcome = game.outcome
    assert outcome is not None
    return {
        "totals": [s.total for s in outcome.scores],
        # A full board ended it before the pouch ran dry: in solo, turns lost.
        "board_end": game.end_reason == "board",
        "winners": list(outcome.winners),
        "suns": outcome.suns.total if outcome.suns else None,
        "turn_times": turn_times,
    }


def _spread(times: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of sorted durations."""
    if not times:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    return {"median": statistics.median(times), "p95": times[min(len(times) - 1, int(0.95 * len(times)))],
            "max": times[-1]}


def _progress(done: int, total: int, started: float) -> None:
    rate = done / max(time.perf_counter() - started, 1e-9)
    print(f"\rsimulate: {done}/{total} games, {rate:.1f} games/s", end="", file=sys.stderr, flush=True)


def simulate(kinds: list[str], games: int, seed: int, side: str, spirits: bool, rotate: bool,
             jobs: int, cards_path: str | None, progress: bool = True) -> dict[str, Any]:
    """Play ``games`` games and summarise them per entry of ``kinds``."""
    n = len(kinds)
    order = [[(g + s) % n if rotate else s for s in range(n)] for g in range(games)]  # seat -> entry
    work = [(g, [kinds[e] for e in order[g]], seed, side, spirits, cards_path) for g in range(games)]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    last = started  # the first progress line comes after a second: short runs stay quiet
    shown = False
    if jobs > 1:
        # Spawned, not forked: a fork copies whatever locks the caller's threads hold at that moment
        # (a test runner's, a window's), which can leave a worker waiting forever. Each worker watches
        # this process and ends with it, whatever kills it.
        context = multiprocessing.get_context("spawn")
        with context.Pool(jobs, initializer=watch_parent, initargs=(os.getpid(),)) as pool:
            for r in pool.imap(_play_one, work, chunksize=max(1, games // (jobs * 20))):
                results.append(r)
                if progress and time.perf_counter() - last > 1:
                    last, shown = time.perf_counter(), True
                    _progress(len(results), games, started)
    else:
        for job in work:
            results.append(_play_one(job))
            if progress and time.perf_counter() - last > 1:
                last, shown = time.perf_counter(), True
                _progress(len(results), games, started)
    elapsed = time.perf_counter() - started
    if shown:
        print(file=sys.stderr)
    totals: list[list[int]] = [[] for _ in kinds]
    wins = [0] * n
    for g, r in enumerate(results):
        for seat, entry in enumerate(order[g]):
            totals[entry].append(r["totals"][seat])
            if seat in r["winners"]:
                wins[entry] += 1
    times = sorted(t for r in results for _, t in r["turn_times"])
    turns = [len(r["turn_times"]) / n for r in results]
    per_entry: list[list[float]] = [[] for _ in kinds]
    for g, r in enumerate(results):
        for seat, t in r["turn_times"]:
            per_entry[order[g][seat]].append(t)
    summary: dict[str, Any] = {
        "games": games,
        "games_per_second": games / elapsed if elapsed else 0.0,
        "players": [
            {
                "seat": e,
                "kind": kinds[e],
                "mean": statistics.fmean(totals[e]) if totals[e] else 0.0,
                "median": statistics.median(totals[e]) if totals[e] else 0.0,
                "max": max(totals[e], default=0),
                "wins": wins[e],
                "turn_seconds": _spread(sorted(per_entry[e])),
            }
            for e in range(n)
        ],
        "turn_seconds": _spread(times),
        # The first entry's lead over each other one, game by game: the same deals on both sides,
        # so its standard error says whether a change of player beat the luck of the draw.
        "margins": [
            {"seat": e, "kind": kinds[e], "mean": statistics.fmean(diffs),
             "stderr": statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0}
            for e in range(1, n)
            for diffs in [[a - b for a, b in zip(totals[0], totals[e])]]
        ],
        "turns_per_seat": statistics.fmean(turns) if turns else 0.0,
        "board_ends": sum(1 for r in results if r["board_end"]),
    }
    if n == 1:
        suns = [r["suns"] for r in results]
        summary["suns_mean"] = statistics.fmean(suns) if suns else 0.0
    return summary


def _print_summary(s: dict[str, Any]) -> None:
    print(f"{s['games']} games, {s['games_per_second']:.1f} games/s")
    for p in s["players"]:
        print(f"  seat {p['seat']} {p['kind']:>8}: mean {p['mean']:.1f}  median {p['median']:.1f}  "
              f"max {p['max']}  wins {p['wins']} ({100 * p['wins'] / max(s['games'], 1):.0f}%)  "
              f"turn median {1000 * p['turn_seconds']['median']:.1f} ms, max {1000 * p['turn_seconds']['max']:.0f} ms")
    first = s["players"][0]
    for m in s["margins"]:
        print(f"  seat 0 {first['kind']} minus seat {m['seat']} {m['kind']}: {m['mean']:+.1f} "
              f"+- {m['stderr']:.1f} points per game (one standard error)")
    t = s["turn_seconds"]
    print(f"  time per turn: median {1000 * t['median']:.2f} ms, p95 {1000 * t['p95']:.2f} ms, "
          f"max {1000 * t['max']:.2f} ms")
    print(f"  game length: {s['turns_per_seat']:.2f} turns per seat; {s['board_ends']} of {s['games']} games "
          f"ended by a full board")
    if "suns_mean" in s:
        print(f"  solo suns: mean {s['suns_mean']:.2f}")


def _simulate(args: argparse.Namespace) -> int:
    kinds = [k.strip() for k in args.players.split(",") if k.strip()]
    if not 1 <= len(kinds) <= 4:
        raise ValueError(f"--players needs 1 to 4 kinds, found {len(kinds)}")
    unknown = [k for k in kinds if k not in PLAYER_KINDS]
    if unknown:
        raise ValueError(f"unknown player kind {unknown[0]!r} (expected one of {', '.join(PLAYER_KINDS)})")
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    summary = simulate(kinds, args.games, args.seed, args.side, args.spirits, args.rotate,
                       max(1, args.jobs), args.cards)
    if args.json:
        print(json.dumps(summary))
    else:
        _print_summary(summary)
    return 0


def _replay_argv(args: argparse.Namespace) -> list[str]:
    """The replay command's own arguments, rebuilt from the parsed ones in one order."""
    argv = ["--cards", args.cards] if args.cards else []
    # "--" keeps a file whose name starts with "-" a file.
    return [*argv, "--", *(str(f) for f in args.files)]


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command-line tool; a bad input gives one line on stderr and exit status 2.

    The commands that take several files (score, habitats, replay) give each file its own line and
    status 1 when some of them fail (:mod:`harmonies.batch`); a single bad board file still exits 2."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(args_list)
    try:
        if args.command == "replay":
            return int(replay_tool.main(_replay_argv(args)) or 0)
        if args.command == "demo":
            from .app import demo  # the window's modules import pygame: loaded only for the demo

            return int(demo.run(args.players, args.seed, args.exit_when_done, args.data_dir) or 0)
        if args.command == "daily":
            return daily_cli.run(args)
        if args.command == "challenges":
            return challenges_cli.run(resolve_dirs(args.data_dir), args.check, args.json)
        cards = _cards(args.cards)
        if args.command in ("import", "history", "export"):
            store = Store(args.data_dir, cards=cards, cards_path=args.cards if args.cards else None)
            if args.command == "history":
                status = history_csv.main_history(store, args.json, args.csv, args.out)
                if status is not None:
                    return status
            return records_cli.run(args.command, store, args)
        if args.command == "review":
            return review_cli.run(args, cards)
        if args.command == "serve":
            return serve_cli.run(args, cards)
        if args.command == "join":
            return join_cli.run(args, cards)
        if args.command == "score":
            return _score(args.files, cards)
        if args.command == "habitats":
            return _habitats(args.files, cards)
        return _simulate(args)
    except (BoardFileError, CardsError, ValueError) as e:
        print(f"harmonies {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
