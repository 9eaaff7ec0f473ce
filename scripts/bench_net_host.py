"""The host window's frame time with four remote seats, each played by a ``harmonies join --bot``
process on 127.0.0.1.

The window (SDL's dummy video driver, so no screen is needed; the drawing is the same software
drawing a real window does) hosts a 4-seat table whose every seat is remote, waits for the four
bots, starts, and then times each frame (``App.step``: the network taken in, the scene's update and
the drawing) for ``--seconds`` of play at the chosen computer speed. It prints the frames' median,
95th percentile and worst time and how many commands were played meanwhile. Figures, not pass/fail;
the bots' processes are stopped at the end whatever happens.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from harmonies.app.app import App  # noqa: E402
from harmonies.app.navigation import OpenHost  # noqa: E402
from harmonies.app.scenes.host import HostScene  # noqa: E402
from harmonies.app.scenes.menu import MenuScene  # noqa: E402
from harmonies.app.settings import MemorySettingsStore, Settings  # noqa: E402
from harmonies.session import MatchConfig, SaveSlot, Seat  # noqa: E402

FRAME = 1 / 60


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds of play timed (default 40)")
    parser.add_argument("--speed", default="fast", help="the computer speed setting (default fast)")
    parser.add_argument("--bot", default="random", help="the bots' level (default random)")
    args = parser.parse_args()
    bots: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as data:
        app = App(settings_store=MemorySettingsStore(Settings(window="1280x720", ai_speed=args.speed)),
                  saves=SaveSlot(Path(data)))
        app.start(MenuScene(app))
        app.step(0.0, events=[])
        seats = tuple(Seat(f"Friend {i + 1}", "remote") for i in range(4))
        app.navigate.push(OpenHost(MatchConfig(seats, seed=42)))
        app.step(FRAME)
        host = app.scenes.top
        assert isinstance(host, HostScene), f"Host opened {host}, not the host's screen"
        session = host.session
        if session is None:
            print(f"the table could not be hosted: {host.problem or '?'}", file=sys.stderr)
            return 1
        try:
            for i in range(4):
                bots.append(subprocess.Popen(
                    [sys.executable, "-m", "harmonies", "join", f"127.0.0.1:{session.port}", "--code", session.code,
                     "--name", f"Bot {i + 1}", "--bot", args.bot, "--seed", str(i)],
                    cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            deadline = time.monotonic() + 60
            while not session.all_joined:
                if time.monotonic() > deadline:
                    print("the bots did not all join within 60 s", file=sys.stderr)
                    return 1
                app.step(FRAME)
                time.sleep(FRAME)
            host.start()
            frames: list[float] = []
            start_commands = len(session.game.history)
            end = time.monotonic() + args.seconds
            while time.monotonic() < end and not session.game.over:
                t0 = time.perf_counter()
                app.step(FRAME)
                took = time.perf_counter() - t0
                frames.append(took)
                time.sleep(max(0.0, FRAME - took))
            played = len(session.game.history) - start_commands
        finally:
            for bot in bots:
                bot.kill()
                bot.wait(timeout=30)
            for scene in list(app.scenes.scenes):
                scene.on_exit()
    ms = sorted(f * 1000 for f in frames)
    p95 = ms[int(len(ms) * 0.95)] if ms else 0.0
    print(f"host window, 4 remote seats ({args.bot} bots), speed {args.speed}: {len(ms)} frames, "
          f"{played} commands played; frame median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, "
          f"worst {ms[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
