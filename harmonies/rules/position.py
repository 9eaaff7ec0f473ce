"""A position to start a game from, for tests and tools: boards, cards and turn as given.

``Game.from_position(Position(...))`` builds the game a position describes, with no command played,
after checking the position could occur (every stack legal, no token or card twice, the cubes
matching the cards); anything impossible raises one ``ValueError`` naming the part. What a
position leaves out (``None``) is set out from its ``deal``, or else from the deal of the setup's
seed, as at the start of a game, from the tokens and cards the given parts leave: the central board,
the display, the pouch, the pile and the spirit cards offered. The game built has no seed and no deal
(its save cannot rebuild it); Undo goes back to the position at most.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .boards import BoardShape, Hex
from .cards import CardSet
from .colours import Colour
from .core import GameCore
from .setup import GameSetup
from .deal import Deal
from .state import GameState, PlayerState
from .tables import rules_data, stack_table


@dataclass(frozen=True)
class SeatPosition:
    """One seat's board and cards."""

    board: Mapping[Hex, Sequence[Colour]] = field(default_factory=dict)   # stacks, bottom to top
    cubes: Mapping[Hex, str] = field(default_factory=dict)                # cell -> id of the cube's card
    held: Mapping[str, int] = field(default_factory=dict)                 # unfinished animal card -> cubes placed
    completed: Sequence[str] = ()
    spirit: str | None = None
    spirit_choices: Sequence[str] | None = None   # None: as dealt while no spirit is chosen
    spirit_placed: bool = False


@dataclass(frozen=True)
class Position:
    """A game's state at some point of a turn; ``None`` parts come from ``deal`` (by default, the
    deal of ``setup.seed``)."""

    setup: GameSetup
    seats: Sequence[SeatPosition] = ()   # seat 0 first; seats left out have empty boards
    current: int = 0
    round: int = 1
    central: Sequence[Sequence[Colour]] | None = None
    display: Sequence[str | None] | None = None
    hand: Sequence[Colour] = ()
    taken_space: int | None = None   # the space the hand was taken from this turn
    took_card: bool = False
    swapped: bool = False
    pouch: Sequence[Colour] | None = None   # drawn from the end
    deck: Sequence[str] | None = None       # drawn from the end
    discarded: int = 0                      # tokens out of the game (solo)
    end_reason: str | None = None           # what triggered the end: "pouch", "board", or not yet
    over: bool = False                      # a finished game: it can be read, not built
    deal: Deal | None = None                # what the parts left out come from (None: the seed's deal)


def read(game: GameCore) -> Position:
    """Everything of ``game`` as a position, hidden order included (for tests and tools: a player
    gets this only of an observer's view). A finished game reads with ``over`` set, and is no
    position to build a game from."""
    table = stack_table().stacks
    cells = game.shape.cells
    state = game.state
    seats = [
        SeatPosition(
            board={cells[i]: table[s] for i, s in enumerate(p.stacks) if s},
            cubes={cells[i]: c for i, c in enumerate(p.cubes) if c is not None},
            held=dict(p.held),
            completed=tuple(p.completed),
            spirit=p.spirit,
            spirit_choices=p.spirit_choices,
            spirit_placed=p.spirit_placed,
        )
        for p in state.players
    ]
    return Position(
        setup=state.setup, seats=tuple(seats), current=state.current, round=state.round,
        central=tuple(map(tuple, state.central)), display=tuple(state.display), hand=tuple(state.hand),
        taken_space=None if state.taken_space < 0 else state.taken_space, took_card=state.took_card,
        swapped=state.swapped, pouch=tuple(state.pouch), deck=tuple(state.deck), discarded=state.discarded,
        end_reason=state.end_reason, over=state.over,
    )


def build(shape: BoardShape, cards: CardSet, pos: Position, dealt: Deal) -> GameState:
    """The state of ``pos`` on a board of ``shape`` with ``cards`` (``dealt``: ``pos.deal``, or the
    deal of ``pos.setup``'s seed, or of seed 0 for a setup with none), no command played; ValueError
    if ``pos`` cannot occur."""
    setup = pos.setup
    if pos.over:
        raise ValueError("position: the game is over; a finished game is no position to go on from")
    if setup.seed is None and pos.deal is None and _dealt_parts(pos):
        raise ValueError(f"position: its setup has no seed to deal {', '.join(_dealt_parts(pos))} from")
    if len(pos.seats) > setup.players:
        raise ValueError(f"position: {len(pos.seats)} seats for a game of {setup.players}")
    seats = [*pos.seats, *(SeatPosition() for _ in range(setup.players - len(pos.seats)))]
    players = [_seat_state(shape, cards, setup, n, s, dealt) for n, s in enumerate(seats)]
    _check_turn(pos)
    central, pouch = _tokens(pos, players, dealt)
    display, deck = _cards(cards, pos, seats, dealt)
    state = GameState(GameSetup(setup.players, setup.side, setup.spirits, seed=None), pouch, deck, central,
                      display, players)
    state.hand = list(pos.hand)
    state.current = pos.current
    state.round = pos.round
    state.taken_space = -1 if pos.taken_space is None else pos.taken_space
    state.took_card = pos.took_card
    state.swapped = pos.swapped
    state.discarded = pos.discarded
    state.end_reason = pos.end_reason
    return state


