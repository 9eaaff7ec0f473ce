"""How fast the finished-games list, the personal bests and ``harmonies history`` open over a large archive,
and how much memory the window takes (numbers for people, not pass/fail).

Plays ``--distinct`` real games with random players (every size, both sides, with and without
spirits), then, for each size given to ``--games`` (default 10,000; ``--games 10000 50000`` for both),
writes that many finished-game files into a temporary data folder, each one of those games under
another date and other seats (human or computer, every level), as the archive would hold them.
Then it measures, in wall-clock seconds:

- the window, without an index and then with one: a real app (headless) in a child process opens
  the Finished games screen: the time to its first frame, until the list shows its first games,
  until the background indexing has ended, and the child's peak memory (``ru_maxrss``) before and
  after; a child over an empty folder gives the memory the window takes with no game at all;
- the list read as the screen reads it (count, one page, skipped entries, bests) over an up-to-date
  index, best of three, with the Python memory it allocated at most (``tracemalloc``);
- one more game archived, then the refresh (only the new file is read);
- ``harmonies history`` as a child process, with an index and without one (output to /dev/null).

Targets (issue 42): the screen open under 0.5 s at 50,000 games with an index, and its memory not
growing with the number of games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from harmonies.ai import play_random_game
from harmonies.app.app import App
from harmonies.app.scenes.finished import FinishedScene
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.settings import MemorySettingsStore, Settings
from harmonies.persist import Store, document
from harmonies.persist.atomic import atomic_write_text
from harmonies.persist.bests import personal_bests
from harmonies.persist.index import INDEX_NAME, FinishedIndex
from harmonies.persist.store import archive_name
from harmonies.rules import Game, GameSetup
from harmonies.session import SaveSlot

LEVELS = ("easy", "medium", "hard")
#: Rows the Finished games screen shows at once (the page the list reads).
PAGE = 12


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


def max_rss_mb() -> float:
    """This process's peak resident memory so far (Linux gives kilobytes, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


