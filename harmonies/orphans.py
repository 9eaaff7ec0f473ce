"""Worker processes that end with the process that started them, however it ended.

A pool worker waits for work on a pipe whose writing end it holds itself, so it never sees its
parent die and would wait forever (``kill -9`` of the window or of ``harmonies simulate`` would
leave it, and multiprocessing's resource tracker with it, running for good). :func:`watch_parent`,
given as a pool's initializer, starts a thread in the worker that ends it as soon as its parent is
gone. Nothing here imports the rest of the package, so any pool can use it cheaply.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
import time

# How often a worker looks whether its parent is still there, when nothing tells it sooner.
PARENT_POLL = 0.5


def watch_parent(parent_pid: int) -> None:
    """Pool initializer: a thread ends this process as soon as its parent is gone.

    The thread waits on multiprocessing's parent sentinel (a pipe the parent alone writes to on
    POSIX, the parent's process handle on Windows: ready the moment the parent dies), and on POSIX
    also checks that the parent is still its parent.
    """
    threading.Thread(target=_exit_with_parent, args=(parent_pid,), name="harmonies-parent-watch",
                     daemon=True).start()


def _exit_with_parent(parent_pid: int) -> None:
    parent = multiprocessing.parent_process()
    sentinels = [parent.sentinel] if parent is not None and parent.sentinel is not None else []
    while not parent_gone(parent_pid, sentinels):
        pass
    os._exit(0)  # no clean-up to wait for: nobody is left to answer


def parent_gone(parent_pid: int, sentinels: list[int]) -> bool:
    """Waits up to PARENT_POLL seconds; whether the parent has died."""
    if sentinels:
        if multiprocessing.connection.wait(sentinels, timeout=PARENT_POLL):
            return True
    else:
        time.sleep(PARENT_POLL)
    return os.name == "posix" and os.getppid() != parent_pid
