"""The checks: why a command would be refused now, with no side effect.

Each ``_check_*`` answers ``None`` for a legal command or the :class:`Rejected` that
:meth:`Game.apply <harmonies.rules.game.Game.apply>` returns; ``_CHECKS`` finds the one for a
command's type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .colours import Colour
from .commands import ChooseSpirit, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens, Undo
from .core import GameCore
from .refusals import quoted
from .results import Rejected
from .tables import rules_data, stack_table


class GameChecks(GameCore):
    """The refusals of every command, read from the state without changing it."""

    def check(self, cmd: Command) -> Rejected | None:
        """``None`` when ``cmd`` is legal now, else the refusal :meth:`apply` would return."""
        checker = self._CHECKS.get(type(cmd))
        if checker is None:
            return Rejected("command.unknown", {"command": quoted(repr(cmd))})
        return checker(self, cmd)


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


def _stacking_refusal(stack_id: int, colour: int) -> Rejected:
    table = stack_table()
    stack = table.stacks[stack_id]
    if len(stack) >= table.tallest:
        return Rejected("stack.too_high", {"n": table.tallest})
    under = "+".join(c.label for c in stack)
    return Rejected("stack.not_allowed", {"colour": Colour(colour).label, "on": under})
