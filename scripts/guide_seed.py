"""Seeds for the guided first game (assets/guide.yaml): a solo deal on side A without spirits where one
central space holds grey, red and green, the display holds a card (Duck, Frog or Ladybug) whose habitat
the next turn can form, and after the first turn a space holds the token that forms it.

Usage: .venv/bin/python scripts/guide_seed.py [how many seeds to try]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harmonies.rules import EndTurn, Game, GameSetup, PlaceToken, Rejected, TakeCard, TakeTokens  # noqa: E402
from harmonies.rules.colours import Colour  # noqa: E402

#: The card, the colour that forms its habitat and the cell it goes on, beside the building (2, 1) and the
#: tree (1, 2) of the first turn.
NEED = {"duck": (Colour.BLUE, (2, 2)), "frog": (Colour.BLUE, (1, 1)), "ladybug": (Colour.YELLOW, (1, 1))}
FIRST = sorted([Colour.GRAY, Colour.GREEN, Colour.RED])


def play(game: Game, *commands: object) -> None:
    for cmd in commands:
        result = game.apply(cmd)  # type: ignore[arg-type]
        assert not isinstance(result, Rejected), (cmd, result)


def main(tries: int) -> None:
    for seed in range(1, tries):
        game = Game.new(GameSetup(players=1, side="A", spirits=False, seed=seed))
        spaces = [i for i, s in enumerate(game.central) if sorted(s) == FIRST]
        for card in [c for c in game.display if c in NEED] if spaces else []:
            colour, cell = NEED[card]
            after = game.clone()
            play(after, TakeTokens(spaces[0]), PlaceToken(Colour.GRAY, (2, 1)), PlaceToken(Colour.RED, (2, 1)),
                 PlaceToken(Colour.GREEN, (1, 2)), TakeCard(card), EndTurn())
            second = [i for i, s in enumerate(after.central) if colour in s]
            if not second:
                continue
            play(after, TakeTokens(second[0]), PlaceToken(colour, cell))
            if card in after.cube_options():
                rest = ", ".join(c.label for c in after.hand)
                print(f"seed {seed}: space {spaces[0]}, {card}, then space {second[0]} (left in hand: {rest})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1200)
