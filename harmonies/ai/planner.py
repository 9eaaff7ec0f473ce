"""A one-turn planner: which space, where each token goes, which card, where the cubes go.

The search runs on plain lists of stack ids (read through ``game.stack_ids``), not on the engine,
because it looks at thousands of boards per turn. For each central space it places the three tokens
one at a time keeping the ``beam`` best partial boards; the best finished boards then try every
card choice with greedy cube placement. The chosen turn is turned into commands and sent through
``game.apply`` like any other seat's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..rules import (
    Colour, Command, EndTurn, Game, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens,
)
from ..rules.tables import rules_data
from .evaluate import Evaluator, Weights
from .tables import FAR, Placement, Tables, tables_for


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
class TurnPlan:
    space: int
    tokens: list[tuple[Colour, int]]
    card: str | None
    cubes: list[tuple[str, int]]
    swap: str | None
    value: float = 0.0
    notes: dict[str, float] = field(default_factory=dict)


class _Root:
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
        can_take = opts.take_cards and not game.took_card_this_turn
        unfinished = len(self.held) + (1 if self.spirit else 0)
        self.display: list[str] = []
        if can_take and unfinished < min(opts.max_cards, rules_data().max_unfinished_cards):
            self.display = [c for c in game.display if c is not None and game.check(TakeCard(c)) is None]
        self.all_display = [c for c in game.display if c is not None]
        # Placements that can still be completed (no cube on the cube cell, every cell can grow into
        # its stack), per card; the rest can never matter again, so the search skips them.
        self.placements: dict[str, tuple[Placement, ...]] = {}
        ids = {cid for cid, _ in self.held} | set(self.display) | set(self.all_display)
        if self.spirit:
            ids.add(self.spirit)
        for cid in ids:
            self.placements[cid] = self._live(cid)

    def _live(self, card_id: str) -> tuple[Placement, ...]:
        stacks, cubes = self.stacks, self.cubes
        out = []
        for cube, cells in self.t.cards[card_id].placements:
            if (cubes >> cube) & 1:
                continue
            ok = True
            for j, need in cells:
                n = need[stacks[j]]
                if n >= FAR or (n and (cubes >> j) & 1):
                    ok = False
                    break
            if ok:
                out.append((cube, cells))
        return tuple(out)

    def turns_left(self, stacks: list[int]) -> float:
        """My turns after this one, roughly (0: this is my last turn)."""
        if self.end_triggered:
            return 0.0
        empty = stacks.count(0)
        if empty <= rules_data().end_empty_cells:
            return 0.0
        per_space = rules_data().tokens_per_space
        if self.solo:
            by_pouch = self.pouch // (per_space * 3)
        else:
            by_pouch = (self.pouch // per_space) / self.players
        return float(min(by_pouch, (empty - 2) / 2.0))


class Planner:
    """Plans whole turns with an evaluation; levels differ by options and weights."""

    def __init__(self, weights: Weights, opts: PlanOptions, rng: random.Random) -> None:
        self.weights = weights
        self.opts = opts
        self.rng = rng
        self._evaluators: dict[tuple[int, str], Evaluator] = {}

    def evaluator(self, game: Game) -> Evaluator:
        key = (id(game.cards), game.setup.side)
        ev = self._evaluators.get(key)
        if ev is None or ev.cards is not game.cards:
            ev = self._evaluators[key] = Evaluator(tables_for(game.cards, game.setup.side), game.cards, self.weights)
        return ev

    # ------------------------------------------------------------------ evaluation helpers
    def _phase(self, root: _Root, stacks: list[int]) -> float:
        left = root.turns_left(stacks)
        return min(1.0, left / self.weights.horizon) if self.weights.horizon > 0 else 1.0

    def _future(self, root: _Root, stacks: list[int]) -> float:
        return self.weights.future * root.turns_left(stacks)

    def _token_value(self, root: _Root, stacks: list[int]) -> float:
        """Value of a board while tokens are being placed (cubes still as at the turn's start)."""
        ev = root.ev
        ph = self._phase(root, stacks)
        cubes = root.cubes
        v = ev.landscape(stacks, cubes, ph) + self._future(root, stacks)
        pl = root.placements
        for cid, placed in root.held:
            v += ev.card_value(cid, placed, pl[cid], stacks, cubes, ph)
        v += self._spirit_value(root, stacks, cubes, ph, root.spirit is None)
        if root.display and self.opts.look_at_display:
            best = max(ev.card_value(cid, 0, pl[cid], stacks, cubes, ph) for cid in root.display)
            v += self.weights.display * max(0.0, best + self.weights.card_held)
        if self.opts.noise:
            v += self.rng.gauss(0.0, self.opts.noise)
        return v

    def _spirit_value(self, root: _Root, stacks: list[int], cubes: int, ph: float, placed: bool) -> float:
        ev = root.ev
        if root.spirit_done:
            return float(ev.spirit_points(root.spirit_done, stacks))
        if root.spirit is None:
            return 0.0
        pts = ev.spirit_points(root.spirit, stacks)
        if placed:
            return float(pts)
        d = ev.card_distance(root.placements[root.spirit], stacks, cubes)
        if d >= FAR:
            return 0.0
        f = ev.card_factor[min(d, 5)]
        return ph * self.weights.spirit_unplaced * f * pts + (f * pts if d == 0 else 0.0) * (1 - ph)

    def _end_value(self, root: _Root, stacks: list[int], cubes: int, held: list[tuple[str, int]],
                   spirit_placed: bool, ph: float) -> float:
        """Value once the turn's cards and cubes are settled: exact card points count too."""
        ev = root.ev
        v = ev.landscape(stacks, cubes, ph) + self._future(root, stacks)
        for cid, placed in held:
            track = ev.cards.animal(cid).track
            if placed:
                v += track[placed - 1]
            if placed < len(track):
                v += ev.card_value(cid, placed, root.placements[cid], stacks, cubes, ph)
                v += self.weights.card_held * ph
        v += self._spirit_value(root, stacks, cubes, ph, spirit_placed)
        return v

    # ------------------------------------------------------------------ search
    def _place_tokens(self, root: _Root, colours: tuple[Colour, ...]) -> list[tuple[float, list[int], list[tuple[Colour, int]]]]:
        """Best finished boards for one space's tokens: (value, stacks, placements in order)."""
        add = root.t.add
        cubes = root.cubes
        size = root.t.size
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
            scored = [(self._token_value(root, c[1]), c[1], c[2], c[3]) for c in children.values()]
            scored.sort(key=lambda x: x[0], reverse=True)
            beam = scored[: self.opts.beam]
        return [(v, s, m) for v, s, m, _ in beam]

    def _settle(self, root: _Root, stacks: list[int]) -> tuple[float, str | None, list[tuple[str, int]], str | None]:
        """Best card choice and cubes for a finished token board: (value, card, cubes, swap)."""
        ph = self._phase(root, stacks)
        best: tuple[float, str | None, list[tuple[str, int]]] | None = None
        for card in [None, *root.display]:
            held = list(root.held) + ([(card, 0)] if card else [])
            value, cubes_played = self._cubes(root, stacks, held, ph)
            if self.opts.noise:
                value += self.rng.gauss(0.0, self.opts.noise)
            if best is None or value > best[0]:
                best = (value, card, cubes_played)
        assert best is not None
        swap = None
        if root.solo and best[1] is None and root.all_display and root.game.deck_size > 0:
            ev = root.ev
            # Discard the face-up card least useful to this board; a fresh one replaces it.
            swap = min(root.all_display, key=lambda c: ev.card_value(c, 0, root.placements[c], stacks, root.cubes, 1.0))
        return best[0], best[1], best[2], swap

    def _cubes(self, root: _Root, stacks: list[int], held: list[tuple[str, int]],
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
                for cell in self._cube_cells(root.placements[cid], stacks, cubes):
                    options.append((cid, k, cell))
            if root.spirit and not spirit_placed:
                for cell in self._cube_cells(root.placements[root.spirit], stacks, cubes):
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
    def _cube_cells(placements: tuple[Placement, ...], stacks: list[int], cubes: int) -> list[int]:
        out = []
        for cube, cells in placements:
            if (cubes >> cube) & 1 or cube in out:
                continue
            for j, need in cells:
                if need[stacks[j]]:
                    break
            else:
                out.append(cube)
        return out

    def plan(self, game: Game) -> TurnPlan:
        """The best turn found for the seat to play (``game`` is only read)."""
        root = _Root(game, self.evaluator(game), self.opts)
        spaces = [i for i, s in enumerate(game.central) if s]
        if self.opts.blunder and self.rng.random() < self.opts.blunder:
            spaces = [self.rng.choice(spaces)]
        finals: list[tuple[float, int, list[int], list[tuple[Colour, int]]]] = []
        for space in spaces:
            for v, stacks, moves in self._place_tokens(root, game.central[space]):
                finals.append((v, space, stacks, moves))
        finals.sort(key=lambda x: x[0], reverse=True)
        best: TurnPlan | None = None
        for _, space, stacks, moves in finals[: max(1, self.opts.finals)]:
            value, card, cubes, swap = self._settle(root, stacks)
            if best is None or value > best.value:
                best = TurnPlan(space, moves, card, cubes, swap, value)
        assert best is not None
        return best

    def commands(self, game: Game, plan: TurnPlan) -> list[Command]:
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
