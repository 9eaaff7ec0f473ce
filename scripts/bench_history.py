"""How fast the finished-games list and the personal bests open over a large archive.

Plays ``--distinct`` real games with random players (every size, both sides, with and without
spirits), then writes ``--games`` finished-game files into a temporary data folder, each one of those
games under another date and other seats (human or computer, every level), as the archive would hold
them. Then it times, in wall-clock seconds (best of three where the step can be repeated):

- the cold rebuild: the index deleted, the list opened (every file read);
- the warm list: a fresh index object over an up-to-date index, as when the list is opened again;
- the bests, over the warm index;
- one more game archived, then the list (only the new file is read).

Targets (issue 33): list under 0.5 s, bests under 1 s.
"""

from __future__ import annotations

import argparse
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from harmonies.ai import play_random_game
from harmonies.persist import Store, document
from harmonies.persist.atomic import atomic_write_text
from harmonies.persist.bests import personal_bests
from harmonies.persist.index import INDEX_NAME, FinishedIndex
from harmonies.persist.store import archive_name
from harmonies.rules import Game, GameSetup

LEVELS = ("easy", "medium", "hard")


def distinct_games(count: int) -> list[Game]:
    games = []
    for n in range(count):
        players = 1 + n % 4
        setup = GameSetup(players, "AB"[(n // 4) % 2], bool((n // 8) % 2), seed=1000 + n)
        games.append(play_random_game(setup, n))
    return games


def seats(players: int, rng: random.Random) -> list[dict[str, str]]:
    out = [{"name": "Ann", "kind": "human", "level": "random"}]
    for i in range(1, players):
        if rng.random() < 0.2:
            out.append({"name": f"Guest {i}", "kind": "human", "level": "random"})
        else:
            out.append({"name": f"Bot {i}", "kind": "computer", "level": rng.choice(LEVELS)})
    return out


def write_archive(store: Store, games: list[Game], total: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    docs = [document.encode(g, {}, document.KIND_FINISHED) for g in games]
    for n in range(total):
        k = n % len(games)
        day, minute = divmod(n, 24 * 60)
        started = f"20{20 + day // 365:02d}-{1 + (day // 28) % 12:02d}-{1 + day % 28:02d}T" \
                  f"{minute // 60:02d}:{minute % 60:02d}:00+00:00"
        doc = dict(docs[k])
        doc["meta"] = {"seats": seats(games[k].setup.players, rng), "started": started, "finished": started}
        name = archive_name(games[k].setup, started)
        atomic_write_text(store.dirs.finished / name, document.dumps(doc), durable=False)


def timed(step: Any, rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=48, help="real games played, each reused under other dates")
    parser.add_argument("--keep", type=Path, help="write the data folder here and keep it")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="harmonies-bench-history-"))
    store = Store(folder, durable=False)
    try:
        start = time.perf_counter()
        games = distinct_games(args.distinct)
        write_archive(store, games, args.games)
        print(f"archive: {len(store.finished_games())} finished games in {folder} "
              f"(written in {time.perf_counter() - start:.1f} s)")
        index_path = folder / INDEX_NAME

        def cold() -> None:
            index_path.unlink(missing_ok=True)
            FinishedIndex(store.dirs).games()

        cold_s = timed(cold, rounds=1)
        listed: list[int] = []
        warm_s = timed(lambda: listed.append(len(FinishedIndex(store.dirs).games())))
        bests_s = timed(lambda: personal_bests(FinishedIndex(store.dirs)))
        # A game not in the archive yet (a copy of one there would be recognised and add nothing).
        extra = play_random_game(GameSetup(2, "A", False, seed=999_999), 0)
        store.archive_finished(extra, {"seats": seats(extra.setup.players, random.Random(1)),
                                       "started": "2030-01-01T00:00:00+00:00"})
        one_more_s = timed(lambda: FinishedIndex(store.dirs).games(), rounds=1)
        print(f"{'cold rebuild (every file read), then list':44} {cold_s:7.3f} s")
        print(f"{'list, index up to date':44} {warm_s:7.3f} s   target < 0.5 s   ({listed[-1]} games)")
        print(f"{'personal bests, index up to date':44} {bests_s:7.3f} s   target < 1 s")
        print(f"{'list after one more game was archived':44} {one_more_s:7.3f} s")
        print(f"{'index size':44} {index_path.stat().st_size / 2**20:7.1f} MB")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
