"""A review in words (harmonies/ai/review_text.py): every reason, mark and turn in each language."""

from __future__ import annotations

import pytest

from harmonies.ai.review import MARKS, GameReview, TurnReview
from harmonies.ai.review_reasons import REASON_KEYS, Reason
from harmonies.ai.review_text import mark_text, points_text, reason_text, reasons_text, summary_text, turn_text
from harmonies.catalogue import Catalogue, available_languages
from harmonies.rules import ChooseSpirit, Colour, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens

PARAMS: dict[str, tuple[tuple[str, int | float | str], ...]] = {
    "spirit": (("card", "lion"),), "space": (("space", 3), ("played", 1)), "take_card": (("card", "bear"),),
    "no_card": (("card", "bear"),), "other_card": (("card", "bear"), ("played", "frog")),
    "more_cubes": (("n", 2),), "fewer_cubes": (("n", 1),), "swap": (("card", "frog"),),
    "no_swap": (("card", "frog"),), "row": (("row", "trees"), ("points", 2.54)),
}
TURN = (ChooseSpirit("lion"), TakeTokens(2), TakeCard("bear"), PlaceToken(Colour.parse("gray"), (1, 0)),
        PlaceCube("bear", (1, 0)), SoloSwap("frog"), EndTurn())


@pytest.mark.parametrize("language", available_languages())
def test_every_reason_mark_and_turn_has_words(language: str) -> None:
    cat = Catalogue.load(language)
    for key in REASON_KEYS:
        text = reason_text(cat, Reason(key, PARAMS.get(key, ())))
        assert not text.startswith("review.") and "{" not in text, (key, text)
    assert all(mark_text(cat, m) and not mark_text(cat, m).startswith("review.") for m in MARKS)
    assert "3" in turn_text(cat, TURN) and "{" not in turn_text(cat, TURN)
    row = reason_text(cat, Reason("row", PARAMS["row"]))
    assert cat.t("score.trees") in row and ("2.5" in row or "2,5" in row)
    turn = TurnReview(0, 0, 1, TURN, TURN, 80.0, 84.3, 4.3, 1.0, "mistake",
                      (Reason("space", PARAMS["space"]), Reason("take_card", PARAMS["take_card"])), 32)
    both = reasons_text(cat, turn)
    assert all(reason_text(cat, r) in both for r in turn.reasons)
    summary = summary_text(cat, GameReview(0, (turn,), 1))
    assert "{" not in summary and ("4.3" in summary or "4,3" in summary)
    assert "4" in points_text(cat, 4.25)
