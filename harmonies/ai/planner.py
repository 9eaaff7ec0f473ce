"""A one-turn planner: which space, where each token goes, which card, where the cubes go.

The search runs on plain lists of stack ids (read through ``game.stack_ids``), not on the engine,
because it looks at thousands of boards per turn. For each central space it places the three tokens
one at a time keeping the ``beam`` best partial boards; the best finished boards then try every
card choice with greedy cube placement. The chosen turn is turned into commands and sent through
``game.apply`` like any other seat's. What a turn's search holds fixed is in ``turn_root.py``; the
look-ahead that plays the best turns forward is in ``lookahead.py``.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Hashable
from contextlib import nullcontext

from ..rules import Colour, Command, EndTurn, Game, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens
from ..rules.kernels import formed_cells
from .evaluate import Evaluator, Weights
from .finish import finish_turn
from .helper import Helper, Placed, cached_searcher, turn_game
from .tables import FAR, tables_for
from .turn_root import CandidateTurn, PlanOptions, TurnRoot


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
