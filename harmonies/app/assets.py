"""Finding and loading the app's data files (fonts, palette, catalogues).

Every path goes through :func:`resource_path`, which is ``harmonies.resources.resource_path``:
it finds the files in a checkout, an installed wheel and the frozen build alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from harmonies import resources


class AssetError(RuntimeError):
    """A bundled file is missing or unreadable; the message names the file."""


def resource_path(name: str) -> Path:
    """Absolute path of a bundled file given by its project-relative name."""
    return Path(resources.resource_path(name))


def asset(name: str) -> Path:
    """Path of a file under ``assets/``; raises :class:`AssetError` if it is missing."""
    path = resource_path(f"assets/{name}")
    if not path.is_file():
        raise AssetError(f"missing asset file: {path}")
    return path


def load_yaml(name: str) -> Any:
    """Parse an asset YAML file with ``safe_load``; errors name the file."""
    path = asset(name)
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except yaml.YAMLError as exc:
        raise AssetError(f"{path}: {exc}") from exc
