"""What a drop would change in the score, before it is made: the points preview of the play screen.

Each possible placement of a token in hand or of a held card's cube is played on a copy of the game and
the seat's score sheet after it is compared with the one before, row by row. The rules do the playing and
the scoring; this only takes the difference. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Union

from harmonies.rules import Colour, Command, Game, PlaceCube, PlaceToken, Rejected, ScoreSheet

Hex = tuple[int, int]
#: The rows of the score sheet a drop can change, in the sheet's order.
ROWS = ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit")
#: The rows that change and by how much (never a row that stays the same).
Gain = tuple[tuple[str, int], ...]
#: What is dropped (a token's colour, or the held card whose cube it is) and where.
Drop = tuple[Union[Colour, str], Hex]


def gain(before: ScoreSheet, after: ScoreSheet) -> Gain:
    """The rows of ``after`` that differ from ``before``, with the difference."""
    return tuple((row, getattr(after, row) - getattr(before, row)) for row in ROWS
                 if getattr(after, row) != getattr(before, row))


def drop_gains(game: Game) -> Mapping[Drop, Gain]:
    """For the seat to move: what each legal placement of a token in hand or a held card's cube would change
    in its score."""
    seat = game.current
    before = game.score(seat)
    drops: list[tuple[Drop, Command]] = []
    for colour in dict.fromkeys(game.hand):
        drops += [((colour, cell), PlaceToken(colour, cell)) for cell in game.token_cells(colour)]
    for card_id, cells in game.cube_options().items():
        drops += [((card_id, cell), PlaceCube(card_id, cell)) for cell in cells]
    found: dict[Drop, Gain] = {}
    for drop, cmd in drops:
        after = game.clone()
        if not isinstance(after.apply(cmd), Rejected):
            found[drop] = gain(before, after.score(seat))
    return found
