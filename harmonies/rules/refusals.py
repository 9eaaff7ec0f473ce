"""Every reason the rules refuse a command: a stable dotted code and the parameters it carries.

A refusal is data, not a sentence: the code says what went wrong, the parameters say with what
(colour names as :attr:`Colour.label`, card ids, counts as ints). The text catalogue
(``assets/locales/*.yaml``, section ``refusal``) holds one sentence per code with exactly these
placeholders; a count that decides a plural is always called ``n``. A new refusal is added here,
raised as a :class:`~harmonies.rules.results.Rejected`, and given its sentence in the catalogue (a test checks all three agree).
"""

from __future__ import annotations

from typing import Literal

RefusalCode = Literal[
    "command.unknown",
    "game.over",
    "spirit.choose_first",
    "spirit.not_in_game",
    "spirit.already_chosen",
    "spirit.not_offered",
    "tokens.already_taken",
    "tokens.no_space",
    "tokens.space_empty",
    "token.take_first",
    "token.bad_colour",
    "token.not_in_hand",
    "token.on_cube",
    "cell.not_on_board",
    "stack.too_high",
    "stack.not_allowed",
    "card.already_taken",
    "card.after_swap",
    "card.too_many",
    "card.not_face_up",
    "cube.spirit_placed",
    "cube.not_held",
    "cube.occupied",
    "cube.no_habitat",
    "swap.not_solo",
    "swap.took_card",
    "swap.already_swapped",
    "swap.too_early",
    "swap.pile_empty",
    "turn.take_first",
    "turn.tokens_left",
    "undo.nothing",
    "undo.swap_final",
]

#: The parameters each code carries, by name.
REFUSALS: dict[RefusalCode, tuple[str, ...]] = {
    "command.unknown": ("command",),
    "game.over": (),
    "spirit.choose_first": (),
    "spirit.not_in_game": (),
    "spirit.already_chosen": (),
    "spirit.not_offered": ("spirit",),
    "tokens.already_taken": (),
    "tokens.no_space": ("space",),
    "tokens.space_empty": (),
    "token.take_first": (),
    "token.bad_colour": ("colour",),
    "token.not_in_hand": ("colour",),
    "token.on_cube": (),
    "cell.not_on_board": ("cell",),
    "stack.too_high": ("n",),
    "stack.not_allowed": ("colour", "on"),
    "card.already_taken": (),
    "card.after_swap": (),
    "card.too_many": ("n",),
    "card.not_face_up": ("card",),
    "cube.spirit_placed": (),
    "cube.not_held": ("card",),
    "cube.occupied": (),
    "cube.no_habitat": (),
    "swap.not_solo": (),
    "swap.took_card": (),
    "swap.already_swapped": (),
    "swap.too_early": ("n",),
    "swap.pile_empty": (),
    "turn.take_first": ("n",),
    "turn.tokens_left": ("n",),
    "undo.nothing": (),
    "undo.swap_final": (),
}

#: Longest text a parameter quotes from a malformed command.
MAX_QUOTE = 60


def quoted(value: object) -> str | int:
    """A value from a command as a parameter: ids and numbers as they are, anything else as its repr,
    cut to :data:`MAX_QUOTE` characters (a malformed save may hold anything)."""
    if type(value) is int:
        return value
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 1] + "…"
