"""Why a reviewed turn lost points: what differs between the played turn and the best one.

Each reason is a catalogue key under ``review.reason.`` and its raw parameters (:class:`Reason`);
:mod:`harmonies.ai.review_text` words them. The turn's decisions are compared in the order a player
makes them (the spirit kept, the space, the card, the tokens, the cubes, the solo swap), then the
score row where the played turn's expected final points fall furthest behind the best one's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import ChooseSpirit, Command, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens

#: The value of a reason's parameter: a count, a card id, a catalogue key, or points (a float).
ReasonValue = int | float | str

#: Every key a reason may have (its sentence is ``review.reason.<key>`` in each catalogue).
REASON_KEYS = ("same", "as_good", "spirit", "space", "take_card", "no_card", "other_card", "tokens", "more_cubes",
               "fewer_cubes", "swap", "no_swap", "row", "placement")

#: A score row whose expected points differ by less than this is not worth a reason.
ROW_NOTE = 0.5


@dataclass(frozen=True)
class Reason:
    """One thing that differs between the played turn and the best one: the sentence's key under
    ``review.reason.`` in the catalogue and its raw parameters (cards by id, spaces from 1, score rows
    by their key under ``score.``), worded by :func:`harmonies.ai.review_text.reason_text`."""

    key: str
    params: tuple[tuple[str, ReasonValue], ...] = ()

    def param(self, name: str) -> ReasonValue | None:
        return dict(self.params).get(name)


@dataclass(frozen=True)
class TurnParts:
    """A turn's decisions, read from its commands."""

    spirit: str | None
    space: int | None
    card: str | None
    tokens: tuple[tuple[str, tuple[int, int]], ...]
    cubes: tuple[tuple[str, tuple[int, int]], ...]
    swap: str | None

    @classmethod
    def of(cls, turn: Sequence[Command]) -> TurnParts:
        spirit = next((c.spirit_id for c in turn if isinstance(c, ChooseSpirit)), None)
        space = next((c.space for c in turn if isinstance(c, TakeTokens)), None)
        card = next((c.card_id for c in turn if isinstance(c, TakeCard)), None)
        tokens = tuple(sorted((c.colour.label, c.cell) for c in turn if isinstance(c, PlaceToken)))
        cubes = tuple(sorted((c.card_id, c.cell) for c in turn if isinstance(c, PlaceCube)))
        swap = next((c.card_id for c in turn if isinstance(c, SoloSwap)), None)
        return cls(spirit, space, card, tokens, cubes, swap)


def turn_reasons(played: Sequence[Command], best: Sequence[Command], same: bool, loss: float,
                 rows: Sequence[tuple[str, float]]) -> tuple[Reason, ...]:
    """The reasons of a turn, most telling first; never empty. ``rows``: per score row, the mean of
    the best turn's final points minus the played turn's on the same futures."""
    if same:
        return (Reason("same"),)
    out = _decisions(TurnParts.of(played), TurnParts.of(best))
    if loss <= 0.0:
        out.insert(0, Reason("as_good"))
        return tuple(out)
    row = max(rows, key=lambda r: r[1], default=None)
    if row is not None and row[1] >= ROW_NOTE:
        out.append(Reason("row", (("row", row[0]), ("points", round(row[1], 1)))))
    return tuple(out) if out else (Reason("placement"),)


def _decisions(p: TurnParts, b: TurnParts) -> list[Reason]:
    out: list[Reason] = []
    if p.spirit != b.spirit and b.spirit is not None:
        out.append(Reason("spirit", (("card", b.spirit),)))
    if p.space != b.space and b.space is not None:
        out.append(Reason("space", (("space", b.space + 1), ("played", (p.space or 0) + 1))))
    if p.card != b.card:
        if b.card is None and p.card is not None:
            out.append(Reason("no_card", (("card", p.card),)))
        elif b.card is not None and p.card is None:
            out.append(Reason("take_card", (("card", b.card),)))
        elif b.card is not None and p.card is not None:
            out.append(Reason("other_card", (("card", b.card), ("played", p.card))))
    if p.space == b.space and p.tokens != b.tokens:
        out.append(Reason("tokens"))
    if len(b.cubes) > len(p.cubes):
        out.append(Reason("more_cubes", (("n", len(b.cubes) - len(p.cubes)),)))
    elif len(b.cubes) < len(p.cubes):
        out.append(Reason("fewer_cubes", (("n", len(p.cubes) - len(b.cubes)),)))
    if p.swap != b.swap:
        if b.swap is not None:
            out.append(Reason("swap", (("card", b.swap),)))
        elif p.card is None and b.card is None:
            out.append(Reason("no_swap", (("card", p.swap or ""),)))
    return out
