"""A game of Harmonies: commands in, events out.

``Game.apply`` checks a command against the rules first and only then changes the state, so a
rejected command changes nothing. All chance happens in :func:`state.deal`; replaying the same
commands on the same setup rebuilds the same game, which is how undo and loading work.

Undo goes back as far as the last command that drew from the pouch or the animal pile (the end of
the previous turn, or a solo swap): what a draw showed cannot be un-seen. A computer player or the
hint is handed :meth:`Game.observer_view`, a copy whose hidden order is not the real one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from itertools import chain
from typing import Any

from .boards import BoardShape, Hex, board_shape
from .cellbits import cell_bits, token_moves
from .cards import AnimalCard, CardSet, SpiritCard, default_cards
from .colours import Colour
from .commands import (
    ChooseSpirit, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens, Undo,
    command_from_json, command_to_json,
)
from .events import (
    CardCompleted, CardTaken, CubePlaced, DisplayRefilled, EndTriggered, Event, GameEnded,
    SoloSwapped, SpaceRefilled, SpiritChosen, TokenPlaced, TokensDiscarded, TokensTaken, TurnStarted,
    Undone,
)
from .habitats import HabitatTable, build_table, matching_among, matching_bits
from .outcome import HeldCard, Outcome, PlayerView, decide
from .refusals import quoted
from .results import Accepted, IllegalCommand, Rejected, Result
from .scoring import ScoreSheet, score_board, solo_suns
from .state import GameSetup, PlayerState, deal
from .tables import rules_data, stack_table

FORMAT_VERSION = 1

_TABLES: dict[tuple[int, str], tuple[CardSet, dict[str, HabitatTable]]] = {}


def habitat_tables(cards: CardSet, side: str) -> dict[str, HabitatTable]:
    """Placement tables of every card on one side, built once per card set and side."""
    key = (id(cards), side)
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not cards:
        shape = board_shape(side)
        patterns: list[AnimalCard | SpiritCard] = [*cards.animals, *cards.spirits]
        tables = {c.id: build_table(c, shape) for c in patterns}
        hit = _TABLES[key] = (cards, tables)  # keeping ``cards`` alive keeps id(cards) unique
    return hit[1]


class Game:
    """The whole state of one game, changed only through :meth:`apply`."""

    def __init__(self, setup: GameSetup, cards: CardSet | None = None) -> None:
        self.setup = setup
        self.cards = cards if cards is not None else default_cards()
        self.shape: BoardShape = board_shape(setup.side)
        self._habitats = habitat_tables(self.cards, setup.side)
        self._cell_bits = cell_bits(setup.side)
        self._stacks = stack_table()
        data = rules_data()
        dealt = deal(setup, self.cards)
        self._pouch: list[Colour] = dealt.pouch
        self._deck = dealt.deck
        per_space = data.tokens_per_space
        self._central: list[list[Colour]] = [
            [self._pouch.pop() for _ in range(per_space)] for _ in range(data.central_spaces[setup.solo])
        ]
        self._display: list[str | None] = [
            self._deck.pop() if self._deck else None for _ in range(data.face_up[setup.solo])
        ]
        self._players = [PlayerState(self.shape.size) for _ in range(setup.players)]
        for p, hand in zip(self._players, dealt.spirit_hands):
            p.spirit_choices = hand
        self._current = 0
        self._round = 1
        self._taken_space = -1
        self._hand: list[Colour] = []
        self._took_card = False
        self._swapped = False
        self._end_reason: str | None = None  # what triggered the end: "pouch" or "board"
        self._over = False
        self._outcome: Outcome | None = None
        self._discarded = 0
        self._history: list[Command] = []
        self._turn_start = 0  # how far Undo may go back: moved by every command that draws
        # Where a game whose hidden order its seed does not deal (an observer's view, a sample)
        # began: Undo replays its commands from there. None: from the seed, like loading a save.
        self._start: Game | None = None

    @classmethod
    def new(cls, setup: GameSetup, cards: CardSet | None = None) -> "Game":
        return cls(setup, cards)

    # ----------------------------------------------------------------- read-only state
    @property
    def current(self) -> int:
        return self._current

    @property
    def round(self) -> int:
        return self._round

    @property
    def over(self) -> bool:
        return self._over

    @property
    def end_triggered(self) -> bool:
        return self._end_reason is not None

    @property
    def end_reason(self) -> str | None:
        """What triggered the end of the game: "pouch" (no full refill) or "board" (a board filled up)."""
        return self._end_reason

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def central(self) -> tuple[tuple[Colour, ...], ...]:
        return tuple(map(tuple, self._central))

    @property
    def hand(self) -> tuple[Colour, ...]:
        return tuple(self._hand)

    @property
    def display(self) -> tuple[str | None, ...]:
        return tuple(self._display)

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def pouch_size(self) -> int:
        return len(self._pouch)

    @property
    def pouch_runs_out(self) -> bool:
        """Whether the pouch is too low for the refill due at the end of this turn (every space in
        solo, the space taken at a table): the pouch then triggers the end with this turn."""
        spaces = len(self._central) if self.setup.solo else 1
        return len(self._pouch) < rules_data().tokens_per_space * spaces

    @property
    def discarded_tokens(self) -> int:
        return self._discarded

    @property
    def taken_tokens_this_turn(self) -> bool:
        return self._taken_space >= 0

    @property
    def took_card_this_turn(self) -> bool:
        return self._took_card

    @property
    def swapped_this_turn(self) -> bool:
        return self._swapped

    @property
    def history(self) -> tuple[Command, ...]:
        return tuple(self._history)

    @property
    def turn_commands(self) -> int:
        """How many commands of the current turn could be undone."""
        return len(self._history) - self._turn_start

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game; ValueError otherwise (no answer for seat -1)."""
        if type(seat) is not int or not 0 <= seat < len(self._players):
            raise ValueError(f"there is no seat {seat!r} (seats 0 to {len(self._players) - 1})")
        return seat

    def player(self, seat: int) -> PlayerView:
        p = self._players[self._seat(seat)]
        cells = self.shape.cells
        stacks = stack_table().stacks
        return PlayerView(
            seat=seat,
            stacks={cells[i]: stacks[s] for i, s in enumerate(p.stacks) if s},
            cubes={cells[i]: c for i, c in enumerate(p.cubes) if c is not None},
            cards=tuple(self._held_view(str(cid), int(n)) for cid, n in p.held),  # type: ignore[call-overload]
            completed=tuple(self._held_view(cid, self.cards.animal(cid).cubes) for cid in p.completed),
            spirit_choices=p.spirit_choices if p.spirit is None else (),
            spirit=p.spirit,
            spirit_placed=p.spirit_placed,
            animal_cubes_placed=p.animal_cubes,
            empty_cells=p.empty,
        )

    def _held_view(self, card_id: str, placed: int) -> HeldCard:
        return HeldCard(card_id, placed, self.cards.animal(card_id).cubes)

    def stack_ids(self, seat: int) -> tuple[int, ...]:
        """The compact board (a stack id per cell, in ``shape.cells`` order), for fast readers."""
        return tuple(self._players[self._seat(seat)].stacks)

    # ----------------------------------------------------------------- scoring
    def score(self, seat: int) -> ScoreSheet:
        """The score of a board as it stands now (the final score once the game is over)."""
        p = self._players[self._seat(seat)]
        cards = [(self.cards.animal(str(cid)), int(n)) for cid, n in p.held]  # type: ignore[call-overload]
        cards += [(self.cards.animal(cid), self.cards.animal(cid).cubes) for cid in p.completed]
        spirit = self.cards.spirit(p.spirit) if p.spirit is not None else None
        return score_board(self.shape, p.stacks, cards, spirit, p.spirit_placed)

    def _finish(self) -> Outcome:
        scores = tuple(self.score(i) for i in range(self.setup.players))
        cubes = tuple(p.animal_cubes for p in self._players)
        winners, tiebreak = decide(scores, cubes)
        suns = None
        if self.setup.solo:
            chosen = self._players[0].spirit
            suns = solo_suns(scores[0].total, self.setup.side, self.cards.spirit(chosen) if chosen else None)
        return Outcome(scores, cubes, winners, tiebreak, suns)

    # ----------------------------------------------------------------- queries
    def _must_choose_spirit(self) -> bool:
        p = self._players[self._current]
        return p.spirit is None and bool(p.spirit_choices)

    @property
    def spirit_choices(self) -> tuple[str, ...]:
        """The two spirit cards the current player must choose between now, else ()."""
        p = self._players[self._current]
        return p.spirit_choices if p.spirit is None else ()

    def token_cells(self, colour: Colour) -> list[Hex]:
        """Cells where a token of ``colour`` may go now (ignores whether it is in hand).

        ``ValueError`` for anything that is not a :class:`Colour` (a plain int included).
        """
        if type(colour) is not Colour:
            raise ValueError(f"{colour!r} is not a token colour ({_COLOUR_NAMES})")
        return self._cell_bits.cells(self._token_bits(colour))

    def token_moves(self, colour: Colour) -> list[PlaceToken]:
        """The commands placing a token of ``colour`` on each cell of :meth:`token_cells`, in the
        same order (ignores whether it is in hand); with the colour in hand, each may be played
        through :meth:`play_listed`. ``ValueError`` for anything that is not a :class:`Colour`."""
        if type(colour) is not Colour:
            raise ValueError(f"{colour!r} is not a token colour ({_COLOUR_NAMES})")
        return token_moves(self.setup.side)[colour].cells(self._token_bits(colour))

    def _token_bits(self, colour: Colour) -> int:
        """The bit set of cells where a token of ``colour`` may go now."""
        p = self._players[self._current]
        if self._over or p.spirit is None and p.spirit_choices:  # over, or the spirit comes first
            return 0
        where = p.where
        bits = 0
        for s in self._stacks.takes[colour]:
            bits |= where[s]
        return bits & ~p.cube_bits

    def _cube_bits(self, card_id: str) -> int:
        """The bit set of cells where the next cube of ``card_id`` may go on the current board."""
        p = self._players[self._current]
        hit = p.cube_cache.get(card_id)
        if hit is None:
            hit = p.cube_cache[card_id] = matching_bits(self._habitats[card_id], p.stacks, p.where, p.cube_bits)
        return hit

    def cube_cells(self, card_id: str) -> list[Hex]:
        """Cells where the next cube of a held card (or the spirit cube) may go now; none for a card
        that is not the current player's. ``ValueError`` for an id that names no card."""
        if not isinstance(card_id, str) or not self._is_card(card_id):
            raise ValueError(f"{card_id!r} is not a card id")
        if self._check_cube_card(card_id) is not None:
            return []
        return self._cell_bits.cells(self._cube_bits(card_id))

    def _is_card(self, card_id: str) -> bool:
        try:
            self.cards.get(card_id)
        except KeyError:
            return False
        return True

    def cubes_owed(self) -> list[str]:
        """Cards of the current player that still have a cube to place (the spirit last)."""
        p = self._players[self._current]
        ids = [str(h[0]) for h in p.held]
        if p.spirit is not None and not p.spirit_placed:
            ids.append(p.spirit)
        return list(dict.fromkeys(ids))

    def cube_options(self) -> dict[str, list[Hex]]:
        """For each owed card that has somewhere to put its next cube now, those cells.

        One call answers for every card, which is what a player deciding after each token wants.
        """
        p = self._players[self._current]
        if self._over or p.spirit is None and p.spirit_choices:  # over, or the spirit comes first
            return {}
        out: dict[str, list[Hex]] = {}
        to_cells = self._cell_bits.cells
        cache = p.cube_cache
        for h in p.held:
            cid: str = h[0]  # type: ignore[assignment]
            found = cache.get(cid)
            if found is None:
                found = self._cube_bits(cid)
            if found:
                out[cid] = to_cells(found)
        if p.spirit is not None and not p.spirit_placed:
            found = self._cube_bits(p.spirit)
            if found:
                out[p.spirit] = to_cells(found)
        return out

    def can_end_turn(self) -> bool:
        return self._check_end_turn() is None

    def can_take_card(self) -> bool:
        """Whether the current player may take a face-up card now (if one is face up)."""
        return self._check_take_card_limits() is None

    def check(self, cmd: Command) -> Rejected | None:
        """``None`` when ``cmd`` is legal now, else the refusal :meth:`apply` would return."""
        checker = self._CHECKS.get(type(cmd))
        if checker is None:
            return Rejected("command.unknown", {"command": quoted(repr(cmd))})
        return checker(self, cmd)

    def legal_commands(self) -> list[Command]:
        """Every legal command now, in a fixed order (undo left out)."""
        if self._over:
            return []
        if self._must_choose_spirit():
            return [ChooseSpirit(s) for s in self._players[self._current].spirit_choices]
        out: list[Command] = []
        if self._taken_space < 0:
            out += [TakeTokens(i) for i, space in enumerate(self._central) if space]
        for c in sorted(set(self._hand)):
            out += self.token_moves(Colour(c))
        if self._check_take_card_limits() is None:
            out += [TakeCard(cid) for cid in self._display if cid is not None]
        for cid in self.cubes_owed():
            out += [PlaceCube(cid, cell) for cell in self.cube_cells(cid)]
        if self._check_swap_limits() is None:
            out += [SoloSwap(cid) for cid in self._display if cid is not None]
        if self._check_end_turn() is None:
            out.append(EndTurn())
        return out

    # ----------------------------------------------------------------- checks (no side effects)
    def _check_common(self) -> Rejected | None:
        if self._over:
            return Rejected("game.over")
        p = self._players[self._current]
        if p.spirit is None and p.spirit_choices:
            return Rejected("spirit.choose_first")
        return None

    def _check_choose_spirit(self, cmd: ChooseSpirit) -> Rejected | None:
        if self._over:
            return Rejected("game.over")
        p = self._players[self._current]
        if not p.spirit_choices and p.spirit is None:
            return Rejected("spirit.not_in_game")
        if p.spirit is not None:
            return Rejected("spirit.already_chosen")
        if cmd.spirit_id not in p.spirit_choices:
            return Rejected("spirit.not_offered", {"spirit": quoted(cmd.spirit_id)})
        return None

    def _check_take_tokens(self, cmd: TakeTokens) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if self._taken_space >= 0:
            return Rejected("tokens.already_taken")
        if type(cmd.space) is not int or not 0 <= cmd.space < len(self._central):
            return Rejected("tokens.no_space", {"space": quoted(cmd.space)})
        if not self._central[cmd.space]:
            return Rejected("tokens.space_empty")
        return None

    def _check_place_token(self, cmd: PlaceToken) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if self._taken_space < 0:
            return Rejected("token.take_first")
        colour = cmd.colour
        if type(colour) is not Colour:  # a plain int would be played, then written as a number no save reads
            return Rejected("token.bad_colour", {"colour": quoted(colour)})
        if colour not in self._hand:
            return Rejected("token.not_in_hand", {"colour": Colour(colour).label})
        i = self._cell_index(cmd.cell)
        if i is None:
            return Rejected("cell.not_on_board", {"cell": quoted(cmd.cell)})
        p = self._players[self._current]
        if p.cubes[i] is not None:
            return Rejected("token.on_cube")
        if stack_table().add[p.stacks[i]][colour] < 0:
            return _stacking_refusal(p.stacks[i], colour)
        return None

    def _cell_index(self, cell: object) -> int | None:
        """The index of a board cell, or None for anything that is not one (even unhashable junk)."""
        # Only a pair of true ints: (0.0, 0.0) would find cell (0, 0) but could not be saved.
        if type(cell) is not tuple or len(cell) != 2 or type(cell[0]) is not int or type(cell[1]) is not int:
            return None
        return self.shape.index.get(cell)

    def _check_take_card_limits(self) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if self._took_card:
            return Rejected("card.already_taken")
        if self._swapped:
            return Rejected("card.after_swap")
        most = rules_data().max_unfinished_cards
        if self._players[self._current].unfinished() >= most:
            return Rejected("card.too_many", {"n": most})
        return None

    def _check_take_card(self, cmd: TakeCard) -> Rejected | None:
        why = self._check_take_card_limits()
        if why:
            return why
        return self._check_face_up(cmd.card_id)

    def _check_face_up(self, card_id: object) -> Rejected | None:
        # An exhausted pile leaves None in the display: that slot holds no card to take.
        if not isinstance(card_id, str) or card_id not in self._display:
            return Rejected("card.not_face_up", {"card": quoted(card_id)})
        return None

    def _check_cube_card(self, card_id: str) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        p = self._players[self._current]
        if p.spirit is not None and card_id == p.spirit:
            return Rejected("cube.spirit_placed") if p.spirit_placed else None
        if not any(h[0] == card_id for h in p.held):
            return Rejected("cube.not_held", {"card": quoted(card_id)})
        return None

    def _check_place_cube(self, cmd: PlaceCube) -> Rejected | None:
        why = self._check_cube_card(cmd.card_id)
        if why:
            return why
        i = self._cell_index(cmd.cell)
        if i is None:
            return Rejected("cell.not_on_board", {"cell": quoted(cmd.cell)})
        if self._players[self._current].cubes[i] is not None:
            return Rejected("cube.occupied")
        if not self._cube_bits(cmd.card_id) >> i & 1:
            return Rejected("cube.no_habitat")
        return None

    def _check_swap_limits(self) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if not self.setup.solo:
            return Rejected("swap.not_solo")
        if self._took_card:
            return Rejected("swap.took_card")
        if self._swapped:
            return Rejected("swap.already_swapped")
        if self._taken_space < 0 or self._hand:
            return Rejected("swap.too_early", {"n": rules_data().tokens_per_space})
        if not self._deck:
            return Rejected("swap.pile_empty")
        return None

    def _check_swap(self, cmd: SoloSwap) -> Rejected | None:
        why = self._check_swap_limits()
        if why:
            return why
        return self._check_face_up(cmd.card_id)

    def _check_end_turn(self, cmd: EndTurn | None = None) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if self._taken_space < 0:
            return Rejected("turn.take_first", {"n": rules_data().tokens_per_space})
        if self._hand:
            return Rejected("turn.tokens_left", {"n": len(self._hand)})
        return None

    def _check_undo(self, cmd: Undo) -> Rejected | None:
        if self._over:
            return Rejected("game.over")
        if len(self._history) == self._turn_start:
            if self._swapped:
                return Rejected("undo.swap_final")
            return Rejected("undo.nothing")
        return None

    _CHECKS: dict[type, Callable[[Any, Any], Rejected | None]] = {
        ChooseSpirit: _check_choose_spirit,
        TakeTokens: _check_take_tokens,
        PlaceToken: _check_place_token,
        TakeCard: _check_take_card,
        PlaceCube: _check_place_cube,
        SoloSwap: _check_swap,
        EndTurn: _check_end_turn,
        Undo: _check_undo,
    }

    # ----------------------------------------------------------------- apply
    def apply(self, cmd: Command) -> Result:
        """Play ``cmd``: the events it caused, or why it was rejected (and nothing changed)."""
        kind = type(cmd)
        checker = self._CHECKS.get(kind)
        if checker is None:
            return Rejected("command.unknown", {"command": quoted(repr(cmd))})
        why = checker(self, cmd)
        if why is not None:
            return why
        if kind is Undo:
            return Accepted(self._undo())
        return Accepted(self.play_listed(cmd))

    def play_listed(self, cmd: Command) -> tuple[Event, ...]:
        """Play a command the engine itself just listed as legal, without checking it again.

        ``cmd`` must be legal at this very position: one of :meth:`legal_commands`, or a
        :class:`PlaceToken` on a cell of :meth:`token_cells` (colour in hand, tokens taken) or a
        :class:`PlaceCube` on a cell of :meth:`cube_options`, asked since the last change. Computer
        players that pick from those lists play through here; everything else goes through
        :meth:`apply`, which checks first. Undo is not listed and cannot be played here.
        """
        events = self._DO[type(cmd)](self, cmd)
        self._history.append(cmd)
        if type(cmd) in _DRAWING:
            self._turn_start = len(self._history)
        return events

    def _do_choose_spirit(self, cmd: ChooseSpirit) -> tuple[Event, ...]:
        p = self._players[self._current]
        returned = next(s for s in p.spirit_choices if s != cmd.spirit_id)
        p.spirit = cmd.spirit_id
        p.spirit_choices = ()
        return (SpiritChosen(self._current, cmd.spirit_id, returned),)

    def _do_take_tokens(self, cmd: TakeTokens) -> tuple[Event, ...]:
        taken = self._central[cmd.space]
        self._central[cmd.space] = []
        self._hand = taken
        self._taken_space = cmd.space
        return (TokensTaken(self._current, cmd.space, tuple(taken)),)

    def _do_place_token(self, cmd: PlaceToken) -> tuple[Event, ...]:
        p = self._players[self._current]
        cell = cmd.cell
        colour = cmd.colour
        i = self.shape.index[cell]
        old = p.stacks[i]
        if old == 0:
            p.empty -= 1
        table = self._stacks
        new = p.stacks[i] = table.add[old][colour]
        bit = 1 << i
        where = p.where
        where[old] ^= bit
        where[new] |= bit
        self._hand.remove(colour)
        cache = p.cube_cache
        if cache:
            # A card's matches can change only if the cell went from or to a stack its pattern uses,
            # and then only at the cube cells whose placements reach this cell.
            changed = (1 << old) | (1 << new)
            habitats = self._habitats
            free = ~p.cube_bits
            for cid, found in cache.items():
                habitat = habitats[cid]
                if habitat.relevant & changed:
                    reach = habitat.reach[i]
                    again = 0
                    for s in habitat.cube_stacks:
                        again |= where[s]
                    again &= reach & free
                    cache[cid] = found & ~reach | matching_among(habitat, p.stacks, again) if again else found & ~reach
        if type(colour) is not Colour:
            colour = Colour(colour)
        return (TokenPlaced(self._current, colour, cell, table.height[new]),)

    def _do_take_card(self, cmd: TakeCard) -> tuple[Event, ...]:
        slot = self._display.index(cmd.card_id)
        self._display[slot] = None
        self._players[self._current].held.append([cmd.card_id, 0])
        self._took_card = True
        return (CardTaken(self._current, cmd.card_id, slot),)

    def _do_place_cube(self, cmd: PlaceCube) -> tuple[Event, ...]:
        p = self._players[self._current]
        i = self.shape.index[cmd.cell]
        p.cubes[i] = cmd.card_id
        p.cube_bits |= 1 << i
        cache = p.cube_cache
        for cid, found in cache.items():  # only this cell closes to other cubes
            cache[cid] = found & ~(1 << i)
        if p.spirit == cmd.card_id:
            p.spirit_placed = True
            cache.pop(cmd.card_id, None)  # its one cube is placed: nothing more to look for
            return (CubePlaced(self._current, cmd.card_id, cmd.cell, 0, True),)
        held = next(h for h in p.held if h[0] == cmd.card_id)
        held[1] = int(held[1]) + 1  # type: ignore[call-overload]
        p.animal_cubes += 1
        left = self.cards.animal(cmd.card_id).cubes - int(held[1])  # type: ignore[call-overload]
        events: tuple[Event, ...] = (CubePlaced(self._current, cmd.card_id, cmd.cell, left, False),)
        if left == 0:
            cache.pop(cmd.card_id, None)  # completed: no cube left to place
            p.held.remove(held)
            p.completed.append(cmd.card_id)
            events += (CardCompleted(self._current, cmd.card_id),)
        return events

    def _do_swap(self, cmd: SoloSwap) -> tuple[Event, ...]:
        slot = self._display.index(cmd.card_id)
        drawn = self._deck.pop()
        self._display[slot] = drawn  # the discarded card leaves the game
        self._swapped = True
        return (SoloSwapped(self._current, cmd.card_id, drawn, slot),)

    def _do_end_turn(self, cmd: EndTurn) -> tuple[Event, ...]:
        seat = self._current
        runs_out = self.pouch_runs_out
        events: list[Event]
        if self.setup.players == 1:
            central = self._central
            left = tuple(chain.from_iterable(central))
            self._discarded += len(left)
            events = [TokensDiscarded(seat, left)]
            if runs_out:
                self._central = [[] for _ in central]
                self._end_reason = "pouch"  # §13 Q12: the game ends when a full refill is impossible
                events.append(EndTriggered(seat, "pouch"))
            else:
                self._refill_all(seat, events)
        else:
            events = []
            if runs_out:
                if self._end_reason is None:
                    self._end_reason = "pouch"
                    events.append(EndTriggered(seat, "pouch"))
            if self._pouch:  # an empty pouch refills nothing: no event for it
                events.append(self._refill_space(seat, self._taken_space))
        display = self._display
        if None in display:
            for slot, cid in enumerate(display):
                if cid is None and self._deck:  # §13 Q9: an empty pile is not refilled
                    drawn = display[slot] = self._deck.pop()
                    events.append(DisplayRefilled(seat, slot, drawn))
        if self._players[seat].empty <= rules_data().end_empty_cells and self._end_reason is None:
            self._end_reason = "board"
            events.append(EndTriggered(seat, "board"))
        self._taken_space = -1
        self._hand = []
        self._took_card = False
        self._swapped = False
        if self._end_reason is not None and seat == self.setup.players - 1:
            self._over = True
            self._outcome = self._finish()
            events.append(GameEnded(seat, self._outcome))
            return tuple(events)
        self._current = (seat + 1) % self.setup.players
        if self._current == 0:
            self._round += 1
        events.append(TurnStarted(self._current, self._round))
        return tuple(events)

    def _refill_space(self, seat: int, space: int) -> SpaceRefilled:
        pouch = self._pouch
        n = min(rules_data().tokens_per_space, len(pouch))
        rest = len(pouch) - n
        drawn = pouch[rest:][::-1]  # drawn one by one from the end of the pouch
        del pouch[rest:]
        self._central[space] = drawn
        return SpaceRefilled(seat, space, tuple(drawn))

    def _refill_all(self, seat: int, events: list[Event]) -> None:
        """Refill every space in order, from a pouch known to hold enough for all of them."""
        per_space = rules_data().tokens_per_space
        pouch = self._pouch
        central = self._central
        rest = len(pouch) - per_space * len(central)
        drawn = pouch[rest:]
        del pouch[rest:]
        drawn.reverse()  # drawn one by one from the end of the pouch
        for i in range(len(central)):
            space = central[i] = drawn[i * per_space:(i + 1) * per_space]
            events.append(SpaceRefilled(seat, i, tuple(space)))

    def _undo(self) -> tuple[Event, ...]:
        undone = self._history[-1]
        rebuilt = self._rebuilt(len(self._history) - 1)
        self.__dict__.update(rebuilt.__dict__)
        return (Undone(self._current, undone),)

    _DO: dict[type, Callable[[Any, Any], tuple[Event, ...]]] = {
        ChooseSpirit: _do_choose_spirit,
        TakeTokens: _do_take_tokens,
        PlaceToken: _do_place_token,
        TakeCard: _do_take_card,
        PlaceCube: _do_place_cube,
        SoloSwap: _do_swap,
        EndTurn: _do_end_turn,
    }

    # ----------------------------------------------------------------- copies and replays
    @classmethod
    def replay(cls, setup: GameSetup, commands: list[Command] | tuple[Command, ...],
               cards: CardSet | None = None) -> "Game":
        """Rebuild a game from its setup and commands; :class:`IllegalCommand` (a ``ValueError``) at the
        first illegal one."""
        game = cls(setup, cards)
        _play_all(game, commands)
        return game

    def clone(self) -> "Game":
        """An independent copy, cheap enough for search (shares the immutable tables)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._pouch = self._pouch[:]
        other._deck = self._deck[:]
        other._central = [s[:] for s in self._central]
        other._display = self._display[:]
        other._players = [p.clone() for p in self._players]
        other._hand = self._hand[:]
        other._history = self._history[:]
        return other

    def __getstate__(self) -> dict[str, Any]:
        # The habitat tables, the cell-set reader and the stack table follow from the cards, the side
        # and rules.yaml, and are many times the size of the state itself: a pickled game (sent to a
        # helper process) carries the state and finds or rebuilds the tables where it is loaded.
        state = self.__dict__.copy()
        del state["_habitats"]
        del state["_cell_bits"]
        del state["_stacks"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._habitats = habitat_tables(self.cards, self.setup.side)
        self._cell_bits = cell_bits(self.setup.side)
        self._stacks = stack_table()

    def sample_hidden(self, rng: random.Random) -> "Game":
        """A copy with the pouch, the animal draw pile and the other seats' undecided spirit cards
        dealt again at random.

        Their order is fixed at setup but unknown to players; a computer player that looks ahead
        plans on such samples of its observer view, never on the real order.
        """
        def shuffle(start: Game) -> None:
            rng.shuffle(start._pouch)
            rng.shuffle(start._deck)
            start._deal_unseen_spirits(lambda ids: rng.sample(ids, len(ids)))

        return self._rehidden(shuffle)

    def observer_view(self) -> "Game":
        """What the seat to move may know, as a game: a copy whose pouch and animal pile are in a
        fixed order (by colour, by card id), whose other seats' undecided spirit cards are dealt in
        a fixed order from those this seat has not seen, and whose setup has no seed.

        The same public state gives the same view, whatever the real order. It accepts the same
        commands as the real game until the next draw, Undo included (it replays the turn from its
        own start, not from a seed); what it draws is not what the real game will draw. Computer
        players and the hint are handed this, and their commands are then played on the real game.
        """
        def canonical(start: Game) -> None:
            start._pouch.sort()
            start._deck.sort()
            start._deal_unseen_spirits(sorted)

        return self._rehidden(canonical)

    def _rebuilt(self, upto: int) -> "Game":
        """This game as it stood after its first ``upto`` commands, replayed from its seed or from
        where it began (the draws since then come out of its pouch and pile in the same order)."""
        # Each command was legal at the very position it is played at again (a replay reaches the
        # same positions), so the second check is skipped.
        if self._start is None:
            game = Game(self.setup, self.cards)
            commands = self._history[:upto]
        else:
            game = self._start.clone()
            game._start = self._start
            commands = self._history[len(self._start._history):upto]
        for cmd in commands:
            game.play_listed(cmd)
        return game

    def _rehidden(self, hide: Callable[["Game"], None]) -> "Game":
        """A copy whose hidden parts ``hide`` sets at the start of this turn (which is where they
        last changed), the turn so far then played again on it; its setup has no seed."""
        start = self.clone() if self.turn_commands == 0 else self._rebuilt(self._turn_start)
        start.setup = replace(self.setup, seed=None)
        start._start = None
        hide(start)
        game = start.clone()
        game._start = start
        _play_all(game, self._history[self._turn_start:])
        return game

    def _deal_unseen_spirits(self, order: Callable[[list[str]], list[str]]) -> None:
        """Deal again the undecided spirit cards of the seats other than the current one, from the
        spirit cards the current seat has not seen, put in ``order``."""
        others = [p for n, p in enumerate(self._players) if n != self._current and p.spirit_choices]
        if not others:
            return
        seen = {*self._players[self._current].spirit_choices, *(p.spirit for p in self._players)}
        pool = order([s.id for s in self.cards.spirits if s.id not in seen])
        for n, p in enumerate(others):
            p.spirit_choices = tuple(pool[n * len(p.spirit_choices):(n + 1) * len(p.spirit_choices)])

    def to_json(self) -> dict[str, Any]:
        """Setup and command log: everything needed to rebuild this game exactly."""
        return {
            "format": FORMAT_VERSION,
            "setup": {
                "players": self.setup.players,
                "side": self.setup.side,
                "spirits": self.setup.spirits,
                "seed": self.setup.seed,
            },
            "commands": [command_to_json(c) for c in self._history],
        }

    @classmethod
    def from_json(cls, data: Any, cards: CardSet | None = None) -> "Game":
        """Rebuild a game written by :meth:`to_json`; ``ValueError`` says what is wrong and where."""
        if not isinstance(data, dict):
            raise ValueError("a saved game must be a JSON object")
        version = data.get("format")
        if type(version) is not int or version < 1:
            raise ValueError(f"a saved game needs a 'format' of 1 to {FORMAT_VERSION}, not {version!r}")
        if version > FORMAT_VERSION:
            raise ValueError(f"saved with a newer format ({version}); this version reads up to {FORMAT_VERSION}")
        raw = data.get("setup")
        if not isinstance(raw, dict):
            raise ValueError("a saved game needs a 'setup' object")
        try:
            setup = GameSetup(
                players=raw["players"], side=raw["side"], spirits=raw["spirits"], seed=raw["seed"]
            )
        except KeyError as missing:
            raise ValueError(f"setup lacks the field {missing}") from None
        if setup.seed is None:
            raise ValueError("setup.seed must be a whole number, not null")
        commands = data.get("commands")
        if not isinstance(commands, list):
            raise ValueError("a saved game needs a 'commands' list")
        parsed = []
        for n, c in enumerate(commands):
            try:
                parsed.append(command_from_json(c))
            except ValueError as e:
                raise ValueError(f"commands[{n}]: {e}") from None
        return cls.replay(setup, parsed, cards)

    def token_count(self) -> int:
        """Tokens in the pouch, on the central board, in hand, on boards and out of the game."""
        on_boards = sum(stack_table().height[s] for p in self._players for s in p.stacks)
        return len(self._pouch) + sum(map(len, self._central)) + len(self._hand) + on_boards + self._discarded


# Undo never goes back past these: the end of a turn (it refills the central board and the display
# from the pouch and the pile) and the solo swap (it draws the pile's top card).
_COLOUR_NAMES = "a Colour: " + ", ".join(f"Colour.{c.name}" for c in Colour)
_DRAWING = frozenset({SoloSwap, EndTurn})


def _play_all(game: Game, commands: Iterable[Command]) -> None:
    """Apply ``commands`` in turn; :class:`IllegalCommand` names the first one refused."""
    for n, cmd in enumerate(commands):
        result = game.apply(cmd)
        if isinstance(result, Rejected):
            raise IllegalCommand(n, command_to_json(cmd), result)


def _stacking_refusal(stack_id: int, colour: int) -> Rejected:
    table = stack_table()
    stack = table.stacks[stack_id]
    if len(stack) >= table.tallest:
        return Rejected("stack.too_high", {"n": table.tallest})
    under = "+".join(c.label for c in stack)
    return Rejected("stack.not_allowed", {"colour": Colour(colour).label, "on": under})
