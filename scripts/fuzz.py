"""Fuzz run: mutated board files, saves, settings and cards files through the command line and the loaders.

Each trial takes a good file (boards and saves of random games, the default settings, the bundled
cards), damages it (``fuzz_damage``: bit flips, truncation, type swaps, deep nesting, huge numbers,
unicode junk, YAML tags and aliases, ...) and feeds it to one target:

- ``score``, ``habitats``, ``replay``, ``cards`` (``score --cards``): ``harmonies.cli.main``, which must
  print JSON (accepted) or exit 1/2 with one line naming the file (refused);
- ``autosave``, ``finished``: ``Store.load_autosave`` / ``Store.load_finished``, which must return a game
  or raise ``LoadProblem`` naming the file, with a damaged file set aside;
- ``settings``: the app's ``StoreSettings`` and catalogue, which must give settings the window can use
  (a language with a catalogue, a window size in bounds) and save them again;
- ``cards-app``: ``load_cards_or_default``, which must give cards and at most a one-line message;
- ``review``, ``daily``, ``challenges``, ``history``: a kept review, the daily record, the challenge
  progress and a finished game under ``history`` (``fuzz_records``), each read as the game and the
  command line read it, where nothing accepted may differ from what the file says.

Trials run in a worker process; one that does not answer in ``--timeout`` seconds is counted as hung
and the worker replaced. Every ``--subprocess-every``-th command-line trial also runs the real
``python -m harmonies`` with a timeout. Anything else (a traceback, an unexpected exception, a message
of several lines or without the file's name) is counted as crashed and its input kept in ``--out``.

Exit status 0 only if nothing crashed or hung. Not part of the test run (a few minutes for 2,000
trials); ``tests/persist/test_fuzz_quick.py`` runs a few dozen.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

# The checkout's package (also without the venv), and fuzz_damage beside this file.
sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]

import fuzz_records
from fuzz_damage import damage
from harmonies import cli
from harmonies.ai import play_random_game
from harmonies.catalogue import Catalogue, has_language
from harmonies.app.settings import MAX_WINDOW, MIN_WINDOW, Settings, StoreSettings
from harmonies.persist import LoadProblem, Store, document, load_cards_or_default
from harmonies.rules import Game, GameSetup
from harmonies.rules.cards import default_cards_path

TARGETS = ("score", "habitats", "replay", "cards", "autosave", "finished", "settings", "cards-app",
           *fuzz_records.TARGETS)
CLI_TARGETS = ("score", "habitats", "replay", "cards")
OUTCOMES = ("accepted", "refused", "crashed", "hung")

# ---------------------------------------------------------------------------- good files


def board_doc(game: Game, seat: int) -> dict[str, Any]:
    """A player's board as a board file, from the public view."""
    view = game.player(seat)
    doc: dict[str, Any] = {
        "side": game.setup.side,
        "cells": [[q, r, [c.label for c in stack]] for (q, r), stack in view.stacks.items()],
        "cubes": [[q, r] for (q, r) in view.cubes],
        "cards": [{"id": h.card_id, "cubes_placed": h.cubes_placed} for h in (*view.cards, *view.completed)],
    }
    if view.spirit is not None:
        doc["spirit"] = {"id": view.spirit, "placed": view.spirit_placed}
    return doc


