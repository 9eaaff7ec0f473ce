"""A tiny, instant stand-in for the game review engine, for the viewer's screen tests.

:func:`stub_review` makes a :class:`GameReview` of one seat from the game itself: the turn played as it
was, a "suggested" turn that puts the same tokens on other empty cells, and losses that give every mark.
:class:`StubJob` plays the background job: it reports one turn more at each poll, then the review.
"""

from __future__ import annotations

from collections.abc import Sequence

from harmonies.ai.review import GameReview, TurnReview, mark_of
from harmonies.ai.review_reasons import Reason
from harmonies.rules import CardSet, Command, Deal, Game, GameSetup, PlaceToken, board_shape
from harmonies.session.log import GameLog
from harmonies.session.reviewing import ReviewState

#: The losses of the reviewed turns, in turn (every mark appears).
LOSSES = (0.0, 0.4, 1.7, 4.2, 0.9, 2.5, 6.1, 0.2)


def stub_review(setup: GameSetup, commands: Sequence[Command], seat: int, cards: CardSet | None = None,
                deal: Deal | None = None) -> GameReview:
    log = GameLog(setup, cards if cards is not None else Game.new(setup).cards, deal=deal)
    log.follow(commands)
    starts = [start for start, _seat, _round in log.starts]
    turns: list[TurnReview] = []
    for i, turn in enumerate(t for t in log.turns() if t.seat == seat):
        later = [s for s in starts if s > turn.first_step]
        if not later:
            break  # the turn in progress is not reviewed
        played = tuple(commands[turn.first_step:later[0]])
        game = Game.replay(setup, list(commands[:turn.first_step]), cards)
        empty = [c for c in board_shape(setup.side).cells if c not in game.player(seat).stacks]
        best = tuple(PlaceToken(c.colour, empty[k % len(empty)]) if isinstance(c, PlaceToken) else c
                     for k, c in enumerate(played))
        loss = LOSSES[i % len(LOSSES)]
        mark = mark_of(loss, loss == 0.0)
        turns.append(TurnReview(turn=i, step=turn.first_step, round=turn.round, played=played, best=best,
                                played_value=60.0 - loss, best_value=60.0, loss=loss, stderr=0.3 if loss else 0.0,
                                mark=mark, reasons=(Reason("space", (("space", 2), ("played", 1))),), samples=8))
    return GameReview(seat=seat, turns=tuple(turns), of_turns=len(turns))


class StubJob:
    """A review job that advances one turn at each poll (or at once with ``instant``)."""

    started: list[int] = []

    def __init__(self, review: GameReview, instant: bool = False) -> None:
        self.review = review
        self.done = len(review.turns) if instant else 0
        self.cancelled = False

    def poll(self) -> ReviewState:
        n = len(self.review.turns)
        if self.done >= n:
            return ReviewState(n, n, self.review)
        state = ReviewState(self.done, n)
        self.done += 1
        return state

    def cancel(self) -> None:
        self.cancelled = True
