"""Where the game keeps its files: the user's data and config folders, or one folder given by ``--data-dir``.

Without an override (platformdirs decides, per platform):

- data (saves):   ``~/.local/share/Harmonies`` on Linux, ``%LOCALAPPDATA%\\Harmonies`` on Windows,
  ``~/Library/Application Support/Harmonies`` on macOS
- config (settings): ``~/.config/Harmonies`` on Linux, the same folder as data on Windows and macOS

``--data-dir DIR`` puts everything in ``DIR``: a portable install on a USB stick, or a test's tmp folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "Harmonies"

AUTOSAVE_NAME = "autosave.json"
FINISHED_DIR = "finished"
SETTINGS_NAME = "settings.json"


@dataclass(frozen=True)
class Dirs:
    """The two folders the game writes to (the same folder when overridden)."""

    data: Path
    config: Path

    @property
    def autosave(self) -> Path:
        """The game in progress."""
        return self.data / AUTOSAVE_NAME

    @property
    def finished(self) -> Path:
        """Folder of finished games, one file each."""
        return self.data / FINISHED_DIR

    @property
    def settings(self) -> Path:
        return self.config / SETTINGS_NAME


def resolve_dirs(data_dir: str | Path | None = None) -> Dirs:
    """The folders to use: ``data_dir`` for both when given, else the platform's user folders.

    Nothing is created here; writers create folders when they first write.
    """
    if data_dir is not None and str(data_dir) != "":
        folder = Path(data_dir).expanduser()
        return Dirs(folder, folder)
    return Dirs(
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
    )