def window_probe(folder: Path) -> dict[str, float | None]:
    """Open the real Finished games screen (headless) over ``folder`` and time it; run in a child process."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # read when the display opens, not at import
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(settings_store=MemorySettingsStore(Settings(window="1280x720")), saves=SaveSlot(folder))
    app.start(MenuScene(app))
    app.step(0.0, events=[])
    before = max_rss_mb()
    start = time.perf_counter()
    scene = FinishedScene(app)
    app.scenes.push(scene)
    app.step(0.0, events=[])
    opened = time.perf_counter() - start
    first_rows = opened if scene.list.total else None
    while scene.indexing is not None and not scene.indexing.finished:
        time.sleep(1 / 60)  # a frame's wait, as the window's clock does
        app.step(1 / 60, events=[])
        if first_rows is None and scene.list.total:
            first_rows = time.perf_counter() - start
    app.step(1 / 60, events=[])  # the frame that reads the finished index
    return {"open_s": opened, "first_rows_s": first_rows, "indexed_s": time.perf_counter() - start,
            "games": scene.list.total, "rss_before_mb": before, "rss_after_mb": max_rss_mb()}


def probe_in_child(folder: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, __file__, "--probe", str(folder)], capture_output=True, text=True,
                          check=True)
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def history_in_child(folder: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "harmonies", "history", "--data-dir", str(folder)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def screen_reads(store: Store) -> None:
    """What the Finished games screen reads from an index on opening: counts, one page, bests."""
    index = FinishedIndex(store.dirs, auto_refresh=False)
    index.count()
    index.problem_count()
    index.page(0, PAGE)
    personal_bests(index)


def show_probe(label: str, p: dict[str, Any]) -> None:
    first = "-" if p["first_rows_s"] is None else f"{p['first_rows_s']:.3f} s"
    print(f"{label:44} first frame {p['open_s']:6.3f} s   first games {first:>9}   indexed {p['indexed_s']:7.3f} s   "
          f"peak memory {p['rss_before_mb']:5.0f} -> {p['rss_after_mb']:5.0f} MB   ({p['games']} rows)")


def bench(total: int, games: list[Game], keep: Path | None, empty: dict[str, Any], indexed_only: bool = False) -> None:
    folder = (keep / str(total)) if keep else Path(tempfile.mkdtemp(prefix="harmonies-bench-history-"))
    store = Store(folder, durable=False)
    try:
        start = time.perf_counter()
        reused = indexed_only and store.dirs.finished.is_dir()  # --indexed-only reuses a kept archive
        if not reused:
            write_archive(store, games, total)
        how = "kept from an earlier run" if reused else f"written in {time.perf_counter() - start:.1f} s"
        print(f"\narchive: {len(store.finished_games())} finished games in {folder} ({how})")
        index_path = folder / INDEX_NAME
        if indexed_only:
            cpu, start = time.process_time(), time.perf_counter()
            FinishedIndex(store.dirs, auto_refresh=False).refresh()
            print(f"{'index built (or brought up to date)':44} {time.perf_counter() - start:7.3f} s   "
                  f"(CPU {time.process_time() - cpu:.3f} s)")
            for _ in range(2):
                show_probe("window, index up to date", probe_in_child(folder))
            print(f"{'screen reads (count, page, bests), indexed':44} {timed(lambda: screen_reads(store)):7.3f} s")
            return
        index_path.unlink(missing_ok=True)
        show_probe("window, no index (built in the background)", probe_in_child(folder))
        show_probe("window, index up to date", probe_in_child(folder))
        show_probe("window, empty folder (for comparison)", empty)
        reads_s = timed(lambda: screen_reads(store))
        tracemalloc.start()
        screen_reads(store)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{'screen reads (count, page, bests), indexed':44} {reads_s:7.3f} s   target < 0.5 s   "
              f"Python memory at most {peak / 2**20:.2f} MB")
        # A game not in the archive yet (a copy of one there would be recognised and add nothing).
        extra = play_random_game(GameSetup(2, "A", False, seed=999_999), 0)
        store.archive_finished(extra, {"seats": seats(extra.setup.players, random.Random(1)),
                                       "started": "2030-01-01T00:00:00+00:00"})
        one_more_s = timed(lambda: FinishedIndex(store.dirs, auto_refresh=False).refresh(), rounds=1)
        print(f"{'refresh after one more game was archived':44} {one_more_s:7.3f} s")
        print(f"{'refresh, index up to date':44} "
              f"{timed(lambda: FinishedIndex(store.dirs, auto_refresh=False).refresh()):7.3f} s")
        print(f"{'harmonies history, index up to date':44} {history_in_child(folder):7.3f} s")
        print(f"{'index size':44} {index_path.stat().st_size / 2**20:7.1f} MB")
        index_path.unlink()
        print(f"{'harmonies history, no index':44} {history_in_child(folder):7.3f} s")
    finally:
        if keep is None:
            shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[10_000], help="archive sizes to measure")
    parser.add_argument("--distinct", type=int, default=48, help="real games played, each reused under other dates")
    parser.add_argument("--keep", type=Path, help="write the data folders here (one per size) and keep them")
    parser.add_argument("--indexed-only", action="store_true",
                        help="only the window and the screen's reads over an up-to-date index (the index built here "
                             "once; with --keep, an archive kept by an earlier run is reused)")
    parser.add_argument("--probe", type=Path, help=argparse.SUPPRESS)  # the child process of window_probe
    args = parser.parse_args()
    if args.probe is not None:
        print(json.dumps(window_probe(args.probe)))
        return
    games = distinct_games(args.distinct)
    with tempfile.TemporaryDirectory(prefix="harmonies-bench-empty-") as nothing:
        empty = probe_in_child(Path(nothing))
    for total in args.games:
        bench(total, games, args.keep, empty, args.indexed_only)


if __name__ == "__main__":
    main()
