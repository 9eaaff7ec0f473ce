"""The figures of the review's calibration (``scripts/calibrate_review``, docs/ai.md "Calibration at
the issue's scale"): flagged turns of reviewed games measured again on fresh worlds with another
player finishing the game, and how far the review's verdicts hold.

A *mistake holds* when its loss measured again is at least :data:`review.GOOD_BELOW` (it is still no
better than an inaccuracy); an *inaccuracy holds* when it is above 0. *Coverage* is how often the
review's loss +- 2 of its standard errors covers the loss measured again. The measure again has its
own noise, so even an exact review error cannot cover every time: :func:`summarise` also gives the
coverage an exact review error would have against that noise, and the spread of the differences in
joint standard errors (1 when both errors are right and the two finishers agree).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from .review import GOOD_BELOW

T = TypeVar("T")


def spread(items: Sequence[T], k: int) -> list[T]:
    """``k`` of ``items`` spread evenly over the sequence (all of them when ``k`` is 0 or covers them),
    so a subset keeps a game's early and late turns and its marks in their proportions."""
    n = len(items)
    if k <= 0 or k >= n:
        return list(items)
    return [items[int((i + 0.5) * n / k)] for i in range(k)]


@dataclass(frozen=True)
class Remeasured:
    """One flagged turn: the review's mark, loss and standard error, and the loss measured again
    with its standard error."""

    mark: str
    loss: float
    stderr: float
    again: float
    again_stderr: float

    @classmethod
    def from_row(cls, row: Mapping[str, object]) -> Remeasured:
        """The turn of one JSON line of ``calibrate_review run``."""
        def number(key: str) -> float:
            value = row[key]
            if not isinstance(value, (int, float)):
                raise ValueError(f"{key} is not a number: {value!r}")
            return float(value)
        return cls(str(row["mark"]), number("loss"), number("stderr"), number("again"), number("again_stderr"))

    @property
    def joint_stderr(self) -> float:
        return math.hypot(self.stderr, self.again_stderr)

    def holds(self) -> bool:
        return self.again >= GOOD_BELOW if self.mark == "mistake" else self.again > 0.0

    def covered(self) -> bool:
        return abs(self.again - self.loss) <= 2 * self.stderr

    def covered_jointly(self) -> bool:
        return abs(self.again - self.loss) <= 2 * self.joint_stderr

    def coverage_if_exact(self) -> float:
        """The chance that the review's +- 2 SE covers the measure again if the review's error were
        exact and the measure again differed from the truth only by its own error."""
        joint = self.joint_stderr
        return 1.0 if joint <= 0.0 else math.erf(2 * self.stderr / (joint * math.sqrt(2)))


    def widened(self, judge_error: float) -> Remeasured:
        """This turn with the review's error widened by ``judge_error``, the spread of the judge
        against the finisher beyond both measures' sampling noise (a turn whose loss is exact, with
        no error, stays exact: nothing is played after it)."""
        if self.stderr <= 0.0:
            return self
        return replace(self, stderr=math.hypot(self.stderr, judge_error))

    def sampled(self, judge_error: float) -> Remeasured:
        """This turn with the review's error taken back to its sampled standard error, undoing
        :meth:`widened` by ``judge_error`` (the review of method 3 on shows the widened error)."""
        if self.stderr <= 0.0:
            return self
        return replace(self, stderr=math.sqrt(max(0.0, self.stderr ** 2 - judge_error ** 2)))


def judge_error(turns: Sequence[Remeasured]) -> float:
    """The spread of the review's loss against the loss measured again that both standard errors do
    not explain: the root of the mean of (again - loss)^2 - SE^2 - SE again^2, 0 when that is not
    above 0 (the moment estimate of an independent error of the judge)."""
    if not turns:
        raise ValueError("no flagged turns to estimate from")
    excess = statistics.fmean((t.again - t.loss) ** 2 - t.stderr ** 2 - t.again_stderr ** 2 for t in turns)
    return math.sqrt(excess) if excess > 0.0 else 0.0


@dataclass(frozen=True)
class Summary:
    """The figures of a set of flagged turns."""

    count: int
    held: int
    covered: int
    covered_jointly: int
    expected_covered: float
    mean_loss: float
    mean_again: float
    z_mean: float
    z_spread: float


