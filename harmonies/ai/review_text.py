"""A game review in words, in any language of the catalogues (the ``review:`` section).

Cards are named through the catalogue (:func:`harmonies.catalogue.card_name`), score rows through
``score.<row>`` and token colours through ``token_colour.<colour>``; numbers of points are written
with one decimal as the language writes numbers. The replay viewer and ``harmonies review`` use the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from babel.numbers import format_decimal

from ..catalogue import Catalogue, card_name
from ..rules import ChooseSpirit, Command, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens
from .review import GameReview, Mark, TurnReview
from .review_reasons import Reason

#: Parameters of a reason that name a card (by id), and the one that names a score row.
CARD_PARAMS = ("card", "played")
ROW_PARAM = "row"


def mark_text(catalogue: Catalogue, mark: Mark) -> str:
    """The mark's word ("Best", "Good", "Inaccuracy", "Mistake")."""
    return catalogue.t(f"review.mark.{mark}")


def number_text(catalogue: Catalogue, value: float, decimals: int = 1) -> str:
    """A number as the catalogue's language writes it ("3.4", "3,4")."""
    return str(format_decimal(round(value, decimals), format="#,##0." + "0" * decimals if decimals else "#,##0",
                              locale=catalogue.language))


def points_text(catalogue: Catalogue, points: float) -> str:
    """Expected points with one decimal, in the catalogue's words ("3.4 pts", "3,4 pts")."""
    return catalogue.t("review.points", value=number_text(catalogue, points))


def reason_text(catalogue: Catalogue, reason: Reason, card: Callable[[str], str] | None = None) -> str:
    """One reason as a sentence; ``card`` names a card from its id (default: :func:`card_name`)."""
    params: dict[str, Any] = {}
    for name, value in reason.params:
        if name in CARD_PARAMS and isinstance(value, str):
            params[name] = card(value) if card is not None else card_name(catalogue, value)
        elif name == ROW_PARAM and isinstance(value, str):
            params[name] = catalogue.t(f"score.{value}")
        elif name == "points" and isinstance(value, (int, float)):
            params[name] = number_text(catalogue, value)
        else:
            params[name] = value
    return catalogue.t(f"review.reason.{reason.key}", **params)


def reasons_text(catalogue: Catalogue, turn: TurnReview) -> str:
    """All of a turn's reasons, as one line."""
    return catalogue.t("review.sep").join(reason_text(catalogue, r) for r in turn.reasons)


def turn_text(catalogue: Catalogue, commands: Sequence[Command]) -> str:
    """A turn's commands, readable: the spirit kept, the space, the tokens and their cells, the card,
    the cubes, the swap (the order a player reads a turn in)."""
    parts: list[str] = []
    for cmd in commands:
        if isinstance(cmd, ChooseSpirit):
            parts.append(catalogue.t("review.turn.spirit", card=card_name(catalogue, cmd.spirit_id)))
        elif isinstance(cmd, TakeTokens):
            parts.append(catalogue.t("review.turn.space", space=cmd.space + 1))
        elif isinstance(cmd, PlaceToken):
            colour = catalogue.t(f"token_colour.{cmd.colour.label}")
            parts.append(catalogue.t("review.turn.token", colour=colour, cell=_cell(cmd.cell)))
        elif isinstance(cmd, TakeCard):
            parts.append(catalogue.t("review.turn.card", card=card_name(catalogue, cmd.card_id)))
        elif isinstance(cmd, PlaceCube):
            parts.append(catalogue.t("review.turn.cube", card=card_name(catalogue, cmd.card_id), cell=_cell(cmd.cell)))
        elif isinstance(cmd, SoloSwap):
            parts.append(catalogue.t("review.turn.swap", card=card_name(catalogue, cmd.card_id)))
    return catalogue.t("review.turn.sep").join(parts)


def _cell(cell: tuple[int, int]) -> str:
    return f"({cell[0]},{cell[1]})"


def summary_text(catalogue: Catalogue, review: GameReview) -> str:
    """The game's summary in one line: expected points lost, accuracy, the marks counted."""
    marks = review.marks()
    return catalogue.t("review.summary", lost=number_text(catalogue, review.total_loss),
                       accuracy=number_text(catalogue, review.accuracy, 0),
                       n=len(review.turns), best=marks["best"], good=marks["good"],
                       inaccuracy=marks["inaccuracy"], mistake=marks["mistake"])
