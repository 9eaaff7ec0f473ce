"""One window per data folder: an operating-system lock on a file in the folder.

The lock is held by an open file descriptor (``flock`` on POSIX, ``msvcrt.locking`` on Windows), so
it ends with the process however the process ends, ``kill -9`` included: there is no PID file to go
stale. The descriptor is not inheritable, and the helper processes are spawned (a fresh program,
never a fork), so no child keeps the lock alive after the window's process is gone.

The lock file stays in the folder when the lock is released: removing it would let a second window
lock a new file while a third still holds the old one.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

LOCK_NAME = "harmonies.lock"

# errno values that mean "another process holds the lock" (flock says EWOULDBLOCK, locking EACCES
# or EDEADLOCK).
_HELD = frozenset({errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)})


class FolderInUse(Exception):
    """Another process holds the lock on ``folder``."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"another process holds the lock on {folder}")
        self.folder = folder


class FolderLock:
    """The lock on one folder, held until :meth:`release` (or the process ends)."""

    def __init__(self, folder: Path, fd: int) -> None:
        self.folder = folder
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the lock up; a second call does nothing."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        finally:
            os.close(fd)


def lock_folder(folder: Path) -> FolderLock | None:
    """Lock ``folder`` (created if missing) for this process.

    Raises :class:`FolderInUse` if another process holds it. Returns None when no lock file can be
    opened there (the folder cannot be created, a read-only file system) or the file system has no
    locks: where no lock file can be written no save can be either, so two windows cannot overwrite
    each other's files, and the saves report the folder's problem.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = _open(folder / LOCK_NAME)
    except OSError:
        return None
    try:
        _lock(fd)
    except OSError as exc:
        os.close(fd)
        if exc.errno in _HELD:
            raise FolderInUse(folder) from None
        return None  # a file system without locks: play on unlocked
    return FolderLock(folder, fd)


def _open(path: Path) -> int:
    # os.open makes descriptors that are not inherited by child programs (O_CLOEXEC).
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except PermissionError:
        return os.open(path, os.O_RDONLY)  # a read-only lock file can still be locked (flock)


if sys.platform == "win32":
    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
