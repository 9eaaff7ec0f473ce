"""The state of one game and what anyone may read of it: the base of :class:`~.game.Game`.

``GameCore`` owns the game's :class:`~.state.GameState` (``state``: the pouch, the pile, the central
board, the display, the boards as :class:`~.state.PlayerState`), dealt at setup, with the tables that
follow from the cards and the side, and answers the read-only questions: whose turn, what is face
up, a seat's board, its score.
The checks (:mod:`.checks`), the queries (:mod:`.queries`) and the doers (:mod:`.doers`) build on it.
"""

from __future__ import annotations

from .boards import BoardShape, board_shape
from .cellbits import cell_bits, token_moves
from .cards import CardSet, default_cards
from .colours import Colour
from .commands import Command
from .deal import Deal
from .habitats import habitat_tables, matching_bits
from .outcome import HeldCard, Outcome, PlayerView, decide
from .scoring import ScoreSheet, score_board, solo_suns
from .setup import GameSetup
from .state import GameState, new_state
from .tables import rules_data, stack_table

class GameCore:
    """The state of a game, dealt at setup, and the read-only answers about it."""

    def __init__(self, setup: GameSetup, cards: CardSet | None = None, *, state: GameState | None = None,
                 deal: Deal | None = None) -> None:
        """A new game of ``setup`` set out from ``deal`` (by default the deal of its seed, with the
        cards in their file's order); or, given ``state``, a game in that state (taken as it is, not
        copied: :meth:`~.game.Game.clone` hands a copy)."""
        self.cards = cards if cards is not None else default_cards()
        self.shape: BoardShape = board_shape(setup.side)
        # Tables that follow from the cards, the side and rules.yaml, shared by every copy.
        self._habitats = habitat_tables(self.cards, setup.side)
        self._cell_bits = cell_bits(setup.side)
        self._token_moves = token_moves(setup.side)
        self._stacks = stack_table()
        self._data = rules_data()
        self.state: GameState = state if state is not None else new_state(setup, self.cards, deal)

    # ----------------------------------------------------------------- read-only state
    @property
    def setup(self) -> GameSetup:
        return self.state.setup

    @property
    def deal(self) -> Deal | None:
        """The deal this game began from; None when it began at a position, and in an observer's
        view or a sample (:mod:`.hidden`), which know no hidden order."""
        return self.state.deal

    @property
    def current(self) -> int:
        return self.state.current

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def end_triggered(self) -> bool:
        return self.state.end_reason is not None

    @property
    def end_reason(self) -> str | None:
        """What triggered the end of the game: "pouch" (no full refill) or "board" (a board filled up)."""
        return self.state.end_reason

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def central(self) -> tuple[tuple[Colour, ...], ...]:
        return tuple([tuple(space) for space in self.state.central])

    @property
    def hand(self) -> tuple[Colour, ...]:
        return tuple(self.state.hand)

    @property
    def display(self) -> tuple[str | None, ...]:
        return tuple(self.state.display)

    @property
    def deck_size(self) -> int:
        return len(self.state.deck)

    @property
    def pouch_size(self) -> int:
        return len(self.state.pouch)

    @property
    def pouch_runs_out(self) -> bool:
        """Whether the pouch is too low for the refill due at the end of this turn (every space in
        solo, the space taken at a table): the pouch then triggers the end with this turn."""
        spaces = len(self.state.central) if len(self.state.players) == 1 else 1  # one board: solo
        return len(self.state.pouch) < self._data.tokens_per_space * spaces

    @property
    def discarded_tokens(self) -> int:
        return self.state.discarded

    @property
    def taken_tokens_this_turn(self) -> bool:
        return self.state.taken_space >= 0

    @property
    def took_card_this_turn(self) -> bool:
        return self.state.took_card

    @property
    def swapped_this_turn(self) -> bool:
        return self.state.swapped

    @property
    def history(self) -> tuple[Command, ...]:
        return tuple(self.state.history)

    @property
    def turn_commands(self) -> int:
        """How many commands of the current turn could be undone."""
        return len(self.state.history) - self.state.turn_start

    # The queries that name a seat, a colour or a card take ``object`` and check it themselves: a
    # caller's mistake is a ValueError saying what is wrong, in the compiled build too (whose typed
    # arguments would be a TypeError at the call).
    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game; ValueError otherwise (no answer for seat -1)."""
        if type(seat) is not int or not 0 <= seat < len(self.state.players):
            raise ValueError(f"there is no seat {seat!r} (seats 0 to {len(self.state.players) - 1})")
        return seat

    def player(self, seat: object) -> PlayerView:
        n = self._seat(seat)
        p = self.state.players[n]
        cells = self.shape.cells
        stacks = stack_table().stacks
        return PlayerView(
            seat=n,
            stacks={cells[i]: stacks[s] for i, s in enumerate(p.stacks) if s},
            cubes={cells[i]: c for i, c in enumerate(p.cubes) if c is not None},
            cards=tuple(self._held_view(cid, n) for cid, n in p.held),
            completed=tuple(self._held_view(cid, self.cards.animal(cid).cubes) for cid in p.completed),
            spirit_choices=p.spirit_choices if p.spirit is None else (),
            spirit=p.spirit,
            spirit_placed=p.spirit_placed,
            animal_cubes_placed=p.animal_cubes,
            empty_cells=p.empty,
        )

    def _held_view(self, card_id: str, placed: int) -> HeldCard:
        return HeldCard(card_id, placed, self.cards.animal(card_id).cubes)

    def stack_ids(self, seat: object) -> tuple[int, ...]:
        """The compact board (a stack id per cell, in ``shape.cells`` order), for fast readers."""
        return tuple(self.state.players[self._seat(seat)].stacks)

    # ----------------------------------------------------------------- scoring
    def score(self, seat: object) -> ScoreSheet:
        """The score of a board as it stands now (the final score once the game is over)."""
        p = self.state.players[self._seat(seat)]
        cards = [(self.cards.animal(cid), n) for cid, n in p.held]
        cards += [(self.cards.animal(cid), self.cards.animal(cid).cubes) for cid in p.completed]
        spirit = self.cards.spirit(p.spirit) if p.spirit is not None else None
        return score_board(self.shape, p.stacks, cards, spirit, p.spirit_placed)

    def _finish(self) -> Outcome:
        scores = tuple(self.score(i) for i in range(self.setup.players))
        cubes = tuple(p.animal_cubes for p in self.state.players)
        winners, tiebreak = decide(scores, cubes)
        suns = None
        if self.setup.solo:
            chosen = self.state.players[0].spirit
            suns = solo_suns(scores[0].total, self.setup.side, self.cards.spirit(chosen) if chosen else None)
        return Outcome(scores, cubes, winners, tiebreak, suns)


    def _must_choose_spirit(self) -> bool:
        p = self.state.players[self.state.current]
        return p.spirit is None and bool(p.spirit_choices)


    def _token_bits(self, colour: Colour) -> int:
        """The bit set of cells where a token of ``colour`` may go now."""
        p = self.state.players[self.state.current]
        if self.state.over or p.spirit is None and p.spirit_choices:  # over, or the spirit comes first
            return 0
        where = p.where
        bits = 0
        for s in self._stacks.takes[colour]:
            bits |= where[s]
        return bits & ~p.cube_bits

    def _cube_bits(self, card_id: str) -> int:
        """The bit set of cells where the next cube of ``card_id`` may go on the current board."""
        p = self.state.players[self.state.current]
        hit = p.cube_cache.get(card_id)
        if hit is None:
            hit = p.cube_cache[card_id] = matching_bits(self._habitats[card_id], p.stacks, p.where, p.cube_bits)
        return hit


    def _cell_index(self, cell: object) -> int | None:
        """The index of a board cell, or None for anything that is not one (even unhashable junk)."""
        # Only a pair of true ints: (0.0, 0.0) would find cell (0, 0) but could not be saved.
        if type(cell) is not tuple or len(cell) != 2 or type(cell[0]) is not int or type(cell[1]) is not int:
            return None
        return self.shape.index.get(cell)


    def token_count(self) -> int:
        """Tokens in the pouch, on the central board, in hand, on boards and out of the game."""
        on_boards = sum(stack_table().height[s] for p in self.state.players for s in p.stacks)
        return len(self.state.pouch) + sum(map(len, self.state.central)) + len(self.state.hand) + on_boards + self.state.discarded