def summarise(turns: Sequence[Remeasured]) -> Summary:
    """The figures of ``turns`` (at least one)."""
    if not turns:
        raise ValueError("no flagged turns to summarise")
    zs = [(t.again - t.loss) / t.joint_stderr for t in turns if t.joint_stderr > 0.0]
    return Summary(
        count=len(turns),
        held=sum(t.holds() for t in turns),
        covered=sum(t.covered() for t in turns),
        covered_jointly=sum(t.covered_jointly() for t in turns),
        expected_covered=sum(t.coverage_if_exact() for t in turns),
        mean_loss=statistics.fmean(t.loss for t in turns),
        mean_again=statistics.fmean(t.again for t in turns),
        z_mean=statistics.fmean(zs) if zs else math.nan,
        z_spread=statistics.stdev(zs) if len(zs) > 1 else math.nan,
    )


def shown_judge_error(method: int, turn: int) -> float:
    """The judge's error review ``method`` adds to the sampled standard error it shows, at the seat's turn
    ``turn`` (0 = its first): method 2 shows the sampled error alone; method 3 adds 1.4 as the root of the
    sum of squares; method 4 adds 2.1 for the seat's first four turns and 1.4 after. The figures are each
    method's as it shipped, so lines measured by an old method keep reading right after ``review`` moves
    on (tests/ai/test_review.py ties the current method to ``review.turn_error``)."""
    if method == 2:
        return 0.0
    if method == 3:
        return 1.4
    if method == 4:
        return 2.1 if turn < 4 else 1.4
    raise ValueError(f"review method {method!r}: the judge's error it shows is not known")


def sampled_turns(rows: Sequence[Mapping[str, object]]) -> list[Remeasured]:
    """The turns of ``calibrate_review run`` lines with the review's sampled standard error (the error
    each method showed, less the judge's error it added)."""
    out = []
    for row in rows:
        method, turn = row.get("method", 2), row.get("turn", 0)
        if not isinstance(method, int) or not isinstance(turn, int):
            raise ValueError(f"review method {method!r}, turn {turn!r}: not whole numbers")
        out.append(Remeasured.from_row(row).sampled(shown_judge_error(method, turn)))
    return out


@dataclass(frozen=True)
class ErrorForm:
    """A turn's error from its sampled standard error ``se`` and its loss: the root of the sum of the
    squares of ``se``, a constant ``judge`` and ``share`` of the loss (an exact loss stays exact)."""

    judge: float
    share: float = 0.0

    def error(self, se: float, loss: float) -> float:
        return math.hypot(se, self.judge, self.share * loss) if se > 0.0 else 0.0

    def applied(self, turns: Sequence[Remeasured]) -> list[Remeasured]:
        """``turns`` (with their sampled errors) with the review's error of this form."""
        return [replace(t, stderr=self.error(t.stderr, abs(t.loss))) for t in turns]

    def coverage(self, turns: Sequence[Remeasured]) -> float:
        """The share of ``turns`` (with their sampled errors) whose loss +- 2 errors of this form covers
        the loss measured again."""
        return statistics.fmean(t.covered() for t in self.applied(turns))

    def mean_error(self, turns: Sequence[Remeasured]) -> float:
        return statistics.fmean(t.stderr for t in self.applied(turns))


#: The constants :func:`tightest` tries: 0 to 6 points in steps of 0.1.
JUDGES = tuple(k / 10 for k in range(61))


def tightest(turns: Sequence[Remeasured], shares: Sequence[float], target: float = 0.9,
             judges: Sequence[float] = JUDGES) -> ErrorForm | None:
    """Of the forms with a constant from ``judges`` and a share from ``shares``, the one with the
    smallest mean error over ``turns`` (their sampled errors) that covers at least ``target`` of
    them; None when none does. A tie goes to the smaller constant, then the smaller share."""
    if not turns:
        raise ValueError("no flagged turns to fit on")
    best: tuple[float, float, float] | None = None
    for share in shares:
        for judge in judges:
            form = ErrorForm(judge, share)
            if form.coverage(turns) >= target:
                key = (form.mean_error(turns), judge, share)
                best = key if best is None or key < best else best
                break   # a larger constant with this share only widens the error
    return None if best is None else ErrorForm(best[1], best[2])


__all__ = ["ErrorForm", "Remeasured", "Summary", "judge_error", "sampled_turns", "shown_judge_error",
           "spread", "summarise", "tightest"]
