"""CPU of the game window left alone, in a real X window (Xvfb), read from /proc.

Four screens: the menu, the play screen waiting for a human, the play screen while a computer seat
thinks, and the play screen with a hint on show (its outlines pulse). The computer's planner is held
(it sleeps, using no CPU) so the figure is the window's own cost while it waits for the answer, not the
planner's. Each screen runs in a process of its own; after a warm-up from its first frame (the opening
banners fade) its user+system CPU time is read over the measured seconds, and so is the X server's:
the window's pixels reach the screen through shared memory, and the server's copy of them is part of
what a frame costs. ``--code DIR`` runs the window of another checkout (e.g. an older commit exported
there) for a before/after comparison; ``SDL_FRAMEBUFFER_ACCELERATION=1`` in the environment puts the
window back on SDL's OpenGL texture. Linux only (Xvfb, /proc). Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCREENS = ("menu", "play_waiting", "play_thinking", "play_hint")
TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` so far (/proc/PID/stat, fields 14 and 15)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _thread_cpu(pid: int) -> float:
    """CPU seconds so far of the main thread of ``pid`` (the one that runs the loop and draws)."""
    with open(f"/proc/{pid}/task/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


@dataclass(frozen=True)
class Figures:
    """Percent of one core over the measured seconds: the window's process, its main thread, the X server."""

    process: float
    main: float
    server: float


def _free_display() -> int:
    for n in range(90, 200):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise RuntimeError("no free X display number between :90 and :199")


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    if shutil.which("Xvfb") is None:
        raise SystemExit("bench_idle: Xvfb is not installed (apt-get install -y xvfb)")
    n = _free_display()
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            return proc, f":{n}"
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"bench_idle: Xvfb did not start on :{n}")


def measure(screen: str, display: str, server: int, seconds: float, warmup: float, code: str | None) -> Figures:
    """Percent of one core the window of ``screen`` uses over ``seconds`` after ``warmup``: the whole
    process, its main thread alone (the other threads are SDL's and, on SDL's OpenGL texture under Xvfb,
    Mesa's software OpenGL), and the X server ``server`` (the window's pixels copied to the screen)."""
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if code:
        env["PYTHONPATH"] = code
    with tempfile.TemporaryDirectory(prefix="harmonies-bench-idle-") as data:
        child = subprocess.Popen([sys.executable, __file__, "--window", screen, "--data", data], env=env,
                                 stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None
            if child.stdout.readline().strip() != "ready":
                raise RuntimeError(f"the {screen} window did not open")
            time.sleep(warmup)
            if child.poll() is not None:
                raise RuntimeError(f"the {screen} window closed early")
            start, main, x = _cpu_seconds(child.pid), _thread_cpu(child.pid), _cpu_seconds(server)
            t0 = time.monotonic()
            time.sleep(seconds)
            used, main = _cpu_seconds(child.pid) - start, _thread_cpu(child.pid) - main
            x = _cpu_seconds(server) - x
            wall = time.monotonic() - t0
        finally:
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
    return Figures(100 * used / wall, 100 * main / wall, 100 * x / wall)


def window(screen: str, data: str) -> None:
    """In the measured process: open the window on ``screen`` and run its loop until ended."""
    import threading

    from harmonies.app.app import App
    from harmonies.app.scenes.menu import MenuScene
    from harmonies.app.scenes.play import PlayScene
    from harmonies.app.settings import MemorySettingsStore, Settings
    from harmonies.session import MatchConfig, SaveSlot, Seat

    app = App(size=(1280, 720), settings_store=MemorySettingsStore(Settings(window="1280x720")),
              data_dir=Path(data), saves=SaveSlot(enabled=False))
    app.start(MenuScene(app))
    if screen != "menu":
        seats = (Seat("Ada"), Seat("Bo", "computer"))
        if screen == "play_thinking":
            never = threading.Event()
            try:  # a seat's controller plans its turn (an older checkout: ai.commands_for_turn)
                from harmonies.session.seats import ComputerSeat
                ComputerSeat.next_commands = lambda seat, view: [] if never.wait(3600) else []  # type: ignore[method-assign,assignment]
            except ImportError:
                from harmonies.session import computer
                computer.ai.commands_for_turn = lambda player, view: never.wait(3600) and []  # type: ignore[attr-defined]
            seats = (Seat("Bo", "computer"), Seat("Ada"))
        play = PlayScene(app, MatchConfig(seats, seed=7))
        app.scenes.push(play)
        if screen == "play_hint":
            app.on_first_frame.append(lambda: _show_a_hint(play))
    app.on_first_frame.append(lambda: print("ready", flush=True))
    app.run()


def _show_a_hint(play: Any) -> None:
    """Put a hint on show (the first central space and face-up card outlined) without planning one."""
    from harmonies.app.play.hint import HintPlan

    play.hints.plan = HintPlan((), space=0, card=play.table.display[0])
    play.hints.line = "a hint"
    play.redraw()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds measured per screen")
    parser.add_argument("--warmup", type=float, default=4.0, help="seconds before measuring")
    parser.add_argument("--code", help="run the window from this checkout instead (a before/after comparison)")
    parser.add_argument("--window", choices=SCREENS, help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.window:
        window(args.window, args.data)
        return
    xvfb, display = _start_xvfb()
    try:
        print(f"CPU of the idle window (Xvfb {display}, 1280x720, {args.seconds:.0f} s each, % of one core)")
        print(f"  {'screen':<16}{'process':>9}{'main thread':>13}{'X server':>10}")
        for screen in SCREENS:
            got = measure(screen, display, xvfb.pid, args.seconds, args.warmup, args.code)
            print(f"  {screen:<16}{got.process:>8.1f}%{got.main:>12.1f}%{got.server:>9.1f}%", flush=True)
    finally:
        xvfb.terminate()
        xvfb.wait(10)


if __name__ == "__main__":
    main()
