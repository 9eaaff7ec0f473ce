"""Every catalogue in assets/locales against English: keys, placeholders, plural forms, no English
left; Babel's plural choice per language; the system's locale negotiated against the catalogues.

The tests iterate over the catalogue files present, so a new language is checked as soon as it lands.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from harmonies.catalogue import (Catalogue, available_languages, language_name,
                                 placeholders, plural_categories, plural_category, refusal_text, system_language, english)
from harmonies.rules import REFUSALS, Colour, Rejected, default_cards
from harmonies.session.log import colour_name

OTHERS = [code for code in available_languages() if code != "en"]
#: Values that may read the same as in English: names of the game, of animals and spirits, a word
#: French and English share, and lines made of placeholders and symbols.
SAME_AS_ENGLISH = ("app.title", "animal.", "spirit.")
#: Counts that reach every CLDR category of the five languages (French and Spanish "many" is a million).
ALL_COUNTS = [*range(0, 200), 1_000_000]
#: Shorter than this (placeholders left out), a value identical to English is more likely a shared
#: word ("Volume", "Score {score}") than a forgotten one.
LONG_ENOUGH = 12


def _english() -> Catalogue:
    return Catalogue.load("en")


def _own(code: str) -> dict[str, Any]:
    """The strings of one catalogue file alone (no English underneath)."""
    return Catalogue.load(code).strings


def _forms(value: Any) -> dict[str, str]:
    return value if isinstance(value, dict) else {"": value}


def _words(text: str) -> str:
    """``text`` without its placeholders."""
    return re.sub(r"\{[^{}]*\}", "", text).strip()


def _sentences(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [str(v) for v in value.values()]
    if isinstance(value, list):
        return [str(v) for page in value for v in (page.values() if isinstance(page, dict) else [page])]
    return [str(value)]


def test_there_is_a_french_catalogue_and_english_is_listed_first() -> None:
    assert available_languages()[0] == "en" and "fr" in available_languages()


@pytest.mark.parametrize("code", OTHERS)
def test_every_english_key_is_in_the_catalogue_and_no_other(code: str) -> None:
    english, own = _english().strings, _own(code)
    assert sorted(set(english) - set(own)) == [], f"{code}.yaml lacks these keys"
    assert sorted(set(own) - set(english)) == [], f"{code}.yaml has keys English does not"


@pytest.mark.parametrize("code", OTHERS)
def test_each_value_has_the_placeholders_of_english(code: str) -> None:
    """The same placeholders; a plural form other than "other" may leave out the count ("la dernière action")."""
    english, own = _english().strings, _own(code)
    wrong = []
    for key, value in english.items():
        want = set().union(*(placeholders(s) for s in _sentences(value)))
        have = own.get(key)
        forms = have.items() if isinstance(have, dict) else [("", s) for s in _sentences(have)] if have else []
        for form, text in forms:
            got = placeholders(str(text))
            if got != want and not (form not in ("", "other") and got == want - {"n"}):
                wrong.append((key, form, text))
    assert wrong == []


@pytest.mark.parametrize("code", available_languages())
def test_plural_values_have_the_forms_the_language_needs_and_only_its_own(code: str) -> None:
    """Every category a count of this game (0 to 1000) falls in, and no category the language lacks
    (a "one" in Japanese is dead text); CLDR's "many" of French, Italian and Spanish (a million) may be there."""
    need = plural_categories(code)
    allowed = plural_categories(code, ALL_COUNTS)
    wrong = {}
    for key, value in _own(code).items():
        if isinstance(value, dict) and not need <= set(value) <= allowed:
            wrong[key] = sorted(value)
    assert wrong == {}, f"{code}: plural forms must include {sorted(need)}, within {sorted(allowed)}"


@pytest.mark.parametrize("code", available_languages())
def test_plural_keys_are_plural_in_english_too(code: str) -> None:
    english = _english().strings
    assert [k for k, v in _own(code).items() if isinstance(v, dict) != isinstance(english[k], dict)] == []


def english_left(own: dict[str, Any], english: dict[str, Any]) -> list[str]:
    """The keys of ``own`` whose value is English's, word for word, and long enough to be a sentence."""
    left = [key for key, value in own.items()
            if not key.startswith(SAME_AS_ENGLISH) and not isinstance(value, list) and key in english
            for form, text in _forms(value).items()
            if text == _forms(english[key]).get(form) and len(_words(str(text))) > LONG_ENOUGH]
    pages = own.get("howto.pages") or []
    return left + [f"howto.pages.{i}" for i, page in enumerate(pages) if page in (english.get("howto.pages") or [])]


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_left_except_names(code: str) -> None:
    assert english_left(_own(code), _english().strings) == []


def test_the_english_check_finds_a_copied_sentence_and_lets_names_and_short_words_be() -> None:
    english = _english().strings
    copied = {"menu.folder_problem_more": english["menu.folder_problem_more"], "settings.volume": "Volume",
              "score.suns_score": "Score {score}", "animal.arctic_fox": "Arctic Fox",
              "finished.count": {"one": "{n} partie terminée", "other": "{n} finished games"}}
    assert english_left(copied, english) == ["menu.folder_problem_more", "finished.count"]


