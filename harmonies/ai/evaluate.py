"""How good a board is for the player who owns it: points now plus what it is likely to become.

The value is the exact score of the board (landscapes, animal cards, spirit) plus weighted
"potential" terms for unfinished work: stacks that can still grow into tall trees and mountains,
buildings short of colours, lone fields, animal cards whose pattern is a few tokens away. The
potential is scaled down as the game nears its end (nothing unfinished scores at the end), which
is what makes a planner stop starting things it cannot finish. The weights are tuned offline by
``scripts/tune`` and shipped in ``weights.yaml`` (``weights.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import CardSet, Colour, rules_data
from ..rules.kernels import (
    BUILDING, FIELD, MOUNTAIN, WATER, field_groups, landscape_table, longest_river, river_points, scoring_mountains,
    spirit_cells, spirit_group_points, spirit_points, stack_table, water_points,
)
from .card_index import CardIndex
from .card_prior import load_prior
from .tables import FAR, PlacementCosts, Tables
from .weights import Weights, load_weights


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


__all__ = ["CardIndex", "Evaluator", "Weights", "load_weights"]
