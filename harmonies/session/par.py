"""The par of a daily deal: the hard computer player's score on it, worked out once in the background.

The hard player plays the deal as a solo seat in any game does: each turn is planned on its own
observer view (:func:`harmonies.ai.take_turn`), never on the real pouch or pile order, and the real
game only accepts or refuses its commands. Its seed comes from the deal's, so the par is the same on
every machine. The answer is kept in the daily record (:meth:`DailyRecords.set_par`) as soon as it is
known, whoever is still waiting for it, and never worked out again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from harmonies import ai
from harmonies.persist.daily import DailyRecords
from harmonies.rules import CardSet, Game, GameSetup, canonical_deal

from .seats import make_seat_player
from .daily import FIRST_DAY, DailyDeal
from .jobs import Job, Jobs

#: The level whose score is the par.
PAR_LEVEL = "hard"
#: Turns after which a par game is given up (a solo game has far fewer; this only stops a runaway).
_MAX_TURNS = 200


class ParStopped(Exception):
    """The process is ending: a par game still being played is dropped (it is worked out next time)."""


def _process_ending() -> bool:
    # The main thread stops before the interpreter waits for the worker threads, so a par game in
    # progress ends between two turns instead of holding the closing window for its remaining turns.
    return not threading.main_thread().is_alive()


def play_par(deal: DailyDeal, cards: CardSet | None = None, level: str = PAR_LEVEL,
             stop: Callable[[], bool] = _process_ending) -> int:
    """The score ``level``'s player makes on ``deal``, played to the end on observer views.

    ``stop`` is asked between turns; :class:`ParStopped` when it says so.
    """
    setup = GameSetup(players=1, side=deal.side, spirits=deal.spirits, seed=deal.seed)
    game = Game.new(setup, cards, canonical_deal(setup))
    player = make_seat_player(level, deal.seed % 1_000_003)
    for _ in range(_MAX_TURNS):
        if game.over:
            break
        if stop():
            raise ParStopped(deal.iso)
        ai.take_turn(player, game)
    outcome = game.outcome
    if outcome is None:
        raise RuntimeError(f"the par game of {deal.iso} did not end in {_MAX_TURNS} turns")
    return outcome.scores[0].total


class ParKeeper:
    """Starts each day's par game at most once per process, and keeps its answer in the daily record."""

    def __init__(self, records: DailyRecords, jobs: Jobs, cards: CardSet | None = None,
                 level: str = PAR_LEVEL) -> None:
        self.records = records
        self.jobs = jobs
        self.cards = cards
        self.level = level
        self._lock = threading.Lock()
        self._running: dict[str, Job[int | None]] = {}
        #: Pars worked out here whose record could not be written: still shown for this session.
        self.unsaved: dict[str, int] = {}

    def ensure(self, deal: DailyDeal) -> None:
        """Start working out the par of ``deal`` unless it is known or already being worked out, or the
        deal is of a day before the daily deal's first (which it does not serve: no par is stored for it)."""
        if deal.day < FIRST_DAY or self.par(deal.iso) is not None:
            return
        with self._lock:
            if deal.iso in self._running:
                return
            self._running[deal.iso] = self.jobs.start("daily par", lambda: self._work(deal), lambda: None)

    def _work(self, deal: DailyDeal) -> int | None:
        try:
            par = play_par(deal, self.cards, self.level)
        except ParStopped:
            return None
        try:
            self.records.set_par(deal.iso, par)
        except Exception:  # a record that cannot be written must not lose the answer for this session
            self.unsaved[deal.iso] = par
        return par

    def working(self, iso: str) -> bool:
        """The par of ``iso`` is being worked out now."""
        job = self._running.get(iso)
        return job is not None and not job.done

    def finished(self) -> set[str]:
        """The days whose par game has ended in this process (worked out, or given up)."""
        with self._lock:
            return {iso for iso, job in self._running.items() if job.done}

    def par(self, iso: str) -> int | None:
        """The par of day ``iso`` if known (in the record, or worked out here)."""
        known = self.records.load().day(iso).par
        return known if known is not None else self.unsaved.get(iso)

    def wait(self, iso: str, timeout: float | None = None) -> bool:
        """Block until the par of ``iso`` is worked out (tests and tools); False if ``timeout`` passed first."""
        job = self._running.get(iso)
        return job is None or job.wait(timeout)
