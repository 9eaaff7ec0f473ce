"""The queries: where tokens and cubes may go now, and every legal command."""

from __future__ import annotations

from .boards import Hex
from .checks import GameChecks
from .colours import Colour
from .commands import ChooseSpirit, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens
from .tables import rules_data

_COLOUR_NAMES = "a Colour: " + ", ".join(f"Colour.{c.name}" for c in Colour)


class GameQueries(GameChecks):
    """What the current player may do now, as cells and as commands."""

    @property
    def spirit_choices(self) -> tuple[str, ...]:
        """The two spirit cards the current player must choose between now, else ()."""
        p = self.state.players[self.state.current]
        return p.spirit_choices if p.spirit is None else ()

    def end_may_trigger(self) -> str | None:
        """What may trigger the end of the game with the turn being played: ``"pouch"`` when the
        pouch cannot make the refill due after it, ``"board"`` when the current board can reach the
        end's number of empty cells with the tokens this turn still places; ``None`` when neither
        can, or the end is already set (a warning for the player, decided here and not by the UI)."""
        if self.state.over or self.state.end_reason is not None:
            return None
        if self.pouch_runs_out:
            return "pouch"
        data = rules_data()
        still_placed = data.tokens_per_space if self.state.taken_space < 0 else len(self.state.hand)
        if self.state.players[self.state.current].empty - still_placed <= data.end_empty_cells:
            return "board"
        return None

    def token_cells(self, colour: object) -> list[Hex]:
        """Cells where a token of ``colour`` may go now (ignores whether it is in hand).

        ``ValueError`` for anything that is not a :class:`Colour` (a plain int included).
        """
        if type(colour) is not Colour:
            raise ValueError(f"{colour!r} is not a token colour ({_COLOUR_NAMES})")
        return self._cell_bits.cells(self._token_bits(colour))

    def token_moves(self, colour: object) -> list[PlaceToken]:
        """The commands placing a token of ``colour`` on each cell of :meth:`token_cells`, in the
        same order (ignores whether it is in hand); with the colour in hand, each may be played
        through :meth:`play_listed`. ``ValueError`` for anything that is not a :class:`Colour`."""
        if type(colour) is not Colour:
            raise ValueError(f"{colour!r} is not a token colour ({_COLOUR_NAMES})")
        return self._token_moves[colour].cells(self._token_bits(colour))

    def cube_cells(self, card_id: object) -> list[Hex]:
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
        p = self.state.players[self.state.current]
        ids = [cid for cid, _ in p.held]
        if p.spirit is not None and not p.spirit_placed:
            ids.append(p.spirit)
        return list(dict.fromkeys(ids))

    def cube_options(self) -> dict[str, list[Hex]]:
        """For each owed card that has somewhere to put its next cube now, those cells.

        One call answers for every card, which is what a player deciding after each token wants.
        """
        p = self.state.players[self.state.current]
        if self.state.over or p.spirit is None and p.spirit_choices:  # over, or the spirit comes first
            return {}
        out: dict[str, list[Hex]] = {}
        to_cells = self._cell_bits.cells
        cache = p.cube_cache
        for cid, _ in p.held:
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
    def legal_commands(self) -> list[Command]:
        """Every legal command now, in a fixed order (undo left out)."""
        if self.state.over:
            return []
        if self._must_choose_spirit():
            return [ChooseSpirit(s) for s in self.state.players[self.state.current].spirit_choices]
        out: list[Command] = []
        if self.state.taken_space < 0:
            out += [TakeTokens(i) for i, space in enumerate(self.state.central) if space]
        for c in sorted(set(self.state.hand)):
            out += self.token_moves(Colour(c))
        if self._check_take_card_limits() is None:
            out += [TakeCard(cid) for cid in self.state.display if cid is not None]
        for cid in self.cubes_owed():
            out += [PlaceCube(cid, cell) for cell in self.cube_cells(cid)]
        if self._check_swap_limits() is None:
            out += [SoloSwap(cid) for cid in self.state.display if cid is not None]
        if self._check_end_turn() is None:
            out.append(EndTurn())
        return out
