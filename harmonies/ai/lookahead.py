"""The look-ahead: the planner's best turns played forward on sampled hidden orders.

Each candidate turn is played on the same few samples of the pouch and the deck (never the real
order); the other seats play quick stand-in turns and a fast planner plays my next turns, the last
one valued rather than played (``Lookahead``). Half of the samples may be played in the helper
process (``_follow_remote``).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from contextlib import nullcontext
from typing import Protocol

from ..rules import ChooseSpirit, Game, rules_data
from .helper import Helper, SampleValue, Session, cached_searcher, turn_game, turn_worlds
from .planner import Planner, play_plan
from .random_turn import play_random_turn
from .turn_root import CandidateTurn


class LeafValue(Protocol):
    """What a sampled game is worth to ``me`` at the look-ahead's leaf (``Lookahead.leaf``), whose
    best turn by the fast planner is ``nxt``. The shipped players use none; the tuning tools fill it
    with learned ones (harmonies/tuning/leaf_value.py)."""

    def __call__(self, g: Game, me: int, fast: Planner, nxt: CandidateTurn) -> float: ...


class Lookahead:
    """Picks among the planner's best turns by what they leave for the turns after.

    Each candidate turn is played on the same few samples of the hidden order (``sample_hidden``:
    the pouch and the deck reshuffled, never the real order); the other seats then play quick
    stand-in turns, and a fast planner plays my next ``depth`` turns, the last of them valued rather
    than played. The candidate whose last turn ends best on average wins: it sees which spaces and
    cards are left to me, what the refills may bring and whether a half-built pattern can really be
    finished. In stages, the turns that fall behind on the first samples get no more of them.
    """

    def __init__(self, planner: Planner, fast: Planner, stages: Sequence[tuple[int, int]], rng: random.Random,
                 budget: int = 0, stand_in: Planner | None = None, depth: int = 1,
                 helper: Helper | None = None) -> None:
        self.planner = planner
        self.fast = fast
        # (candidates kept, new samples for each) in turn: the first stage plays the planner's best
        # ``stages[0][0]`` turns, each later one keeps the best of them by the samples so far and
        # plays them on more. Wide and thin first, then deep on the few that stay in the race.
        self.stages = tuple(stages)
        self.rng = rng
        # My turns played out after a candidate (the last one valued, not played). One turn sees
        # next turn's spaces but not whether what it sets up still pays once the pouch has been
        # drawn again; a second turn shows that (HardPlayer uses two in solo, one at a table).
        self.depth = depth
        # Most board evaluations the fast planner may spend on one turn (0: no cap). Counted, not
        # timed: the open boards of the first rounds make each reply dear, and past the cap the
        # weaker candidates go unexamined (the best ones come first, so little is lost) and no
        # later stage is played.
        self.budget = budget
        # Plays the other seats' turns in the samples (None: random turns). A greedy one-token
        # planner takes the spaces and cards a real opponent would, for a fraction of a plan's cost.
        self.stand_in = stand_in
        # Plays half of the samples in another process (harmonies/ai/helper.py); same play without.
        self.helper = helper
        self.last_spent = 0  # board evaluations of the last plan, the helper's included
        self._played = 0
        self.room: Planner | None = None  # a wider planner looking for a turn that keeps the game going
        # Values the last turn of each sample (None: its one-turn value plus the completed cards).
        self.value: LeafValue | None = None

    def spec(self) -> bytes:
        """What a helper process needs to play samples exactly as this look-ahead does."""
        stand = (self.stand_in.weights, self.stand_in.opts) if self.stand_in is not None else None
        return pickle.dumps((self.fast.weights, self.fast.opts, stand, self.depth, self.value))

    @classmethod
    def from_spec(cls, spec: bytes) -> "Lookahead":
        weights, opts, stand, depth, value = pickle.loads(spec)
        rng = random.Random(0)  # unused: hard's planners add no noise
        fast = Planner(weights, opts, rng)
        stand_in = None
        if stand is not None:
            stand_in = Planner(stand[0], stand[1], rng)
            stand_in._evaluators = fast._evaluators
        look = cls(fast, fast, (), rng, stand_in=stand_in, depth=depth)
        look.value = value
        return look

    def spent(self) -> int:
        return self.fast.evals + (self.stand_in.evals if self.stand_in is not None else 0)

    def plan(self, game: Game, cands: list[CandidateTurn] | None = None) -> CandidateTurn:
        """The best of ``cands`` (default: the planner's candidates for ``game``) by the turns after."""
        if not cands:
            cands = self.planner.candidates(game)
        if game.end_triggered or not self.stages or self.stages[0][0] <= 1 or self.stages[0][1] <= 0:
            return cands[0]  # my last turn: this turn's evaluation is already exact
        picked = self.pick(cands)
        extra = self._room_keeping(game, picked)
        if extra is not None:
            picked.append(extra)
        if len(picked) == 1:
            return picked[0]
        me = game.current
        worlds: dict[int, Game] = {}
        totals = [0.0] * len(picked)
        alive = list(range(len(picked)))
        self.last_spent = 0
        self._played = 0  # sample games of this turn
        with (self.helper.session(game) if self.helper else nullcontext()) as session:
            for n, (keep, count) in enumerate(self.stages):
                if n:
                    # sorted() is stable: the planner's own order breaks ties.
                    alive = sorted(alive, key=lambda i: -totals[i])[:keep]
                    if len(alive) <= 1 or self._over_budget(len(alive) * count):
                        break
                seeds = [self.rng.randrange(1 << 30) for _ in range(count)]
                done = self._stage(game, me, [picked[i] for i in alive], seeds, worlds, session, first=n == 0)
                for i, value in zip(alive, done):
                    totals[i] += value
                alive = alive[: len(done)]  # the first stage may stop short at the budget
        # max() keeps the first of equal totals: the planner's own order breaks ties.
        return picked[max(alive, key=lambda i: totals[i])]

    def _over_budget(self, games: int) -> bool:
        """Whether ``games`` more sample games would likely pass the budget, going by the cost of
        those played so far on this turn."""
        played = self._played
        return bool(self.budget) and played > 0 and self.last_spent * (1 + games / played) > self.budget

    def _stage(self, game: Game, me: int, cands: list[CandidateTurn], seeds: list[int], worlds: dict[int, Game],
               session: Session | None, first: bool) -> list[float]:
        """Each of ``cands`` played on the samples of ``seeds``: its summed value, in order. On the
        first stage, the candidates past the budget are dropped (the best come first)."""
        # The helper's share of each candidate's samples; an odd count is split the other way
        # on every other candidate, so each side plays half of them over the stage.
        halves = [(len(seeds) + n % 2) // 2 for n in range(len(cands))]
        # Every candidate's share is queued at once, so the helper never waits for this
        # process to finish its own (one side is often slower than the other).
        queued = [session.ask(_follow_remote, self, cand, me, seeds[:h]) if session is not None else None
                  for cand, h in zip(cands, halves)]
        totals: list[float] = []
        for n, cand in enumerate(cands):
            if first and n >= 2 and self._over_budget(len(seeds)):
                for future in queued[n:]:
                    if future is not None:
                        future.cancel()
                break
            h = halves[n]
            mine = [self.sample(cand, me, s, self.world(game, s, worlds)) for s in seeds[h:]]
            theirs = session.collect(queued[n]) if session is not None else None
            if theirs is None:
                theirs = [self.sample(cand, me, s, self.world(game, s, worlds)) for s in seeds[:h]]
            outcomes = theirs + mine  # in the order of the seeds, whoever played them
            totals.append(sum(v if v is not None else float("-inf") for v, _ in outcomes))
            self.last_spent += sum(e for _, e in outcomes)
            self._played += len(outcomes)
        return totals

    def pick(self, cands: list[CandidateTurn]) -> list[CandidateTurn]:
        """The candidates worth playing forward: the planner's best, as many as the first stage
        plays. Two of them may take the same space and card and differ only in where the tokens go:
        that is often what the turns after decide (one keeps room for another turn, one finishes a
        pattern), so near-copies are kept."""
        return cands[: self.stages[0][0]]

    def _room_keeping(self, game: Game, picked: list[CandidateTurn]) -> CandidateTurn | None:
        """When every picked turn fills my board (the game ends with it) though the pouch would go on,
        the best turn that leaves room for another, found by a wider search: the one-turn value
        prices a further turn far below what it brings, and such turns rank low or differ from a
        picked one only by a token."""
        if self.room is None or game.pouch_runs_out:
            return None  # no wider search, or the pouch ends the game after this turn anyway
        start = game.stack_ids(game.current)
        empty = start.count(0)
        end_cells = rules_data().end_empty_cells

        def fills(plan: CandidateTurn) -> bool:
            return empty - len({i for _, i in plan.tokens if start[i] == 0}) <= end_cells

        if not all(fills(p) for p in picked):
            return None
        return next((c for c in self.room.candidates(game) if not fills(c)), None)

    @staticmethod
    def world(game: Game, seed: int, worlds: dict[int, Game]) -> Game:
        """The sampled world of ``seed`` (made once, kept in ``worlds``): every candidate meets the same."""
        world = worlds.get(seed)
        if world is None:
            world = worlds[seed] = game.sample_hidden(random.Random(seed))
        return world

    def sample(self, cand: CandidateTurn, me: int, seed: int, world: Game) -> SampleValue:
        """A candidate played on one sampled world: what follows is worth this much (None: the
        candidate cannot be played there), for this many board evaluations."""
        before = self.spent()
        g = self.played(cand, world)
        if g is None:
            return None, self.spent() - before
        value = self.follow(g, me, seed)
        return value, self.spent() - before

    def played(self, cand: CandidateTurn, world: Game) -> Game | None:
        """A copy of ``world`` with ``cand`` played on it (None: the rules refuse it there)."""
        g = world.clone()
        if not all(g.apply(cmd).ok for cmd in self.planner.commands(g, cand)):
            return None
        return g

    def follow(self, g: Game, me: int, seed: int) -> float:
        """What a sampled game after my candidate turn is worth to me: its leaf (``leaf``) valued by
        ``value``, else by its one-turn value plus the completed cards; the exact score of a game that
        ends before it."""
        nxt = self.leaf(g, me, seed)
        if nxt is None:
            return float(g.score(me).total)
        if self.value is not None:
            return self.value(g, me, self.fast, nxt)
        return nxt.value + sum(g.cards.animal(h.card_id).track[-1] for h in g.player(me).completed)

    def leaf(self, g: Game, me: int, seed: int) -> CandidateTurn | None:
        """Plays a sampled game after my candidate turn on to the look-ahead's leaf: the other seats'
        stand-in turns (random ones seeded by ``seed`` without a stand-in planner), then my own turns
        by the fast planner but the last of ``depth``. Returns the fast planner's best turn there,
        not played, with ``g`` at its start (None: the game ends first)."""
        stand_in = random.Random(seed)  # the random player's draws, on this sample game
        last = max(1, self.depth) - 1
        turn = 0
        while True:
            while not g.over and g.current != me:
                if self.stand_in is None:
                    play_random_turn(g, stand_in, True)
                    continue
                if g.spirit_choices:
                    g.apply(ChooseSpirit(g.spirit_choices[0]))
                play_plan(g, self.stand_in)
            if g.over:
                return None
            nxt = self.fast.plan(g)
            if turn == last:
                return nxt
            play_plan(g, self.fast, nxt)
            turn += 1


# ---------------------------------------------------------------------- run in the helper process
def _follow_remote(turn: int, token: int | None, cards: bytes | None, state: bytes | None, spec: bytes,
                   cand: CandidateTurn, me: int, seeds: list[int]) -> list[SampleValue]:
    """``cand`` played on the samples of ``seeds`` by the look-ahead of ``spec`` (Lookahead.sample),
    on this turn's game; each seed's world is made once per turn, as Lookahead.world makes it."""
    game = turn_game(turn, token, cards, state)
    look = cached_searcher("follow", spec, Lookahead.from_spec)
    worlds = turn_worlds()
    return [look.sample(cand, me, seed, Lookahead.world(game, seed, worlds)) for seed in seeds]
