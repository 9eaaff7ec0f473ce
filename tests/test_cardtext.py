"""The sentence saying what a card's habitat needs: made from the card's pattern, in every language,
with every placeholder filled and no catalogue key or English fragment left in another language."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from harmonies.cardtext import CardWords, shape
from harmonies.catalogue import Catalogue, available_languages
from harmonies.rules import AnimalCard, Colour, PatternCell, SpiritCard, default_cards

CARDS = default_cards()
ALL: list[AnimalCard | SpiritCard] = [*CARDS.animals, *CARDS.spirits]
B, G, N, E, Y, R = Colour.BLUE, Colour.GRAY, Colour.BROWN, Colour.GREEN, Colour.YELLOW, Colour.RED


@lru_cache(maxsize=None)
def _words(code: str) -> CardWords:
    return CardWords(Catalogue.load(code))


def _needs(code: str, card_id: str) -> str:
    return _words(code).needs(CARDS.get(card_id).cells)


@pytest.mark.parametrize("code", available_languages())
def test_every_card_has_a_whole_sentence_in_every_language(code: str) -> None:
    for card in ALL:
        text = _needs(code, card.id)
        assert not re.search(r"[{}]|card_needs|token_colour", text), f"{code} {card.id}: {text}"
        assert text.endswith(("。", ".")), f"{code} {card.id}: {text}"


@pytest.mark.parametrize("card_id, want", [
    ("alligator", "Cube on a water space; next to it a water space, then a tree of height 3 (brown, brown, green), "
                  "in a straight line."),
    ("peacock", "Cube on a building (red on brown, gray, or red), between 2 water spaces, in a bent line."),
    ("ray", "Cube on a water space, with 2 mountains of height 1 (gray) beside it, all three touching."),
    ("bee", "Cube on a tree of height 2 (brown, green), with 3 fields side by side around it."),
    ("falcon", "Cube on a mountain of height 3 (gray, gray, gray), with a field beside it."),
    ("lion", "Cube on a field, between a tree of height 2 (brown, green) and a field, in a straight line."),
])
def test_english_sentences_name_the_heights_and_colours(card_id: str, want: str) -> None:
    assert _needs("en", card_id) == want


@pytest.mark.parametrize("code, card_id, want", [
    ("fr", "squirrel", "Cube sur un bâtiment (rouge sur marron, gris ou rouge), avec un arbre de hauteur 3 "
                       "(marron, marron, vert) à côté."),
    ("fr", "arctic_fox", "Cube sur un champ, entre 2 arbres de hauteur 2 (marron, vert), en ligne brisée."),
    ("it", "bear", "Cubo su un Albero alto 1 (verde), con accanto 2 Montagne alte 2 (grigio, grigio): "
                   "le tre caselle si toccano."),
    ("it", "alpaca", "Cubo su un Campo; accanto un Campo, poi una Montagna alta 2 (grigio, grigio), in linea retta."),
    ("es", "raccoon", "Cubo sobre un campo, con 3 espacios de agua en fila a su alrededor."),
    ("es", "crow", "Cubo sobre un campo, entre 2 edificios (ficha roja sobre marrón, gris o roja), en línea quebrada."),
    ("ja", "kingfisher", "高さ3の木（茶色・茶色・緑）にキューブを置き、その両側に水のマス2つをくの字に並べる。"),
    ("ja", "frog", "水のマスにキューブを置き、その隣に高さ1の木（緑）が必要。"),
])
def test_sentences_in_the_other_languages(code: str, card_id: str, want: str) -> None:
    assert _needs(code, card_id) == want


@pytest.mark.parametrize("code", [c for c in available_languages() if c != "en"])
def test_no_english_fragment_in_another_language(code: str) -> None:
    english = ("Cube on", "water space", "height", "beside", "straight line", "bent line", "brown", "gray", "green")
    for card in ALL:
        text = _needs(code, card.id)
        assert not [w for w in english if w in text], f"{code} {card.id}: {text}"


@pytest.mark.parametrize("card_id, want", [
    ("frog", "pair"), ("ray", "triangle"), ("alligator", "row_end"), ("peacock", "bent_middle"),
    ("dragonfly", "row_middle"), ("bee", "around"), ("butterfly", "drawn"),
])
def test_the_shape_is_read_from_the_pattern(card_id: str, want: str) -> None:
    assert shape(CARDS.get(card_id).cells)[0] == want


def test_a_bent_row_from_the_cube_and_a_stack_of_no_landscape() -> None:
    cells = (PatternCell(0, 0, ((G, R),), True), PatternCell(1, 0, ((Y,),)), PatternCell(2, -1, ((N, N),)))
    assert shape(cells)[0] == "bent_end"
    assert _words("en").needs(cells) == ("Cube on a stack of 2 (gray, red); next to it a field, then a stack of 2 "
                                         "(brown, brown), in a bent line.")


def test_the_card_sentence_follows_the_language_of_the_catalogue() -> None:
    assert _needs("fr", "frog") != _needs("en", "frog")
    assert _needs("fr", "frog").startswith("Cube sur une case d'eau")
