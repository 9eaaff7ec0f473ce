"""The Japanese catalogue against the English one: every key, the same placeholders, Japanese
plural forms (CLDR: only ``other``), no English words left but names and key names, and a glyph
in the bundled fonts for every character."""

from __future__ import annotations

import re
from typing import Any

import pygame.freetype
import yaml

from harmonies.app.assets import asset
from harmonies.app.theme import Theme
from harmonies.catalogue import Catalogue, placeholders

#: Latin words a Japanese sentence keeps: key names, board sides, command-line words and file names.
KEPT_WORDS = {
    "Enter", "Esc", "Tab", "Shift", "Ctrl", "Z", "H", "L", "R", "F1", "F11", "Home", "End", "OK", "A", "B",
    "Q", "W", "E", "S", "D", "V", "PageUp", "PageDown", "BackSpace",  # key caps
    "DISPLAY", "WAYLAND_DISPLAY",
    "data", "dir", "help", "harmonies", "score", "import", "FILE", "autosave", "json",
}


def _load(language: str) -> Any:
    return yaml.safe_load(asset(f"locales/{language}.yaml").read_text(encoding="utf-8"))


def _leaves(node: Any, path: str = "") -> dict[str, Any]:
    """Dotted key -> value; a plural mapping and the list of How to play pages stay whole."""
    if isinstance(node, dict) and "other" not in node:
        out: dict[str, Any] = {}
        for key, value in node.items():
            out |= _leaves(value, f"{path}.{key}" if path else str(key))
        return out
    return {path: node}


def _texts(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [text for v in value.values() for text in _texts(v)]
    if isinstance(value, list):
        return [text for v in value for text in _texts(v)]
    return [str(value)]


def test_japanese_has_every_english_key_and_no_other() -> None:
    en, ja = _leaves(_load("en")), _leaves(_load("ja"))
    assert sorted(set(en) - set(ja)) == [] and sorted(set(ja) - set(en)) == []


def test_japanese_keeps_the_placeholders_of_every_sentence() -> None:
    en, ja = _leaves(_load("en")), _leaves(_load("ja"))
    for key, value in en.items():
        wanted = {name for text in _texts(value) for name in placeholders(text)}
        for text in _texts(ja[key]):
            assert placeholders(text) == wanted, f"ja.yaml {key}: {text!r} should use {sorted(wanted)}"


def test_japanese_plurals_have_the_one_cldr_form_other() -> None:
    en, ja = _leaves(_load("en")), _leaves(_load("ja"))
    plural_keys = [key for key, value in en.items() if isinstance(value, dict)]
    assert plural_keys
    for key in plural_keys:
        assert isinstance(ja[key], dict) and set(ja[key]) == {"other"}, f"ja.yaml {key}: {ja[key]!r}"


def test_japanese_how_to_play_has_the_same_pages() -> None:
    en, ja = _load("en")["howto"]["pages"], _load("ja")["howto"]["pages"]
    assert len(ja) == len(en) and all(set(page) == {"heading", "body"} for page in ja)


def test_no_english_word_is_left_in_japanese() -> None:
    for key, value in _leaves(_load("ja")).items():
        for text in _texts(value):
            # placeholders and file paths (docs/manual.md) are not words to translate
            bare = re.sub(r"\{[a-z_]+\}|[\w/]+\.md\b", "", text)
            words = set(re.findall(r"[A-Za-z][A-Za-z0-9_]*", bare)) - KEPT_WORDS
            assert not words, f"ja.yaml {key}: English words {sorted(words)} in {text!r}"


def test_japanese_plural_sentences_read_the_count() -> None:
    cat = Catalogue.load("ja")
    assert cat.t("finished.count", n=1) == "終了したゲーム1件"
    assert cat.t("refusal.turn.tokens_left", n=2) == "先に残りのトークン2個を置いてください"
    assert cat.t("hint.points", n=0) == "0点"


def test_every_japanese_character_has_a_glyph_in_the_bundled_fonts() -> None:
    pygame.freetype.init()
    theme = Theme.load()
    texts = [text for value in _leaves(_load("ja")).values() for text in _texts(value)]
    for kind in ("regular", "bold"):
        font = pygame.freetype.Font(str(asset(theme.font_files[kind].removeprefix("assets/"))), 16)
        for text in texts:
            missing = [ch for ch, m in zip(text, font.get_metrics(text)) if m is None and not ch.isspace()]
            assert not missing, f"{kind} font lacks {missing} for {text!r}"
