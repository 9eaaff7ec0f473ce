"""The settings file: defaults when missing, the right types only, a damaged file set aside."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

import harmonies.persist as persist
from harmonies.persist import LoadProblem, SaveError, Store


@dataclass(frozen=True)
class Prefs:
    window: str = "1280x720"
    fullscreen: bool = False
    volume: int = 70
    speed: float = 1.0
    symbols: bool = True


def test_missing_file_gives_the_defaults(store: Store) -> None:
    assert store.load_settings(Prefs()) == Prefs()
    assert store.load_settings() == {}
    assert store.load_settings({"volume": 5}) == {"volume": 5}


def test_round_trip_of_a_dataclass(store: Store) -> None:
    prefs = Prefs(window="1920x1080", fullscreen=True, volume=30, speed=2.5, symbols=False)
    path = store.save_settings(prefs)
    assert path == store.dirs.settings
    assert store.load_settings(Prefs()) == prefs
    assert json.loads(path.read_text())["volume"] == 30


def test_values_of_the_wrong_type_fall_back_one_by_one(store: Store) -> None:
    store.dirs.settings.parent.mkdir(parents=True)
    store.dirs.settings.write_text(json.dumps(
        {"window": 1920, "fullscreen": 1, "volume": True, "speed": 3, "symbols": False, "future": [1]}))
    assert store.load_settings(Prefs()) == Prefs(speed=3.0, symbols=False)
    assert store.load_settings({"volume": 70, "symbols": True}) == {"volume": 70, "symbols": False}


def test_keys_unknown_to_this_version_survive_a_save(store: Store) -> None:
    store.dirs.settings.parent.mkdir(parents=True)
    store.dirs.settings.write_text(json.dumps({"volume": 10, "language": "de"}))
    store.save_settings(Prefs(volume=20))
    saved = json.loads(store.dirs.settings.read_text())
    assert saved["language"] == "de" and saved["volume"] == 20


@pytest.mark.parametrize("content", [b"{\"volume\": 3", b"[1, 2]", b"", b"\xff\xfe", b"null"])
def test_a_damaged_file_is_set_aside_and_defaults_follow(store: Store, content: bytes) -> None:
    path = store.dirs.settings
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(LoadProblem) as caught:
        store.load_settings(Prefs())
    assert str(path) in str(caught.value) and "default settings" in str(caught.value)
    assert caught.value.moved_to is not None and caught.value.moved_to.read_bytes() == content
    assert store.load_settings(Prefs()) == Prefs()


def test_saving_somewhere_impossible_raises_save_error(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    with pytest.raises(SaveError):
        Store(blocked).save_settings(Prefs())
    with pytest.raises(SaveError):
        Store(tmp_path).save_settings({"bad": float("nan")})


def test_module_functions(tmp_path: Path) -> None:
    persist.save_settings({"volume": 40}, tmp_path)
    assert persist.load_settings(tmp_path) == {"volume": 40}
    assert persist.load_settings(tmp_path, Prefs()) == Prefs(volume=40)
