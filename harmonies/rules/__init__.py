"""The rules of Harmonies as a pure library: no pygame, no global state, deterministic per deal
(the order of the pouch, the animal pile and the spirit hands; by default, the one its seed makes).

A game is changed only by commands; each returns the events it caused or why it was refused, as a
stable code with parameters (the codes are listed in :mod:`harmonies.rules.refusals`)::

    >>> from harmonies.rules import Game, GameSetup, TakeTokens
    >>> game = Game.new(GameSetup(players=2, seed=7))
    >>> game.apply(TakeTokens(0)).ok
    True
    >>> game.apply(TakeTokens(1)).code
    'tokens.already_taken'

The layers above (the computer players, the session, the saves, the screens) use the names of this
package's ``__all__`` and three declared public modules: :mod:`harmonies.rules.kernels` (the board
kernels the scoring runs on), :mod:`harmonies.rules.yamlfile` (reading a YAML file with
``file:line: field`` messages) and :mod:`harmonies.rules.jsontext` (reading JSON with a line for
every failure). Every other submodule is the library's own (tests/test_rules_public.py keeps it so).
"""

from .boardfile import BoardFile, BoardFileError, read_board
from .boards import DIRECTIONS, BoardShape, Hex, board_shape, rotate
from .capped import read_capped
from .cards import (
    LANDSCAPES, USER_CARDS_SECONDS, AnimalCard, CardSet, CardsError, PatternCell, SpiritCard, SpiritRule, default_cards,
    landscape_code, load_cards,
)
from .colours import COLOURS, Colour
from .commands import (
    ChooseSpirit, Command, EndTurn, PlaceCube, PlaceToken, SoloSwap, TakeCard, TakeTokens, Undo,
    command_from_json, command_to_json,
)
from .deal import CardOrder, Deal, deal_from_order, order_of
from .events import (
    CardCompleted, CardTaken, CubePlaced, DisplayRefilled, EndTriggered, Event, GameEnded, SoloSwapped,
    SpaceRefilled, SpiritChosen, TokenPlaced, TokensDiscarded, TokensTaken, TurnStarted, Undone,
)
from .game import Game
from .outcome import HeldCard, Outcome, PlayerView
from .position import Position, SeatPosition
from .refusals import REFUSALS, RefusalCode
from .results import Accepted, IllegalCommand, Rejected, Result
from .scoring import ScoreSheet, SunReport, score_board, solo_suns
from .setup import SEEDS, GameSetup
from .shipped import canonical_deal, canonical_order, shipped_order, shipped_orders
from .tables import RulesData, rules_data

__all__ = [
    "BoardFile", "BoardFileError", "read_board", "read_capped",
    "DIRECTIONS", "BoardShape", "Hex", "board_shape", "rotate",
    "LANDSCAPES", "USER_CARDS_SECONDS", "landscape_code",
    "AnimalCard", "CardSet", "CardsError", "PatternCell", "SpiritCard", "SpiritRule", "default_cards", "load_cards",
    "COLOURS", "Colour",
    "ChooseSpirit", "Command", "EndTurn", "PlaceCube", "PlaceToken", "SoloSwap", "TakeCard", "TakeTokens", "Undo",
    "command_from_json", "command_to_json",
    "CardCompleted", "CardTaken", "CubePlaced", "DisplayRefilled", "EndTriggered", "Event", "GameEnded",
    "SoloSwapped", "SpaceRefilled", "SpiritChosen", "TokenPlaced", "TokensDiscarded", "TokensTaken",
    "TurnStarted", "Undone",
    "CardOrder", "Deal", "deal_from_order", "order_of", "canonical_deal", "canonical_order",
    "shipped_order", "shipped_orders",
    "Game", "Position", "SeatPosition", "HeldCard", "Outcome", "PlayerView",
    "Accepted", "IllegalCommand", "Rejected", "Result",
    "REFUSALS", "RefusalCode",
    "ScoreSheet", "SunReport", "score_board", "solo_suns", "SEEDS", "GameSetup", "RulesData", "rules_data",
]
