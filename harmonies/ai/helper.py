"""A second process for the hard player's search, so that a turn uses both cores.

A hard turn is two searches whose parts are independent: the token boards of each central space,
then each candidate turn played on several sampled futures. The helper takes part of each (some
spaces, half of the samples) while this process does the rest. What is sent is small: the game
once per search (its card set once, kept on the other side under a token, so the card tables built
there stay cached), then the spaces, or each candidate and its half of the sample seeds. Both sides
run the same code on the same inputs and the answers are put back in order, so the play does not
depend on whether a helper ran: the tests check this move for move.

A helper is used only where it can help: two cores or more, and not inside a process that may not
start children (the daemonic workers of ``simulate --jobs``). ``HARMONIES_AI_HELPER=0`` turns it
off. If it cannot start or fails, the look-ahead plays every sample here.

The helper ends by itself soon after the process that started it dies, however it died (``kill -9``
included): it watches its parent (see :mod:`harmonies.orphans`). With it goes multiprocessing's resource
tracker, which lives as long as any process holding its pipe, the helper included.
"""

from __future__ import annotations

import atexit
import io
import multiprocessing
import multiprocessing.connection
import os
import pickle
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from ..orphans import watch_parent
from ..rules import CardSet, Colour, Game

# One sample's answer: the value of the candidate there (None: it cannot be played there) and the
# board evaluations it took (the look-ahead's budget counts them).
SampleValue = tuple[float | None, int]
T = TypeVar("T")
# One space's best token boards: (value, stacks, placements in order).
Placed = list[tuple[float, list[int], list[tuple[Colour, int]]]]


class Searcher(Protocol):
    """A search the helper can repeat: ``spec`` is what it needs to rebuild it (a planner or a
    look-ahead, harmonies/ai/lookahead.py)."""

    def spec(self) -> bytes: ...


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
        self.answers = 0  # requests the helper has answered

    def start(self) -> bool:
        """Start the process in the background (it imports the rules first); False if it cannot."""
        if self.failed:
            return False
        if self._pool is None:
            try:
                # spawn, never fork: the window's process has threads (drawing, sound) that a
                # forked child would inherit in whatever state they were.
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=watch_parent, initargs=(os.getpid(),))
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
    def session(self, game: Game) -> Iterator[Session | None]:
        """What the helper may be asked about ``game`` (one turn's search), or None when it is busy
        with another seat's turn, failed, or cannot start."""
        if not self.start() or not self._lock.acquire(blocking=False):
            yield None
            return
        try:
            self._turn += 1
            yield Session(self, game, self._turn)
        finally:
            self._lock.release()

    def _submit(self, fn: Callable[..., Any], game: Game | None, turn: int, *args: Any) -> Future[Any] | None:
        """Queue ``fn(turn, token, cards, state, *args)`` on the helper: ``state`` is ``game``
        pickled (None: the helper already holds this turn's game), ``cards`` its card set if the
        helper has not seen it yet."""
        if self._pool is None:
            return None  # it failed earlier this turn
        token = state = new_cards = None
        if game is not None:
            token, cards = self._cards.setdefault(id(game.cards), (len(self._cards), game.cards))
            state = _dump(game, token)
            if token not in self._sent_cards:
                new_cards = pickle.dumps(cards, protocol=pickle.HIGHEST_PROTOCOL)
                self._sent_cards.add(token)
        return self._pool.submit(fn, turn, token, new_cards, state, *args)

    def collect(self, future: Future[T]) -> T | None:
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


class Session:
    """One turn's search on one game: the game goes over with the first request only."""

    def __init__(self, helper: Helper, game: Game, turn: int) -> None:
        self.helper = helper
        self.turn = turn
        self._unsent: Game | None = game
        # A search's settings go into each request; pickled once per search, not per request.
        self._specs: dict[int, bytes] = {}

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any] | None:
        game, self._unsent = self._unsent, None
        return self.helper._submit(fn, game, self.turn, *args)

    def ask(self, fn: Callable[..., T], searcher: Searcher, *args: Any) -> Future[T] | None:
        """Queue ``fn(turn, token, cards, state, spec, *args)`` in the helper process, ``spec`` being
        ``searcher``'s; ``fn`` rebuilds the game with ``turn_game`` and the search with
        ``cached_searcher`` (the planner's remote searches are such functions)."""
        return self._submit(fn, self._spec(searcher), *args)

    def collect(self, future: Future[T] | None) -> T | None:
        """The answer to a request, or None if it was not sent or the helper failed."""
        return self.helper.collect(future) if future is not None else None

    def _spec(self, searcher: Searcher) -> bytes:
        spec = self._specs.get(id(searcher))
        if spec is None:
            spec = self._specs[id(searcher)] = searcher.spec()
        return spec


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
_STATE: dict[str, Any] = {"cards": {}, "turn": None, "game": None, "worlds": {}, "searchers": {}}


def _ready() -> None:
    """Nothing to run: unpickling this function in the new process imports this package, whose
    players import the search, so it is loaded before the first turn asks for it."""


def turn_game(turn: int, token: int | None, cards: bytes | None, state: bytes | None) -> Game:
    """This turn's game: the one just sent, or the one kept from the turn's first request."""
    st = _STATE
    if cards is not None:
        st["cards"][token] = pickle.loads(cards)
    if state is not None:
        unpickler = pickle.Unpickler(io.BytesIO(state))
        unpickler.persistent_load = lambda pid: st["cards"][pid[1]]  # type: ignore[method-assign]
        st["turn"], st["game"], st["worlds"] = turn, unpickler.load(), {}
    elif st["turn"] != turn:
        raise RuntimeError(f"the helper was asked about turn {turn} but holds turn {st['turn']}")
    game: Game = st["game"]
    return game


def cached_searcher(kind: str, spec: bytes, build: Callable[[bytes], T]) -> T:
    """The search of ``kind`` rebuilt from ``spec`` by ``build``, once per process."""
    searchers: dict[tuple[str, bytes], T] = _STATE["searchers"]
    found = searchers.get((kind, spec))
    if found is None:
        found = searchers[kind, spec] = build(spec)
    return found


def turn_worlds() -> dict[int, Game]:
    """The sampled worlds made so far from this turn's game (emptied when a new game comes)."""
    worlds: dict[int, Game] = _STATE["worlds"]
    return worlds

