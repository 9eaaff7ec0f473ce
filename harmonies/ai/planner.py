"""A one-turn planner: which space, where each token goes, which card, where the cubes go.

The search runs on plain lists of stack ids (read through ``game.stack_ids``), not on the engine,
because it looks at thousands of boards per turn. For each central space it places the three tokens
one at a time keeping the ``beam`` best partial boards; the best finished boards then try every
card choice with greedy cube placement. The chosen turn is turned into commands and sent through
``game.apply`` like any other seat's.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Hashable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Protocol

from ..rules import (
    ChooseSpirit, Colour, Command, EndTurn, Game, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens, rules_data,
)
from ..rules.kernels import formed_cells, stack_table
from .evaluate import CardIndex, Evaluator, Weights
from .finish import finish_turn
from .helper import Helper, SampleValue, Placed, Session, cached_searcher, turn_game, turn_worlds
from .random_turn import play_random_turn
from .tables import FAR, PlacementCosts, Tables, tables_for


@dataclass
class PlanOptions:
    """How hard a level looks: the search widths and how sloppy it may be."""

    beam: int = 4                 # partial boards kept after each token
    finals: int = 4               # finished token boards tried with every card choice
    noise: float = 0.0            # gaussian noise on every evaluation (easy: human-like misjudgement)
    look_at_display: bool = True  # steer tokens toward a face-up card's pattern
    take_cards: bool = True
    max_cards: int = 4            # never hold more unfinished cards than this
    blunder: float = 0.0          # chance of taking a random space instead of the planned one


@dataclass
class CandidateTurn:
    space: int
    tokens: list[tuple[Colour, int]]
    card: str | None
    cubes: list[tuple[str, int]]
    swap: str | None
    value: float = 0.0
    notes: dict[str, float] = field(default_factory=dict)


class TurnRoot:
    """What stays fixed during one turn's search."""

    def __init__(self, game: Game, ev: Evaluator, opts: PlanOptions) -> None:
        self.game = game
        self.ev = ev
        self.t: Tables = ev.t
        self.opts = opts
        seat = game.current
        self.seat = seat
        self.stacks = list(game.stack_ids(seat))
        view = game.player(seat)
        index = game.shape.index
        self.cubes = 0
        for cell in view.cubes:
            self.cubes |= 1 << index[cell]
        self.held: list[tuple[str, int]] = [(h.card_id, h.cubes_placed) for h in view.cards]
        self.spirit = view.spirit if view.spirit is not None and not view.spirit_placed else None
        self.spirit_done = view.spirit if view.spirit is not None and view.spirit_placed else None
        self.solo = game.setup.solo
        self.players = game.setup.players
        self.pouch = game.pouch_size
        self.end_triggered = game.end_triggered
        # Another board filling up ends the game for everyone: my turns are bounded by theirs too.
        self.others_turns = min((_turns_to_fill(game, i, seat) for i in range(self.players) if i != seat),
                                default=99.0)
        # turns_left's parts that do not depend on the board (it runs for every board searched)
        self._end_cells = rules_data().end_empty_cells
        self._room_turns = ev.w.room_turns
        per_space = rules_data().tokens_per_space
        # solo refills every space each turn; at a table only the one taken
        self._by_pouch: float = (self.pouch // (per_space * rules_data().central_spaces[True]) if self.solo
                                 else (self.pouch // per_space) / self.players)
        can_take = opts.take_cards and not game.took_card_this_turn
        unfinished = len(self.held) + (1 if self.spirit else 0)
        self.display: list[str] = []
        if can_take and unfinished < min(opts.max_cards, rules_data().max_unfinished_cards):
            self.display = [c for c in game.display if c is not None and game.check(TakeCard(c)) is None]
        self.all_display = [c for c in game.display if c is not None]
        # Placements that can still be completed (no cube on the cube cell, every cell can grow into
        # its stack), per card; the rest can never matter again, so the search skips them.
        self.placements: dict[str, tuple[PlacementCosts, ...]] = {}
        ids = {cid for cid, _ in self.held} | set(self.display) | set(self.all_display)
        if self.spirit:
            ids.add(self.spirit)
        self.index: dict[str, CardIndex] = {}
        # Per card, the bit set of the cube cells of those placements.
        self.live_cubes: dict[str, int] = {}
        for cid in ids:
            self.placements[cid], self.index[cid] = ev.card_index(cid, self.stacks, self.cubes)
            live = 0
            for cube, _ in self.placements[cid]:
                live |= 1 << cube
            self.live_cubes[cid] = live
        # The held cards as the token search reads them thousands of times a turn:
        # (id, cubes placed, cubes still to place, index).
        cards = game.cards
        self.held_search = [(cid, placed, cards.animal(cid).cubes - placed, self.index[cid])
                            for cid, placed in self.held]
        # Everything a board's value in the token search reads besides the board itself: roots with
        # equal keys value every board alike, so they share one memo (Planner._memo).
        self.key = (ev, tuple(self.stacks), self.cubes, tuple(self.held), self.spirit, self.spirit_done,
                    self.solo, self.players, self.pouch, self.end_triggered, self.others_turns,
                    tuple(self.display) if opts.look_at_display else ())

    @property
    def pouch_turns(self) -> float:
        """The turns the pouch still allows, whatever the boards."""
        return self._by_pouch

    def turns_left(self, stacks: list[int]) -> float:
        """My turns after this one, roughly (0: this is my last turn)."""
        if self.end_triggered:
            return 0.0
        empty = stacks.count(0)
        if empty <= self._end_cells:
            return 0.0
        # two new cells a turn; in the early turns the pouch, not the board, is the bound
        board = self._room_turns + (empty - self._end_cells - 1) / 2.0
        return float(min(self._by_pouch, board, self.others_turns))


def _turns_to_fill(game: Game, seat: int, me: int) -> float:
    """Roughly how many more turns ``me`` gets before ``seat``'s board ends the game, at the pace that
    board has been covering cells: an opponent that spreads three cells a turn ends the game sooner
    than two a turn would say, and turns invested past that end are lost. The pace starts from one
    assumed turn of two cells, so the first turns do not swing it."""
    stacks = game.stack_ids(seat)
    covered = sum(1 for s in stacks if s)
    turns = sum(stack_table().height[s] for s in stacks) / rules_data().tokens_per_space
    pace = (covered + 2.0) / (turns + 1.0)
    left = (len(stacks) - covered - rules_data().end_empty_cells) / pace
    # a later seat ending the game on its k-th turn leaves me k-1 more; an earlier one, k
    return max(0.0, left - (1.0 if seat > me else 0.0))


class Planner:
    """Plans whole turns with an evaluation; levels differ by options and weights."""

    def __init__(self, weights: Weights, opts: PlanOptions, rng: random.Random) -> None:
        self.weights = weights
        self.opts = opts
        self.rng = rng
        self._evaluators: dict[tuple[int, str], Evaluator] = {}
        # Boards evaluated so far: a machine-independent measure of work, so a turn's effort can be
        # capped without a clock (same seed, same play, whatever the load).
        self.evals = 0
        # Places the tokens of some of the spaces in another process (harmonies/ai/helper.py).
        self.helper: Helper | None = None
        # Token-search values of boards already seen, per root (TurnRoot.key): the look-ahead plans each
        # candidate's sampled futures from the same board, and the spaces of one turn share colours.
        self._memos: dict[Hashable, dict[tuple[int, ...], float]] = {}

    def spec(self) -> bytes:
        """What a helper process needs to search exactly as this planner does."""
        return pickle.dumps((self.weights, self.opts))

    @classmethod
    def from_spec(cls, spec: bytes) -> "Planner":
        weights, opts = pickle.loads(spec)
        return cls(weights, opts, random.Random(0))  # no noise where a helper is used: rng unused

    def evaluator(self, game: Game) -> Evaluator:
        key = (id(game.cards), game.setup.side)
        ev = self._evaluators.get(key)
        if ev is None or ev.cards is not game.cards:
            ev = self._evaluators[key] = Evaluator(tables_for(game.cards, game.setup.side), game.cards, self.weights)
        return ev

    # ------------------------------------------------------------------ evaluation helpers
    def _phase(self, root: TurnRoot, stacks: list[int]) -> float:
        return self._phase_at(root.turns_left(stacks))

    def _phase_at(self, turns_left: float) -> float:
        """How much unfinished work still counts with this many of my turns left."""
        return min(1.0, turns_left / self.weights.horizon) if self.weights.horizon > 0 else 1.0

    def _future(self, root: TurnRoot, stacks: list[int]) -> float:
        return self.weights.future * root.turns_left(stacks)

    def _token_value(self, root: TurnRoot, stacks: list[int], changed: tuple[int, ...]) -> float:
        """Value of a board while tokens are being placed (cubes still as at the turn's start)."""
        self.evals += 1
        ev = root.ev
        turns = root.turns_left(stacks)  # once: the phase and the future term both need it
        ph = self._phase_at(turns)
        cubes = root.cubes
        v = ev.landscape(stacks, cubes, ph) + self.weights.future * turns
        index = root.index
        cards = ev.cards
        for cid, placed, left, card_index in root.held_search:
            v += ev.value_of_distances(cid, placed, card_index.distances(stacks, changed, left), ph)
        v += self._spirit_value(root, stacks, cubes, ph, root.spirit is None, changed)
        if root.display and self.opts.look_at_display:
            best = max(
                ev.value_of_distances(cid, 0, index[cid].distances(stacks, changed, cards.animal(cid).cubes), ph)
                for cid in root.display
            )
            v += self.weights.display * max(0.0, best + self.weights.card_held)
        if self.opts.noise:
            v += self.rng.gauss(0.0, self.opts.noise)
        return v

    def _spirit_value(self, root: TurnRoot, stacks: list[int], cubes: int, ph: float, placed: bool,
                      changed: tuple[int, ...] | None = None) -> float:
        """``changed``: the cells this turn's tokens changed, while cubes are as at the turn's start;
        the spirit's distance then comes from its index, as the animal cards' do, rather than from
        a scan of all its placements on every board searched."""
        ev = root.ev
        if root.spirit_done:
            return float(ev.spirit_points(root.spirit_done, stacks))
        if root.spirit is None:
            return 0.0
        pts = ev.spirit_points(root.spirit, stacks)
        if placed:
            return float(pts)
        if changed is not None:
            near = root.index[root.spirit].distances(stacks, changed, 1)
            d = near[0] if near else FAR
        else:
            d = ev.card_distance(root.placements[root.spirit], stacks, cubes)
        if d >= FAR:
            return 0.0
        f = ev.card_factor[min(d, 5)]
        # While the tokens are being placed (``changed``), a formed pattern's cube can still go
        # down this turn; once the cubes are settled, one left unplaced is only potential.
        now = f * pts if d == 0 and changed is not None else 0.0
        return ph * self.weights.spirit_unplaced * f * pts + now * (1 - ph)

    def _end_value(self, root: TurnRoot, stacks: list[int], cubes: int, held: list[tuple[str, int]],
                   spirit_placed: bool, ph: float) -> float:
        """Value once the turn's cards and cubes are settled: exact card points count too."""
        ev = root.ev
        v = ev.landscape(stacks, cubes, ph) + self._future(root, stacks)
        unfinished = 1 if root.spirit and not spirit_placed else 0
        # A formed pattern's cube cell takes one cube only: the card whose next cube is worth most
        # counts it, the others look further (if two cards counted one cell, placing either cube
        # would look like a loss).
        claimed = 0
        # Cards differ in how well they suit the boards this player builds, beyond what their
        # distances show (card_prior.py). Every unfinished card counts it, not only a turn that
        # takes one, so the look-ahead's valued last turn weighs it too.
        prior = ev.card_prior
        for cid, placed in sorted(held, key=lambda h: self._next_cube(ev, h), reverse=True):
            track = ev.cards.animal(cid).track
            if placed:
                v += track[placed - 1]
            if placed < len(track):
                dists = ev.cube_distances(root.placements[cid], stacks, cubes | claimed)
                v += ev.value_of_distances(cid, placed, sorted(dists.values()), ph, now=False)
                v += prior.get(cid, 0.0) * ph
                formed = [cell for cell, d in dists.items() if d == 0]
                if formed:
                    claimed |= 1 << min(formed)
                v += self.weights.card_held * ph
                unfinished += 1
        if unfinished > 2:
            # A crowded hand costs: cards taken early that get one cube each leave no slot for the
            # better cards the solo swaps bring (card_crowd, docs/ai.md).
            v += self.weights.card_crowd * (unfinished - 2) * ph
        v += self._spirit_value(root, stacks, cubes, ph, spirit_placed)
        return v

    def settled_value(self, root: TurnRoot) -> float:
        """The end-of-turn value of the root's board as it stands (its cards and cubes as they are)."""
        return self._end_value(root, root.stacks, root.cubes, root.held, root.spirit is None,
                               self._phase(root, root.stacks))

    @staticmethod
    def _next_cube(ev: Evaluator, held: tuple[str, int]) -> int:
        """Points the next cube of a held card adds (0 once it is complete)."""
        track = ev.cards.animal(held[0]).track
        placed = held[1]
        if placed >= len(track):
            return 0
        return track[placed] - (track[placed - 1] if placed else 0)

    def _memo(self, root: TurnRoot) -> dict[tuple[int, ...], float] | None:
        """The memo of token-search values for boards from this root (None: noise makes each value
        a fresh draw). Only the roots used last are kept: the look-ahead plays a candidate's samples
        one after the other, each from the same board, then from one of its own."""
        if self.opts.noise:
            return None
        memo = self._memos.pop(root.key, None)
        if memo is None:
            memo = {}
            if len(self._memos) >= 4:
                del self._memos[next(iter(self._memos))]
        self._memos[root.key] = memo  # last in the order: the most recently used
        return memo

    # ------------------------------------------------------------------ search
    def _place_tokens(self, root: TurnRoot, colours: tuple[Colour, ...]) -> list[tuple[float, list[int], list[tuple[Colour, int]]]]:
        """Best finished boards for one space's tokens: (value, stacks, placements in order)."""
        add = root.t.add
        cubes = root.cubes
        size = root.t.size
        memo = self._memo(root)
        beam: list[tuple[float, list[int], list[tuple[Colour, int]], tuple[Colour, ...]]] = [
            (0.0, root.stacks, [], tuple(colours))
        ]
        for _ in range(len(colours)):
            children: dict[tuple[int, ...], tuple[float, list[int], list[tuple[Colour, int]], tuple[Colour, ...]]] = {}
            for _, stacks, moves, hand in beam:
                for colour in set(hand):
                    rest = list(hand)
                    rest.remove(colour)
                    rest_t = tuple(rest)
                    c = int(colour)
                    for i in range(size):
                        if (cubes >> i) & 1:
                            continue
                        new = add[stacks[i]][c]
                        if new < 0:
                            continue
                        child = stacks[:]
                        child[i] = new
                        key = tuple(child)
                        if key in children:
                            continue
                        children[key] = (0.0, child, moves + [(colour, i)], rest_t)
            if not children:
                break  # no legal cell at all (cannot happen with a legal game, but stay safe)
            scored = []
            for board, (_, child, placed, left) in children.items():
                v = memo.get(board) if memo is not None else None
                if v is None:
                    v = self._token_value(root, child, tuple(i for _, i in placed))
                    if memo is not None:
                        memo[board] = v
                else:
                    # Counted as evaluated: the look-ahead's budget, so its play, stays as without the memo.
                    self.evals += 1
                scored.append((v, child, placed, left))
            scored.sort(key=lambda x: x[0], reverse=True)
            beam = scored[: self.opts.beam]
        return [(v, s, m) for v, s, m, _ in beam]

    def _settle(self, root: TurnRoot, stacks: list[int]) -> list[tuple[float, str | None, list[tuple[str, int]], str | None]]:
        """Every card choice for a finished token board, each with its greedy cubes:
        (value, card, cubes, swap), best first."""
        ph = self._phase(root, stacks)
        prior = root.ev.card_prior  # the card's fit beyond its distances (_end_value)
        swap_share = self.weights.swap_prior
        out: list[tuple[float, str | None, list[tuple[str, int]], str | None]] = []
        for card in [None, *root.display]:
            held = list(root.held) + ([(card, 0)] if card else [])
            value, cubes_played = self._cubes(root, stacks, held, ph)
            if self.opts.noise:
                value += self.rng.gauss(0.0, self.opts.noise)
            swap = None
            if card is None and root.solo and root.all_display and root.game.deck_size > 0:
                ev = root.ev
                # Discard the face-up card least useful to this board; a fresh one replaces it.
                swap = min(root.all_display,
                           key=lambda c: ev.card_value(c, 0, root.placements[c], stacks, root.cubes, 1.0)
                           + swap_share * prior.get(c, 0.0))
            out.append((value, card, cubes_played, swap))
        out.sort(key=lambda x: x[0], reverse=True)
        return out

    def _cubes(self, root: TurnRoot, stacks: list[int], held: list[tuple[str, int]],
               ph: float) -> tuple[float, list[tuple[str, int]]]:
        """Place cubes greedily while one raises the value; returns (value, cubes placed)."""
        ev = root.ev
        cubes = root.cubes
        spirit_placed = False
        played: list[tuple[str, int]] = []
        value = self._end_value(root, stacks, cubes, held, spirit_placed, ph)
        while True:
            options: list[tuple[str, int, int]] = []  # (card, held index or -1 for spirit, cell)
            for k, (cid, placed) in enumerate(held):
                if placed >= ev.cards.animal(cid).cubes:
                    continue
                for cell in self._cube_cells(root, cid, stacks, cubes):
                    options.append((cid, k, cell))
            if root.spirit and not spirit_placed:
                for cell in self._cube_cells(root, root.spirit, stacks, cubes):
                    options.append((root.spirit, -1, cell))
            best = None
            for cid, k, cell in options:
                new_cubes = cubes | (1 << cell)
                if k >= 0:
                    new_held = held[:]
                    new_held[k] = (cid, held[k][1] + 1)
                    v = self._end_value(root, stacks, new_cubes, new_held, spirit_placed, ph)
                else:
                    new_held = held
                    v = self._end_value(root, stacks, new_cubes, held, True, ph)
                if best is None or v > best[0]:
                    best = (v, cid, k, cell, new_held)
            if best is None or best[0] <= value:
                return value, played
            value, cid, k, cell, held = best
            cubes |= 1 << cell
            if k < 0:
                spirit_placed = True
            played.append((cid, cell))

    @staticmethod
    def _cube_cells(root: TurnRoot, card_id: str, stacks: list[int], cubes: int) -> list[int]:
        """The cells where the next cube of ``card_id`` may go on ``stacks`` (the rules' matching,
        looked for only at the cube cells of the card's placements still live at the turn's start:
        stacks only grow, so no other can be formed by now)."""
        found = formed_cells(root.t.habitats[card_id], stacks, root.live_cubes[card_id] & ~cubes)
        out = []
        while found:
            low = found & -found
            found ^= low
            out.append(low.bit_length() - 1)
        return out

    def candidates(self, game: Game) -> list[CandidateTurn]:
        """Whole-turn candidates for the seat to play, best first by this turn's evaluation."""
        spaces = [i for i, s in enumerate(game.central) if s]
        if self.opts.blunder and self.rng.random() < self.opts.blunder:
            spaces = [self.rng.choice(spaces)]
        # Noise draws from this process's generator: such a planner keeps its search here.
        helper = self.helper if len(spaces) > 1 and not self.opts.noise else None
        with (helper.session(game) if helper is not None else nullcontext()) as session:
            # The helper takes the first spaces (fewer: this process also settles the cards after).
            k = len(spaces) // 2 if session is not None else 0
            future = session.ask(_place_remote, self, spaces[:k]) if session is not None else None
            root = TurnRoot(game, self.evaluator(game), self.opts)
            mine = self.place_spaces(game, spaces[k:], root)
            theirs = session.collect(future) if session is not None else None
            if theirs is None:
                theirs = self.place_spaces(game, spaces[:k], root)
        return self._turns(root, list(zip(spaces, theirs + mine)))

    def hand_candidates(self, game: Game) -> list[CandidateTurn]:
        """Candidates for the rest of a turn whose tokens are taken (the hint mid-turn): the tokens
        in hand, a card if none was taken yet, cubes; ``space`` is -1."""
        root = TurnRoot(game, self.evaluator(game), self.opts)
        return self._turns(root, [(-1, self._place_tokens(root, game.hand))])

    def _turns(self, root: TurnRoot, found: list[tuple[int, Placed]]) -> list[CandidateTurn]:
        """The best ``finals`` token boards over all spaces, each settled with every card choice;
        best first."""
        finals: list[tuple[float, int, list[int], list[tuple[Colour, int]]]] = []
        for space, boards in found:
            for v, stacks, moves in boards:
                finals.append((v, space, stacks, moves))
        finals.sort(key=lambda x: x[0], reverse=True)
        out: list[CandidateTurn] = []
        for _, space, stacks, moves in finals[: max(1, self.opts.finals)]:
            for value, card, cubes, swap in self._settle(root, stacks):
                out.append(CandidateTurn(space, moves, card, cubes, swap, value))
        out.sort(key=lambda p: p.value, reverse=True)
        return out

    def place_spaces(self, game: Game, spaces: list[int], root: TurnRoot | None = None) -> list[Placed]:
        """The best token boards of each of ``spaces``, in that order."""
        root = root or TurnRoot(game, self.evaluator(game), self.opts)
        return [self._place_tokens(root, tuple(game.central[s])) for s in spaces]

    def plan(self, game: Game) -> CandidateTurn:
        """The best turn found for the seat to play (``game`` is only read)."""
        return self.candidates(game)[0]

    def commands(self, game: Game, plan: CandidateTurn) -> list[Command]:
        cells = game.shape.cells
        out: list[Command] = [TakeTokens(plan.space)]
        if plan.card:
            out.append(TakeCard(plan.card))
        out += [PlaceToken(colour, cells[i]) for colour, i in plan.tokens]
        out += [PlaceCube(cid, cells[i]) for cid, i in plan.cubes]
        if plan.swap:
            out.append(SoloSwap(plan.swap))
        out.append(EndTurn())
        return out


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


def play_plan(g: Game, planner: Planner, plan: CandidateTurn | None = None) -> None:
    """Plays ``plan`` (default: ``planner``'s best turn) on ``g``. A command the rules refuse ends the
    turn there, so a sample game never stalls on a slip."""
    for cmd in planner.commands(g, plan or planner.plan(g)):
        if not g.apply(cmd).ok:
            finish_turn(g)
            break


# ---------------------------------------------------------------------- run in the helper process
def _place_remote(turn: int, token: int | None, cards: bytes | None, state: bytes | None, spec: bytes,
                  spaces: list[int]) -> list[Placed]:
    """Planner.place_spaces for the planner of ``spec``, on this turn's game (harmonies/ai/helper.py)."""
    game = turn_game(turn, token, cards, state)
    planner = cached_searcher("place", spec, Planner.from_spec)
    return planner.place_spaces(game, spaces)


def _follow_remote(turn: int, token: int | None, cards: bytes | None, state: bytes | None, spec: bytes,
                   cand: CandidateTurn, me: int, seeds: list[int]) -> list[SampleValue]:
    """``cand`` played on the samples of ``seeds`` by the look-ahead of ``spec`` (Lookahead.sample),
    on this turn's game; each seed's world is made once per turn, as Lookahead.world makes it."""
    game = turn_game(turn, token, cards, state)
    look = cached_searcher("follow", spec, Lookahead.from_spec)
    worlds = turn_worlds()
    return [look.sample(cand, me, seed, Lookahead.world(game, seed, worlds)) for seed in seeds]
