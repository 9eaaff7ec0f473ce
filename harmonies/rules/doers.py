"""The doers: what each legal command changes, and the events that say so.

``play_listed`` runs the doer of a command known to be legal (the checks ran before, or the engine
listed it) and picks the doer with a ``match`` over the command union, which mypy checks is
exhaustive. Undo is not here: it rebuilds the game (:meth:`Game.apply <harmonies.rules.game.Game.apply>`).
"""

from __future__ import annotations

from itertools import chain

from .checks import unreachable
from .colours import Colour
from .commands import ChooseSpirit, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens, Undo
from .events import (
    CardCompleted, CardTaken, CubePlaced, DisplayRefilled, EndTriggered, Event, GameEnded, SoloSwapped,
    SpaceRefilled, SpiritChosen, TokenPlaced, TokensDiscarded, TokensTaken, TurnStarted,
)
from .habitats import matching_among
from .queries import GameQueries

# Undo never goes back past these: the end of a turn (it refills the central board and the display
# from the pouch and the pile) and the solo swap (it draws the pile's top card).
_DRAWING = frozenset({SoloSwap, EndTurn})


class GameDoers(GameQueries):
    """The changes each command makes to the state."""

    def play_listed(self, cmd: Command) -> tuple[Event, ...]:
        """Play a command the engine itself just listed as legal, without checking it again.

        ``cmd`` must be legal at this very position: one of :meth:`legal_commands`, or a
        :class:`PlaceToken` on a cell of :meth:`token_cells` (colour in hand, tokens taken) or a
        :class:`PlaceCube` on a cell of :meth:`cube_options`, asked since the last change. Computer
        players that pick from those lists play through here; everything else goes through
        :meth:`apply`, which checks first. Undo is not listed and cannot be played here.
        """
        events: tuple[Event, ...]
        match cmd:
            case PlaceToken():
                events = self._do_place_token(cmd)
            case PlaceCube():
                events = self._do_place_cube(cmd)
            case TakeTokens():
                events = self._do_take_tokens(cmd)
            case TakeCard():
                events = self._do_take_card(cmd)
            case EndTurn():
                events = self._do_end_turn(cmd)
            case ChooseSpirit():
                events = self._do_choose_spirit(cmd)
            case SoloSwap():
                events = self._do_swap(cmd)
            case Undo():
                raise ValueError("Undo is never listed: play it through Game.apply")
            case _:
                unreachable(cmd)
        state = self.state
        state.history.append(cmd)
        if type(cmd) in _DRAWING:
            state.turn_start = len(state.history)
        return events

    def _do_choose_spirit(self, cmd: ChooseSpirit) -> tuple[Event, ...]:
        p = self.state.players[self.state.current]
        p.spirit = cmd.spirit_id
        p.spirit_choices = ()
        return (SpiritChosen(self.state.current, cmd.spirit_id),)

    def _do_take_tokens(self, cmd: TakeTokens) -> tuple[Event, ...]:
        taken = self.state.central[cmd.space]
        self.state.central[cmd.space] = []
        self.state.hand = taken
        self.state.taken_space = cmd.space
        return (TokensTaken(self.state.current, cmd.space, tuple(taken)),)

    def _do_place_token(self, cmd: PlaceToken) -> tuple[Event, ...]:
        p = self.state.players[self.state.current]
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
        self.state.hand.remove(colour)
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
        return (TokenPlaced(self.state.current, colour, cell, table.height[new]),)

    def _do_take_card(self, cmd: TakeCard) -> tuple[Event, ...]:
        slot = self.state.display.index(cmd.card_id)
        self.state.display[slot] = None
        self.state.players[self.state.current].held.append((cmd.card_id, 0))
        self.state.took_card = True
        return (CardTaken(self.state.current, cmd.card_id, slot),)

    def _do_place_cube(self, cmd: PlaceCube) -> tuple[Event, ...]:
        p = self.state.players[self.state.current]
        i = self.shape.index[cmd.cell]
        p.cubes[i] = cmd.card_id
        p.cube_bits |= 1 << i
        cache = p.cube_cache
        for cid, found in cache.items():  # only this cell closes to other cubes
            cache[cid] = found & ~(1 << i)
        if p.spirit == cmd.card_id:
            p.spirit_placed = True
            cache.pop(cmd.card_id, None)  # its one cube is placed: nothing more to look for
            return (CubePlaced(self.state.current, cmd.card_id, cmd.cell, 0, True),)
        at = next(n for n, h in enumerate(p.held) if h[0] == cmd.card_id)
        placed = p.held[at][1] + 1
        p.held[at] = (cmd.card_id, placed)
        p.animal_cubes += 1
        left = self.cards.animal(cmd.card_id).cubes - placed
        events: tuple[Event, ...] = (CubePlaced(self.state.current, cmd.card_id, cmd.cell, left, False),)
        if left == 0:
            cache.pop(cmd.card_id, None)  # completed: no cube left to place
            del p.held[at]
            p.completed.append(cmd.card_id)
            events += (CardCompleted(self.state.current, cmd.card_id),)
        return events

    def _do_swap(self, cmd: SoloSwap) -> tuple[Event, ...]:
        slot = self.state.display.index(cmd.card_id)
        drawn = self.state.deck.pop()
        self.state.display[slot] = drawn  # the discarded card leaves the game
        self.state.swapped = True
        return (SoloSwapped(self.state.current, cmd.card_id, drawn, slot),)

    def _do_end_turn(self, cmd: EndTurn) -> tuple[Event, ...]:
        seat = self.state.current
        seats = len(self.state.players)
        runs_out = self.pouch_runs_out
        events: list[Event]
        if seats == 1:
            central = self.state.central
            left = tuple(chain.from_iterable(central))
            self.state.discarded += len(left)
            events = [TokensDiscarded(seat, left)]
            if runs_out:
                self.state.central = [[] for _ in central]
                self.state.end_reason = "pouch"  # §13 Q12: the game ends when a full refill is impossible
                events.append(EndTriggered(seat, "pouch"))
            else:
                self._refill_all(seat, events)
        else:
            events = []
            if runs_out:
                if self.state.end_reason is None:
                    self.state.end_reason = "pouch"
                    events.append(EndTriggered(seat, "pouch"))
            if self.state.pouch:  # an empty pouch refills nothing: no event for it
                events.append(self._refill_space(seat, self.state.taken_space))
        display = self.state.display
        if None in display:
            for slot, cid in enumerate(display):
                if cid is None and self.state.deck:  # §13 Q9: an empty pile is not refilled
                    drawn = display[slot] = self.state.deck.pop()
                    events.append(DisplayRefilled(seat, slot, drawn))
        if self.state.players[seat].empty <= self._data.end_empty_cells and self.state.end_reason is None:
            self.state.end_reason = "board"
            events.append(EndTriggered(seat, "board"))
        self.state.taken_space = -1
        self.state.hand = []
        self.state.took_card = False
        self.state.swapped = False
        if self.state.end_reason is not None and seat == seats - 1:
            self.state.over = True
            self.state.outcome = self._finish()
            events.append(GameEnded(seat, self.state.outcome))
            return tuple(events)
        self.state.current = (seat + 1) % seats
        if self.state.current == 0:
            self.state.round += 1
        events.append(TurnStarted(self.state.current, self.state.round))
        return tuple(events)

    def _refill_space(self, seat: int, space: int) -> SpaceRefilled:
        pouch = self.state.pouch
        n = min(self._data.tokens_per_space, len(pouch))
        rest = len(pouch) - n
        drawn = pouch[rest:][::-1]  # drawn one by one from the end of the pouch
        del pouch[rest:]
        self.state.central[space] = drawn
        return SpaceRefilled(seat, space, tuple(drawn))

    def _refill_all(self, seat: int, events: list[Event]) -> None:
        """Refill every space in order, from a pouch known to hold enough for all of them."""
        per_space = self._data.tokens_per_space
        pouch = self.state.pouch
        central = self.state.central
        rest = len(pouch) - per_space * len(central)
        drawn = pouch[rest:]
        del pouch[rest:]
        drawn.reverse()  # drawn one by one from the end of the pouch
        for i in range(len(central)):
            space = central[i] = drawn[i * per_space:(i + 1) * per_space]
            events.append(SpaceRefilled(seat, i, tuple(space)))
