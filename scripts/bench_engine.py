"""Engine speed as the issue measures it: ``harmonies simulate --players random --games N --seed 11
--json`` in one process (cards taken), solo and with 4 players; prints games per second.

Each round is one run of that command; a table's figure is the median of its rounds (every round is
printed too), since the machine it runs on is shared and other work moves single rounds both ways
through the cache and the scheduler. Each round gives two rates: the command's own games per second
(wall clock over its games) and games per CPU second of the process over the same span (the
simulation itself: the start of the interpreter, the imports and the reading of the cards are left
out of both). On a loaded machine the CPU rate is the one to read. ``--compare DIR`` also runs a
second copy of the project (e.g. a base commit unpacked with ``git archive``) round by round
alternately with this one, so that both see the same load, and prints the ratio; ``--compare-python
PY`` runs that copy with another interpreter, whose virtual environment holds the compiled build of
that copy (a venv's build serves the sources it was built from only). ``--builds`` runs this copy's
compiled build and its pure-Python twin (``HARMONIES_PURE=1``) round by round alternately instead,
and adds the hard player's CPU per turn (solo, ``--hard-games`` games from seed 3; the process and
its helper together), with a check that both builds scored the same.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

TABLES = {"solo": "random", "4 players": "random,random,random,random"}

# Run as ``python -c``: the command-line tool's main() on the arguments, its output kept, then that
# output's JSON with "simulate_cpu_seconds" added: the process's CPU seconds inside cli.simulate, the
# span the command's own games_per_second covers (not the interpreter's start, the imports and the
# reading of the cards before it).
COMMAND = """
import contextlib, io, json, sys, time
from harmonies import cli
spent = []
play = cli.simulate
def timed(*args, **kwargs):
    start = time.process_time()
    try:
        return play(*args, **kwargs)
    finally:
        spent.append(time.process_time() - start)
cli.simulate = timed
out = io.StringIO()
with contextlib.redirect_stdout(out):
    status = cli.main(sys.argv[1:])
data = json.loads(out.getvalue())
data["simulate_cpu_seconds"] = sum(spent)
print(json.dumps(data))
sys.exit(status)
"""


def simulate(root: Path, players: str, games: int, seed: int = 11, pure: bool | None = None,
             python: str | None = None) -> tuple[dict[str, Any], float]:
    """The JSON of one ``harmonies simulate`` run by the copy of the project at ``root`` (with
    ``python``, by default this one; its ``simulate_cpu_seconds`` added) and the CPU seconds the whole
    process took (with its helper processes); ``pure`` forces a build (None: as found)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("HARMONIES_PURE", None)
    if pure:
        env["HARMONIES_PURE"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [python or sys.executable, "-c", COMMAND, "simulate", "--players", players, "--games", str(games),
         "--seed", str(seed), "--json"],
        env=env, cwd=root, capture_output=True, text=True, check=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return json.loads(out), cpu


def one_round(root: Path, players: str, games: int, pure: bool | None = None,
              python: str | None = None) -> tuple[float, float]:
    """Games per second (the command's own figure) and games per CPU second of one ``harmonies
    simulate`` run by the copy of the project at ``root``."""
    data = simulate(root, players, games, pure=pure, python=python)[0]
    return float(data["games_per_second"]), games / max(float(data["simulate_cpu_seconds"]), 1e-9)


def _rounds(rates: list[float]) -> str:
    return " ".join(f"{r:.0f}" for r in rates)


def _figure(rounds: list[tuple[float, float]]) -> tuple[float, float, str]:
    """The median wall and CPU rates of some rounds, and the rounds' CPU rates as text."""
    walls = [w for w, _ in rounds]
    cpus = [c for _, c in rounds]
    return statistics.median(walls), statistics.median(cpus), _rounds(cpus)


def builds(root: Path, games: int, rounds: int, hard_games: int) -> None:
    """The compiled build against the pure one, alternately: random games/s, then hard's CPU a turn."""
    for table, players in TABLES.items():
        fast: list[tuple[float, float]] = []
        slow: list[tuple[float, float]] = []
        for _ in range(rounds):
            fast.append(one_round(root, players, games, pure=False))
            slow.append(one_round(root, players, games, pure=True))
        _, f, fast_rounds = _figure(fast)
        _, s, slow_rounds = _figure(slow)
        print(f"{table:>9}: compiled {f:7.0f} games/CPU s   pure {s:7.0f} games/CPU s   ratio {f / s:.2f}   "
              f"(medians; rounds compiled {fast_rounds}, pure {slow_rounds})", flush=True)
    per_turn = {}
    scores = {}
    for pure in (False, True):
        data, cpu = simulate(root, "hard", hard_games, seed=3, pure=pure)
        turns = hard_games * data["turns_per_seat"]
        per_turn[pure] = cpu / turns
        scores[pure] = data["players"][0]["mean"]
    print(f"hard solo: compiled {per_turn[False]:.3f} s CPU a turn   pure {per_turn[True]:.3f} s   "
          f"ratio {per_turn[True] / per_turn[False]:.2f}   mean score {scores[False]} / {scores[True]}"
          f"{'' if scores[False] == scores[True] else '   SCORES DIFFER'}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--compare", type=Path, metavar="DIR", help="another copy of the project to run alternately")
    parser.add_argument("--compare-python", metavar="PY",
                        help="the interpreter for the --compare copy (default: this one)")
    parser.add_argument("--builds", action="store_true", help="this copy compiled against pure Python, alternately")
    parser.add_argument("--hard-games", type=int, default=2, help="solo games of the hard player (--builds)")
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    if args.builds:
        builds(here, args.games, args.rounds, args.hard_games)
        return 0
    for table, players in TABLES.items():
        mine: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for _ in range(args.rounds):
            mine.append(one_round(here, players, args.games))
            if args.compare:
                theirs.append(one_round(args.compare.resolve(), players, args.games, python=args.compare_python))
        wall, cpu, cpu_rounds = _figure(mine)
        line = f"{table:>9}: {cpu:7.0f} games/CPU s (median of {cpu_rounds}; {wall:.0f} games/s)"
        if args.compare:
            other_wall, other, other_rounds = _figure(theirs)
            line += (f"   {args.compare}: {other:7.0f} games/CPU s (median of {other_rounds}; {other_wall:.0f} games/s)"
                     f"   ratio {cpu / other:.2f}")
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
