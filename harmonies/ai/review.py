"""Game review: each turn of one seat set against the hard player's best turn, in expected points.

For every complete turn of the chosen seat, from what that seat could see at the turn's start
(``Game.observer_view``: never the real pouch, pile or the other seats' undecided spirits):

- the suggested turn there: the hint's own turn at that position (``advice.suggested_turn``, the
  hard player planning on that view with the turn's seed), so a turn that follows the hint is best;
- the expected final score of the seat after the played turn and after the best turn, both valued on
  the **same** sampled futures (common random numbers: each world is the view with its hidden order
  dealt again from one seed, ``Game.sample_hidden``; the played turn and the best turn are each
  played on it, then the rest of the game is played out by the judge's continuation player for every
  seat, :mod:`harmonies.ai.judge`);
- the loss, best minus played (0 when the two turns are the same), with the standard error of the
  paired difference over the worlds, a mark from the loss (:func:`mark_of`) and the reasons, made
  from what differs between the two turns (:mod:`harmonies.ai.review_reasons`).

Everything random is seeded from what the seat could see at the turn's start: the setup without its
seed and the command log up to that turn (:func:`turn_seed`), so the same file gives the same review
and two games that differ only face down give the same one. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import exp, hypot
from typing import Literal

from ..rules import CardSet, Command, Deal, EndTurn, Game, GameSetup, command_to_json
from .advice import turn_seed
from .helper import shared_helper
from .review_reasons import Reason, turn_reasons
from .judge import judge_turns
from .review_turn import best_turn

#: The review method's version: a kept review made by another method is made again
#: (harmonies/persist/reviews.py). Raise it when a change gives other numbers.
METHOD = 4

#: A turn's mark, by its loss (:func:`mark_of`).
Mark = Literal["best", "good", "inaccuracy", "mistake"]
MARKS: tuple[Mark, ...] = ("best", "good", "inaccuracy", "mistake")

#: Loss thresholds in expected points: under ``GOOD_BELOW`` a turn is good, under ``MISTAKE_FROM`` an
#: inaccuracy, from it a mistake (docs/ai.md, "Game review", says why these).
GOOD_BELOW = 1.0
MISTAKE_FROM = 3.0

#: The loss at which a turn's accuracy falls to 1/e (:attr:`GameReview.accuracy`).
ACCURACY_SCALE = 4.0

#: The judge's own error, in points, against the hard player finishing the game: the spread of the
#: review's loss around hard's that the sampled worlds' standard errors leave unexplained, by the stage
#: of the game (docs/ai.md, "The review's error by the stage of the game"): ``EARLY_JUDGE_ERROR`` for the
#: seat's first ``EARLY_TURNS`` turns, where the judge's continuation and hard's play part furthest
#: (fitted on 127 flagged turns, checked on fresh ones), ``JUDGE_ERROR`` after. A turn's error is its
#: sampled standard error and this, as the root of the sum of squares.
JUDGE_ERROR = 1.4
EARLY_JUDGE_ERROR = 2.1
EARLY_TURNS = 4

#: Sampled worlds per turn: solo, and at a table (where each playout plays every seat's turns).
SAMPLES = {True: 32, False: 16}

#: Finds the turn to compare with: ``chooser(view, seed)`` gives the commands of a whole turn for the
#: seat to move in ``view`` (default: the hard player's, :func:`harmonies.ai.review_turn.best_turn`).
Chooser = Callable[[Game, int], Sequence[Command]]

#: Called as ``progress(k, n)``: k of the n turns to review are done.
Progress = Callable[[int, int], None]
#: Asked between turns (and between sampled worlds); True stops the review early.
Cancelled = Callable[[], bool]

@dataclass(frozen=True)
class TurnReview:
    """One turn of the reviewed seat.

    ``turn``: its index among the seat's turns (0 = its first); ``step``: the index in the game's
    command log where the turn starts (what ``session.replay.Replay.go`` takes); ``round`` from 1.
    ``played`` and ``best``: the turn's commands as played and as the hard player would play them.
    ``played_value`` and ``best_value``: the seat's expected final score after each; ``loss`` is
    best minus played (negative when the played turn did better on these futures) and ``stderr`` its
    error: the standard error of that paired difference over ``samples`` worlds widened by
    the judge's own error at the turn's stage (:func:`turn_error`; 0 when the loss is exact: the same
    turn, or one no world plays differently).
    ``reasons``: what differs,
    most telling first (at least one).
    """

    turn: int
    step: int
    round: int
    played: tuple[Command, ...]
    best: tuple[Command, ...]
    played_value: float
    best_value: float
    loss: float
    stderr: float
    mark: Mark
    reasons: tuple[Reason, ...]
    samples: int

    @property
    def reason(self) -> Reason:
        """The most telling of :attr:`reasons`."""
        return self.reasons[0]

    @property
    def same(self) -> bool:
        """Whether the played turn is the best turn (then ``loss`` is 0)."""
        return self.reason.key == "same"


@dataclass(frozen=True)
class GameReview:
    """The review of one seat's turns in one game, oldest turn first.

    ``complete`` is False when the review stopped early (cancelled): ``turns`` then holds the turns
    reviewed so far. ``of_turns``: how many complete turns of the seat the game has.
    """

    seat: int
    turns: tuple[TurnReview, ...]
    of_turns: int
    complete: bool = True

    @property
    def total_loss(self) -> float:
        """Expected points lost over the game: the sum of the turns' losses, those measured below 0
        (the played turn did as well as the best) counting 0, so they never hide a real loss."""
        return sum(max(0.0, t.loss) for t in self.turns)

    @property
    def mean_loss(self) -> float:
        """:attr:`total_loss` per reviewed turn (0 with none)."""
        return self.total_loss / len(self.turns) if self.turns else 0.0

    @property
    def accuracy(self) -> float:
        """0-100: the mean over the turns of ``100 * exp(-loss / ACCURACY_SCALE)`` (a loss at or below
        0 scores 100, a 1-point loss 78, a 3-point loss 47, a 6-point loss 22); 100 with no turn."""
        if not self.turns:
            return 100.0
        return sum(100.0 * exp(-max(0.0, t.loss) / ACCURACY_SCALE) for t in self.turns) / len(self.turns)

    def costliest(self, k: int = 3) -> tuple[TurnReview, ...]:
        """The ``k`` turns that lost the most (only those that lost something), costliest first."""
        lost = [t for t in self.turns if t.loss > 0.0 and t.mark != "best"]
        return tuple(sorted(lost, key=lambda t: (-t.loss, t.turn))[:k])

    def marks(self) -> dict[Mark, int]:
        """How many turns got each mark."""
        return {m: sum(1 for t in self.turns if t.mark == m) for m in MARKS}


def mark_of(loss: float, same: bool) -> Mark:
    """The mark of a turn that lost ``loss`` expected points; ``same``: it is the best turn itself.

    A turn measured at or below 0 (as good as the best on the same futures) is "best" too."""
    if same or loss <= 0.0:
        return "best"
    if loss < GOOD_BELOW:
        return "good"
    if loss < MISTAKE_FROM:
        return "inaccuracy"
    return "mistake"


def review_game(setup: GameSetup, commands: Sequence[Command], seat: int, *, cards: CardSet | None = None,
                deal: Deal | None = None, progress: Progress | None = None, cancelled: Cancelled | None = None,
                samples: int | None = None, helper: bool = True, chooser: Chooser | None = None) -> GameReview:
    """The review of ``seat``'s complete turns in the game of ``setup``, ``deal`` (by default its
    seed's) and ``commands`` (a finished game, or a game in progress up to its last complete turn).

    ``progress(k, n)`` is called after each turn (and once with k = 0 at the start); ``cancelled()``
    returning True stops it, and the review so far comes back with ``complete`` False. ``samples``:
    the sampled worlds per turn (default :data:`SAMPLES`); ``helper``: whether the hard player may use
    its helper process (the review is the same either way); ``chooser``: another player than the hard
    one to find the turn compared with (tests). ``ValueError`` when the commands do not
    replay or ``seat`` is not a seat of the game.
    """
    game = Game.new(setup, cards, deal)
    if type(seat) is not int or not 0 <= seat < setup.players:
        raise ValueError(f"seat must be 0 to {setup.players - 1}, not {seat!r}")
    turns = seat_turns(game, commands, seat)
    count = samples if samples is not None else SAMPLES[setup.solo]
    if progress is not None:
        progress(0, len(turns))
    done: list[TurnReview] = []
    for n, (start, end, rnd) in enumerate(turns):
        if cancelled is not None and cancelled():
            return GameReview(seat, tuple(done), len(turns), complete=False)
        at_start = Game.replay(setup, list(commands[:start]), game.cards, game.deal)
        review = review_turn(at_start, commands[start:end], turn=n, step=start, round=rnd,
                             seed=turn_seed(setup, commands[:start], seat), samples=count, cancelled=cancelled,
                             helper=helper, chooser=chooser)
        if review is None:
            return GameReview(seat, tuple(done), len(turns), complete=False)
        done.append(review)
        if progress is not None:
            progress(n + 1, len(turns))
    return GameReview(seat, tuple(done), len(turns))


def review_turn(game: Game, played: Sequence[Command], *, turn: int, step: int, round: int, seed: int,
                samples: int, cancelled: Cancelled | None = None, helper: bool = True,
                chooser: Chooser | None = None) -> TurnReview | None:
    """The review of the turn ``played`` from ``game`` at that turn's start. Only the observer view of
    the seat to move is read (``Game.observer_view``), so two games that differ only face down give the
    same review. None when ``cancelled()`` stopped it."""
    view = game.observer_view()
    best = tuple(chooser(view, seed)) if chooser is not None else best_turn(view, helper)
    if cancelled is not None and cancelled():
        return None
    values = judge_turns(view, played, best, seed, samples, cancelled, shared_helper() if helper else None,
                         bounds=(0.0, GOOD_BELOW, MISTAKE_FROM))
    if cancelled is not None and cancelled():
        return None
    loss = 0.0 if values.same else values.best_value - values.played_value
    return TurnReview(turn, step, round, tuple(played), values.best, values.played_value,
                      values.played_value + loss, loss, turn_error(values.stderr, turn), mark_of(loss, values.same),
                      turn_reasons(played, values.best, values.same, loss, values.rows), values.samples)


def turn_error(stderr: float, turn: int) -> float:
    """The error of the seat's turn ``turn`` (0 = its first) from its sampled standard error: widened by
    the judge's own error at that stage of the game, except an exact loss (standard error 0), which
    stays exact."""
    if stderr <= 0.0:
        return 0.0
    return hypot(stderr, EARLY_JUDGE_ERROR if turn < EARLY_TURNS else JUDGE_ERROR)


def seat_turns(game: Game, commands: Sequence[Command], seat: int) -> list[tuple[int, int, int]]:
    """``(start, end, round)`` of each complete turn of ``seat``: its commands are
    ``commands[start:end]``, the last an EndTurn. ``game`` is the game's start; it is played on.
    ``ValueError`` (``IllegalCommand``) when a command does not replay."""
    out: list[tuple[int, int, int]] = []
    start, who, rnd = 0, game.current, game.round
    for n, cmd in enumerate(commands):
        result = game.apply(cmd)
        if not result.ok:
            raise ValueError(f"commands[{n}] ({command_to_json(cmd)}) does not replay")
        if type(cmd) is EndTurn:
            if who == seat:
                out.append((start, n + 1, rnd))
            start, who, rnd = n + 1, game.current, game.round
    return out


__all__ = ["ACCURACY_SCALE", "EARLY_JUDGE_ERROR", "EARLY_TURNS", "GOOD_BELOW", "JUDGE_ERROR", "MARKS", "METHOD", "MISTAKE_FROM", "SAMPLES", "Chooser", "GameReview", "Mark",
           "Reason", "TurnReview", "mark_of", "review_game", "review_turn", "seat_turns", "turn_seed"]
