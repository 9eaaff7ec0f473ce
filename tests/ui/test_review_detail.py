"""The review's turn detail in the replay viewer: the sentence saying what the loss's ± means, shown when
there is room at the text size asked and left out before the text shrinks, and the detail's box as tall as
what it draws (the viewer drawing it: tests/ui/test_review_ui.py)."""

from __future__ import annotations

from typing import Any

import pytest

from harmonies.ai.review import TurnReview
from harmonies.app.replay import review_panels
from harmonies.app.replay.review_panels import ALL_NOTES, detail_fit, detail_height, detail_room
from harmonies.app.smoke import played_game
from harmonies.rules import Game

from review_stub import stub_review

WIDTH = 400.0
PX = 14.0


@pytest.fixture(scope="module")
def game() -> Game:
    return played_game(1, 0, seed=5, finish=True, level="easy")


@pytest.fixture
def turn(game: Game) -> TurnReview:
    """A reviewed turn with a loss and its error."""
    review = stub_review(game.setup, game.history, 0, game.cards, game.deal)
    return next(t for t in review.turns if t.stderr > 0)


def test_with_room_the_detail_says_what_the_margin_means_before_the_legend(app: Any, turn: TurnReview) -> None:
    room = detail_room(app, turn, WIDTH, PX, 1000.0)
    assert detail_fit(app, turn, (0.0, 0.0, WIDTH, room), PX) == (PX, ALL_NOTES)
    paragraphs = [text for text, *_ in review_panels._detail_parts(app, turn)]
    assert paragraphs[-2:] == [app.t("review_view.margin"), app.t("review_view.legend")]
    assert "±" in app.t("review_view.margin")


def test_an_exact_loss_has_no_margin_to_explain(app: Any, turn: TurnReview) -> None:
    exact = TurnReview(**{**turn.__dict__, "loss": 0.0, "stderr": 0.0, "mark": "best"})
    paragraphs = [text for text, *_ in review_panels._detail_parts(app, exact)]
    assert app.t("review_view.margin") not in paragraphs
    assert paragraphs[-1] == app.t("review_view.legend")


def test_without_room_the_margin_goes_first_and_the_text_keeps_its_size(app: Any, turn: TurnReview) -> None:
    with_legend = detail_height(app, turn, WIDTH, PX, 1)
    assert with_legend < detail_height(app, turn, WIDTH, PX, ALL_NOTES)
    assert detail_fit(app, turn, (0.0, 0.0, WIDTH, with_legend), PX) == (PX, 1)
    # the box asked of the layout is what is drawn in it: no blank room where the margin would have been
    assert detail_room(app, turn, WIDTH, PX, with_legend + 5) == with_legend
    size, notes = detail_fit(app, turn, (0.0, 0.0, WIDTH, with_legend - 20), PX)
    assert notes <= 1 and (size, notes) != (PX, 1)   # then smaller text with the legend, then no legend
    assert detail_height(app, turn, WIDTH, size, notes) <= with_legend - 20
