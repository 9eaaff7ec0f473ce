"""Pack the built app for Linux desktops: ``dist/Harmonies-<version>-linux-<machine>.tar.gz``.

Run by ``scripts/build`` after PyInstaller (``python scripts/package_linux.py [--app DIR] [--out DIR]``).
The archive holds one folder, ``Harmonies-<version>/``, with:

- ``Harmonies/``: the app folder as PyInstaller made it (``Harmonies/harmonies`` starts the game);
- ``harmonies.desktop``: the menu entry (build/linux/harmonies.desktop);
- ``harmonies.png``: its icon (assets/icon.png);
- ``install.sh``: puts the app in the user's menu, ``install.sh --uninstall`` takes it out
  (build/linux/install.sh);
- ``README.txt``: those two commands.

The version is ``harmonies.__version__``. The archive is written under a temporary name and renamed
when whole, so a failed or interrupted packing never leaves a truncated archive under the real name;
the app folder itself is only read.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import re
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "build" / "linux"

README = """Harmonies {version} for Linux ({machine})

  ./install.sh                put Harmonies in your menu (Games) and ~/.local/bin; no root needed
  ./install.sh --uninstall    take it out again (saves and finished games are kept)

Or run it from here without installing: Harmonies/harmonies
"""


def version() -> str:
    """``__version__`` as harmonies/__init__.py sets it (read, not imported: the script needs nothing
    of the game)."""
    text = (ROOT / "harmonies" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if found is None:
        raise SystemExit("package_linux: no __version__ in harmonies/__init__.py")
    return found.group(1)


def archive_name(ver: str, machine: str | None = None) -> str:
    return f"Harmonies-{ver}-linux-{machine or platform.machine()}.tar.gz"


def _mode(info: tarfile.TarInfo) -> tarfile.TarInfo:
    # Owned by nobody in particular: the files are the unpacking user's, whoever built them.
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def pack(app: Path, out: Path, ver: str | None = None, machine: str | None = None) -> Path:
    """Write the archive of the app folder ``app`` into ``out``; returns its path."""
    ver = ver or version()
    if not (app / "harmonies").is_file():
        raise SystemExit(f"package_linux: {app}/harmonies is missing; build the app first")
    top = f"Harmonies-{ver}"
    out.mkdir(parents=True, exist_ok=True)
    target = out / archive_name(ver, machine)
    partial = target.with_name(target.name + ".part")
    readme = README.format(version=ver, machine=machine or platform.machine()).encode("utf-8")
    try:
        with tarfile.open(partial, "w:gz", compresslevel=6) as tar:
            tar.add(app, f"{top}/Harmonies", filter=_mode)
            tar.add(LINUX / "harmonies.desktop", f"{top}/harmonies.desktop", filter=_mode)
            tar.add(ROOT / "assets" / "icon.png", f"{top}/harmonies.png", filter=_mode)
            tar.add(LINUX / "install.sh", f"{top}/install.sh", filter=_mode)
            info = _mode(tarfile.TarInfo(f"{top}/README.txt"))
            info.size, info.mode, info.mtime = len(readme), 0o644, int(time.time())
            tar.addfile(info, io.BytesIO(readme))
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "Harmonies", help="the app folder (dist/Harmonies)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the archive goes (dist/)")
    args = parser.parse_args(argv)
    path = pack(args.app, args.out)
    print(f"packed {path} ({path.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
