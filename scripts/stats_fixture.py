"""Writes ``tests/data/stats_history/``: a data folder of real finished games for the Statistics view's
tests and screenshots, a player's history over three months.

Forty solo games in which "Ann" gets better (played by the random, then the easy, then the medium
computer player, with both sides and with and without spirits), and a dozen games at a table against
computer levels (her seat played by the medium player). The same seeds give the same folder.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harmonies.ai import make_player, take_turn  # noqa: E402
from harmonies.persist import Store  # noqa: E402
from harmonies.rules import Game, GameSetup  # noqa: E402

ANN = {"name": "Ann", "kind": "human", "level": ""}
BOTS = ("Bruno", "Chiara", "Dai")
#: Her seats at a table: the computers' levels, one per seat after hers.
TABLES = (("easy",), ("easy", "easy"), ("medium",), ("easy",), ("medium", "easy"), ("medium",), ("hard",),
          ("medium",), ("hard", "medium", "easy"), ("medium",), ("hard",), ("medium", "medium"))


def play(setup: GameSetup, kinds: list[str], seed: int) -> Game:
    game = Game.new(setup)
    players = [make_player(kind, seed * 8 + i) for i, kind in enumerate(kinds)]
    while not game.over:
        take_turn(players[game.current], game)
    return game


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", type=Path, default=Path("tests/data/stats_history"))
    args = p.parse_args(argv)
    shutil.rmtree(args.out, ignore_errors=True)
    store = Store(args.out, durable=False)
    start = datetime(2026, 8, 20, 19, 0, tzinfo=timezone.utc)
    solo = 40
    for n in range(solo):
        her = "random" if n < 10 else "easy" if n < 24 else "medium"
        setup = GameSetup(1, "AB"[n % 3 == 2], n % 4 == 3, seed=5000 + n)
        game = play(setup, [her], 5000 + n)
        when = (start + timedelta(days=n * 2, hours=n % 5)).isoformat()
        store.archive_finished(game, {"seats": [ANN], "started": when, "finished": when})
    for n, levels in enumerate(TABLES):
        setup = GameSetup(1 + len(levels), "AB"[n % 2], n % 3 == 1, seed=6000 + n)
        game = play(setup, ["medium", *levels], 6000 + n)
        seats = [ANN] + [{"name": BOTS[i], "kind": "computer", "level": lv} for i, lv in enumerate(levels)]
        when = (start + timedelta(days=n * 7 + 1, hours=2)).isoformat()
        store.archive_finished(game, {"seats": seats, "started": when, "finished": when})
    for leftover in ("finished-index.sqlite3", "harmonies.lock"):  # made by archiving; a test makes its own
        (args.out / leftover).unlink(missing_ok=True)
    print(f"{solo + len(TABLES)} games in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
