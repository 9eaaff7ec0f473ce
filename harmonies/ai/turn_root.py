"""What one turn's search holds fixed: the options of a level's search, a candidate turn, and the
turn's root (the board as the search reads it, the cards it can take and their placements still live).

The planner (``planner.py``) and the look-ahead (``lookahead.py``) read a turn through these.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Colour, Game, TakeCard, rules_data
from ..rules.kernels import stack_table
from .evaluate import CardIndex, Evaluator
from .tables import PlacementCosts, Tables


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
