"""``harmonies history``, ``harmonies import`` and ``harmonies export``: finished games from the command line.

- ``history [--json]``: the finished games, newest first, and the solo personal bests, streamed from the
  index (brought up to date first, with ``Indexing finished games: k of n`` on stderr while it reads new
  files). Each entry of the archive that gives no summary (a damaged or unreadable file, a folder, a
  pipe, a link to a device) is named on stderr in one line and left out; the status stays 0.
- ``import FILE...``: each file is checked by replaying it and added to ``finished/``; a bad file is
  named on stderr with the reason (nothing is imported from it) and the status is 1. A game the archive
  holds already (same setup and command log, under any name) is said and not added again. While a window
  has the data folder open, import refuses in one line (it writes under the folder's lock).
- ``export GAME TO``: copy a finished game (its name from ``history``, or a path) to a file or folder.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from .bests import Bests, personal_bests
from .index import FinishedIndex
from .lock import FolderInUse, LockNotFile
from .share import ShareError, export_finished, import_finished
from .store import Store
from .summary import CATEGORIES
from .times import local_text


def history_json(index: FinishedIndex, bests: Bests, out: TextIO) -> None:
    """Write the object ``history --json`` prints, a game at a time (memory does not grow with the archive)."""
    folder = index.dirs.finished.absolute()
    out.write('{"games": [')
    for n, g in enumerate(index.iter_games()):
        out.write((", " if n else "") + json.dumps(
            {"file": str(folder / g.file), "finished": g.finished, "side": g.side, "spirits": g.spirits,
             "seats": [s.to_json() for s in g.seats], "totals": list(g.totals), "winners": list(g.winners),
             "suns": g.suns}))
    out.write(f'], "bests": {json.dumps([b.to_json(folder) for b in bests.solo])}}}\n')


class Progress:
    """``Indexing finished games: k of n`` on stderr while the index reads new files, once the reading
    has taken ``after`` seconds (a quick refresh says nothing): about once a second, and the last one.
    On a terminal the line is rewritten in place; elsewhere each report is a line of its own."""

    def __init__(self, err: TextIO, after: float = 1.0) -> None:
        self.err = err
        self.start = time.monotonic() + after
        self.last = -1.0
        self.shown = False
        self.tty = bool(getattr(err, "isatty", lambda: False)())

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not total or now < self.start or (done < total and now - self.last < 1.0):
            return
        self.last = now
        text = f"harmonies history: Indexing finished games: {done} of {total}"
        if self.tty:
            self.err.write("\r" + text + ("\n" if done == total else ""))
        else:
            self.err.write(text + "\n")
        self.err.flush()


def report_skipped(index: FinishedIndex, err: TextIO) -> None:
    """One line on ``err`` for each entry of ``finished/`` that gives no game, naming it and why."""
    for offset in range(0, index.problem_count(), 500):
        for problem in index.problem_page(offset, 500):
            print(f"harmonies history: skipped {index.dirs.finished / problem}", file=err)


def history(store: Store, as_json: bool, out: TextIO, err: TextIO) -> int:
    index = FinishedIndex(store.dirs, store.cards, auto_refresh=False)
    index.refresh(progress=Progress(err))
    report_skipped(index, err)
    bests = personal_bests(index)
    if as_json:
        history_json(index, bests, out)
    else:
        history_table(index, bests, out)
    return 0


def history_table(index: FinishedIndex, bests: Bests, out: TextIO) -> None:
    """Write the readable form of ``history``: one line per game, then the bests."""
    count = index.count()
    out.write(f"{count} finished game{'s' if count != 1 else ''} in {index.dirs.finished}\n")
    if count:
        out.write(f"{'finished':16}  {'game':9}  {'side':4}  {'spirits':7}  {'scores':12}  {'suns':4}  seats\n")
    for g in index.iter_games():
        seats = ", ".join(f"{'*' if i in g.winners else ''}{s.name}" + (f" ({s.level})" if s.kind == "computer" else "")
                          for i, s in enumerate(g.seats))
        out.write(f"{_local(g.finished):16}  {'solo' if g.solo else f'{g.players} players':9}  {g.side:4}  "
                  f"{'yes' if g.spirits else 'no':7}  {' '.join(map(str, g.totals)):12}  "
                  f"{'' if g.suns is None else g.suns:4}  {seats}\n")
    lines = ["* won"] if count else []
    lines.append("")
    since = f" (since {_local(bests.cleared)})" if bests.cleared else ""
    lines.append(f"Solo bests{since}:" if bests.solo else f"Solo bests{since}: none yet")
    for b in bests.solo:
        lines.append(f"  side {b.side}, {b.spirit or 'no spirit'}: {b.score} points, {b.suns} suns  ({b.file})")
    if bests.levels:
        lines.append(f"At a table{since}:")
        for r in bests.levels:
            lines.append(f"  against {r.level}: {r.wins} won, {r.losses} lost")
    if bests.averages:
        rows = ", ".join(f"{c} {bests.averages[c]:.1f}" for c in (*CATEGORIES, "total"))
        lines.append(f"  average points of a human seat (over {bests.table_seats}): {rows}")
    out.write("\n".join(lines) + "\n")


def import_files(store: Store, files: list[Path], out: TextIO, err: TextIO) -> int:
    status = 0
    for path in files:
        try:
            done = import_finished(store, path)
        except FolderInUse as e:  # every other file would be refused the same way: one line for all
            print(f"harmonies import: {e.folder} is open in a Harmonies window; close it first "
                  "(nothing more imported)", file=err)
            return 1
        except LockNotFile as e:
            print(f"harmonies import: {e}: remove it, or import into another --data-dir (nothing more imported)",
                  file=err)
            return 1
        except ShareError as e:
            print(f"harmonies import: {path}: {e}; nothing imported from it", file=err)
            status = 1
            continue
        except OSError as e:
            print(f"harmonies import: {path}: cannot write into {store.dirs.finished} ({e.strerror or e})",
                  file=err)
            status = 1
            continue
        verb = "imported as" if done.fresh else "already in the archive as"
        print(f"{path}: {verb} {done.path}", file=out)
    return status


def export(store: Store, game: str, to: Path, out: TextIO, err: TextIO) -> int:
    try:
        target = export_finished(store, game, to)
    except ShareError as e:
        print(f"harmonies export: {game}: {e}", file=err)
        return 1
    except OSError as e:
        print(f"harmonies export: cannot write {to} ({e.strerror or e})", file=err)
        return 1
    print(f"exported to {target}", file=out)
    return 0


def run(command: str, store: Store, args: Any, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``history``, ``import`` or ``export`` with the parsed arguments of :mod:`harmonies.cli`
    (output to ``sys.stdout`` and ``sys.stderr`` as they are when called, unless given)."""
    out = out or sys.stdout
    err = err or sys.stderr
    if command == "history":
        return history(store, bool(args.json), out, err)
    if command == "import":
        return import_files(store, list(args.files), out, err)
    return export(store, str(args.game), Path(args.to), out, err)


def _local(when: str) -> str:
    return local_text(when)
