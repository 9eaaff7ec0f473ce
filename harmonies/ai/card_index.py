"""One card's live placements at the start of a turn, indexed so the token search re-reads only the
placements through the cells a board changed (``CardIndex``, made by ``Evaluator.card_index``).
"""

from __future__ import annotations

from .tables import FAR, PlacementCosts


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