def seeds() -> dict[str, list[bytes]]:
    """Good files of each kind, to be damaged."""
    boards: list[bytes] = []
    saves: list[bytes] = []
    finished: list[bytes] = []
    meta = {"seats": [{"name": f"Ann {i}", "kind": "human", "level": "random"} for i in range(4)]}
    for n, setup in enumerate([GameSetup(1, "A", True, 3), GameSetup(2, "B", False, 4),
                               GameSetup(3, "A", True, 5), GameSetup(4, "B", True, 6)]):
        history = play_random_game(setup, n + 1).history
        done = Game.replay(setup, list(history))
        boards += [json.dumps(board_doc(done, s)).encode() for s in range(setup.players)]
        finished.append(document.dumps(document.encode(done, meta, document.KIND_FINISHED)).encode())
        middle = Game.replay(setup, list(history[: len(history) // 2]))
        saves.append(document.dumps(document.encode(middle, meta)).encode())
        boards.append(json.dumps(board_doc(middle, 0)).encode())
    settings = [json.dumps(asdict(Settings())).encode(),
                json.dumps(asdict(Settings(window="1920x1080", ai_speed="fast", volume=20))).encode()]
    cards = [default_cards_path().read_bytes()]
    return {"board": boards, "save": saves, "finished": finished, "settings": settings, "cards": cards,
            **fuzz_records.seeds()}


# ---------------------------------------------------------------------------- targets (in the worker)


def _run_cli(argv: list[str], path: Path) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    cli._cards.cache_clear()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 2
    # Every stdout line is JSON, a refused file's too (its {"file", "error"} line: harmonies/batch.py).
    for line in out.getvalue().splitlines():
        json.loads(line)
    if status == 0:
        return "accepted", ""
    wrong = fuzz_records.one_line(err.getvalue(), path)
    if status in (1, 2) and wrong is None:
        return "refused", err.getvalue().strip()
    return "crashed", f"exit {status}: {wrong}: {err.getvalue()[:2000]!r}"


def _load_problem(problem: LoadProblem, path: Path) -> tuple[str, str]:
    wrong = fuzz_records.one_line(str(problem), path)
    if wrong is not None:
        return "crashed", f"{wrong}: {str(problem)[:2000]!r}"
    if problem.moved_to is None and path.exists() and "cards" not in str(problem):
        return "crashed", f"a damaged file was left in place: {problem}"
    return "refused", str(problem)


def _settings(folder: Path, path: Path) -> tuple[str, str]:
    holder = StoreSettings(Store(folder))
    settings = holder.load()
    if holder.problem is not None:
        wrong = fuzz_records.one_line(holder.problem, path)
        if wrong is not None:
            return "crashed", f"{wrong}: {holder.problem[:2000]!r}"
    w, h = settings.window_size
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        return "crashed", f"window size {w}x{h} out of bounds"
    # an empty language is "not chosen yet": the window follows the system's locale
    if settings.language and not has_language(settings.language) \
            or Catalogue.load(settings.language or "en").t("app.title") == "app.title":
        return "crashed", f"language {settings.language!r} has no catalogue"
    holder.save(settings.with_(volume=(settings.volume + 1) % 101))
    if holder.problem is not None and holder.problem != (holder.problem.splitlines() or [""])[0]:
        return "crashed", f"saving: {holder.problem[:2000]!r}"
    return ("refused", holder.problem) if holder.problem else ("accepted", "")


def _cards_app(path: Path) -> tuple[str, str]:
    cards, warning = load_cards_or_default(path)
    if not cards.animals:
        return "crashed", "no cards"
    if warning is None:
        return "accepted", ""
    wrong = fuzz_records.one_line(warning, path)
    return ("refused", warning) if wrong is None else ("crashed", f"{wrong}: {warning[:2000]!r}")


GOOD_BOARD = {"side": "A", "cells": [[0, 0, ["blue"]]]}


def run_trial(target: str, data: bytes, folder: Path) -> tuple[str, str]:
    """Feed ``data`` to ``target`` inside ``folder``; (outcome, detail)."""
    if target in fuzz_records.TARGETS:
        try:
            return fuzz_records.run_trial(target, data, folder)
        except BaseException:  # anything escaping is what this tool looks for
            return "crashed", traceback.format_exc()[-3000:]
    store = Store(folder, durable=False)
    if target == "autosave":
        path = store.autosave_path
    elif target == "finished":
        path = store.dirs.finished / "20250101-000000-2p-A-seed1.json"
    elif target == "settings":
        path = store.dirs.settings
    else:
        path = folder / ("cards.yaml" if target in ("cards", "cards-app") else "file.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    try:
        if target in ("score", "habitats", "replay"):
            return _run_cli([target, str(path)], path)
        if target == "cards":
            board = folder / "board.json"
            board.write_text(json.dumps(GOOD_BOARD), encoding="utf-8")
            # The global option before the command, after it, or after the file (by the data, so a rerun agrees).
            order = [["--cards", str(path), "score", str(board)], ["score", "--cards", str(path), str(board)],
                     ["score", str(board), "--cards", str(path)]][len(data) % 3]
            return _run_cli(order, path)
        if target == "cards-app":
            return _cards_app(path)
        if target == "settings":
            return _settings(folder, path)
        try:
            if target == "autosave":
                store.load_autosave()
            else:
                store.load_finished(path)
        except LoadProblem as problem:
            return _load_problem(problem, path)
        return "accepted", ""
    except BaseException:  # anything escaping is what this tool looks for
        return "crashed", traceback.format_exc()[-3000:]


def worker(conn: Connection) -> None:
    """Run trials sent down ``conn`` until None arrives."""
    base = Path(tempfile.mkdtemp(prefix="harmonies-fuzz-"))
    try:
        while True:
            job = conn.recv()
            if job is None:
                return
            target, data = job
            folder = base / "trial"
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            conn.send(run_trial(target, data, folder))
    finally:
        shutil.rmtree(base, ignore_errors=True)


# ---------------------------------------------------------------------------- the run (in the parent)


class Runner:
    """One worker process at a time; a trial it does not answer in time is hung, and the worker replaced."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.ctx = multiprocessing.get_context("spawn")
        self.conn: Connection | None = None
        self.proc: Any = None

    def _start(self) -> None:
        parent, child = self.ctx.Pipe()
        self.proc = self.ctx.Process(target=worker, args=(child,), daemon=True)
        self.proc.start()
        child.close()
        self.conn = parent

    def run(self, target: str, data: bytes) -> tuple[str, str]:
        if self.conn is None:
            self._start()
        assert self.conn is not None
        try:
            self.conn.send((target, data))
            if self.conn.poll(self.timeout):
                outcome: tuple[str, str] = self.conn.recv()
                return outcome
            detail = f"no answer in {self.timeout:g} s"
        except (EOFError, OSError) as e:
            detail = f"the worker died ({e!r})"
            self.stop()
            return "crashed", detail
        self.stop()
        return "hung", detail

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.join(5)
        self.proc, self.conn = None, None

    def close(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(OSError):
                self.conn.send(None)
            self.proc.join(10)
        self.stop()


def real_cli(target: str, data: bytes, folder: Path, timeout: float) -> tuple[str, str]:
    """The same trial through ``python -m harmonies`` in its own process."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    path = folder / ("cards.yaml" if target == "cards" else "file.json")
    path.write_bytes(data)
    if target == "cards":
        board = folder / "board.json"
        board.write_text(json.dumps(GOOD_BOARD), encoding="utf-8")
        argv = ["score", str(board), "--cards", str(path)]
    else:
        argv = [target, str(path)]
    try:
        run = subprocess.run([sys.executable, "-m", "harmonies", *argv], capture_output=True, timeout=timeout,
                             check=False)
    except subprocess.TimeoutExpired:
        return "hung", f"python -m harmonies {target}: no exit in {timeout:g} s"
    err = run.stderr.decode("utf-8", "replace")
    if run.returncode == 0:
        return "accepted", ""
    wrong = fuzz_records.one_line(err, path)
    if run.returncode in (1, 2) and wrong is None:
        return "refused", err.strip()
    return "crashed", f"python -m harmonies {target}: exit {run.returncode}: {wrong}: {err[-2000:]!r}"


KIND_OF = {"score": "board", "habitats": "board", "replay": "save", "cards": "cards", "autosave": "save",
           "finished": "finished", "settings": "settings", "cards-app": "cards",
           **{t: t for t in fuzz_records.TARGETS}}


def fuzz(trials: int, seed: int, timeout: float, subprocess_every: int, out: Path,
         say: Callable[[str], None] = lambda line: print(line, flush=True),
         targets: tuple[str, ...] = TARGETS) -> Counter[tuple[str, str]]:
    """Run ``trials`` trials over ``targets`` in turn; the counts per (target, outcome). Failing inputs
    are written to ``out``."""
    rng = random.Random(seed)
    good = seeds()
    counts: Counter[tuple[str, str]] = Counter()
    runner = Runner(timeout)
    started = time.perf_counter()
    try:
        for n in range(trials):
            target = targets[n % len(targets)]
            kind = KIND_OF[target]
            data = damage(kind, rng.choice(good[kind]), rng)
            results = [runner.run(target, data)]
            if target in CLI_TARGETS and subprocess_every and n // len(targets) % subprocess_every == 0:
                results.append(real_cli(target, data, out / "subprocess", timeout))
            outcome = next((r for r in results if r[0] in ("crashed", "hung")), results[0])
            counts[(target, outcome[0])] += 1
            if outcome[0] in ("crashed", "hung"):
                out.mkdir(parents=True, exist_ok=True)
                keep = out / f"{n:05d}-{target}.{'yaml' if kind == 'cards' else 'json'}"
                keep.write_bytes(data)
                say(f"trial {n} {target}: {outcome[0]}: {keep}\n  {outcome[1][-1500:]}")
            if (n + 1) % 200 == 0:
                say(f"  {n + 1}/{trials} trials, {time.perf_counter() - started:.0f} s")
    finally:
        runner.close()
    return counts


def report(counts: Counter[tuple[str, str]], targets: tuple[str, ...] = TARGETS) -> str:
    """A table of trials and outcomes per target run, and the totals."""
    def row(name: str, values: list[int]) -> str:
        return f"{name:<10} {sum(values):>7} " + " ".join(f"{v:>9}" for v in values)

    lines = [f"{'target':<10} {'trials':>7} " + " ".join(f"{o:>9}" for o in OUTCOMES)]
    lines += [row(t, [counts[(t, o)] for o in OUTCOMES]) for t in targets]
    lines.append(row("all", [sum(counts[(t, o)] for t in targets) for o in OUTCOMES]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="scripts/fuzz", description=__doc__.split("\n")[0] if __doc__ else None)
    p.add_argument("--trials", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=20.0, help="seconds a trial may take before it counts as hung")
    p.add_argument("--subprocess-every", type=int, default=10,
                   help="also run every Nth command-line trial as a real process (0: never)")
    p.add_argument("--targets", default=",".join(TARGETS),
                   help=f"comma-separated targets to run in turn (default: all of {', '.join(TARGETS)})")
    p.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "harmonies-fuzz",
                   help="folder for the inputs that crashed or hung")
    args = p.parse_args(argv)
    targets = tuple(t for t in args.targets.split(",") if t)
    unknown = [t for t in targets if t not in TARGETS]
    if unknown or not targets:
        p.error(f"unknown targets {', '.join(unknown) or '(none given)'}; choose from {', '.join(TARGETS)}")
    started = time.perf_counter()
    counts = fuzz(args.trials, args.seed, args.timeout, args.subprocess_every, args.out, targets=targets)
    print(report(counts, targets))
    bad = sum(v for (_, o), v in counts.items() if o in ("crashed", "hung"))
    print(f"{args.trials} trials in {time.perf_counter() - started:.0f} s (seed {args.seed}); "
          f"{bad} crashed or hung" + (f", inputs in {args.out}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
