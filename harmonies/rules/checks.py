"""The checks: why a command would be refused now, with no side effect.

Each ``_check_*`` answers ``None`` for a legal command or the :class:`Rejected` that
:meth:`Game.apply <harmonies.rules.game.Game.apply>` returns; :meth:`GameChecks.check` picks the one
for a command with a ``match`` over the command union, which mypy checks is exhaustive.
"""

from __future__ import annotations

from typing import Any, NoReturn

from .colours import Colour
from .commands import (
    COMMAND_TYPES, ChooseSpirit, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens, Undo,
)
from .core import GameCore
from .refusals import quoted
from .results import Rejected
from .tables import rules_data, stack_table


class GameChecks(GameCore):
    """The refusals of every command, read from the state without changing it."""

    def check(self, cmd: Command) -> Rejected | None:
        """``None`` when ``cmd`` is legal now, else the refusal :meth:`apply` would return."""
        # Only the command types themselves: a subclass or anything else sent (a save may hold
        # anything) is no command.
        if type(cmd) not in COMMAND_TYPES:
            return Rejected("command.unknown", {"command": quoted(repr(cmd))})
        match cmd:
            case PlaceToken():
                return self._check_place_token(cmd)
            case PlaceCube():
                return self._check_place_cube(cmd)
            case TakeTokens():
                return self._check_take_tokens(cmd)
            case TakeCard():
                return self._check_take_card(cmd)
            case EndTurn():
                return self._check_end_turn(cmd)
            case ChooseSpirit():
                return self._check_choose_spirit(cmd)
            case SoloSwap():
                return self._check_swap(cmd)
            case Undo():
                return self._check_undo(cmd)
            case _:
                unreachable(cmd)


    def _check_common(self) -> Rejected | None:
        if self.state.over:
            return Rejected("game.over")
        p = self.state.players[self.state.current]
        if p.spirit is None and p.spirit_choices:
            return Rejected("spirit.choose_first")
        return None

    # A command read from a save may hold anything in any field, so the checks read its fields
    # untyped (``sent: Any``) and test them before use; typed reads would stop at the first wrong
    # type in the compiled build instead of answering with the refusal.

    def _check_choose_spirit(self, cmd: ChooseSpirit) -> Rejected | None:
        sent: Any = cmd
        if self.state.over:
            return Rejected("game.over")
        p = self.state.players[self.state.current]
        if not p.spirit_choices and p.spirit is None:
            return Rejected("spirit.not_in_game")
        if p.spirit is not None:
            return Rejected("spirit.already_chosen")
        if sent.spirit_id not in p.spirit_choices:
            return Rejected("spirit.not_offered", {"spirit": quoted(sent.spirit_id)})
        return None

    def _check_take_tokens(self, cmd: TakeTokens) -> Rejected | None:
        sent: Any = cmd
        why = self._check_common()
        if why:
            return why
        if self.state.taken_space >= 0:
            return Rejected("tokens.already_taken")
        space = sent.space
        if type(space) is not int or not 0 <= space < len(self.state.central):
            return Rejected("tokens.no_space", {"space": quoted(space)})
        if not self.state.central[space]:
            return Rejected("tokens.space_empty")
        return None

    def _check_place_token(self, cmd: PlaceToken) -> Rejected | None:
        sent: Any = cmd
        why = self._check_common()
        if why:
            return why
        if self.state.taken_space < 0:
            return Rejected("token.take_first")
        colour = sent.colour
        if type(colour) is not Colour:  # a plain int would be played, then written as a number no save reads
            return Rejected("token.bad_colour", {"colour": quoted(colour)})
        if colour not in self.state.hand:
            return Rejected("token.not_in_hand", {"colour": Colour(colour).label})
        i = self._cell_index(sent.cell)
        if i is None:
            return Rejected("cell.not_on_board", {"cell": quoted(sent.cell)})
        p = self.state.players[self.state.current]
        if p.cubes[i] is not None:
            return Rejected("token.on_cube")
        if stack_table().add[p.stacks[i]][colour] < 0:
            return _stacking_refusal(p.stacks[i], colour)
        return None

    def _check_take_card_limits(self) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if self.state.took_card:
            return Rejected("card.already_taken")
        if self.state.swapped:
            return Rejected("card.after_swap")
        most = self._data.max_unfinished_cards
        if self.state.players[self.state.current].unfinished() >= most:
            return Rejected("card.too_many", {"n": most})
        return None

    def _check_take_card(self, cmd: TakeCard) -> Rejected | None:
        why = self._check_take_card_limits()
        if why:
            return why
        sent: Any = cmd
        return self._check_face_up(sent.card_id)

    def _check_face_up(self, card_id: object) -> Rejected | None:
        # An exhausted pile leaves None in the display: that slot holds no card to take.
        if not isinstance(card_id, str) or card_id not in self.state.display:
            return Rejected("card.not_face_up", {"card": quoted(card_id)})
        return None

    def _check_cube_card(self, card_id: object) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        p = self.state.players[self.state.current]
        if p.spirit is not None and card_id == p.spirit:
            return Rejected("cube.spirit_placed") if p.spirit_placed else None
        if not any(h[0] == card_id for h in p.held):
            return Rejected("cube.not_held", {"card": quoted(card_id)})
        return None

    def _check_place_cube(self, cmd: PlaceCube) -> Rejected | None:
        sent: Any = cmd
        why = self._check_cube_card(sent.card_id)
        if why:
            return why
        i = self._cell_index(sent.cell)
        if i is None:
            return Rejected("cell.not_on_board", {"cell": quoted(sent.cell)})
        if self.state.players[self.state.current].cubes[i] is not None:
            return Rejected("cube.occupied")
        if not self._cube_bits(sent.card_id) >> i & 1:  # a held card's id: a str
            return Rejected("cube.no_habitat")
        return None

    def _check_swap_limits(self) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if not self.setup.solo:
            return Rejected("swap.not_solo")
        if self.state.took_card:
            return Rejected("swap.took_card")
        if self.state.swapped:
            return Rejected("swap.already_swapped")
        if self.state.taken_space < 0 or self.state.hand:
            return Rejected("swap.too_early", {"n": rules_data().tokens_per_space})
        if not self.state.deck:
            return Rejected("swap.pile_empty")
        return None

    def _check_swap(self, cmd: SoloSwap) -> Rejected | None:
        why = self._check_swap_limits()
        if why:
            return why
        sent: Any = cmd
        return self._check_face_up(sent.card_id)

    def _check_end_turn(self, cmd: EndTurn | None = None) -> Rejected | None:
        why = self._check_common()
        if why:
            return why
        if self.state.taken_space < 0:
            return Rejected("turn.take_first", {"n": rules_data().tokens_per_space})
        if self.state.hand:
            return Rejected("turn.tokens_left", {"n": len(self.state.hand)})
        return None

    def _check_undo(self, cmd: Undo) -> Rejected | None:
        if self.state.over:
            return Rejected("game.over")
        if len(self.state.history) == self.state.turn_start:
            if self.state.swapped:
                return Rejected("undo.swap_final")
            return Rejected("undo.nothing")
        return None


def unreachable(value: NoReturn) -> NoReturn:
    """The end of a ``match`` over a union that has a case for each member: mypy accepts a call
    here only when no member is left (``typing.assert_never`` from Python 3.11, written out for 3.10)."""
    raise AssertionError(f"no case for {value!r}")


def _stacking_refusal(stack_id: int, colour: int) -> Rejected:
    table = stack_table()
    stack = table.stacks[stack_id]
    if len(stack) >= table.tallest:
        return Rejected("stack.too_high", {"n": table.tallest})
    under = "+".join(c.label for c in stack)
    return Rejected("stack.not_allowed", {"colour": Colour(colour).label, "on": under})
