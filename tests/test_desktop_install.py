"""The Linux desktop archive and its install script, on a fake app folder in a temporary home.

scripts/package_linux.py packs a folder shaped like PyInstaller's (``Harmonies/harmonies`` and an
``_internal/`` beside it; here a shell script stands in for the real program, whose build takes
minutes); the archive is unpacked and its ``install.sh`` run as a user would, with ``HOME`` a
temporary folder: the menu entry, the icon, the link on ``~/.local/bin`` and the app are where a
desktop looks for them, an upgrade replaces the app, and ``--uninstall`` removes exactly them.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import stat
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

import harmonies

REPO = Path(__file__).resolve().parents[1]


def _script(name: str) -> ModuleType:
    """A module of scripts/, which is not a package."""
    spec = importlib.util.spec_from_file_location(f"harmonies_{name}", REPO / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


package_linux = _script("package_linux")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the Linux desktop files need a POSIX shell")


def fake_app(folder: Path, says: str = "fake harmonies") -> Path:
    """A folder like dist/Harmonies: an executable that prints ``says`` and its arguments."""
    app = folder / "Harmonies"
    (app / "_internal").mkdir(parents=True)
    (app / "_internal" / "cards.yaml").write_text("animals: []\n")
    program = app / "harmonies"
    program.write_text(f'#!/bin/sh\necho "{says} $*"\n')
    program.chmod(0o755)
    return app


def unpacked(archive: Path, into: Path) -> Path:
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="tar") if hasattr(tarfile, "data_filter") else tar.extractall(into)
    [top] = list(into.iterdir())
    return top


def run(script: Path, home: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    """``script`` as the user runs it, in a session whose home is ``home`` (no XDG folders set)."""
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    done = subprocess.run([str(script), *args], env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode == 0) == ok, (done.stdout, done.stderr)
    return done


@pytest.fixture
def package(tmp_path: Path) -> Path:
    archive = package_linux.pack(fake_app(tmp_path / "dist"), tmp_path / "out", machine="x86_64")
    return unpacked(archive, tmp_path / "unpacked")


def installed(home: Path) -> dict[str, Path]:
    share = home / ".local" / "share"
    return {
        "app": home / ".local" / "lib" / "harmonies",
        "link": home / ".local" / "bin" / "harmonies",
        "entry": share / "applications" / "harmonies.desktop",
        "icon": share / "icons" / "hicolor" / "256x256" / "apps" / "harmonies.png",
    }


def test_the_archive_is_named_by_version_and_holds_the_app_and_the_desktop_files(tmp_path: Path) -> None:
    archive = package_linux.pack(fake_app(tmp_path / "dist"), tmp_path / "out", machine="x86_64")
    assert archive.name == f"Harmonies-{harmonies.__version__}-linux-x86_64.tar.gz"
    assert package_linux.version() == harmonies.__version__
    assert [p.name for p in archive.parent.iterdir()] == [archive.name]  # no partial file left
    top = f"Harmonies-{harmonies.__version__}"
    with tarfile.open(archive) as tar:
        members = {m.name: m for m in tar.getmembers()}
    for name in ("Harmonies/harmonies", "Harmonies/_internal/cards.yaml", "harmonies.desktop", "harmonies.png",
                 "install.sh", "README.txt"):
        assert f"{top}/{name}" in members, name
    assert {n.split("/")[0] for n in members} == {top}
    for name in ("Harmonies/harmonies", "install.sh"):
        assert members[f"{top}/{name}"].mode & stat.S_IXUSR, name
    assert all(m.uid == 0 and m.uname == "" for m in members.values())


def test_the_desktop_entry_is_a_valid_application_entry() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read(REPO / "build" / "linux" / "harmonies.desktop", encoding="utf-8")
    main = entry["Desktop Entry"]
    assert main["Type"] == "Application" and main["Name"] == "Harmonies"
    assert main["Icon"] == "harmonies" and main["Terminal"] == "false"
    assert "Game" in main["Categories"].split(";") and main["Categories"].endswith(";")
    # The window's class (harmonies.app.app.WINDOW_CLASS) ties the running window to this entry.
    app_source = (REPO / "harmonies" / "app" / "app.py").read_text(encoding="utf-8")
    assert re.search(r'^WINDOW_CLASS = "harmonies"$', app_source, re.M)
    assert main["StartupWMClass"] == "harmonies"


def test_install_puts_the_app_in_the_menu_and_uninstall_takes_it_out(package: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    saves = home / ".local" / "share" / "Harmonies"
    saves.mkdir(parents=True)
    (saves / "autosave.json").write_text("{}")
    said = run(package / "install.sh", home).stdout
    assert "installed in" in said
    where = installed(home)
    assert (where["app"] / "harmonies").is_file() and (where["app"] / "_internal" / "cards.yaml").is_file()
    assert where["link"].is_symlink() and os.readlink(where["link"]) == str(where["app"] / "harmonies")
    assert subprocess.run([str(where["link"]), "--version"], capture_output=True, text=True).stdout == \
        "fake harmonies --version\n"
    assert where["icon"].read_bytes() == (REPO / "assets" / "icon.png").read_bytes()
    entry = where["entry"].read_text(encoding="utf-8")
    assert f'Exec="{where["app"]}/harmonies"' in entry.splitlines()  # a full path: the menu has no PATH
    assert f"TryExec={where['app']}/harmonies" in entry.splitlines()
    assert "Icon=harmonies" in entry.splitlines()

    gone = run(package / "install.sh", home, "--uninstall").stdout
    assert "removed" in gone and "kept" in gone
    for name, path in where.items():
        assert not path.exists() and not path.is_symlink(), name
    assert (saves / "autosave.json").read_text() == "{}"  # the game's own files stay
    # No cache of the menus or the icons was made where there was none.
    assert not list((home / ".local" / "share").rglob("*.cache"))
    assert "nothing to remove" in run(package / "install.sh", home, "--uninstall").stdout


def test_installing_again_replaces_the_app(package: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    run(package / "install.sh", home)
    (package / "Harmonies" / "harmonies").write_text('#!/bin/sh\necho "version two $*"\n')
    (package / "Harmonies" / "_internal" / "cards.yaml").unlink()
    run(package / "install.sh", home)
    where = installed(home)
    assert subprocess.run([str(where["link"])], capture_output=True, text=True).stdout == "version two \n"
    assert not (where["app"] / "_internal" / "cards.yaml").exists()  # nothing of the old copy is left
    assert not where["app"].with_name("harmonies.new").exists()


def test_install_and_uninstall_leave_what_is_not_theirs(package: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    own = home / ".local" / "bin" / "harmonies"
    own.parent.mkdir(parents=True)
    own.write_text("#!/bin/sh\necho mine\n")
    refused = run(package / "install.sh", home, ok=False)
    assert "not this script's link" in refused.stderr and own.read_text() == "#!/bin/sh\necho mine\n"
    own.unlink()
    folder = installed(home)["app"]
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine")
    assert "not made by this script" in run(package / "install.sh", home, ok=False).stderr
    assert "not made by this script" in run(package / "install.sh", home, "--uninstall", ok=False).stderr
    assert (folder / "notes.txt").read_text() == "mine"


def test_install_refuses_a_folder_without_the_app(tmp_path: Path) -> None:
    script = tmp_path / "install.sh"
    script.write_bytes((REPO / "build" / "linux" / "install.sh").read_bytes())
    script.chmod(0o755)
    assert "no Harmonies/harmonies" in run(script, tmp_path / "home", ok=False).stderr
    assert "unknown option" in run(script, tmp_path / "home", "--bogus", ok=False).stderr
    assert not (tmp_path / "home").exists()


def test_a_home_with_a_space_installs(package: Path, tmp_path: Path) -> None:
    home = tmp_path / "my home"
    run(package / "install.sh", home)
    entry = installed(home)["entry"].read_text(encoding="utf-8")
    assert f'Exec="{home}/.local/lib/harmonies/harmonies"' in entry.splitlines()
    run(package / "install.sh", home, "--uninstall")
    assert not installed(home)["app"].exists()
