"""Frame times of the replay viewer while a game review runs in the background (issue 40: p95 under 16 ms).

Opens the viewer offscreen on a game, presses V as a player would, and steps the window at 60 frames a
second (sleeping out the rest of each frame, as the real loop does) until the review is done, timing each
frame twice: by the wall clock (what the player sees; on a loaded machine it counts the time the window
waited for a core) and by the CPU time of the window's own thread (what the frame costs). Prints for
each the median, the 95th percentile and the worst frame, and the review's own time. ``--idle`` times
the same frames with no review running, for comparison. Numbers, not pass/fail.

    .venv/bin/python scripts/review_frames.py [--turns N] [--players P] [--size WxH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.replay import ReplayScene
from harmonies.app.smoke import make_offscreen_app, played_game


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--turns", type=int, default=3, help="whole turns played before the review (default 3)")
    p.add_argument("--players", type=int, default=1)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--limit", type=float, default=600.0, help="seconds to wait for the review at most")
    p.add_argument("--idle", type=float, default=0.0, metavar="SECONDS",
                   help="time this many seconds of frames with no review instead")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    app = make_offscreen_app((w, h))
    game = played_game(args.players, args.turns, seed=5, level="easy")
    names = [f"Seat {i + 1}" for i in range(args.players)]
    app.scenes.reset(MenuScene(app))
    viewer = ReplayScene(app, game.setup, game.history, names, game.cards)
    app.scenes.push(viewer)
    app.step(0.0, events=[])
    if not args.idle:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0))
        if args.players > 1:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    for _ in range(3):  # the first frames fill the caches of text and art, with or without a review
        app.step(1 / 60)
    wall: list[float] = []
    cpu: list[float] = []
    start = time.perf_counter()
    limit = args.idle or args.limit
    while time.perf_counter() - start < limit:
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        spent = time.perf_counter() - t0
        wall.append(spent * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        if not args.idle and viewer.reviewer.status not in ("running", "idle"):
            break
        time.sleep(max(0.0, 1 / 60 - spent))
    took = time.perf_counter() - start
    status = "not started (--idle)" if args.idle else viewer.reviewer.status
    viewer.reviewer.cancel()
    pygame.display.quit()
    print(f"review {status} after {took:.1f} s; {len(wall)} frames")
    for name, times in (("wall clock", wall), ("window thread CPU", cpu)):
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"  {name}: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, worst {times[-1]:.2f} ms")
    return 0 if args.idle or status == "done" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
