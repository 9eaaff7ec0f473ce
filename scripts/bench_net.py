"""How long a command takes over the network on loopback (numbers for people, not pass/fail).

1. Round trip: a ``harmonies serve`` process hosts four remote seats; four clients in this process,
   each played by the random player, join it on 127.0.0.1. For every command a client sends, the time
   from ``send`` to the ``Update`` that answers it (the host checks it, plays it, autosaves it and
   sends each seat its view): median, 95th percentile and maximum over ``--games`` games. The server's
   data folder is a temporary one (``TMPDIR=/dev/shm`` puts it in memory, leaving out the disk's fsync).
2. The host's side: a table of four remote seats in this process (no data folder), its clients on
   threads; the time of ``NetSession.run`` for each command played (the rules, then a view and the
   events for each of the four seats), which is what a host's frame spends on a remote command.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harmonies.ai import make_player  # noqa: E402
from harmonies.net import Client, Finished, NetSession, Refusal, Update, host_table  # noqa: E402
from harmonies.net.remote import REMOTE  # noqa: E402
from harmonies.session.match import MatchConfig, Seat  # noqa: E402
from harmonies.session.play import CommandReport  # noqa: E402


def spread(ms: list[float]) -> str:
    ms = sorted(ms)
    if not ms:
        return "no samples"
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms ({len(ms)} samples)"


def play(client: Client, seed: int, times: list[float]) -> None:
    """Play the seat with the random player, timing each command from send to its answer."""
    player = make_player("random", seed)
    sent_at: float | None = None
    plan: list[object] = []
    while True:
        client.wait(1.0)
        for ev in client.poll():
            if isinstance(ev, Finished):
                return
            if isinstance(ev, (Update, Refusal)) and sent_at is not None and (
                    isinstance(ev, Refusal) or ev.seat == client.seat):
                times.append(1000 * (time.perf_counter() - sent_at))
                sent_at = None
                if isinstance(ev, Refusal):
                    plan = []
        view = client.view
        if view is None or sent_at is not None or view.current != client.seat:
            continue
        if not plan:
            plan = list(player.next_commands(view))
        sent_at = time.perf_counter()
        client.send(plan.pop(0))  # type: ignore[arg-type]


def round_trips(games: int) -> list[float]:
    times: list[float] = []
    for g in range(games):
        with tempfile.TemporaryDirectory() as folder:
            serve = subprocess.Popen([sys.executable, "-m", "harmonies", "serve", "--json", "--new", "--bind", "127.0.0.1",
                                      "--seats", "remote,remote,remote,remote", "--spirits", "--seed", str(100 + g),
                                      "--data-dir", folder], stdout=subprocess.PIPE, text=True, cwd=ROOT)
            try:
                assert serve.stdout is not None
                first = json.loads(serve.stdout.readline())
                clients = [Client.connect("127.0.0.1", first["port"], first["code"], f"bench{i}") for i in range(4)]
                threads = [threading.Thread(target=play, args=(c, g * 8 + i, times)) for i, c in enumerate(clients)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(300)
                for c in clients:
                    c.close()
                serve.wait(60)
            finally:
                serve.kill()
    return times


class TimedHost(NetSession):
    """A host that times each :meth:`run` that played something."""

    runs: list[float] = []

    def run(self) -> list[CommandReport]:
        start = time.perf_counter()
        reports = super().run()
        if reports:
            self.runs.append(1000 * (time.perf_counter() - start))
        return reports


def host_side() -> list[float]:
    config = MatchConfig(tuple(Seat(f"P{i}", REMOTE) for i in range(4)), "A", True, 7)
    base = host_table(config.deal(), config, bind="127.0.0.1")
    base.close()
    session = TimedHost(config.deal(), config, base.keys, bind="127.0.0.1")
    clients: list[Client] = []
    joined = threading.Thread(target=lambda: clients.extend(
        Client.connect("127.0.0.1", session.port, session.code, f"p{i}") for i in range(4)))
    joined.start()
    while joined.is_alive():
        session.pump()
        time.sleep(0.001)
    threads = [threading.Thread(target=play, args=(c, i, [])) for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    end = time.monotonic() + 300
    while not session.game.over and time.monotonic() < end:
        if session.poll_seat() == "ready":
            session.play_seat()
            session.run()
        else:
            session.wait(0.002)
    for t in threads:
        t.join(30)
    session.close()
    return session.runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    print(f"round trip of a command, serve process, 4 remote seats, loopback: {spread(round_trips(args.games))}")
    print(f"host's NetSession.run per command, 4 remote seats connected: {spread(host_side())}")


if __name__ == "__main__":
    main()
