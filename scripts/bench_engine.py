"""Engine speed through ``harmonies simulate``: random games per second, solo and with 4 players.

Runs the same in-process ``simulate`` as ``harmonies simulate --players random --games N --seed 11
--json`` (one process, cards taken), a few rounds each, and prints the best rate of each: other work
on the machine only ever slows a round down. ``--compare DIR`` also runs a second copy of the
project (e.g. an unpacked base commit) in a child process, alternating round by round with this one,
so that both see the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from harmonies.cli import simulate

TABLES = {"solo": ["random"], "4 players": ["random"] * 4}


def one_round(table: str, games: int) -> float:
    """Games per second of one ``simulate`` run of ``games`` random games at ``table``."""
    return float(simulate(TABLES[table], games, 11, "A", False, False, 1, None, progress=False)["games_per_second"])


def _round_in(root: Path, table: str, games: int) -> float:
    """One round played by the copy of the project at ``root``, in its own process."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, __file__, "--one", table, "--games", str(games)],
                         env=env, cwd=root, capture_output=True, text=True, check=True).stdout
    return float(json.loads(out))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", type=Path, metavar="DIR", help="another copy of the project to run alternately")
    parser.add_argument("--one", choices=sorted(TABLES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_round(args.one, args.games)))
        return 0
    here = Path(__file__).resolve().parent.parent
    for table in TABLES:
        best = {"this": 0.0, "other": 0.0}
        for _ in range(args.rounds):
            best["this"] = max(best["this"], _round_in(here, table, args.games))
            if args.compare:
                best["other"] = max(best["other"], _round_in(args.compare.resolve(), table, args.games))
        line = f"{table:>9}: {best['this']:7.0f} games/s"
        if args.compare:
            line += f"   {args.compare}: {best['other']:7.0f} games/s   ratio {best['this'] / best['other']:.2f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
