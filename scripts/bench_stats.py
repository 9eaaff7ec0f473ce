"""How fast the Statistics view opens over a large archive (numbers for people, not pass/fail).

Every figure is wall-clock seconds and, beside it, the CPU seconds of this process over the same span
(on a machine shared with other work the wall clock is an upper bound). Builds, in a temporary data folder, an index of ``--games`` synthetic finished games (default 10,000:
six in ten solo, the rest at a table of 2 to 4 seats against every computer level, both sides, with and
without spirits, scores spread like real ones), written straight into the index as the Finished games
screen leaves it once it has read the files. Then, in a headless app at 1280×720:

- opening the view: building the scene (its queries) and drawing its first frame, the first time
  (cold) and the best of ``--repeat`` more;
- the queries alone (:func:`harmonies.persist.stats.read_stats`), best of ``--repeat``;
- the first frame of each of the four charts, and a change of filter (queries and frame).

Target (issue 41): the view open under 0.5 s over 10,000 games.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harmonies.app.scenes.menu import MenuScene  # noqa: E402
from harmonies.app.scenes.stats import CHARTS, StatsScene  # noqa: E402
from harmonies.app.smoke import make_offscreen_app  # noqa: E402
from harmonies.persist import Store  # noqa: E402
from harmonies.persist.index import FinishedIndex, insert  # noqa: E402
from harmonies.persist.stats import StatsFilter, read_stats  # noqa: E402
from harmonies.persist.summary import FinishedSummary, SeatInfo  # noqa: E402
from harmonies.rules import solo_suns  # noqa: E402
from harmonies.session import SaveSlot  # noqa: E402

LEVELS = ("easy", "medium", "hard")


def synthetic(n: int, rng: random.Random, when: datetime) -> FinishedSummary:
    """Game ``n``: solo six times in ten, else 2 to 4 seats with the human first."""
    players = 1 if rng.random() < 0.6 else rng.randint(2, 4)
    side, spirits = rng.choice("AB"), rng.random() < 0.5
    seats = [SeatInfo("Ann", "human", "")] + [SeatInfo(f"Bot {i}", "computer", rng.choice(LEVELS))
                                               for i in range(1, players)]
    categories = tuple(tuple(max(0, int(rng.gauss(mean, mean / 3))) for mean in (14, 9, 8, 12, 9, 35 + n % 40 // 4,
                                                                                   5 if spirits else 0))
                       for _ in range(players))
    totals = tuple(sum(c) for c in categories)
    top = max(totals)
    winners = tuple(i for i, t in enumerate(totals) if t == top)
    spirit = rng.choice(("lion", "deer", "owl")) if spirits else None
    suns = solo_suns(totals[0], side, None).score_suns + (1 if side == "A" else 0) + (1 if spirit else 2) \
        if players == 1 else None
    stamp = when.isoformat(timespec="seconds")
    return FinishedSummary(file=f"{when:%Y%m%d-%H%M%S}-{players}p-{side}-seed{n}.json", finished=stamp,
                           sort_key=stamp, side=side, spirits=spirits, seed=n, seats=tuple(seats), totals=totals,
                           winners=winners, suns=suns, spirit_ids=tuple(spirit if i == 0 else None
                                                                        for i in range(players)),
                           categories=categories, identity=f"synthetic-{n}")


def build(folder: Path, games: int) -> None:
    store = Store(folder, durable=False)
    store.dirs.finished.mkdir(parents=True, exist_ok=True)
    index = FinishedIndex(store.dirs, store.cards, auto_refresh=False)
    (store.dirs.finished / "placeholder.json").write_text("{}", encoding="utf-8")
    index.refresh()  # makes the index file (the placeholder is listed as a skipped entry)
    (store.dirs.finished / "placeholder.json").unlink()
    rng = random.Random(41)
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    conn = sqlite3.connect(index.path)
    with conn:
        conn.execute("DELETE FROM files")
        for n in range(games):
            insert(conn, synthetic(n, rng, start + timedelta(hours=3 * n)))
    conn.close()


class Took(float):
    """Wall-clock seconds (a float), with the process's CPU seconds over the same span in ``cpu``: on a
    shared machine the wall clock also counts the time others held the cores, the CPU time does not."""

    cpu: float

    def __str__(self) -> str:
        return f"{float(self):.3f} s (CPU {self.cpu:.3f} s)"


def timed(action: Callable[[], object]) -> Took:
    started, cpu = time.perf_counter(), time.process_time()
    action()
    took = Took(time.perf_counter() - started)
    took.cpu = time.process_time() - cpu
    return took


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--keep", type=Path, default=None, help="build the data folder here and keep it")
    args = p.parse_args(argv)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="harmonies-bench-stats-"))
    try:
        t = timed(lambda: build(folder, args.games))
        print(f"index of {args.games} synthetic games built in {t} ({folder})")
        app = make_offscreen_app((1280, 720))
        app.saves = SaveSlot(folder)
        app.start(MenuScene(app))
        app.step(0.0, events=[])

        def open_view() -> None:
            app.scenes.push(StatsScene(app))
            app.step(0.0, events=[])  # the scene goes on the stack and its first frame is drawn

        def close_view() -> None:
            app.scenes.pop()
            app.step(0.0, events=[])

        cold = timed(open_view)
        close_view()
        warm = []
        for _ in range(args.repeat):
            warm.append(timed(open_view))
            close_view()
        print(f"open the view (queries + first frame): first {cold}, best of {args.repeat} {min(warm)}")
        index = FinishedIndex(app.saves.store.dirs, auto_refresh=False)  # type: ignore[union-attr]
        queries = min(timed(lambda: read_stats(index)) for _ in range(args.repeat))
        print(f"the queries alone: best of {args.repeat} {queries}")
        open_view()
        scene = app.scenes.top
        assert isinstance(scene, StatsScene)
        for chart in CHARTS:
            scene.chart = chart
            print(f"  first frame of {chart}: {timed(lambda: app.step(0.0, events=[]))}")
        def change_side() -> None:
            scene.set_side("B")
            app.step(0.0, events=[])

        change = timed(change_side)
        print(f"  a filter changed (side B: queries + frame): {change}")
        print(f"  solo games {read_stats(index).solo.count}, of side B with spirits "
              f"{read_stats(index, StatsFilter('B', True)).solo.count}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
