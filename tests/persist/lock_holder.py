"""A second process that holds a data folder's lock, as another game window does.

Run as ``python lock_holder.py FOLDER``: it locks FOLDER (through the window's own
:func:`harmonies.persist.lock.lock_folder`), prints ``held``, and keeps the lock until its stdin
closes. Tests start it with :class:`LockHolder`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import TracebackType

from harmonies.persist.lock import lock_folder

ROOT = Path(__file__).resolve().parents[2]


class LockHolder:
    """``with LockHolder(folder):`` another process holds ``folder``'s lock for the block."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.proc: subprocess.Popen[str] | None = None

    def __enter__(self) -> "LockHolder":
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        self.proc = subprocess.Popen([sys.executable, __file__, str(self.folder)], cwd=ROOT, text=True, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "held"
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        self.proc.wait(30)
        self.proc.stdout.close()


def main(folder: str) -> None:
    lock = lock_folder(Path(folder))
    assert lock is not None
    print("held", flush=True)
    sys.stdin.read()
    lock.release()


if __name__ == "__main__":
    main(sys.argv[1])
