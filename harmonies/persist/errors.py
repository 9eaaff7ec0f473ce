"""The two things that can go wrong with a file, each with a message ready to show the player."""

from __future__ import annotations

from pathlib import Path


class LoadProblem(Exception):
    """A file that could not be loaded. ``str(problem)`` is the message for the player.

    ``path`` is the file as it was named; ``reason`` what is wrong with it; ``moved_to`` where it was set
    aside (``None`` if it was left in place: unreadable, or played with other cards and fine otherwise).
    """

    def __init__(self, what: str, path: Path, reason: str, moved_to: Path | None, note: str = "") -> None:
        self.what = what
        self.path = path
        self.reason = reason
        self.moved_to = moved_to
        if moved_to is not None:
            after = f" The file was kept as {moved_to.name} in the same folder.{note}"
        else:
            after = note or " The file was left where it is."
        super().__init__(f"Could not load the {what} {path}: {reason}.{after}")

    @property
    def message(self) -> str:
        return str(self)


class SaveError(Exception):
    """A file that could not be written; the previous version of it is intact."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"Could not save to {path}: {reason}")
