"""The hard computer player's average points per category in solo, for the Statistics view's comparison bars.

Plays hard solo games on seeds ``--seed``, ``--seed + 1``, … cycling through the four set-ups (side A or B,
spirits off or on), and after each round of four games writes ``--out`` (default
``assets/hard_averages.yaml``) with the means so far, so a run stopped at any point leaves a whole file.
Each game's points are also appended to ``--log`` (JSON lines), which a later run with the same log goes
on from. docs/statistics.md says how the bundled file was made.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harmonies.ai import make_player, take_turn  # noqa: E402
from harmonies.persist.summary import CATEGORIES  # noqa: E402
from harmonies.rules import Game, GameSetup  # noqa: E402

#: The set-ups played in turn: (side, spirits).
SETUPS = (("A", False), ("B", False), ("A", True), ("B", True))


def play(seed: int, side: str, spirits: bool) -> dict[str, object]:
    """One hard solo game: its set-up and its points per category."""
    game = Game.new(GameSetup(players=1, side=side, spirits=spirits, seed=seed))
    player = make_player("hard", seed=seed)
    while not game.over:
        take_turn(player, game)
    outcome = game.outcome
    assert outcome is not None
    sheet = outcome.scores[0]
    return {"seed": seed, "side": side, "spirits": spirits, **{c: getattr(sheet, c) for c in CATEGORIES},
            "total": sheet.total}


def render(results: list[dict[str, object]]) -> str:
    """The YAML file: per side, per spirits off/on, the mean points of each category and the total."""
    lines = ["# The hard computer player's average points per category in solo games, by board side",
             "# and with or without Nature's Spirits; written by scripts/hard_averages.py (docs/statistics.md).",
             ""]
    for side in ("A", "B"):
        lines.append(f"{side}:")
        for spirits in (False, True):
            games = [r for r in results if r["side"] == side and r["spirits"] == spirits]
            if not games:
                continue
            means = ", ".join(f"{c}: {statistics.fmean(float(g[c]) for g in games):.1f}"  # type: ignore[arg-type]
                              for c in (*CATEGORIES, "total"))
            lines.append(f"  {'spirits' if spirits else 'no_spirits'}: {{{means}}}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=400, help="games in all (rounded up to whole rounds of four)")
    p.add_argument("--seed", type=int, default=910000)
    p.add_argument("--out", type=Path, default=Path("assets/hard_averages.yaml"))
    p.add_argument("--log", type=Path, default=Path("hard_averages.jsonl"))
    args = p.parse_args(argv)
    results: list[dict[str, object]] = []
    if args.log.is_file():
        results = [json.loads(line) for line in args.log.read_text(encoding="utf-8").splitlines() if line.strip()]
    started = time.perf_counter()
    k = len(results)
    while k < args.games or k % len(SETUPS):
        side, spirits = SETUPS[k % len(SETUPS)]
        result = play(args.seed + k, side, spirits)
        results.append(result)
        with args.log.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(result) + "\n")
        k += 1
        if k % len(SETUPS) == 0:
            args.out.write_text(render(results), encoding="utf-8")
            print(f"{k} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    args.out.write_text(render(results), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
