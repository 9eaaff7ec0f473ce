"""A frozen, typed picture of the game for the play screen, taken once per change of the game.

Every section draws and hit-tests from it, so drawing never queries the rules and a frame sees one
consistent position. The scene takes a new one after each accepted command (and on resume).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from harmonies.rules import CardSet, Colour, Game, PlayerView, ScoreSheet, SoloSwap, TakeCard, Undo, rules_data
from harmonies.session import Drop, Gain, Seat, drop_gains

from .tray import Tray, settle_tray

Hex = tuple[int, int]


@dataclass(frozen=True)
class Table:
    """What the play screen shows of the game, and who sits where."""

    seats: tuple[Seat, ...]
    #: Which seats are played at this screen (their controllers say so); the others play themselves.
    at_screen: tuple[bool, ...]
    current: int
    round: int
    over: bool
    end_triggered: bool
    central: tuple[tuple[Colour, ...], ...]
    display: tuple[str | None, ...]
    hand: tuple[Colour, ...]
    deck_size: int
    pouch_size: int
    taken_tokens_this_turn: bool
    spirit_choices: tuple[str, ...]
    views: tuple[PlayerView, ...]
    scores: tuple[ScoreSheet, ...]
    #: Held card (or spirit) -> the cells its next cube may go on, for a seat to move played here.
    cube_opts: Mapping[str, list[Hex]]
    cells: tuple[Hex, ...]
    water: str
    spirits: bool
    cards: CardSet
    #: Why this turn may trigger the end, read from the rules before it is triggered: "pouch" (the
    #: refill due at the end of the turn cannot be made), "board" (placing a turn's tokens can leave
    #: the rules' count of empty cells), or "".
    end_warning: str = ""
    #: The current seat's empty cells, and the count at or under which a turn triggers the end.
    empty_cells: int = 0
    end_empty_cells: int = 0
    #: What a seat to move played at this screen may do now, asked of the rules once per change of
    #: the game: the face-up cards it may take and (solo) swap, whether Undo and End turn are
    #: accepted, and the cells each colour in hand may go on.
    can_take: frozenset[str] = frozenset()
    can_swap: frozenset[str] = frozenset()
    can_undo: bool = False
    can_end: bool = False
    token_cells: Mapping[Colour, frozenset[Hex]] = field(default_factory=dict)
    #: What each of those placements (a token's colour or a held card's cube, and a cell) would change in
    #: the seat's score: the points preview while a token or cube is carried.
    gains: Mapping[Drop, Gain] = field(default_factory=dict)
    #: A finished solo game's suns (None: the game goes on, or has more than one seat).
    suns: int | None = None
    #: The tray under the board: the tokens taken this turn in their slots, None where one was placed
    #: (``HandToken(i)`` is slot ``i``; see ``play/tray.py``).
    tray: Tray = ()

    def in_slot(self, slot: int) -> Colour | None:
        """The token in the tray's ``slot`` (None: placed, or no such slot)."""
        return self.tray[slot] if 0 <= slot < len(self.tray) else None

    def slots_of(self, colour: Colour) -> list[int]:
        """The tray's slots holding ``colour``."""
        return [i for i, c in enumerate(self.tray) if c == colour]

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def screen_to_move(self) -> bool:
        """The game goes on and the seat to move is played at this screen."""
        return not self.over and self.at_screen[self.current]

    def held_items(self, seat: int) -> list[tuple[str, bool, int]]:
        """(card id, is spirit, cubes still on it) of the cards above ``seat``'s board."""
        return held_items(self.views[seat])

    def completed_items(self, seat: int) -> list[tuple[str, bool]]:
        """(card id, is spirit) of ``seat``'s completed cards, the placed spirit last."""
        v = self.views[seat]
        items = [(h.card_id, False) for h in v.completed]
        if v.spirit is not None and v.spirit_placed:
            items.append((v.spirit, True))
        return items

    def is_spirit(self, card_id: str) -> bool:
        return card_id in {s.id for s in self.cards.spirits}


def held_items(view: PlayerView) -> list[tuple[str, bool, int]]:
    """(card id, is spirit, cubes still on it) of the cards above a board, the unplaced spirit last."""
    items = [(h.card_id, False, h.cubes_left) for h in view.cards]
    if view.spirit is not None and not view.spirit_placed:
        items.append((view.spirit, True, 1))
    return items


def take_table(game: Game, seats: tuple[Seat, ...], at_screen: tuple[bool, ...], tray: Tray = (),
               picked: int | None = None) -> Table:
    """The picture of ``game`` as it stands now; ``at_screen``: which seats are played at this screen;
    ``tray``: the tray before the last command (empty: lay the hand out afresh) and ``picked``, the slot
    the player took the placed token from."""
    players = range(game.setup.players)
    screen_to_move = not game.over and at_screen[game.current]
    cards = [cid for cid in game.display if cid is not None] if screen_to_move else []
    return Table(
        seats=seats, at_screen=at_screen, current=game.current, round=game.round, over=game.over,
        end_triggered=game.end_triggered,
        central=game.central, display=game.display, hand=game.hand, deck_size=game.deck_size,
        pouch_size=game.pouch_size, taken_tokens_this_turn=game.taken_tokens_this_turn,
        spirit_choices=game.spirit_choices, views=tuple(game.player(i) for i in players),
        scores=tuple(game.score(i) for i in players), cube_opts=game.cube_options() if screen_to_move else {},
        cells=tuple(game.shape.cells), water=game.shape.water, spirits=game.setup.spirits, cards=game.cards,
        end_warning=game.end_may_trigger() or "", empty_cells=game.player(game.current).empty_cells,
        end_empty_cells=rules_data().end_empty_cells,
        can_take=frozenset(cid for cid in cards if game.check(TakeCard(cid)) is None),
        can_swap=frozenset(cid for cid in cards if game.check(SoloSwap(cid)) is None),
        can_undo=screen_to_move and game.check(Undo()) is None,
        can_end=screen_to_move and game.can_end_turn(),
        token_cells={c: frozenset(game.token_cells(c)) for c in set(game.hand)} if screen_to_move else {},
        gains=drop_gains(game) if screen_to_move else {},
        suns=game.outcome.suns.total if game.outcome is not None and game.outcome.suns is not None else None,
        tray=settle_tray(tray, game.hand, picked) if game.taken_tokens_this_turn else (),
    )
