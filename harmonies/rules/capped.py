"""Reading a player's file without trusting it: at most a given number of bytes, and only from a
regular file, so a FIFO, a device or a folder named as a file is refused at once instead of blocking
the reader or filling memory."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def read_capped(path: str | Path, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of the regular file at ``path`` (one past the limit tells the caller it
    is too large). ``OSError`` when it cannot be read, ``EINVAL``'s message naming what it is when it is
    not a regular file."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode) else "not a regular file"
            raise OSError(errno.EINVAL, f"it is {kind}" if kind != "not a regular file" else kind)
        with os.fdopen(fd, "rb", closefd=True) as f:
            fd = -1
            return f.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
