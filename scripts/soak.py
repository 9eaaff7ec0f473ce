"""Soak run: many random complete games through the rules, checked at the end; prints the time and every failure.

Games cycle through all 16 setups (1-4 players x side A/B x spirits off/on), each with its own seed,
played by ``harmonies.ai.play_random_game``. Each finished game is checked: it ended with an outcome,
120 tokens are accounted for, cubes are conserved, every board scores the same afresh from its public
view, and it saves as a finished game and loads back (a full replay) to the same final scores.

A failure prints the setup and seed; ``--only N`` replays game N alone with the traceback.
Not part of the normal test run (about a minute on two cores).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's package, also without the venv

from harmonies.ai import play_random_game
from harmonies.persist import document
from harmonies.rules import Game, GameSetup
from harmonies.rules.boardfile import parse_board


def setup_of(index: int, base_seed: int) -> GameSetup:
    return GameSetup(players=1 + index % 4, side="AB"[index // 4 % 2], spirits=bool(index // 8 % 2),
                     seed=base_seed + index)


def check(game: Game) -> None:
    """Raise AssertionError naming the first broken expectation of a finished game."""
    assert game.over and game.outcome is not None, "the game did not end with an outcome"
    assert game.token_count() == 120, f"{game.token_count()} tokens accounted for, not 120"
    for seat in range(game.setup.players):
        view = game.player(seat)
        on_board = Counter(view.cubes.values())
        for h in (*view.cards, *view.completed):
            assert on_board.pop(h.card_id, 0) == h.cubes_placed, f"seat {seat}: cubes of {h.card_id}"
        if view.spirit is not None:
            assert on_board.pop(view.spirit, 0) == int(view.spirit_placed), f"seat {seat}: spirit cube"
        assert not on_board, f"seat {seat}: cubes of cards not held: {dict(on_board)}"
        board: dict[str, object] = {
            "side": game.setup.side,
            "cells": [[q, r, [c.label for c in s]] for (q, r), s in view.stacks.items()],
            "cubes": [[q, r] for (q, r) in view.cubes],
            "cards": [{"id": h.card_id, "cubes_placed": h.cubes_placed} for h in (*view.cards, *view.completed)],
        }
        if view.spirit is not None:
            board["spirit"] = {"id": view.spirit, "placed": view.spirit_placed}
        fresh = parse_board(board, Path("<view>"), game.cards).score()
        assert fresh == game.outcome.scores[seat], f"seat {seat}: final score differs from fresh scoring"
    text = document.dumps(document.encode(game, {"seats": []}, document.KIND_FINISHED))
    loaded, _, _ = document.decode(document.parse_json(text.encode("utf-8")), game.cards)
    assert loaded.outcome == game.outcome, "the saved game replays to a different outcome"


def run_one(index: int, base_seed: int) -> str | None:
    """None if game ``index`` plays and checks cleanly, else a one-line reason."""
    setup = setup_of(index, base_seed)
    try:
        check(play_random_game(setup, seed=index))
    except Exception as e:  # every failure is reported, none stops the run
        where = traceback.extract_tb(e.__traceback__)[-1]
        return f"{type(e).__name__}: {e} (at {Path(where.filename).name}:{where.lineno})"
    return None


def run_chunk(indices: range, base_seed: int) -> list[tuple[int, str]]:
    return [(i, why) for i in indices if (why := run_one(i, base_seed)) is not None]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="scripts/soak", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=0, help="seed of game 0; game N uses seed + N")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--only", type=int, metavar="N", help="play game N alone and show its traceback")
    args = p.parse_args(argv)
    if args.only is not None:
        setup = setup_of(args.only, args.seed)
        print(f"game {args.only}: {setup}")
        check(play_random_game(setup, seed=args.only))
        print("ok")
        return 0
    Game.new(GameSetup(2))  # build the habitat tables before timing
    chunk = 100
    chunks = [range(i, min(i + chunk, args.games)) for i in range(0, args.games, chunk)]
    failures: list[tuple[int, str]] = []
    started = time.perf_counter()
    done = 0
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for found in pool.map(run_chunk, chunks, [args.seed] * len(chunks)):
            failures += found
            done += chunk
            if sys.stderr.isatty():
                print(f"\r{min(done, args.games)}/{args.games} games", end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"{args.games} games (1-4 players, sides A and B, spirits off and on) in {elapsed:.1f} s "
          f"on {args.jobs} process{'es' if args.jobs != 1 else ''} ({args.games / elapsed:.0f} games/s); "
          f"{len(failures)} failure{'s' if len(failures) != 1 else ''}")
    for index, why in failures[:20]:
        print(f"  game {index} {setup_of(index, args.seed)}: {why}   (scripts/soak --seed {args.seed} --only {index})")
    if len(failures) > 20:
        print(f"  ... and {len(failures) - 20} more")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
