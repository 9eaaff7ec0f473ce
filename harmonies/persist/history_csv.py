"""``harmonies history --csv [--out FILE]``: every finished game as one CSV row, for one's own charts.

The rows come from the index of finished games (brought up to date first, as ``history`` does), newest
first, streamed a game at a time. Columns: when the game ended, its file, the number of seats, the board
side, whether spirits were played, the solo suns (empty at a table), the winners' names, and for each of
the four seats its name, ``human`` or the computer's level, its points per category and its total (empty
for seats the game did not have). Written to standard output, or to ``FILE`` through a temporary file
that takes its place only once whole (a failed write leaves no half file). Each entry of the archive that
gives no game is named on stderr in one line, as ``history`` does.
"""

from __future__ import annotations

import csv
import io
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from .index import FinishedIndex
from .records_cli import Progress, report_skipped
from .store import Store
from .summary import CATEGORIES, FinishedSummary

#: Seats a game may have; each has its columns, empty where a game has fewer.
SEATS = 4
SEAT_FIELDS = ("name", "level", *CATEGORIES, "total")
COLUMNS = ("finished", "file", "players", "side", "spirits", "suns", "winners",
           *(f"seat{k}_{f}" for k in range(1, SEATS + 1) for f in SEAT_FIELDS))


#: What a spreadsheet takes for the start of a formula when a cell begins with it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(name: str) -> str:
    """A player's own text for a cell: one that a spreadsheet would read as a formula ("=1+2",
    "@SUM(...)") gets a leading apostrophe, so it shows as the name typed and never runs."""
    return "'" + name if name.startswith(FORMULA_STARTS) else name


def csv_row(g: FinishedSummary) -> list[object]:
    """One game's row, in the order of :data:`COLUMNS`."""
    row: list[object] = [g.finished, as_text(g.file), g.players, g.side, "yes" if g.spirits else "no",
                         "" if g.suns is None else g.suns, as_text("; ".join(g.seats[i].name for i in g.winners))]
    for k in range(SEATS):
        if k < g.players:
            seat = g.seats[k]
            row += [as_text(seat.name), "human" if seat.kind == "human" else seat.level or "computer",
                    *g.categories[k], g.totals[k]]
        else:
            row += [""] * len(SEAT_FIELDS)
    return row


def write_csv(games: Iterable[FinishedSummary], out: TextIO) -> int:
    """Write the header and one row per game; returns how many games were written."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    n = 0
    for n, g in enumerate(games, 1):
        writer.writerow(csv_row(g))
    return n


def history_csv(store: Store, to: Path | None, out: TextIO, err: TextIO) -> int:
    """The ``history --csv`` command: 0, or 1 with one line on ``err`` when ``to`` cannot be written."""
    index = FinishedIndex(store.dirs, store.cards, auto_refresh=False)
    index.refresh(progress=Progress(err))
    report_skipped(index, err)
    if to is None:
        write_csv(index.iter_games(), out)
        return 0
    if to.is_dir():
        print(f"harmonies history: --out {to}: is a folder; name the file to write", file=err)
        return 1
    try:
        _write_file(index, to)
    except OSError as e:
        print(f"harmonies history: --out {to}: cannot write it ({e.strerror or e})", file=err)
        return 1
    return 0


def _write_file(index: FinishedIndex, to: Path) -> None:
    """The CSV into a temporary file beside ``to``, then moved in its place."""
    fd, tmp = tempfile.mkstemp(prefix=f".{to.name}.", suffix=".tmp", dir=to.parent)
    try:
        with io.open(fd, "w", encoding="utf-8", newline="") as fh:
            write_csv(index.iter_games(), fh)
        os.chmod(tmp, 0o644)  # an ordinary file, not the private one mkstemp makes
        os.replace(tmp, to)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def main_history(store: Store, as_json: bool, as_csv: bool, to: str | None,
                 out: TextIO | None = None, err: TextIO | None = None) -> int | None:
    """``history`` with ``--csv``/``--out``: the CSV's status, 1 for options that do not go together, or
    None when neither is given (the plain ``history`` runs)."""
    out = out or sys.stdout
    err = err or sys.stderr
    if not as_csv and to is None:
        return None
    if to is not None and not as_csv:
        print("harmonies history: --out goes with --csv (the CSV is what it writes)", file=err)
        return 1
    if as_json:
        print("harmonies history: choose one of --csv and --json", file=err)
        return 1
    if to is not None and not to.strip():
        print("harmonies history: --out needs a file name", file=err)
        return 1
    return history_csv(store, Path(to) if to is not None else None, out, err)
