"""A game's save as JSON: its setup, its deal and its command log, written and read back with checks.

Format 2 holds the deal (:class:`~.deal.Deal`: the pouch by colour, the animal pile and the spirit
hands by card id, each drawn from its end), so a save replays with any cards file that has its cards.
Format 1 holds no deal: its game is dealt again from the seed, with the card list it was played with
(the caller says which; :mod:`.shipped` keeps the lists of released versions).
"""

from __future__ import annotations

from typing import Any

from .colours import Colour
from .commands import Command, command_from_json, command_to_json
from .deal import Deal
from .setup import GameSetup

FORMAT_VERSION = 2


def deal_json(deal: Deal) -> dict[str, Any]:
    """The deal as JSON: colours by name, cards by id."""
    return {
        "pouch": [c.label for c in deal.pouch],
        "deck": list(deal.deck),
        "spirits": [list(hand) for hand in deal.spirit_hands],
    }


def game_json(setup: GameSetup, deal: Deal | None, history: list[Command] | tuple[Command, ...]) -> dict[str, Any]:
    """Setup, deal and command log: everything needed to rebuild a game exactly (a game with no deal,
    an observer's view or one begun at a position, writes none, and its save cannot be read back)."""
    out: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "setup": {
            "players": setup.players,
            "side": setup.side,
            "spirits": setup.spirits,
            "seed": setup.seed,
        },
    }
    if deal is not None:
        out["deal"] = deal_json(deal)
    out["commands"] = [command_to_json(c) for c in history]
    return out


def read_game_json(data: Any) -> tuple[GameSetup, Deal | None, list[Command]]:
    """The setup, deal and commands of a save written by :func:`game_json` (deal None: a format 1
    save, dealt from its seed); ``ValueError`` says what is wrong and where."""
    if not isinstance(data, dict):
        raise ValueError("a saved game must be a JSON object")
    version = data.get("format")
    if type(version) is not int or version < 1:
        raise ValueError(f"a saved game needs a 'format' of 1 to {FORMAT_VERSION}, not {version!r}")
    if version > FORMAT_VERSION:
        raise ValueError(f"saved with a newer format ({version}); this version reads up to {FORMAT_VERSION}")
    raw = data.get("setup")
    if not isinstance(raw, dict):
        raise ValueError("a saved game needs a 'setup' object")
    try:
        setup = GameSetup(
            players=raw["players"], side=raw["side"], spirits=raw["spirits"], seed=raw["seed"]
        )
    except KeyError as missing:
        raise ValueError(f"setup lacks the field {missing}") from None
    deal = read_deal_json(data["deal"]) if version >= 2 and "deal" in data else None
    if deal is None and setup.seed is None:
        raise ValueError("setup.seed must be a whole number, not null, in a save without a deal")
    commands = data.get("commands")
    if not isinstance(commands, list):
        raise ValueError("a saved game needs a 'commands' list")
    parsed = []
    for n, c in enumerate(commands):
        try:
            parsed.append(command_from_json(c))
        except ValueError as e:
            raise ValueError(f"commands[{n}]: {e}") from None
    return setup, deal, parsed


def read_deal_json(raw: Any) -> Deal:
    """The deal written by :func:`deal_json`; ``ValueError`` names the field that is wrong (whether
    it fits the cards and the setup is checked when the game is set out from it)."""
    if not isinstance(raw, dict):
        raise ValueError("'deal' must be an object with 'pouch', 'deck' and 'spirits'")
    pouch = _names(raw.get("pouch"), "deal.pouch")
    try:
        colours = tuple([Colour.parse(name) for name in pouch])
    except ValueError as e:
        raise ValueError(f"deal.pouch: {e}") from None
    deck = _names(raw.get("deck"), "deal.deck")
    hands = raw.get("spirits")
    if not isinstance(hands, list):
        raise ValueError("deal.spirits must be a list of spirit hands")
    spirit_hands = tuple([_names(hand, f"deal.spirits[{n}]") for n, hand in enumerate(hands)])
    return Deal(colours, deck, spirit_hands)


def _names(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{where} must be a list of names")
    return tuple(value)
