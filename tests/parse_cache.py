"""Data files parsed once per test process: every App a test builds reads the text catalogues (and
the theme) again, and the pure-Python YAML parser takes most of a UI test's own time doing so.

``by_file(read, path_of)`` wraps a reader of a named data file: the first read of a file is the real
one; later reads of the same file, unchanged (same path, inode, size and modification time), get a
deep copy of what it returned, so a caller that changes what it got changes nothing for the next.
A file that cannot be found, or a read that raises, is never cached: the real reader runs and says
what is wrong, as it does in the game."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

Key = tuple[str, int, int, int]
Reader = TypeVar("Reader", bound=Callable[[str], Any])


def by_file(read: Reader, path_of: Callable[[str], Path]) -> Reader:
    kept: dict[Key, Any] = {}

    @functools.wraps(read)
    def cached(name: str) -> Any:
        try:
            path = path_of(name)
            st = path.stat()
        except Exception:  # a name that makes no path, or a missing file: the real reader says so
            return read(name)
        key = (str(path), st.st_ino, st.st_size, st.st_mtime_ns)
        if key not in kept:
            kept[key] = read(name)
        return copy.deepcopy(kept[key])

    return cast(Reader, cached)
