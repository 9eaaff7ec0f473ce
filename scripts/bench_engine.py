"""Engine speed as the issue measures it: ``harmonies simulate --players random --games N --seed 11
--json`` in one process (cards taken), solo and with 4 players; prints games per second.

Each round is one run of that command; a table's figure is the best of its rounds, since other work
on the machine only ever slows a round down. ``--compare DIR`` also runs a second copy of the
project (e.g. a base commit unpacked with ``git archive``) round by round alternately with this one,
so that both see the same load, and prints the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

TABLES = {"solo": "random", "4 players": "random,random,random,random"}


def one_round(root: Path, players: str, games: int) -> float:
    """Games per second of one ``harmonies simulate`` run by the copy of the project at ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-m", "harmonies", "simulate", "--players", players, "--games", str(games),
         "--seed", "11", "--json"],
        env=env, cwd=root, capture_output=True, text=True, check=True,
    ).stdout
    return float(json.loads(out)["games_per_second"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", type=Path, metavar="DIR", help="another copy of the project to run alternately")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    for table, players in TABLES.items():
        this = other = 0.0
        for _ in range(args.rounds):
            this = max(this, one_round(here, players, args.games))
            if args.compare:
                other = max(other, one_round(args.compare.resolve(), players, args.games))
        line = f"{table:>9}: {this:7.0f} games/s"
        if args.compare:
            line += f"   {args.compare}: {other:7.0f} games/s   ratio {this / other:.2f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