def _dealt_parts(pos: Position) -> list[str]:
    """The parts ``pos`` leaves to be dealt from the seed."""
    parts = [name for name in ("central", "display", "pouch", "deck") if getattr(pos, name) is None]
    if pos.setup.spirits and any(s.spirit is None and s.spirit_choices is None for s in pos.seats):
        parts.append("spirit choices")
    if pos.setup.spirits and len(pos.seats) < pos.setup.players:
        parts.append("the spirit choices of the seats left out")
    return parts


def _check_turn(pos: Position) -> None:
    data = rules_data()
    solo = pos.setup.solo
    if type(pos.current) is not int or not 0 <= pos.current < pos.setup.players:
        raise ValueError(f"position: current must be a seat from 0 to {pos.setup.players - 1}, not {pos.current!r}")
    if type(pos.round) is not int or pos.round < 1:
        raise ValueError(f"position: round must be 1 or more, not {pos.round!r}")
    spaces = data.central_spaces[solo]
    if pos.taken_space is not None and (type(pos.taken_space) is not int or not 0 <= pos.taken_space < spaces):
        raise ValueError(f"position: taken_space must be a space from 0 to {spaces - 1}, not {pos.taken_space!r}")
    if pos.hand and pos.taken_space is None:
        raise ValueError("position: tokens in hand need the taken_space they came from")
    if len(pos.hand) > data.tokens_per_space:
        raise ValueError(f"position: {len(pos.hand)} tokens in hand, at most {data.tokens_per_space}")
    if pos.swapped and not solo:
        raise ValueError("position: swapped is a solo move, and this game has more players")
    if pos.end_reason not in (None, "pouch", "board"):
        raise ValueError(f"position: end_reason must be \"pouch\", \"board\" or None, not {pos.end_reason!r}")
    if type(pos.discarded) is not int or pos.discarded < 0:
        raise ValueError(f"position: discarded must be 0 or more, not {pos.discarded!r}")


def _stack_id(stack: Sequence[Colour], where: str) -> int:
    for colour in stack:
        if type(colour) is not Colour:
            raise ValueError(f"position: {where}: {colour!r} is not a Colour")
    found = stack_table().ids.get(tuple(stack))
    if found is None or not stack:
        raise ValueError(f"position: {where}: {'+'.join(c.label for c in stack) or 'nothing'} is not a legal stack")
    return found


def _cell(shape: BoardShape, cell: object, where: str) -> int:
    i = shape.index.get(cell) if isinstance(cell, tuple) else None
    if i is None:
        raise ValueError(f"position: {where}: {cell!r} is not a cell of board {shape.side}")
    return int(i)


def _seat_state(shape: BoardShape, cards: CardSet, setup: GameSetup, n: int, s: SeatPosition,
                dealt: Deal) -> PlayerState:
    where = f"seat {n}"
    p = PlayerState(shape.size)
    for cell, stack in s.board.items():
        i = _cell(shape, cell, f"{where} board")
        sid = _stack_id(stack, f"{where} board {cell}")
        p.where[0] &= ~(1 << i)
        p.where[sid] |= 1 << i
        p.stacks[i] = sid
        p.empty -= 1
    placed: Counter[str] = Counter()
    for cell, cid in s.cubes.items():
        i = _cell(shape, cell, f"{where} cubes")
        if not p.stacks[i]:
            raise ValueError(f"position: {where}: the cube of {cid!r} on {cell} sits on an empty cell")
        p.cubes[i] = cid
        p.cube_bits |= 1 << i
        placed[cid] += 1
    _seat_cards(cards, setup, where, s, p, placed)
    if s.spirit_choices is not None:
        p.spirit_choices = tuple(s.spirit_choices)
    elif s.spirit is None:
        p.spirit_choices = dealt.spirit_hands[n]
    return p


