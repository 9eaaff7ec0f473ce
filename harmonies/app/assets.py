"""Finding and loading the app's data files (fonts, palette, catalogues).

Every path goes through :func:`resource_path`, which is the packaging engineer's
``harmonies.resources.resource_path`` when that module exists; the fallback here
only knows the source checkout layout, so frozen builds must use the real one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml


class AssetError(RuntimeError):
    """A bundled file is missing or unreadable; the message names the file."""


def _fallback_resource_path(name: str) -> Path:
    # Checkout layout: <root>/harmonies/app/assets.py -> <root>/<name>
    return Path(__file__).resolve().parents[2] / name


def _find_resource_path() -> Callable[[str], Path]:
    try:
        from harmonies.resources import resource_path as real  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return _fallback_resource_path
    return lambda name: Path(real(name))


def resource_path(name: str) -> Path:
    """Absolute path of a bundled file given by its project-relative name."""
    return _find_resource_path()(name)


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
