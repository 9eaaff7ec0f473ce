"""A second process for the hard player's look-ahead, so that a turn uses both cores.

The look-ahead plays each candidate turn on a dozen sampled futures; the samples are independent,
so the helper plays half of them while this process plays the other half. What is sent is small:
the game once per turn (its card set once per session, kept on the other side under a token, so
the card tables built there stay cached), then each candidate and its half of the sample seeds.
Both halves run the same code on the same seeds, so the play does not depend on whether a helper
ran: the tests check this move for move.

A helper is used only where it can help: two cores or more, and not inside a process that may not
start children (the daemonic workers of ``simulate --jobs``). ``HARMONIES_AI_HELPER=0`` turns it
off. If it cannot start or fails, the look-ahead plays every sample here.
"""

from __future__ import annotations

import atexit
import io
import multiprocessing
import os
import pickle
import random
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..rules import CardSet, Game

if TYPE_CHECKING:
    from .planner import Lookahead, TurnPlan

# One sample's answer: the value of the candidate there (None: it cannot be played there) and the
# board evaluations it took (the look-ahead's budget counts them).
Outcome = tuple[float | None, int]
# Sends (candidate, seat, seeds) to the helper: the future answers, or None if it has failed.
Sender = Callable[["TurnPlan", int, list[int]], "Future[list[Outcome]] | None"]


def _dump(game: Game, cards_token: int) -> bytes:
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.persistent_id = lambda obj: ("cards", cards_token) if obj is game.cards else None  # type: ignore[method-assign]
    pickler.dump(game)
    return buf.getvalue()


class Helper:
    """The helper process and what it has been sent; one per process, shared by every hard seat."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._cards: dict[int, tuple[int, CardSet]] = {}  # id(cards) -> (token, cards kept alive)
        self._sent_cards: set[int] = set()
        self._turn = 0
        self.failed: str | None = None
        self.answers = 0  # sample batches the helper has played

    def start(self) -> bool:
        """Start the process in the background (it imports the rules first); False if it cannot."""
        if self.failed:
            return False
        if self._pool is None:
            try:
                # spawn, never fork: the window's process has threads (drawing, sound) that a
                # forked child would inherit in whatever state they were.
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
                self._pool.submit(_ready)
            except Exception as exc:  # no processes here (a sandbox, a platform without them)
                self._fail(exc)
                return False
        return True

    def _fail(self, exc: BaseException) -> None:
        self.failed = f"{type(exc).__name__}: {exc}"
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    @contextmanager
    def session(self, game: Game, look: Lookahead) -> Iterator[Sender | None]:
        """For one turn's look-ahead: a function sending (candidate, seat, seeds) to the helper,
        or None when the helper is busy with another seat's turn, failed, or cannot start."""
        if not self.start() or not self._lock.acquire(blocking=False):
            yield None
            return
        try:
            self._turn += 1
            turn = self._turn
            token, cards = self._cards.setdefault(id(game.cards), (len(self._cards), game.cards))
            spec = look.spec()
            unsent: list[Game] = [game]  # the game goes with the first candidate only

            def send(cand: TurnPlan, me: int, seeds: list[int]) -> Future[list[Outcome]] | None:
                if self._pool is None:
                    return None  # it failed earlier this turn
                state = new_cards = None
                if unsent:
                    state = _dump(unsent.pop(), token)
                    if token not in self._sent_cards:
                        new_cards = pickle.dumps(cards, protocol=pickle.HIGHEST_PROTOCOL)
                        self._sent_cards.add(token)
                return self._pool.submit(_follow, spec, turn, token, new_cards, state, cand, me, seeds)

            yield send
        finally:
            self._lock.release()

    def collect(self, future: Future[list[Outcome]]) -> list[Outcome] | None:
        """The helper's answers, or None (and no more helping) if it failed."""
        try:
            out = future.result()
        except Exception as exc:
            if self.failed:
                return None  # already said
            self._fail(exc)
            print(f"harmonies: the computer player's helper process failed ({self.failed}); "
                  "it goes on in one process", file=sys.stderr)
            return None
        self.answers += 1
        return out


_SHARED: Helper | None = None


def wanted() -> bool:
    """Whether a helper process can speed up a turn here."""
    if os.environ.get("HARMONIES_AI_HELPER", "").strip() == "0":
        return False
    if (os.cpu_count() or 1) < 2:
        return False
    return not multiprocessing.current_process().daemon


def shared_helper() -> Helper | None:
    """This process's helper, started on first use; None where one would not help."""
    global _SHARED
    if not wanted():
        return None
    if _SHARED is None:
        _SHARED = Helper()
        atexit.register(_SHARED.close)
    return _SHARED if _SHARED.start() else None


# ---------------------------------------------------------------------- in the helper process
_STATE: dict[str, Any] = {"cards": {}, "turn": None, "game": None, "worlds": {}, "looks": {}}


def _ready() -> None:
    from . import planner  # noqa: F401  (import the search now, not on the first turn)


def _follow(spec: bytes, turn: int, token: int, cards: bytes | None, game: bytes | None,
            cand: TurnPlan, me: int, seeds: list[int]) -> list[Outcome]:
    from .planner import Lookahead

    st = _STATE
    if cards is not None:
        st["cards"][token] = pickle.loads(cards)
    if game is not None:
        unpickler = pickle.Unpickler(io.BytesIO(game))
        unpickler.persistent_load = lambda pid: st["cards"][pid[1]]  # type: ignore[method-assign]
        st["turn"], st["game"], st["worlds"] = turn, unpickler.load(), {}
    elif st["turn"] != turn:
        raise RuntimeError(f"the helper was asked about turn {turn} but holds turn {st['turn']}")
    look = st["looks"].get(spec)
    if look is None:
        look = st["looks"][spec] = Lookahead.from_spec(spec)
    worlds: dict[int, Game] = st["worlds"]
    out = []
    for seed in seeds:
        world = worlds.get(seed)
        if world is None:
            world = worlds[seed] = st["game"].sample_hidden(random.Random(seed))
        out.append(look.sample(cand, me, seed, world))
    return out