def _seat_cards(cards: CardSet, setup: GameSetup, where: str, s: SeatPosition, p: PlayerState,
                placed: Counter[str]) -> None:
    animal_ids = {a.id for a in cards.animals}
    spirit_ids = {c.id for c in cards.spirits}
    for cid, n in s.held.items():
        if cid not in animal_ids:
            raise ValueError(f"position: {where} holds {cid!r}, which is not an animal card")
        total = cards.animal(cid).cubes
        if type(n) is not int or not 0 <= n < total or placed[cid] != n:
            raise ValueError(f"position: {where} holds {cid!r} with {n!r} cubes placed and {placed[cid]} on "
                             f"the board (they must match, 0 to {total - 1})")
        p.held.append((cid, n))
        p.animal_cubes += n
    for cid in s.completed:
        if cid not in animal_ids or cid in s.held:
            raise ValueError(f"position: {where}: completed {cid!r} is not an animal card it does not hold")
        if placed[cid] != cards.animal(cid).cubes:
            total = cards.animal(cid).cubes
            raise ValueError(f"position: {where}: completed {cid!r} needs its {total} cubes on the board")
        p.completed.append(cid)
        p.animal_cubes += placed[cid]
    if s.spirit is not None or s.spirit_choices:
        if not setup.spirits:
            raise ValueError(f"position: {where} has spirit cards in a game without them")
        for sid in (s.spirit, *(s.spirit_choices or ())):
            if sid is not None and sid not in spirit_ids:
                raise ValueError(f"position: {where}: {sid!r} is not a spirit card")
        if s.spirit is not None and s.spirit_choices:
            raise ValueError(f"position: {where} has chosen a spirit and still has some to choose from")
    p.spirit = s.spirit
    p.spirit_placed = s.spirit_placed
    if s.spirit is not None and placed[s.spirit] != (1 if s.spirit_placed else 0):
        raise ValueError(f"position: {where}: spirit_placed must match the spirit's cube on the board")
    stray = set(placed) - set(s.held) - set(s.completed) - {s.spirit}
    if stray:
        raise ValueError(f"position: {where}: cubes of {', '.join(sorted(stray))}, which the seat does not hold")
    most = rules_data().max_unfinished_cards
    if p.unfinished() > most:
        raise ValueError(f"position: {where} has {p.unfinished()} unfinished cards, at most {most}")


def _take(order: list[Colour], used: Counter[Colour], what: str) -> None:
    """Remove ``used`` from ``order`` (the last of each colour first)."""
    for colour, n in used.items():
        for _ in range(n):
            try:
                at = len(order) - 1 - order[::-1].index(colour)
            except ValueError:
                raise ValueError(f"position: more {colour.label} tokens {what} than the game has") from None
            del order[at]


def _tokens(pos: Position, players: list[PlayerState], dealt: Deal) -> tuple[list[list[Colour]], list[Colour]]:
    """The central board and the pouch of ``pos``, checked against the tokens of the game."""
    data = rules_data()
    heights = stack_table().stacks
    used: Counter[Colour] = Counter(pos.hand)
    for p in players:
        for s in p.stacks:
            used.update(heights[s])
    spaces = data.central_spaces[pos.setup.solo]
    order = list(dealt.pouch)
    if pos.central is not None:
        if len(pos.central) != spaces or any(len(s) > data.tokens_per_space for s in pos.central):
            raise ValueError(f"position: central must be {spaces} spaces of at most {data.tokens_per_space} tokens")
        for space in pos.central:
            _stack_colours(space, "central")
            used.update(space)
    _take(order, used, "on the boards, in hand and on the central board")
    taken = pos.taken_space
    if pos.central is None:  # the space taken this turn is dealt empty: its tokens are in hand or placed
        central = [[] if n == taken else [order.pop() for _ in range(data.tokens_per_space)] for n in range(spaces)]
    elif taken is not None and pos.central[taken]:
        raise ValueError(f"position: central space {taken} still holds tokens, yet they were taken this turn")
    else:
        central = [list(s) for s in pos.central]
    if pos.pouch is None:
        if pos.discarded > len(order):
            raise ValueError(f"position: {pos.discarded} tokens discarded, only {len(order)} left")
        return central, order[:len(order) - pos.discarded]
    _stack_colours(pos.pouch, "pouch")
    _take(order, Counter(pos.pouch), "in the pouch")
    if len(order) != pos.discarded:
        raise ValueError(f"position: {len(order)} tokens are nowhere (not on boards, the central board, in hand "
                         f"or the pouch); discarded says {pos.discarded}")
    return central, list(pos.pouch)


def _stack_colours(tokens: Sequence[Colour], where: str) -> None:
    for colour in tokens:
        if type(colour) is not Colour:
            raise ValueError(f"position: {where}: {colour!r} is not a Colour")


def _cards(cards: CardSet, pos: Position, seats: list[SeatPosition],
           dealt: Deal) -> tuple[list[str | None], list[str]]:
    """The display and the pile of ``pos``: each animal card in one place at most."""
    data = rules_data()
    animal_ids = {a.id for a in cards.animals}
    used = [cid for s in seats for cid in (*s.held, *s.completed)]
    if pos.display is not None:
        if len(pos.display) != data.face_up[pos.setup.solo]:
            raise ValueError(f"position: display must have {data.face_up[pos.setup.solo]} slots")
        used += [cid for cid in pos.display if cid is not None]
    if pos.deck is not None:
        used += list(pos.deck)
    for cid in used:
        if cid not in animal_ids:
            raise ValueError(f"position: {cid!r} is not an animal card")
    twice = sorted(cid for cid, n in Counter(used).items() if n > 1)
    if twice:
        raise ValueError(f"position: {', '.join(twice)} in two places at once")
    pile = [cid for cid in dealt.deck if cid not in set(used)]
    display: list[str | None] = (list(pos.display) if pos.display is not None
                                 else [pile.pop() if pile else None for _ in range(data.face_up[pos.setup.solo])])
    deck = list(pos.deck) if pos.deck is not None else [c for c in pile if c not in set(display)]
    return display, deck
