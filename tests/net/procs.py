"""Real ``harmonies serve`` and ``harmonies join`` processes on 127.0.0.1 for the tests, each bounded
in time and killed by :func:`stopping` whatever happens."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: No process of a test lives longer than this.
LIMIT_SECONDS = 120.0


class Proc:
    """A process whose output lines are read on threads, so a test waits for one with a timeout."""

    def __init__(self, *argv: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.popen = subprocess.Popen([sys.executable, "-m", "harmonies", *argv], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True, env=env)
        self.out: queue.Queue[str] = queue.Queue()
        self.err: list[str] = []
        self.lines: list[str] = []
        threading.Thread(target=self._read, args=(self.popen.stdout, self.out), daemon=True).start()
        threading.Thread(target=self._collect, daemon=True).start()

    @staticmethod
    def _read(stream: Any, into: queue.Queue[str]) -> None:
        for line in stream:
            into.put(line)

    def _collect(self) -> None:
        assert self.popen.stderr is not None
        for line in self.popen.stderr:
            self.err.append(line)

    def line(self, timeout: float = 30.0) -> str:
        """The next line it prints; AssertionError if none comes in ``timeout``."""
        try:
            line = self.out.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no output in {timeout} s; stderr: {''.join(self.err)[-2000:]}") from None
        self.lines.append(line)
        return line

    def json_line(self, timeout: float = 30.0) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.line(timeout))
        return data

    def finish(self, timeout: float = LIMIT_SECONDS) -> int:
        """Its exit status, once it ends (killed after ``timeout``, which fails the test)."""
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            raise AssertionError(f"still running after {timeout} s; stderr: {''.join(self.err)[-2000:]}") from None

    def rest(self) -> list[str]:
        """Every line printed that the test has not taken yet (once it has ended)."""
        time.sleep(0.1)
        while True:
            try:
                self.lines.append(self.out.get_nowait())
            except queue.Empty:
                return self.lines

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(10)


@contextlib.contextmanager
def stopping() -> Iterator[list[Proc]]:
    """A list to put the test's processes in; every one still running is killed at the end."""
    procs: list[Proc] = []
    try:
        yield procs
    finally:
        for p in procs:
            p.kill()


def serve(procs: list[Proc], folder: Path, *argv: str) -> tuple[Proc, dict[str, Any]]:
    p = Proc("serve", "--json", "--bind", "127.0.0.1", "--data-dir", str(folder), *argv)
    procs.append(p)
    return p, p.json_line()


def join(procs: list[Proc], port: int, code: str, *argv: str) -> Proc:
    p = Proc("join", f"127.0.0.1:{port}", "--code", code, "--json", *argv)
    procs.append(p)
    return p


def saved_commands(folder: Path) -> int:
    """Commands in the folder's game in progress (0 while there is none)."""
    try:
        doc = json.loads((folder / "autosave.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    return len(doc.get("game", {}).get("commands", []))


def wait_for_commands(folder: Path, n: int, timeout: float = 60.0) -> int:
    """Block until the folder's game in progress holds ``n`` commands; their number."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = saved_commands(folder)
        if found >= n:
            return found
        time.sleep(0.02)
    raise AssertionError(f"the game in {folder} did not reach {n} commands in {timeout} s")
