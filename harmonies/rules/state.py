"""The state of a game: one value (:class:`GameState`) holding the compact mutable state of each
player (:class:`PlayerState`) and everything else commands change, set out from a deal (:mod:`.deal`)."""

from __future__ import annotations

from typing import Any

from .boards import board_shape
from .cards import CardSet
from .colours import Colour
from .commands import Command
from .deal import Deal, deal_from_order, order_of
from .outcome import Outcome
from .setup import GameSetup
from .tables import rules_data, stack_table


class PlayerState:
    """One personal board and its cards, as small ints and lists for speed."""

    __slots__ = (
        "stacks", "cubes", "held", "completed", "spirit_choices", "spirit", "spirit_placed",
        "animal_cubes", "empty", "where", "cube_bits", "cube_cache",
    )
    stacks: list[int]
    cubes: list[str | None]
    held: list[tuple[str, int]]
    completed: list[str]
    spirit_choices: tuple[str, ...]
    spirit: str | None
    spirit_placed: bool
    animal_cubes: int
    empty: int
    where: list[int]
    cube_bits: int
    cube_cache: dict[str, int]

    def __init__(self, size: int, copy_of: PlayerState | None = None) -> None:
        """An empty board of ``size`` cells, or an independent copy of ``copy_of`` (one constructor
        for both: a compiled class cannot be made without running its ``__init__``)."""
        if copy_of is not None:
            self.stacks = copy_of.stacks[:]
            self.cubes = copy_of.cubes[:]
            self.held = copy_of.held[:]
            self.completed = copy_of.completed[:]
            self.spirit_choices = copy_of.spirit_choices
            self.spirit = copy_of.spirit
            self.spirit_placed = copy_of.spirit_placed
            self.animal_cubes = copy_of.animal_cubes
            self.empty = copy_of.empty
            self.where = copy_of.where[:]
            self.cube_bits = copy_of.cube_bits
            self.cube_cache = copy_of.cube_cache.copy()
            return
        self.stacks = [0] * size            # stack id per cell (0 = empty)
        self.cubes = [None] * size          # id of the card whose cube sits on the cell
        self.held = []                      # (card_id, cubes placed) of unfinished cards
        self.completed = []
        self.spirit_choices = ()
        self.spirit = None
        self.spirit_placed = False
        self.animal_cubes = 0
        self.empty = size
        # Bit sets of cells by stack id and of cells with a cube, for fast habitat matching.
        self.where = [0] * len(stack_table().stacks)
        self.where[0] = (1 << size) - 1
        self.cube_bits = 0
        # Card id -> bit set of the cells its next cube may go on; the game keeps it right as the
        # board changes (it follows from the board, so copies and saves may share or drop it).
        self.cube_cache = {}

    def clone(self) -> PlayerState:
        return PlayerState(0, self)

    def __reduce__(self) -> tuple[Any, ...]:
        fields = (self.stacks, self.cubes, self.held, self.completed, self.spirit_choices, self.spirit,
                  self.spirit_placed, self.animal_cubes, self.empty, self.where, self.cube_bits, self.cube_cache)
        return (PlayerState, (0,), fields)

    def __setstate__(self, fields: tuple[Any, ...]) -> None:
        (self.stacks, self.cubes, self.held, self.completed, self.spirit_choices, self.spirit, self.spirit_placed,
         self.animal_cubes, self.empty, self.where, self.cube_bits, self.cube_cache) = fields

    def unfinished(self) -> int:
        """Cards counting toward the limit of 4: held animals plus an unplaced spirit."""
        return len(self.held) + (1 if self.spirit is not None and not self.spirit_placed else 0)


