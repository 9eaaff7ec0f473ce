"""Writing files so that a crash at any instant leaves the old file or the new one, never half of one.

The recipe: write a temporary file in the same folder, flush it to the disk, then rename it over the
target (a rename within one file system is atomic on POSIX and on Windows), then flush the folder so
the rename itself survives a power cut. A process killed mid-write leaves at most a stray temporary
file, which :func:`remove_stale_temps` tidies away later.

Files we cannot read are never deleted: :func:`set_aside` renames them next to where they were.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from contextlib import suppress
from datetime import datetime
from pathlib import Path

#: Temporary files are named ``.<target name>.<random>.tmp`` in the target's folder.
TEMP_SUFFIX = ".tmp"

# Windows refuses to replace a file another process (a virus scanner, an indexer) holds open for a
# moment; a few short retries ride that out.
_REPLACE_TRIES = 8


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` in one step; the folder is created if missing.

    ``durable=False`` skips the flushes to disk: still all-or-nothing if the process dies, but a power
    cut may lose the latest write. Raises ``OSError`` (disk full, no permission...) with ``path``
    unchanged.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        _replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            tmp.unlink()
        raise
    if durable:
        _fsync_dir(path.parent)


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> None:
    """:func:`atomic_write_bytes` for UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"), durable=durable)


def _replace(src: Path, dst: Path) -> None:
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if sys.platform != "win32" or attempt == _REPLACE_TRIES - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows has no directory handles to flush)."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the data itself is already flushed
    finally:
        os.close(fd)


def set_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename an unreadable file to ``<stem>.bad-<YYYYmmdd-HHMMSS>[-n]<suffix>`` beside it; returns the new path.

    The file is kept, never deleted, so a player (or a newer version of the game) can still recover
    it, and it no longer stands in the way of a fresh start. Raises ``OSError`` if it cannot be renamed.
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        extra = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.stem}.bad-{stamp}{extra}{path.suffix}")
        if target.exists():
            continue
        os.rename(path, target)
        return target
    raise OSError(f"too many files set aside beside {path}")


def remove_stale_temps(path: Path, older_than: float = 600.0) -> int:
    """Delete temporary files left beside ``path`` by writers that died, if older than ``older_than`` seconds.

    They hold no data anyone saw as saved (the rename never happened), and a write takes milliseconds,
    so an old one is certainly abandoned. Returns how many were removed.
    """
    removed = 0
    cutoff = time.time() - older_than
    try:
        candidates = list(path.parent.glob(f".{path.name}.*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    for tmp in candidates:
        with suppress(OSError):
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
                removed += 1
    return removed
