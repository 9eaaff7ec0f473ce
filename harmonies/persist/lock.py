"""One window per data folder: an operating-system lock on a file in the folder.

The lock is held by an open file descriptor (``flock`` on POSIX, ``msvcrt.locking`` on Windows), so
it ends with the process however the process ends, ``kill -9`` included: there is no PID file to go
stale. The descriptor is not inheritable, and the helper processes are spawned (a fresh program,
never a fork), so no child keeps the lock alive after the window's process is gone.

The lock file stays in the folder when the lock is released: removing it would let a second window
lock a new file while a third still holds the old one.

Every write into a data folder happens under its lock (:func:`writing`): the window holds its own
folder's lock for its whole life, and a write into any other folder (a rescue "save elsewhere", a
command-line import) takes that folder's lock for the moment of the write, so it is refused while a
window has that folder open instead of writing files the window then overwrites.

A lock path that is not a regular file (a folder, a FIFO, a link) cannot be locked, so
:class:`LockNotFile` refuses the folder rather than letting two windows open on it unlocked.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

LOCK_NAME = "harmonies.lock"

# errno values that mean "another process holds the lock" (flock says EWOULDBLOCK, locking EACCES
# or EDEADLOCK).
_HELD = frozenset({errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)})


class LockProblem(Exception):
    """A folder that cannot be locked for writing; ``folder`` is the folder, the message one line."""

    def __init__(self, folder: Path, message: str) -> None:
        super().__init__(message)
        self.folder = folder


class FolderInUse(LockProblem):
    """Another process holds the lock on ``folder``."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, f"another process holds the lock on {folder}")


class LockNotFile(LockProblem):
    """The lock path ``path`` in ``folder`` is not a regular file (``kind`` says what it is)."""

    def __init__(self, folder: Path, path: Path, kind: str) -> None:
        super().__init__(folder, f"{path} is {kind}, not a lock file")
        self.path = path
        self.kind = kind


# The folders this process holds the lock of, by their real path: a write into one of them goes ahead
# (flock locks belong to an open file, so a second lock from this process would be refused). The
# guard also makes the writes of this process's threads into unlocked folders take turns.
_LOCKED: dict[str, "FolderLock"] = {}
_GUARD = threading.RLock()


def _key(folder: Path) -> str:
    return os.path.realpath(folder)


class FolderLock:
    """The lock on one folder, held until :meth:`release` (or the process ends)."""

    def __init__(self, folder: Path, fd: int) -> None:
        self.folder = folder
        self._fd: int | None = fd
        with _GUARD:
            _LOCKED[_key(folder)] = self

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the lock up; a second call does nothing."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with _GUARD:
            if _LOCKED.get(_key(self.folder)) is self:
                del _LOCKED[_key(self.folder)]
        try:
            _unlock(fd)
        finally:
            os.close(fd)


def lock_folder(folder: Path) -> FolderLock | None:
    """Lock ``folder`` (created if missing) for this process.

    Raises :class:`FolderInUse` if another process holds it, :class:`LockNotFile` if the lock path
    is not a regular file. Returns None when no lock file can be opened there (the folder cannot be
    created, a read-only file system) or the file system has no locks: where no lock file can be
    written no save can be either, so two windows cannot overwrite each other's files, and the saves
    report the folder's problem.
    """
    path = folder / LOCK_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _check_regular(folder, path)
        fd = _open(path)
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


@contextmanager
def writing(folder: Path) -> Iterator[None]:
    """Run the block (a write into ``folder``) under ``folder``'s lock.

    A folder this process holds already (the window's own) goes ahead at once; any other is locked
    for the block and released after it. Raises :class:`FolderInUse` when another process holds it
    and :class:`LockNotFile` when its lock path is not a regular file; a folder where no lock can be
    taken (see :func:`lock_folder`) is written unlocked, and the write itself says what is wrong.
    """
    with _GUARD:
        if _key(folder) in _LOCKED:
            yield
            return
        lock = lock_folder(folder)
        try:
            yield
        finally:
            if lock is not None:
                lock.release()


def holds(folder: Path) -> bool:
    """Whether this process holds ``folder``'s lock."""
    with _GUARD:
        return _key(folder) in _LOCKED


def _check_regular(folder: Path, path: Path) -> None:
    """Raise :class:`LockNotFile` if ``path`` exists and is not a regular file (a link is refused too:
    it may lead anywhere, a device included)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode):
        return
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a link"), (stat.S_ISFIFO, "a FIFO"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))
    raise LockNotFile(folder, path, next((kind for test, kind in kinds if test(mode)), "not a regular file"))


def _open(path: Path) -> int:
    # os.open makes descriptors that are not inherited by child programs (O_CLOEXEC). O_NOFOLLOW
    # (where the system has it) refuses a link put there after the check.
    flags = getattr(os, "O_NOFOLLOW", 0)
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | flags, 0o644)
    except PermissionError:
        return os.open(path, os.O_RDONLY | flags)  # a read-only lock file can still be locked (flock)


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
