"""The one place that knows where the game's data files are.

Every read of ``cards.yaml`` or of a file under ``assets/`` goes through
:func:`resource_path`, so the game finds them the same way in the three ways
it is run:

* from a checkout (``scripts/play``, an editable install): the files sit at
  the top of the repository, beside the ``harmonies`` package;
* from an installed wheel: the build copies them into ``harmonies/_bundled/``
  (see ``[tool.hatch.build.targets.wheel]`` in pyproject.toml);
* from the PyInstaller bundle: ``build/harmonies.spec`` puts them at the top
  of the bundle's data folder, ``sys._MEIPASS``.

Pure standard library: the rules library imports this and must not pull in
pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath

__all__ = ["resource_path", "search_roots"]

# Where the package itself lives; a module-level name so tests can point it
# at a fake install.
_PACKAGE_DIR: Path = Path(__file__).resolve().parent


def _is_checkout(root: Path) -> bool:
    # A wheel's parent folder is site-packages, which could hold anything
    # called "assets"; only trust the package's parent when it is our repo.
    return (root / "pyproject.toml").is_file() and (root / "harmonies").is_dir()


def search_roots() -> list[Path]:
    """The folders searched, best first (also shown in the error message)."""
    roots: list[Path] = []
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        roots.append(Path(meipass))
    checkout = _PACKAGE_DIR.parent
    # The checkout wins over _bundled/: an editable install can leave an old
    # copy of cards.yaml in site-packages, and edits in the repo must show.
    if _is_checkout(checkout):
        roots.append(checkout)
    roots.append(_PACKAGE_DIR / "_bundled")
    return roots


def _checked_parts(name: str) -> tuple[str, ...]:
    if not isinstance(name, str) or not name:
        raise ValueError(f"resource name must be a non-empty string, got {name!r}")
    # Names are always written with "/" so they read the same on every OS.
    pure = PurePosixPath(name.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or Path(name).is_absolute():
        raise ValueError(
            f"resource name {name!r} must be relative to the game's data "
            "(like 'cards.yaml' or 'assets/fonts/x.ttf'), without '..'"
        )
    return tuple(p for p in pure.parts if p != ".")


def resource_path(name: str) -> Path:
    """Return the path of the bundled data file or folder *name*.

    *name* is relative to the top of the game's data, with "/" separators:
    ``"cards.yaml"``, ``"assets/fonts/BIZUDPGothic-Regular.ttf"``,
    ``"assets"``.

    Raises FileNotFoundError naming the resource and every folder searched
    when it is in none of them, so a broken install or bundle says what is
    missing instead of failing later with a bare path.
    """
    parts = _checked_parts(name)
    roots = search_roots()
    for root in roots:
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    looked = "; ".join(str(root) for root in roots)
    raise FileNotFoundError(
        f"game resource {name!r} not found; looked in: {looked}"
    )
