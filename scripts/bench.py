"""Benchmarks of the rules engine (and the play scene's frame time when the UI is present).

Games are played by the built-in random player through the library's own command interface.
Each figure is the best of a few rounds, in CPU seconds of the worker processes, so that other
work on the machine disturbs it less; "both cores" runs one worker per core.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from harmonies.ai.random_turn import play_random_turn
from harmonies.rules import COLOURS, Game, GameSetup


def _games_cpu(players: int, take_cards: bool, games: int, first_seed: int) -> float:
    """CPU seconds to play ``games`` complete random games, each turn played straight on the game."""
    Game.new(GameSetup(players=players))  # build the habitat tables outside the timing
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Game.new(GameSetup(players=players, seed=seed))
        rngs = [random.Random(seed * 8 + s) for s in range(players)]
        while not game.over:
            play_random_turn(game, rngs[game.current], take_cards)
    return time.process_time() - start


def games_per_second(players: int, take_cards: bool, games: int, jobs: int, rounds: int) -> float:
    best = 0.0
    for r in range(rounds):
        if jobs == 1:
            rate = games / _games_cpu(players, take_cards, games, r * games)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                futures = [pool.submit(_games_cpu, players, take_cards, games, (r * jobs + j) * games)
                           for j in range(jobs)]
                # Workers run side by side: the rate of the pair is the sum of their rates.
                rate = sum(games / f.result() for f in futures)
        best = max(best, rate)
    return best


def _positions(count: int) -> list[Game]:
    """Mid-turn positions from random 4-player games (tokens in hand, cards held)."""
    rng = random.Random(5)
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        game = Game.new(GameSetup(players=4, seed=seed))
        seed += 1
        turns = rng.randrange(4, 40)
        rngs = [random.Random(seed * 8 + s) for s in range(4)]
        for _ in range(turns):
            if game.over:
                break
            play_random_turn(game, rngs[game.current], True)
        if game.over:
            continue
        spaces = [i for i, s in enumerate(game.central) if s]
        from harmonies.rules import TakeTokens

        game.apply(TakeTokens(spaces[0]))
        found.append(game)
    return found


def query_micros(rounds: int = 200) -> tuple[float, float]:
    """Median microseconds to list every legal token placement, and every legal cube cell."""
    positions = _positions(50)
    token_times, cube_times = [], []
    for game in positions:
        for _ in range(rounds // 50 + 1):
            start = time.perf_counter()
            for colour in COLOURS:
                game.token_cells(colour)
            token_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            game.state.players[game.current].cube_cache.clear()  # measure the full computation, not a cache hit
            game.cube_options()
            cube_times.append(time.perf_counter() - start)
    return statistics.median(token_times) * 1e6, statistics.median(cube_times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games (a rough figure in seconds)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the 'both cores' column")
    args = parser.parse_args()
    games = 150 if args.quick else 600
    rounds = 1 if args.quick else 3
    print("Random complete games per second (random player, through Game.apply)")
    print(f"{'setup':<38}{'one core':>12}{'both cores':>14}")
    for players, cards, label in ((1, True, "solo, takes cards and places cubes"),
                                  (1, False, "solo, never takes cards"),
                                  (2, True, "2 players, cards and cubes"),
                                  (4, True, "4 players, cards and cubes")):
        n = max(games // players, 50)
        one = games_per_second(players, cards, n, 1, rounds)
        both = games_per_second(players, cards, n, args.jobs, rounds)
        print(f"{label:<38}{one:>12.0f}{both:>14.0f}")
    tokens, cubes = query_micros()
    print()
    print("Queries on mid-game 4-player positions (median)")
    print(f"  every legal token placement (6 colours): {tokens:.1f} us")
    print(f"  every legal cube cell (all held cards):  {cubes:.1f} us")
    if importlib.util.find_spec("harmonies.app.bench") is not None:
        from harmonies.app import bench as ui_bench

        print()
        ui_bench.main(quick=args.quick)


if __name__ == "__main__":
    main()