@pytest.mark.parametrize(("code", "n", "category"), [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"),
    ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"),
    ("ja", 0, "other"), ("ja", 1, "other"), ("ja", 5, "other"),
    ("it", 0, "other"), ("it", 1, "one"), ("es", 1, "one"), ("es", 0, "other"),
])
def test_plural_category_follows_cldr(code: str, n: int, category: str) -> None:
    assert plural_category(code, n) == category


def test_french_says_zero_in_the_singular_and_english_in_the_plural() -> None:
    assert Catalogue.load("fr").t("finished.count", n=0) == "0 partie terminée"
    assert Catalogue.load("fr").t("finished.count", n=3) == "3 parties terminées"
    assert Catalogue.load("en").t("finished.count", n=0) == "0 finished games"
    assert Catalogue.load("en").t("finished.count", n=1) == "1 finished game"


def test_a_form_the_catalogue_lacks_falls_back_to_other() -> None:
    cat = Catalogue({"k": {"other": "{n} x"}}, "fr")
    assert cat.t("k", n=1) == "1 x"


def test_a_missing_key_falls_back_to_english_for_that_key() -> None:
    french = Catalogue({"menu.quit": "Quitter"}, "fr", fallback=_english())
    assert french.t("menu.quit") == "Quitter"
    assert french.t("menu.settings") == "Settings"
    assert french.t("finished.count", n=0) == "0 finished games"  # the English sentence, with the English rule


@pytest.mark.parametrize(("environ", "want"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LC_ALL": "fr_BE@euro", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "fr_FR", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX", "LC_ALL": ""}, "en"),
    ({}, "en"),
])
def test_the_system_locale_is_negotiated_against_the_catalogues(environ: dict[str, str], want: str) -> None:
    assert system_language(environ, ["en", "fr"]) == want


def test_negotiation_uses_only_catalogues_present() -> None:
    assert system_language({"LANG": "ja_JP.UTF-8"}, ["en", "fr"]) == "en"
    assert system_language({"LANG": "ja_JP.UTF-8"}, ["en", "fr", "ja"]) == "ja"


def test_languages_are_named_in_their_own_language() -> None:
    assert [language_name(c) for c in ("en", "fr", "it", "es", "ja")] == \
        ["English", "Français", "Italiano", "Español", "日本語"]


def test_refusals_name_token_colours_in_the_catalogue_language() -> None:
    refusal = Rejected("stack.not_allowed", {"colour": "brown", "on": "brown+gray"})
    assert refusal_text(Catalogue.load("fr"), refusal).startswith("un jeton marron ne peut pas aller sur un jeton marron+gris")
    assert refusal_text(Catalogue.load("en"), refusal).startswith("a brown token may not go on brown+gray")


@pytest.mark.parametrize("code", available_languages())
def test_refusals_name_cards_by_their_name_never_by_their_id(code: str) -> None:
    catalogue = Catalogue.load(code)
    cards = default_cards()
    with_cards = [(c, p) for c, params in REFUSALS.items() for p in params if p in ("card", "spirit")]
    assert with_cards, "the check needs refusals that name a card"
    raw = []
    for refusal_code, param in with_cards:
        for card_id in cards.ids:
            text = refusal_text(catalogue, Rejected(refusal_code, {param: card_id}))
            if re.search(rf"\b{card_id}\b", text) or "{" in text:
                raw.append(text)
    assert raw == []
    assert "Rana" in refusal_text(Catalogue.load("it"), Rejected("card.not_face_up", {"card": "frog"}))
    assert refusal_text(catalogue, Rejected("cube.not_held", {"card": "dodo"})).count("dodo") == 1


@pytest.mark.parametrize("code", available_languages())
def test_every_token_colour_has_a_word(code: str) -> None:
    assert {f"token_colour.{c.label}" for c in Colour} <= set(Catalogue.load(code).strings)


@pytest.mark.parametrize("code", available_languages())
def test_the_log_the_refusals_and_how_to_play_name_the_tokens_with_the_same_words(code: str) -> None:
    catalogue = Catalogue.load(code)
    stacking = catalogue.strings["howto.pages"][1]["body"]
    for colour in Colour:
        word = catalogue.t(f"token_colour.{colour.label}")
        assert colour_name(catalogue, colour) == word
        assert word in refusal_text(catalogue, Rejected("token.not_in_hand", {"colour": colour.label}))
        if colour not in (Colour.BLUE, Colour.YELLOW):   # the stacking page names every colour that stacks
            assert word.lower() in stacking.lower(), (code, word)
    assert not any(key.startswith("colour.") for key in catalogue.strings)


@pytest.mark.parametrize("code", available_languages())
def test_the_end_warning_counts_one_empty_cell_in_the_singular(code: str) -> None:
    catalogue = Catalogue.load(code)
    for key in ("play.end_near_board", "play.end_near_board_solo"):
        one, five = catalogue.t(key, n=1, m=2), catalogue.t(key, n=5, m=2)
        assert "1" in one and "5" in five
        if code != "ja":   # Japanese has one form
            assert one.replace("1", "5") != five, (code, one)
    assert english().t("play.end_near_board", n=1, m=2).startswith("1 empty cell left")