class GameState:
    """Everything of one game that commands change, as one value with public fields.

    :class:`~.game.Game` owns it (``game.state``) and only the rules change it: the doers through
    commands, :mod:`.position` when it builds one, :mod:`.hidden` when it deals a hidden order again.
    Undo replaces the whole value; :meth:`copy` is the cheap independent copy search runs on.
    """

    __slots__ = (
        "setup", "pouch", "deck", "central", "display", "players", "current", "round", "taken_space",
        "hand", "took_card", "swapped", "end_reason", "over", "outcome", "discarded", "history",
        "turn_start", "start", "deal",
    )

    def __init__(self, setup: GameSetup, pouch: list[Colour], deck: list[str], central: list[list[Colour]],
                 display: list[str | None], players: list[PlayerState]) -> None:
        self.setup = setup
        self.pouch = pouch                       # drawn from the end
        self.deck = deck                         # the animal pile, drawn from the end
        self.central = central
        self.display = display                   # None: a slot the exhausted pile left empty
        self.players = players
        self.current = 0
        self.round = 1
        self.taken_space = -1                    # the space taken this turn, -1 before
        self.hand: list[Colour] = []
        self.took_card = False
        self.swapped = False
        self.end_reason: str | None = None      # what triggered the end: "pouch" or "board"
        self.over = False
        self.outcome: Outcome | None = None
        self.discarded = 0
        self.history: list[Command] = []
        self.turn_start = 0                      # how far Undo may go back: moved by every command that draws
        # Where a game whose hidden order its seed does not deal (an observer's view, a sample, a
        # position) began: Undo replays its commands from there. None: from the seed, like loading a save.
        self.start: GameState | None = None
        # The deal this game began from, when it began at its setup: a replay (Undo, loading a save)
        # starts from it. None for a game that began at a position, and in an observer's view or a
        # sample, which hold no hidden order but their own.
        self.deal: Deal | None = None

    def copy(self) -> "GameState":
        """An independent copy (the setup, the outcome, the start and the deal are values, and shared)."""
        other = GameState(self.setup, self.pouch[:], self.deck[:], [s[:] for s in self.central],
                          self.display[:], [p.clone() for p in self.players])
        other.current = self.current
        other.round = self.round
        other.taken_space = self.taken_space
        other.hand = self.hand[:]
        other.took_card = self.took_card
        other.swapped = self.swapped
        other.end_reason = self.end_reason
        other.over = self.over
        other.outcome = self.outcome
        other.discarded = self.discarded
        other.history = self.history[:]
        other.turn_start = self.turn_start
        other.start = self.start
        other.deal = self.deal
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        dealt = (self.setup, self.pouch, self.deck, self.central, self.display, self.players)
        fields = (self.current, self.round, self.taken_space, self.hand, self.took_card, self.swapped,
                  self.end_reason, self.over, self.outcome, self.discarded, self.history, self.turn_start, self.start,
                  self.deal)
        return (GameState, dealt, fields)

    def __setstate__(self, fields: tuple[Any, ...]) -> None:
        (self.current, self.round, self.taken_space, self.hand, self.took_card, self.swapped, self.end_reason,
         self.over, self.outcome, self.discarded, self.history, self.turn_start, self.start, self.deal) = fields


def new_state(setup: GameSetup, cards: CardSet, dealt: Deal | None = None) -> GameState:
    """The state at the start of a game: the pouch, the pile and the spirits as ``dealt`` (by
    default, as the setup's seed deals the cards in their file's order), the central board and the
    display filled from them."""
    data = rules_data()
    if dealt is None:
        dealt = deal_from_order(setup, order_of(cards))
    pouch = list(dealt.pouch)
    deck = list(dealt.deck)
    per_space = data.tokens_per_space
    central = [[pouch.pop() for _ in range(per_space)] for _ in range(data.central_spaces[setup.solo])]
    display: list[str | None] = [deck.pop() if deck else None for _ in range(data.face_up[setup.solo])]
    size = board_shape(setup.side).size
    players = [PlayerState(size) for _ in range(setup.players)]
    for p, hand in zip(players, dealt.spirit_hands):
        p.spirit_choices = hand
    state = GameState(setup, pouch, deck, central, display, players)
    state.deal = dealt
    return state
