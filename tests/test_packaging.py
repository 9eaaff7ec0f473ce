"""Fast checks of the packaging glue: resource lookup and the command's dispatch.

The slow proof (build the bundle, run its --smoke-test) is in .ci/run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

import harmonies
from harmonies import app as app_package
from harmonies import cli
from harmonies.compiled import build_name
from harmonies import __main__ as entry
from harmonies import resources
from harmonies.resources import resource_path

REPO = Path(__file__).resolve().parents[1]


def test_finds_cards_yaml_in_the_checkout() -> None:
    if not (REPO / "cards.yaml").is_file():
        pytest.skip("no cards.yaml in this checkout yet")
    assert resource_path("cards.yaml") == REPO / "cards.yaml"


def test_finds_a_folder_and_a_nested_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fonts = tmp_path / "assets" / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "a.ttf").write_bytes(b"")
    monkeypatch.setattr(resources, "search_roots", lambda: [tmp_path])
    assert resource_path("assets") == tmp_path / "assets"
    assert resource_path("assets/fonts/a.ttf") == fonts / "a.ttf"


def test_missing_resource_error_names_it_and_the_places_searched() -> None:
    with pytest.raises(FileNotFoundError) as info:
        resource_path("assets/no-such-file.png")
    message = str(info.value)
    assert "assets/no-such-file.png" in message
    for root in resources.search_roots():
        assert str(root) in message


@pytest.mark.parametrize("bad", ["", "../cards.yaml", "assets/../../etc/passwd", "/etc/passwd"])
def test_rejects_names_outside_the_data(bad: str) -> None:
    with pytest.raises(ValueError):
        resource_path(bad)


def test_frozen_bundle_is_searched_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cards.yaml").write_text("from the bundle\n")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.search_roots()[0] == tmp_path
    assert resource_path("cards.yaml") == tmp_path / "cards.yaml"


def test_installed_wheel_uses_bundled_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A wheel install: site-packages/harmonies/_bundled/, and site-packages
    # is not a checkout (no pyproject.toml), so its own files are ignored.
    package = tmp_path / "site-packages" / "harmonies"
    (package / "_bundled").mkdir(parents=True)
    (package / "_bundled" / "cards.yaml").write_text("x\n")
    (tmp_path / "site-packages" / "assets").mkdir()
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resources.search_roots() == [package / "_bundled"]
    assert resource_path("cards.yaml") == package / "_bundled" / "cards.yaml"
    with pytest.raises(FileNotFoundError):
        resource_path("assets")


def test_version_from_the_command_line() -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run(
        [sys.executable, "-m", "harmonies", "--version"],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=60, check=True,
    )
    assert out.stdout.strip() == f"harmonies {harmonies.__version__} ({build_name()})"


def test_light_modules_do_not_import_pygame() -> None:
    # --version and the rules must start fast and run without a display.
    code = (
        "import sys, harmonies.__main__, harmonies.resources, harmonies.smoke; "
        "sys.exit('pygame' in sys.modules)"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, timeout=60, check=True)


def _fake_main(monkeypatch: pytest.MonkeyPatch, module: types.ModuleType, calls: list[list[str]]) -> None:
    def main(argv: list[str]) -> int:
        calls.append(list(argv))
        return 7

    monkeypatch.setattr(module, "main", main)


def test_subcommands_go_to_cli_with_global_options(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    _fake_main(monkeypatch, cli, calls)
    argv = ["--data-dir", "/tmp/d", "score", "board.yaml", "--version"]
    assert entry.main(argv) == 7
    assert calls == [argv]


def test_option_value_is_not_taken_for_a_subcommand(monkeypatch: pytest.MonkeyPatch) -> None:
    app_calls: list[list[str]] = []
    cli_calls: list[list[str]] = []
    _fake_main(monkeypatch, app_package, app_calls)
    _fake_main(monkeypatch, cli, cli_calls)
    assert entry.main(["--cards", "demo"]) == 7
    assert app_calls == [["--cards", "demo"]] and cli_calls == []


@pytest.mark.slow
def test_smoke_test_names_a_missing_piece(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from harmonies import smoke

    # run() forces the dummy drivers; keep that from leaking into other tests.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(smoke, "_check_cards", lambda: 42)
    monkeypatch.setattr(smoke, "_check_fonts", lambda: None)
    monkeypatch.setitem(sys.modules, "harmonies.app.smoke", None)
    assert entry.main(["--smoke-test"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("smoke test FAILED:") and "harmonies.app.smoke" in err


def test_the_game_never_imports_the_tuning_tools() -> None:
    # The bundle leaves harmonies.tuning out (build/harmonies.spec): importing every other module of
    # the game, in a fresh interpreter, must not pull it in.
    code = (
        "import importlib, pkgutil, sys\n"
        "def walk(name):\n"
        "    module = importlib.import_module(name)\n"
        "    for m in pkgutil.iter_modules(getattr(module, '__path__', [])):\n"
        "        if m.name != 'tuning' and m.name != '__main__':\n"
        "            walk(f'{name}.{m.name}')\n"
        "walk('harmonies')\n"
        "print(sorted(n for n in sys.modules if n.startswith('harmonies.tuning')))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
