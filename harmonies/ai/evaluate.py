"""How good a board is for the player who owns it: points now plus what it is likely to become.

The value is the exact score of the board (landscapes, animal cards, spirit) plus weighted
"potential" terms for unfinished work: stacks that can still grow into tall trees and mountains,
buildings short of colours, lone fields, animal cards whose pattern is a few tokens away. The
potential is scaled down as the game nears its end (nothing unfinished scores at the end), which
is what makes a planner stop starting things it cannot finish. The weights are tuned offline by
``scripts/tune`` and shipped in ``weights.yaml``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from importlib import resources
from collections.abc import Sequence
from typing import Any

import yaml

from ..rules import CardSet, Colour, rules_data
from ..rules.kernels import (
    BUILDING, FIELD, MOUNTAIN, WATER, field_groups, landscape_table, longest_river, river_points, scoring_mountains,
    spirit_cells, spirit_group_points, spirit_points, stack_table, water_points,
)
from .card_prior import load_prior
from .tables import FAR, PlacementCosts, Tables


@dataclass(frozen=True)
class Weights:
    """Everything the evaluation weighs; names are the keys of weights.yaml."""

    # growth of a stack that is not finished yet (per cell, no cube on it)
    brown1: float = 1.5       # [brown]: a tree of 3 or 7 later
    brown2: float = 3.0       # [brown, brown]: a green away from 7
    gray1: float = 1.0        # [gray]: may grow
    gray2: float = 2.0        # [gray, gray]: one more makes 7 (if it has a neighbour)
    lone_mountain: float = 0.4  # fraction of a mountain's points it may get once a neighbour comes
    red1: float = 0.8         # [red]: half a building
    building0: float = 0.5    # building with 0/1/2 neighbour colours and room to get more
    building1: float = 1.5
    building2: float = 3.0
    field1: float = 1.5       # a yellow cell not yet in a group of two
    empty: float = 0.6        # room to build later
    blue_waste: float = -0.5  # blue cells outside the longest river (side A)
    river_end: float = 1.0    # the longest river can still grow at an end (side A)
    # animal cards: share of the next cube's points by tokens still missing (0, 1, 2, 3, 4, 5+)
    card0: float = 0.9
    card1: float = 0.6
    card2: float = 0.4
    card3: float = 0.25
    card4: float = 0.12
    card5: float = 0.05
    card_more: float = 0.35   # share of the later cubes' points, times the same factor
    card_held: float = -0.5   # each unfinished card (a slot used)
    card_crowd: float = 0.0   # each unfinished card beyond two: a full hand takes no better card later
    display: float = 0.7      # the best face-up card, while a card may still be taken this turn
    card_prior: float = 0.0   # times a card's prior (card_prior.yaml), for each unfinished card held
    swap_prior: float = 1.0   # share of that the solo swap weighs when it picks the face-up card to discard
    spirit_unplaced: float = 0.6  # share of the spirit's points before its cube is down
    # end of the game: potential counts fully with this many of my turns left, less below
    horizon: float = 2.5
    future: float = 4.0       # points per turn I still get to play (filling the board early ends the game)
    # My turns a board still gives before it ends the game: this many with one cell more empty than
    # the end leaves, then one more per two empty cells (planner.TurnRoot.turns_left). 0.5 is
    # (empty cells - 2) / 2; hard solo counts a whole turn there, since the next turn is played
    # whatever it covers (weights.yaml, docs/ai.md).
    room_turns: float = 0.5

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (to the helper process) through the constructor: the compiled build's frozen
        # dataclass refuses pickle's default of setting each field on a bare object.
        return (Weights, tuple(getattr(self, f.name) for f in fields(self)))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Weights":
        known = {f.name for f in fields(cls)}
        return cls(**{k: float(v) for k, v in data.items() if k in known})

    def to_dict(self) -> dict[str, float]:
        return {k: round(float(v), 4) for k, v in asdict(self).items()}

    def with_values(self, **changes: float) -> "Weights":
        return replace(self, **changes)


@lru_cache(maxsize=None)
def load_weights(name: str = "hard") -> Weights:
    """A named weight set from the shipped weights.yaml (defaults when the file lacks it)."""
    try:
        text = resources.files(__package__).joinpath("weights.yaml").read_text(encoding="utf-8")
        data = yaml.safe_load(text) or {}
    except FileNotFoundError:
        data = {}
    entry = data.get(name)
    return Weights.from_dict(entry) if isinstance(entry, dict) else Weights()


class Evaluator:
    """Scores boards of one side with one weight set; caches the graph parts by cell masks."""

    def __init__(self, tables: Tables, cards: CardSet, weights: Weights) -> None:
        self.t = tables
        self.cards = cards
        self.w = weights
        st = stack_table()
        ids = st.ids
        data = rules_data()

        def sid(*cs: Colour) -> int:
            return ids[tuple(cs)]

        B, G, R = Colour.BROWN, Colour.GRAY, Colour.RED
        pot = [0.0] * len(st.stacks)
        pot[sid(B)] = weights.brown1
        pot[sid(B, B)] = weights.brown2
        pot[sid(G)] = weights.gray1
        pot[sid(G, G)] = weights.gray2
        pot[sid(R)] = weights.red1
        self.stack_pot = tuple(pot)
        self.is_mtn = tuple(k == MOUNTAIN for k in st.kind)
        self.is_bld = tuple(k == BUILDING for k in st.kind)
        self.is_blue = tuple(k == WATER for k in st.kind)
        self.is_yellow = tuple(k == FIELD for k in st.kind)
        self.bld_pot = (weights.building0, weights.building1, weights.building2)
        self.card_factor = (weights.card0, weights.card1, weights.card2, weights.card3, weights.card4, weights.card5)
        self.field_points = data.field_points
        self.scores = landscape_table()
        self.building_points = data.building_points
        self.building_colours = data.building_min_colours
        self._water_cache: dict[int, tuple[float, int]] = {}
        self._field_cache: dict[int, tuple[int, int]] = {}
        self._group_cache: dict[tuple[str, int], int] = {}
        self._index_cache: dict[tuple[str, tuple[int, ...], int], tuple[tuple[PlacementCosts, ...], CardIndex]] = {}
        self.size = tables.size
        self.tracks = {c.id: c.track for c in cards.animals}  # read for every card of every board searched
        # Per card, what holding it is worth beyond its distances (harmonies/ai/card_prior.py).
        prior = load_prior(tables.shape.side) if weights.card_prior else {}
        self.card_prior = {cid: weights.card_prior * v for cid, v in prior.items()}

    # -------------------------------------------------------------- graph parts, cached by mask
    def water(self, blue: int) -> tuple[float, int]:
        """(points, ends of the longest river) for side A, the blue cells outside that river
        weighed by ``blue_waste``; (points, 0) for islands."""
        hit = self._water_cache.get(blue)
        if hit is None:
            shape = self.t.shape
            if self.t.river:
                length, ends, cells = longest_river(shape, blue)
                waste = blue.bit_count() - cells.bit_count()
                hit = (river_points(length) + self.w.blue_waste * waste, ends)
            else:
                hit = (float(water_points(shape, blue)), 0)
            self._water_cache[blue] = hit
        return hit

    def field_groups(self, yellow: int) -> tuple[int, int]:
        """(groups that score, yellow cells in groups too small to score)."""
        hit = self._field_cache.get(yellow)
        if hit is None:
            hit = self._field_cache[yellow] = field_groups(self.t.shape, yellow)
        return hit

    def spirit_points(self, spirit_id: str, stacks: list[int]) -> int:
        card = self.cards.spirit(spirit_id)
        if card.unit == "group":
            key = (spirit_id, spirit_cells(card, stacks))
            hit = self._group_cache.get(key)
            if hit is None:
                hit = self._group_cache[key] = spirit_group_points(card, self.t.shape, key[1])
            return hit
        return spirit_points(card, self.t.shape, stacks)

    def card_index(self, card_id: str, stacks: list[int], cubes: int) -> tuple[tuple[PlacementCosts, ...], CardIndex]:
        """A card's placements that can still be completed on this board (no cube on the cube cell,
        every cell can grow into its stack), and their index. Cached: the look-ahead plans from the
        same board once per sample."""
        key = (card_id, tuple(stacks), cubes)
        hit = self._index_cache.pop(key, None)
        if hit is None:
            live = self._live(card_id, stacks, cubes)
            hit = (live, CardIndex(live, stacks, cubes, self.size))
            if len(self._index_cache) >= 32:
                del self._index_cache[next(iter(self._index_cache))]
        self._index_cache[key] = hit  # last in the order: the most recently used
        return hit

    def _live(self, card_id: str, stacks: list[int], cubes: int) -> tuple[PlacementCosts, ...]:
        """The placements of a card that can still be completed on this board."""
        out = []
        for cube, cells in self.t.cards[card_id].placements:
            if (cubes >> cube) & 1:
                continue
            for j, need in cells:
                n = need[stacks[j]]
                if n >= FAR or (n and (cubes >> j) & 1):
                    break
            else:
                out.append((cube, cells))
        return tuple(out)

    # -------------------------------------------------------------- the evaluation
    def landscape(self, stacks: list[int], cubes: int, phase: float) -> float:
        """Landscape points (the rules' kernels, rules/landscapes.py) plus the growth potential of
        unfinished stacks (times ``phase``)."""
        t = self.t
        shape = t.shape
        tree_points = t.tree_points
        mpts = t.mountain_points
        is_mtn = self.is_mtn
        is_bld = self.is_bld
        stack_pot = self.stack_pot
        is_blue = self.is_blue
        is_yellow = self.is_yellow
        least = self.building_colours
        exact = 0.0
        pot = 0.0
        blue = yellow = empty = peaks = 0
        for i, s in enumerate(stacks):
            if s == 0:
                empty |= 1 << i
                continue
            if (cubes >> i) & 1 == 0:
                pot += stack_pot[s]
            if is_blue[s]:
                blue |= 1 << i
            elif is_yellow[s]:
                yellow |= 1 << i
            elif is_mtn[s]:
                peaks |= 1 << i
            elif is_bld[s]:
                seen, free = self.scores.around(shape, stacks, i)
                k = seen.bit_count()
                if k >= least:
                    exact += self.building_points
                elif free >= least - k:
                    pot += self.bld_pot[k]  # room around it for the colours it lacks
            else:
                exact += tree_points[s]
        # Mountains score beside another; a lone one is worth a share of its points (a neighbour may come).
        lone_mtn = 0.0
        scoring = scoring_mountains(shape, peaks)
        rest = peaks
        while rest:
            low = rest & -rest
            rest ^= low
            if scoring & low:
                exact += mpts[stacks[low.bit_length() - 1]]
            else:
                lone_mtn += mpts[stacks[low.bit_length() - 1]]
        water, ends = self.water(blue)
        exact += water
        big, lone = self.field_groups(yellow)
        exact += self.field_points * big
        n_empty = empty.bit_count()
        pot += self.w.field1 * lone + self.w.empty * n_empty + self.w.lone_mountain * lone_mtn
        # The longest river can still grow at one of its ends.
        near = shape.neighbour_bits
        e = ends
        while e:
            low = e & -e
            e ^= low
            if near[low.bit_length() - 1] & empty:
                pot += self.w.river_end
                break
        return exact + phase * pot

    def card_distance(self, placements: tuple[PlacementCosts, ...], stacks: list[int], cubes: int) -> int:
        """Fewest tokens still missing for one more cube of a card (0: a cube may go now)."""
        best = FAR
        for cube, cells in placements:
            if (cubes >> cube) & 1:
                continue
            d = 0
            for j, need in cells:
                n = need[stacks[j]]
                if n and (cubes >> j) & 1:
                    n = FAR  # a cube freezes its stack
                d += n
                if d >= best:
                    break
            else:
                best = d
                if d == 0:
                    return 0
        return best

    def card_value(self, card_id: str, placed: int, placements: tuple[PlacementCosts, ...],
                   stacks: list[int], cubes: int, phase: float) -> float:
        """Points a held card's cubes are still likely to bring (beyond those already placed), once
        this turn's cubes are down.

        Each remaining cube needs its own cube cell, so the k-th cube is valued by the k-th nearest
        distinct cube cell whose pattern can still be formed, discounted by ``card_more`` per step.
        A cube that could go down now but was not is potential like any other, not counted as
        banked: two cards waiting on one cell would otherwise both count it, and neither place it.
        """
        per_cell = self.cube_distances(placements, stacks, cubes)
        if not per_cell:
            return 0.0
        return self.value_of_distances(card_id, placed, sorted(per_cell.values()), phase, now=False)

    def cube_distances(self, placements: tuple[PlacementCosts, ...], stacks: list[int], cubes: int) -> dict[int, int]:
        """Tokens missing for the nearest pattern at each free cube cell (under 6 only)."""
        per_cell: dict[int, int] = {}
        for cube, cells in placements:
            if (cubes >> cube) & 1:
                continue
            bound = per_cell.get(cube, 6)
            d = 0
            for j, need in cells:
                n = need[stacks[j]]
                if n and (cubes >> j) & 1:
                    n = FAR  # a cube freezes its stack
                d += n
                if d >= bound:
                    break
            else:
                per_cell[cube] = d
        return per_cell

    def value_of_distances(self, card_id: str, placed: int, dists: Sequence[int], phase: float,
                           now: bool = True) -> float:
        """Card potential from the sorted distances of its nearest distinct cube cells. ``now``: the
        turn's cubes are still to be placed, so a pattern already formed counts almost in full
        whatever the phase (its cube can go down this turn)."""
        if not dists:
            return 0.0
        track = self.tracks[card_id]
        factor = self.card_factor
        more = self.w.card_more
        value = 0.0
        prev = track[placed - 1] if placed else 0
        scale = 1.0
        for k, d in enumerate(dists[: len(track) - placed]):
            inc = track[placed + k] - prev
            prev = track[placed + k]
            f = factor[d] * scale
            value += f * inc if (now and d == 0 and k == 0) else phase * f * inc
            scale *= more
        return value


_UNSEEN = 1 << 30  # above any distance, FAR's included


class CardIndex:
    """One card's live placements at the start of a turn, indexed for quick re-evaluation.

    While a turn's tokens are being placed only a few cells change, and only the placements
    through those cells can change distance, by what those cells now need; everything else is
    read from the turn's start.
    """

    __slots__ = ("cube_of", "d0", "by_cell", "per_cube", "best0", "root", "_moves", "_found")

    def __init__(self, placements: tuple[PlacementCosts, ...], stacks: list[int], cubes: int, size: int) -> None:
        self.root = stacks[:]
        self.cube_of: list[int] = []
        self.d0: list[int] = []
        self.by_cell: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(size)]
        per_cube: dict[int, list[tuple[int, int]]] = {}
        for cube, cells in placements:
            d = 0
            for j, need in cells:
                n = need[stacks[j]]
                if n and (cubes >> j) & 1:
                    n = FAR
                d += n
            if d >= 9:
                continue  # three tokens a turn: it cannot come under 6 before the turn ends
            p = len(self.d0)
            for j, need in cells:
                self.by_cell[j].append((p, need))
            self.d0.append(d)
            self.cube_of.append(cube)
            per_cube.setdefault(cube, []).append((d, p))
        for lst in per_cube.values():
            lst.sort()
        self.per_cube = per_cube
        self.best0 = sorted((lst[0][0], c) for c, lst in per_cube.items() if lst[0][0] < 6)
        # (cell, its stack now) -> the placements whose distance that changes, with by how much:
        # a turn's search asks about the same few cells growing the same ways thousands of times.
        self._moves: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        # (want, the changed cells that matter to this card with their stacks) -> distances: most of
        # a search's boards differ from each other only in cells this card does not look at.
        self._found: dict[tuple[int, tuple[tuple[int, int], ...]], tuple[int, ...]] = {}

    def _moved(self, j: int, new: int) -> tuple[tuple[int, int], ...]:
        old = self.root[j]
        hit = self._moves[j, new] = tuple(
            (p, need[new] - need[old]) for p, need in self.by_cell[j] if need[new] != need[old]
        )
        return hit

    def distances(self, stacks: list[int], changed: tuple[int, ...], want: int) -> tuple[int, ...]:
        """Sorted distances (under 6) of the ``want`` nearest distinct cube cells now (a tuple: the
        same answer is handed to every later call with these changes)."""
        moves = self._moves
        relevant: list[tuple[int, int]] = []
        shifts: list[tuple[tuple[int, int], ...]] = []
        for j in sorted(set(changed)):
            new = stacks[j]
            moved = moves.get((j, new))
            if moved is None:
                moved = self._moved(j, new)
            if moved:
                relevant.append((j, new))
                shifts.append(moved)
        key = (want, tuple(relevant))
        hit = self._found.get(key)
        if hit is None:
            if len(self._found) >= 4096:
                self._found.clear()
            hit = self._found[key] = self._distances(shifts, want)
        return hit

    def _distances(self, shifts: list[tuple[tuple[int, int], ...]], want: int) -> tuple[int, ...]:
        if len(shifts) == 1:
            delta = dict(shifts[0])
        else:
            delta = {}
            for moved in shifts:
                for p, dd in moved:
                    delta[p] = delta.get(p, 0) + dd
        if not delta:
            return tuple(d for d, _ in self.best0[:want])
        d0 = self.d0
        cube_of = self.cube_of
        newd: dict[int, int] = {}
        get = newd.get
        for p, dd in delta.items():
            d = d0[p] + dd
            c = cube_of[p]
            if d < get(c, _UNSEEN):
                newd[c] = d  # recorded even when out of reach, so the start's value is not reused
        per_cube = self.per_cube
        out = []
        for c, d in newd.items():
            for dp, p in per_cube[c]:
                if p not in delta:
                    if dp < d:
                        d = dp
                    break
            if d < 6:
                out.append(d)
        n = 0
        for d, c in self.best0:
            if c not in newd:
                out.append(d)
                n += 1
                if n >= want:
                    break
        out.sort()
        return tuple(out[:want])
