"""Frame time of the play scene in its heaviest ordinary state, for ``scripts/bench``.

Four human seats late in a game, the current player dragging a token over the board (so the
drop targets light up and the dragged token follows the pointer), drawn offscreen. Each frame is
one ``App.step`` with a posted mouse motion: the same work as a frame in the window, less the
swap to the screen.
"""

from __future__ import annotations

import math
import statistics
import time

import pygame

from harmonies.rules import TakeTokens

from harmonies.session import MatchConfig, Seat

from .scenes.menu import MenuScene
from .scenes.play import PlayScene
from .smoke import make_offscreen_app, played_game, resume


def frame_times(size: tuple[int, int], frames: int) -> list[float]:
    """Seconds per frame while dragging a token, after a short warm-up."""
    app = make_offscreen_app(size)
    try:
        game = played_game(4, 28, seed=11, level="easy")  # about 7 rounds: boards well filled
        game.apply(TakeTokens(next(i for i, s in enumerate(game.central) if s)))
        app.scenes.reset(MenuScene(app))
        scene = PlayScene(app, resume(game, humans=4))
        app.scenes.push(scene)
        for _ in range(120):  # let the turn banner and the caches settle
            app.step(1 / 60, events=[])
        start = app.vp.p(*scene.layout.hand_slots[0])
        app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        cx, cy = app.vp.p(*scene.big_layout().to_pixel(game.shape.cells[len(game.shape.cells) // 2]))
        radius = 0.18 * size[1]
        times: list[float] = []
        last = start
        for n in range(frames + 30):
            angle = n / 20
            pos = (round(cx + radius * math.cos(angle)), round(cy + radius * math.sin(angle)))
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - last[0], pos[1] - last[1]),
                                        buttons=(1, 0, 0))
            last = pos
            t0 = time.perf_counter()
            app.step(1 / 60, events=[motion])
            if n >= 30:
                times.append(time.perf_counter() - t0)
        if scene.drag is None:
            raise RuntimeError("the benchmark lost its drag: the play scene's input changed")
        return times
    finally:
        pygame.display.quit()


def thinking_frames(size: tuple[int, int] = (1280, 720), turns: int = 3) -> list[float]:
    """Seconds per frame while a computer seat (the hard level) plans its turn in the background,
    over its first ``turns`` turns against another computer: the frame loop must not wait for it."""
    app = make_offscreen_app(size)
    try:
        app.scenes.reset(MenuScene(app))
        scene = PlayScene(app, MatchConfig((Seat("A", "computer", "hard"), Seat("B", "computer", "hard")), seed=5))
        app.scenes.push(scene)
        for _ in range(30):  # the first frames fill the drawing caches
            app.step(1 / 60, events=[])
        times: list[float] = []
        while len(scene.game.history) < 200 and scene.game.round <= turns // 2 + 1 and len(times) < 20000:
            t0 = time.perf_counter()
            app.step(1 / 60, events=[])
            if scene.thinking:
                times.append(time.perf_counter() - t0)
            time.sleep(0.001)  # the planner's thread gets the interpreter between frames, as in the window
        return times
    finally:
        pygame.display.quit()


def main(quick: bool = False) -> None:
    frames = 200 if quick else 600
    print("Play scene frame time (4 players late in the game, dragging a token; offscreen)")
    for size in ((1280, 720), (1920, 1080)):
        times = sorted(frame_times(size, frames))
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"  {size[0]}x{size[1]}: median {1000 * statistics.median(times):.2f} ms, "
              f"p95 {1000 * p95:.2f} ms, max {1000 * times[-1]:.2f} ms over {len(times)} frames")
    times = sorted(thinking_frames(turns=2 if quick else 4))
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print("Play scene frame time while a computer seat (hard) plans in the background; offscreen")
        print(f"  1280x720: median {1000 * statistics.median(times):.2f} ms, p95 {1000 * p95:.2f} ms, "
              f"longest {1000 * times[-1]:.2f} ms over {len(times)} frames")
