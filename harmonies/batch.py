"""One line per file for the command-line tools that take several files (``score``, ``habitats``, ``replay``).

Each file given gets exactly one line on stdout, in the order given: its result, or a JSON object
``{"file": …, "error": …}`` naming it and why it gave none. Each failure also gets one human line on
stderr. A caller can therefore match line *n* of the output to file *n* of its arguments, and one
bad file never hides the results of the others. Nothing here imports the rest of the package, so
both ``harmonies.cli`` and ``harmonies.persist.replay`` use it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def error_line(path: Path, message: str) -> str:
    """The stdout line of a file that gave no result."""
    return json.dumps({"file": str(path), "error": message})


def run_batch(command: str, files: Sequence[Path], result: Callable[[Path], Any],
              explain: Callable[[Path, Exception], str], failed_status: int = 1) -> int:
    """Print ``result(path)`` as one JSON line per file; returns the exit status.

    ``explain`` words an exception ``result`` raised, starting with the file's name as the human line
    says it (``f.json: cells[0]: …``, ``f.json:3:7: …``); the JSON line names the file in its own field
    and keeps the rest as ``error``. Any exception counts against its file alone: a batch ends in one verdict per file, never a
    traceback. Returns 0 if every file gave a result, else ``failed_status``.
    """
    status = 0
    for path in files:
        try:
            line = json.dumps(result(path))
        except Exception as exc:  # noqa: BLE001 - the file's own line says why; the next file goes on
            human = explain(path, exc)
            line = error_line(path, without_file(path, human))
            status = failed_status
            try:
                print(f"harmonies {command}: {human}", file=sys.stderr, flush=True)
            except BrokenPipeError:
                pass
        try:
            print(line, flush=True)
        except BrokenPipeError:  # the reader has gone (``| head``): the rest would go nowhere
            return status
    return status


def without_file(path: Path, message: str) -> str:
    """``message`` without the file name it starts with (``"f.json: cells[0]: …"`` gives ``"cells[0]: …"``,
    ``"f.json:3:7: …"`` gives ``"3:7: …"``): the JSON line names the file in a field of its own."""
    name = str(path)
    if message.startswith(name + ": "):
        return message[len(name) + 2:]
    if message.startswith(name + ":"):
        return message[len(name) + 1:]
    return message
