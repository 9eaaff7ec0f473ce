"""The built-in random player: legal, uniform choices. The baseline and the engine's benchmark load."""

from __future__ import annotations

import random

from ..rules import ChooseSpirit, EndTurn, Game, Hex, PlaceCube, TakeCard, TakeTokens


class RandomPlayer:
    """Takes a random space, a random card when allowed, and places every cube as soon as it can."""

    kind = "random"
    # It reads only the seat's legal moves and the table, so drivers hand it the real game.
    needs_view = False

    def __init__(self, seed: int = 0, take_cards: bool = True) -> None:
        self.rng = random.Random(seed)
        self.take_cards = take_cards

    def play_turn(self, game: Game) -> None:
        # Every choice is made among what the engine lists as legal right now (the spirits offered,
        # the spaces still full, the moves of token_moves, the cells of cube_options, the end of
        # the turn once the hand is empty), so the commands go through play_listed, which does not
        # check them a second time.
        rng = self.rng
        choose = rng.choice
        play = game.play_listed
        choices = game.spirit_choices
        if choices:
            play(ChooseSpirit(choose(choices)))
        play(TakeTokens(choose([i for i, s in enumerate(game.central) if s])))
        take_cards = self.take_cards
        if take_cards:
            face_up = [c for c in game.display if c is not None]
            if face_up and game.can_take_card():
                play(TakeCard(choose(face_up)))
        hand = list(game.hand)
        rng.shuffle(hand)
        for colour in hand:
            play(choose(game.token_moves(colour)))
            if take_cards:
                options = game.cube_options()
                if options:
                    self._place_cubes(game, options)
        play(EndTurn())

    def _place_cubes(self, game: Game, options: dict[str, list[Hex]]) -> None:
        while options:
            card_id = next(iter(options))
            game.play_listed(PlaceCube(card_id, self.rng.choice(options[card_id])))
            options = game.cube_options()
