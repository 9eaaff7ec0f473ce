"""Cards on the play screen: the enlarged card under the pointer (every card in every language at 1280x720
with its text inside the card, the sentence saying what the habitat needs drawn whole), stack heights as
numbers on patterns, and a refusal naming a card by its name in the player's language."""

from __future__ import annotations

from typing import Any

import pytest
from textfit import measured_card_text
from ui_driver import Driver

from harmonies.app import cardart
from harmonies.app.cardart import CardArt
from harmonies.app.scenes.play import PlayScene
from harmonies.app.tokens import TokenArt
from harmonies.catalogue import available_languages
from harmonies.rules import Rejected, default_cards
from harmonies.session import MatchConfig, Seat

CARDS = default_cards()


def _play(app: Any) -> Any:
    app.scenes.push(PlayScene(app, MatchConfig((Seat("Ada"), Seat("Bo")), seed=21)))
    d = Driver(app)
    d.frames(2)
    return d.top


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines card sprites draw from now on (through whatever draws them already, the measuring too)."""
    drawn: list[str] = []
    record = cardart.draw_lines

    def lines(surface: Any, font: Any, texts: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.extend(texts)
        return record(surface, font, texts, *args, **kwargs)

    monkeypatch.setattr(cardart, "draw_lines", lines)
    return drawn


def _hover(app: Any, sc: Any, card_id: str, rect: tuple[float, float, float, float]) -> None:
    sc.hover_card = (card_id, sc.table.is_spirit(card_id), rect)
    sc.hover_t = 5.0
    sc.pointer.card_under = lambda pos: sc.hover_card  # the dummy driver has no pointer
    app.step(1 / 60, events=[])


@pytest.mark.slow
@pytest.mark.parametrize("code", available_languages())
def test_every_enlarged_card_keeps_its_text_inside_the_card(app: Any, monkeypatch: pytest.MonkeyPatch,
                                                            code: str) -> None:
    app.set_language(code)
    sc = _play(app)
    with measured_card_text(monkeypatch) as found:
        drawn = _recorded(monkeypatch)
        for card_id in CARDS.ids:
            for rect in (sc.layout.slots[0], sc.layout.held_slots[-1]):  # the preview right and left of a card
                drawn.clear()
                _hover(app, sc, card_id, rect)
                if not sc.table.is_spirit(card_id) and drawn:
                    sentence = sc.cardart.needs(card_id)
                    assert sentence.replace(" ", "") in "".join(drawn).replace(" ", ""), card_id
    assert [str(o) for o in found] == []


def test_the_enlarged_animal_card_draws_its_sentence(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above is not empty: hovering a card for the first time draws the whole sentence."""
    sc = _play(app)
    drawn = _recorded(monkeypatch)
    _hover(app, sc, "alligator", sc.layout.slots[0])
    assert "tree of height 3" in " ".join(drawn)


def test_stack_heights_on_a_pattern_are_numbers(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    art = CardArt(app, CARDS, TokenArt(app.theme))
    heights: list[int] = []
    monkeypatch.setattr(CardArt, "_height", lambda self, surf, height, centre, r: heights.append(height))
    art.animal("bear", 80, 118, None, True)
    art.animal("alligator", 160, 236, 2, True, with_text=True)
    art.animal("frog", 80, 118, None, True)   # a tree of height 1 and water: no number
    assert heights == [2, 2, 3]


@pytest.mark.slow
@pytest.mark.parametrize("code, name", [("it", "Rana"), ("fr", "Grenouille"), ("ja", "カエル")])
def test_a_refusal_on_the_play_screen_names_the_card_in_the_language(app: Any, code: str, name: str) -> None:
    app.set_language(code)
    sc = _play(app)
    sc.show_refusal(Rejected("card.not_face_up", {"card": "frog"}))
    assert name in sc.message and "frog" not in sc.message
