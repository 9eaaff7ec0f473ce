"""Check that two copies of the project play the same games: ``harmonies simulate --json`` of each
table below, run by this copy and by another (e.g. a base commit unpacked with ``git archive``), must
give the same JSON apart from the time fields.

Usage: ``scripts/simulate_identity.py --base DIR [--base-python PY] [--python PY] [--quick]``. Each
copy runs with its own interpreter (by default this one), so each can run its own compiled build
(a virtual environment's build serves only the sources it was built from). ``--quick`` leaves out
the tables with a hard seat (the slow part). Prints a line per table and exits 1 if any differ.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

# (players, extra arguments): random, easy, medium and hard seats, solo and 2 to 4 players, sides A
# and B, with and without spirits.
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("random", ("--games", "300", "--seed", "11")),
    ("random", ("--games", "200", "--seed", "5", "--side", "B", "--spirits")),
    ("random,random", ("--games", "200", "--seed", "7", "--spirits")),
    ("random,random,random", ("--games", "150", "--seed", "3", "--side", "B")),
    ("random,random,random,random", ("--games", "150", "--seed", "11")),
    ("random,random,random,random", ("--games", "100", "--seed", "2", "--side", "B", "--spirits", "--rotate")),
    ("easy", ("--games", "4", "--seed", "3", "--side", "B", "--spirits")),
    ("medium", ("--games", "3", "--seed", "4")),
    ("easy,random", ("--games", "4", "--seed", "9", "--spirits")),
    ("medium,easy,random", ("--games", "3", "--seed", "5")),
    ("medium,random,easy,random", ("--games", "2", "--seed", "6", "--side", "B", "--spirits")),
    ("hard", ("--games", "1", "--seed", "3")),
    ("hard,random", ("--games", "1", "--seed", "4", "--side", "B", "--spirits")),
    ("random,hard,random,random", ("--games", "1", "--seed", "8")),
)
# The parts of the JSON that measure time, not play.
TIME_FIELDS = ("games_per_second", "turn_seconds")


def played(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON of a simulate run without its time fields."""
    out = {k: v for k, v in data.items() if k not in TIME_FIELDS}
    out["players"] = [{k: v for k, v in p.items() if k not in TIME_FIELDS} for p in data["players"]]
    return out


def run(root: Path, python: str, players: str, extra: tuple[str, ...]) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([python, "-m", "harmonies", "simulate", "--players", players, *extra, "--json"],
                         env=env, cwd=root, capture_output=True, text=True, check=True).stdout
    return played(json.loads(out))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the other copy of the project")
    parser.add_argument("--base-python", default=sys.executable, help="the interpreter for --base")
    parser.add_argument("--python", default=sys.executable, help="the interpreter for this copy")
    parser.add_argument("--quick", action="store_true", help="leave out the tables with a hard seat")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    differ = 0
    for players, extra in TABLES:
        if args.quick and "hard" in players:
            continue
        mine = run(here, args.python, players, extra)
        theirs = run(args.base.resolve(), args.base_python, players, extra)
        same = mine == theirs
        differ += not same
        print(f"{'same' if same else 'DIFFER'}  --players {players} {' '.join(extra)}", flush=True)
    print(f"{differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
