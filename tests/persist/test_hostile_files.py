"""Hostile saves and settings: refused before they cost time or memory, cleaned where they can be drawn,
set aside with one line naming the file and the place, never an exception other than LoadProblem."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from harmonies.catalogue import Catalogue, has_language
from harmonies.app.settings import MAX_WINDOW, Settings, StoreSettings
from harmonies.persist import LoadProblem, Store, document
from harmonies.persist import cards as persist_cards
from harmonies.persist import settings as settings_file
from harmonies.persist.replay import main as replay_main
from harmonies.rules import default_cards
from harmonies.rules.cards import default_cards_path

from saves_helpers import mid_turn

SEATS = {"seats": [{"name": "Ann", "kind": "human", "level": "random"},
                   {"name": "Bot", "kind": "computer", "level": "random"}]}


def _save_doc(store: Store, meta: dict[str, object] | None = None) -> dict[str, object]:
    store.autosave(mid_turn(), meta or SEATS)
    doc: dict[str, object] = json.loads(store.autosave_path.read_bytes())
    return doc


def _refused(store: Store, data: bytes) -> LoadProblem:
    store.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    store.autosave_path.write_bytes(data)
    with pytest.raises(LoadProblem) as caught:
        store.load_autosave()
    problem = caught.value
    assert str(store.autosave_path) in str(problem) and "\n" not in str(problem)
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == data
    assert not store.autosave_path.exists()
    return problem


def test_a_save_over_the_size_limit_is_set_aside_unparsed(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    good = json.dumps(_save_doc(store)).encode()
    monkeypatch.setattr(document, "MAX_BYTES", len(good) - 1)
    problem = _refused(store, good)
    assert "MB a save can be" in problem.reason


def test_a_save_with_too_many_commands_is_refused_before_replay(store: Store,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    doc = _save_doc(store)
    game = doc["game"]
    assert isinstance(game, dict)
    monkeypatch.setattr(document, "MAX_COMMANDS", len(game["commands"]) - 1)
    problem = _refused(store, json.dumps(doc).encode())
    assert f"more than the {document.MAX_COMMANDS:,}" in problem.reason


def test_a_number_over_the_digit_limit_names_file_and_line(store: Store) -> None:
    text = json.dumps(_save_doc(store), indent=1)
    text = text.replace('"version": 1', '"version": ' + "9" * (sys.get_int_max_str_digits() + 1))
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"version"' in row)
    problem = _refused(store, text.encode())
    assert problem.reason.startswith(f"line {line}, column") and "digits" in problem.reason


def test_deep_nesting_names_the_line(store: Store) -> None:
    data = b'{"harmonies": "save",\n "meta": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    problem = _refused(store, data)
    assert problem.reason.startswith("line 2, column") and "nested more than" in problem.reason


def test_a_huge_bad_value_gives_a_short_message(store: Store) -> None:
    doc = _save_doc(store)
    doc["harmonies"] = "x" * 1_000_000
    problem = _refused(store, json.dumps(doc).encode())
    assert len(str(problem)) < 600


@pytest.mark.parametrize("name", ["A\x00nn", "\ud800Ann", "An\x1bn\u202e", "Ann" + "\x07" * 3])
def test_text_no_font_draws_is_removed_from_names_at_load(store: Store, name: str) -> None:
    meta = {"seats": [{"name": name, "kind": "human", "level": "random"}, SEATS["seats"][1]]}
    doc = _save_doc(store)
    doc["meta"] = meta
    store.autosave_path.write_text(json.dumps(doc), encoding="utf-8")  # ASCII escapes keep the surrogate
    saved = store.load_autosave()
    assert saved is not None
    assert saved.meta["seats"][0]["name"] == "Ann"
    assert saved.meta["seats"][1] == SEATS["seats"][1]


def test_long_text_in_meta_is_cut() -> None:
    cleaned = document.clean_text({"k" * 500: ["é" * 500, 7, None, {"x": "ok"}]})
    assert cleaned == {"k" * document.MAX_TEXT: ["é" * document.MAX_TEXT, 7, None, {"x": "ok"}]}


def test_replay_refuses_an_oversized_file_with_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 100 + b"{}")
    monkeypatch.setattr(document, "MAX_BYTES", 50)
    assert replay_main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"harmonies replay: {path}: ") and "MB a save can be" in err


# ------------------------------------------------------------------ settings
def _settings(store: Store, text: str) -> Settings:
    store.dirs.settings.parent.mkdir(parents=True, exist_ok=True)
    store.dirs.settings.write_text(text, encoding="utf-8")
    holder = StoreSettings(store)
    loaded = holder.load()
    assert holder.problem is None
    return loaded


@pytest.mark.parametrize("language", ["xx", "../../cards", "\ud800", "en/../../x", "EN", "", 7, ["en"], None])
def test_an_unknown_or_malformed_language_falls_back_to_english_and_keeps_the_rest(store: Store,
                                                                                   language: object) -> None:
    loaded = _settings(store, json.dumps({"language": language, "volume": 30, "ai_speed": "fast"}))
    assert loaded.language == ""  # unset: the window follows the system's locale, else English
    assert (loaded.volume, loaded.ai_speed) == (30, "fast")
    assert not list(store.dirs.settings.parent.glob("*.bad-*"))  # one bad value is no reason to move the file


def test_the_catalogue_never_opens_a_path_built_from_a_bad_language() -> None:
    for language in ("xx", "../../cards", "../locales/en", "\ud800"):
        assert not has_language(language)
        assert Catalogue.load(language).language == "en"
    assert has_language("en")


@pytest.mark.parametrize("window,size", [("100000x100000", MAX_WINDOW), ("10x10", (640, 360)),
                                         ("1600x900", (1600, 900)), ("9" * 5000 + "x1", (1280, 720)),
                                         ("\ud800", (1280, 720)), ("-5x-5", (1280, 720))])
def test_the_window_size_is_clamped_or_ignored(store: Store, window: str, size: tuple[int, int]) -> None:
    loaded = _settings(store, json.dumps({"window": window, "volume": 30}))
    assert loaded.window_size == size and loaded.volume == 30


def test_a_settings_file_over_the_limit_is_set_aside_with_one_line(store: Store) -> None:
    data = json.dumps({"volume": 30, "pad": "x" * settings_file.MAX_BYTES})
    store.dirs.settings.parent.mkdir(parents=True)
    store.dirs.settings.write_text(data, encoding="utf-8")
    holder = StoreSettings(store)
    assert holder.load() == Settings()
    assert holder.problem is not None and str(store.dirs.settings) in holder.problem
    assert "\n" not in holder.problem
    assert not store.dirs.settings.exists()
    assert [p.read_text(encoding="utf-8") for p in store.dirs.settings.parent.glob("*.bad-*")] == [data]


@pytest.mark.parametrize("text", ['{"volume": ' + "9" * 5000 + "}", "[" * 3000 + "]" * 3000, "\ud800"])
def test_an_unparsable_settings_file_is_set_aside(store: Store, text: str) -> None:
    store.dirs.settings.parent.mkdir(parents=True)
    store.dirs.settings.write_bytes(text.encode("utf-8", "surrogatepass"))
    with pytest.raises(LoadProblem) as caught:
        store.load_settings(Settings())
    assert caught.value.moved_to is not None and str(store.dirs.settings) in str(caught.value)
    assert store.load_settings(Settings()) == Settings()


def test_saving_over_a_file_with_unstorable_text_keeps_working(store: Store) -> None:
    store.dirs.settings.parent.mkdir(parents=True)
    store.dirs.settings.write_text('{"future_key": "\\ud800", "volume": 5}', encoding="utf-8")
    store.save_settings(Settings(volume=40))
    raw = json.loads(store.dirs.settings.read_text(encoding="utf-8"))
    assert raw["future_key"] == "\ud800" and raw["volume"] == 40
    assert asdict(store.load_settings(Settings())) == asdict(Settings(volume=40))


# ------------------------------------------------------------------ cards for the window
def test_a_slow_cards_file_gives_the_bundled_cards_and_one_line(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persist_cards, "USER_CARDS_SECONDS", 0.0)
    path = tmp_path / "cards.yaml"
    path.write_bytes(default_cards_path().read_bytes())
    cards, warning = persist_cards.load_cards_or_default(path)
    assert cards is default_cards()
    assert warning is not None and warning.startswith(f"{path}:") and "CPU time" in warning
    assert "\n" not in warning and warning.endswith("playing with the bundled cards instead.")
