"""What leaves the host: a seat's view of the game and the events, as JSON, and the game rebuilt from them.

A seat's view (:func:`view_json`) is the position as that seat may know it: the boards, the cards
held and completed, the central board, the display, the hand, the turn; the pouch only as counts of
each colour and the animal pile only as its cards sorted by id (both follow from what is face up);
every other seat's undecided spirit cards dealt again, in id order, from the spirit cards this seat
has not seen; no seed and no deal. :func:`view_game` builds a rules ``Game`` from it
(``Game.from_position``) that a computer player and the play screen take as they take an observer
view.

Events name only what every seat may see (:mod:`harmonies.rules.events`), so all seats get the same
ones. The finished game goes out as a record (:func:`record_json`) whose deal keeps what was drawn
and puts what never was in id order, with seed 0: it replays to the same game, and tells nothing more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from harmonies.rules import (
    CardCompleted, CardSet, CardTaken, Colour, CubePlaced, Deal, DisplayRefilled, EndTriggered, Event,
    Game, GameEnded, GameSetup, Outcome, Position, SeatPosition, SoloSwapped, SpaceRefilled, SpiritChosen,
    TokenPlaced, TokensDiscarded, TokensTaken, TurnStarted, Undone, command_from_json, command_to_json,
)

from .protocol import ProtocolError

#: The seed a record sent to a client carries instead of the game's (0, as for a game set out from a
#: position with no seed).
RECORD_SEED = 0


# ---------------------------------------------------------------------------- the seat's view
def seat_position(game: Game, seat: int) -> Position:
    """``game``'s position as ``seat`` may know it (see the module's words)."""
    pos = game.position()
    order = sorted(pos.pouch or (), key=lambda c: c.value)
    seats = _hidden_spirits(game.cards, pos.seats, seat)
    return replace(pos, setup=replace(pos.setup, seed=None), seats=seats, pouch=tuple(order),
                   deck=tuple(sorted(pos.deck or ())), deal=None)


def _hidden_spirits(cards: CardSet, seats: Sequence[SeatPosition], seat: int) -> tuple[SeatPosition, ...]:
    """The seats with every seat but ``seat`` offered undecided spirit cards in id order from the
    ones ``seat`` has not seen (its own offer and the spirits chosen)."""
    seen = {*(seats[seat].spirit_choices or ()), *(s.spirit for s in seats if s.spirit is not None)}
    pool = sorted(s.id for s in cards.spirits if s.id not in seen)
    out: list[SeatPosition] = []
    for n, s in enumerate(seats):
        offered = tuple(s.spirit_choices or ())
        if n != seat and s.spirit is None and offered:
            offered, pool = tuple(pool[:len(offered)]), pool[len(offered):]
        out.append(replace(s, spirit_choices=offered))
    return tuple(out)


def view_json(game: Game, seat: int) -> dict[str, Any]:
    """The JSON form of :func:`seat_position`."""
    pos = seat_position(game, seat)
    setup = pos.setup
    return {
        "setup": {"players": setup.players, "side": setup.side, "spirits": setup.spirits},
        "current": pos.current, "round": pos.round,
        "central": [_labels(space) for space in pos.central or ()],
        "display": list(pos.display or ()),
        "hand": _labels(pos.hand),
        "taken_space": pos.taken_space, "took_card": pos.took_card, "swapped": pos.swapped,
        "pouch": {c.label: n for c, n in sorted(Counter(pos.pouch or ()).items(), key=lambda kv: kv[0].value)},
        "deck": list(pos.deck or ()),
        "discarded": pos.discarded, "end_reason": pos.end_reason, "over": pos.over,
        "seats": [_seat_json(s) for s in pos.seats],
    }


def _seat_json(s: SeatPosition) -> dict[str, Any]:
    return {
        "board": [[q, r, _labels(stack)] for (q, r), stack in s.board.items()],
        "cubes": [[q, r, cid] for (q, r), cid in s.cubes.items()],
        "held": [[cid, n] for cid, n in s.held.items()],
        "completed": list(s.completed),
        "spirit": s.spirit,
        "spirit_choices": list(s.spirit_choices or ()),
        "spirit_placed": s.spirit_placed,
    }


def _labels(colours: Sequence[Colour]) -> list[str]:
    return [c.label for c in colours]


def view_game(data: Any, cards: CardSet) -> Game:
    """The game a view written by :func:`view_json` describes, built with ``cards``;
    :class:`ProtocolError` ("malformed") if it is not one, or not a position that can occur."""
    try:
        return Game.from_position(read_position(data), cards)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ProtocolError("malformed", f"the view is not a position of the game ({exc})") from None


def read_position(data: Any) -> Position:
    """The :class:`Position` of a view (raises KeyError, TypeError or ValueError if it is not one)."""
    raw = data["setup"]
    setup = GameSetup(players=raw["players"], side=raw["side"], spirits=raw["spirits"], seed=None)
    pouch = [Colour.parse(label) for label, n in _dict(data["pouch"]).items() for _ in range(_int(n))]
    return Position(
        setup=setup, seats=tuple(_read_seat(s) for s in _list(data["seats"])),
        current=_int(data["current"]), round=_int(data["round"]),
        central=tuple(_colours(space) for space in _list(data["central"])),
        display=tuple(_opt_str(d) for d in _list(data["display"])),
        hand=_colours(data["hand"]),
        taken_space=None if data["taken_space"] is None else _int(data["taken_space"]),
        took_card=_bool(data["took_card"]), swapped=_bool(data["swapped"]),
        pouch=tuple(pouch), deck=tuple(_str(c) for c in _list(data["deck"])),
        discarded=_int(data["discarded"]), end_reason=_opt_str(data["end_reason"]),
    )


def _read_seat(raw: Any) -> SeatPosition:
    raw = _dict(raw)
    return SeatPosition(
        board={(_int(q), _int(r)): _colours(stack) for q, r, stack in _list(raw["board"])},
        cubes={(_int(q), _int(r)): _str(cid) for q, r, cid in _list(raw["cubes"])},
        held={_str(cid): _int(n) for cid, n in _list(raw["held"])},
        completed=tuple(_str(c) for c in _list(raw["completed"])),
        spirit=_opt_str(raw["spirit"]),
        spirit_choices=tuple(_str(c) for c in _list(raw["spirit_choices"])),
        spirit_placed=_bool(raw["spirit_placed"]),
    )


def _dict(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise TypeError(f"expected an object, not {v!r}"[:80])
    return v


def _list(v: Any) -> list[Any]:
    if not isinstance(v, list):
        raise TypeError(f"expected a list, not {v!r}"[:80])
    return v


def _int(v: Any) -> int:
    if type(v) is not int:
        raise TypeError(f"expected a whole number, not {v!r}"[:80])
    return v


def _bool(v: Any) -> bool:
    if type(v) is not bool:
        raise TypeError(f"expected true or false, not {v!r}"[:80])
    return v


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError(f"expected text, not {v!r}"[:80])
    return v


def _opt_str(v: Any) -> str | None:
    return None if v is None else _str(v)


def _colours(v: Any) -> tuple[Colour, ...]:
    return tuple(Colour.parse(_str(c)) for c in _list(v))


# ---------------------------------------------------------------------------- events
# Each event's fields in order, and the event classes by their wire names.
_EVENT_FIELDS: dict[type, tuple[str, ...]] = {
    SpiritChosen: ("player", "spirit_id"),
    TokensTaken: ("player", "space", "colours"),
    TokenPlaced: ("player", "colour", "cell", "height"),
    CardTaken: ("player", "card_id", "slot"),
    CubePlaced: ("player", "card_id", "cell", "cubes_left", "spirit"),
    CardCompleted: ("player", "card_id"),
    SoloSwapped: ("player", "discarded", "drawn", "slot"),
    TokensDiscarded: ("player", "colours"),
    SpaceRefilled: ("player", "space", "colours"),
    DisplayRefilled: ("player", "slot", "card_id"),
    EndTriggered: ("player", "reason"),
    TurnStarted: ("player", "round"),
    Undone: ("player", "command"),
    GameEnded: ("player", "outcome"),
}
_EVENT_NAMES: dict[type, str] = {cls: cls.__name__ for cls in _EVENT_FIELDS}
_EVENT_KINDS: dict[str, type] = {name: cls for cls, name in _EVENT_NAMES.items()}


def event_json(ev: Event) -> dict[str, Any]:
    """``{"e": "TokenPlaced", "player": 0, "colour": "blue", "cell": [1, 0], "height": 1}`` and the like."""
    out: dict[str, Any] = {"e": _EVENT_NAMES[type(ev)]}
    for name in _EVENT_FIELDS[type(ev)]:
        out[name] = _field_json(getattr(ev, name))
    return out


def _field_json(value: Any) -> Any:
    if isinstance(value, Colour):
        return value.label
    if isinstance(value, Outcome):
        return value.to_json()
    if isinstance(value, tuple):
        return [_field_json(v) for v in value]
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    return command_to_json(value)


def read_event(data: Any, outcome: Outcome | None) -> Event:
    """The event of :func:`event_json`; a ``GameEnded`` takes ``outcome`` (the finished record's).
    Raises :class:`ProtocolError` ("malformed") for anything else."""
    try:
        kind = _EVENT_KINDS[_str(_dict(data)["e"])]
        args = [_read_field(name, data[name], outcome) for name in _EVENT_FIELDS[kind]]
        return kind(*args)  # type: ignore[no-any-return]
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError("malformed", f"an event that is not one ({exc})") from None


def _read_field(name: str, value: Any, outcome: Outcome | None) -> Any:
    if name == "colour":
        return Colour.parse(_str(value))
    if name == "colours":
        return _colours(value)
    if name == "cell":
        q, r = _list(value)
        return (_int(q), _int(r))
    if name == "command":
        return command_from_json(value)
    if name == "outcome":
        if outcome is None:
            raise ValueError("a game's end without its finished record")
        return outcome
    if name in ("spirit",):
        return _bool(value)
    if name in ("player", "space", "height", "slot", "cubes_left", "round"):
        return _int(value)
    return _str(value)


# ---------------------------------------------------------------------------- the finished game
def record_json(game: Game) -> dict[str, Any]:
    """The finished ``game`` as a save any seat may hold: a deal whose parts never drawn are in id
    order (what was drawn, from the end, stays as it was, so it replays the same), and seed 0 in place
    of the real one (a record replays from its deal; the index of finished games needs a number)."""
    deal = game.state.deal
    if deal is None:
        raise ValueError("a game without its deal cannot be sent as a record")
    data = game.to_json()
    data["setup"]["seed"] = RECORD_SEED
    state = game.state
    chosen = {p.spirit for p in state.players}
    pouch = _drawn_kept(deal.pouch, len(state.pouch), key=lambda c: c.value)
    deck = _drawn_kept(deal.deck, len(state.deck), key=lambda c: c)
    hands = _kept_spirits(game.cards, deal, chosen)
    data["deal"] = {"pouch": [c.label for c in pouch], "deck": list(deck), "spirits": [list(h) for h in hands]}
    return data


def _drawn_kept(items: Sequence[Any], left: int, key: Any) -> tuple[Any, ...]:
    """``items`` drawn from the end, ``left`` of them never drawn: those put in order by ``key``."""
    return (*sorted(items[:left], key=key), *items[left:])


def _kept_spirits(cards: CardSet, deal: Deal, chosen: set[str | None]) -> tuple[tuple[str, ...], ...]:
    """Each seat's spirit hand with the card it chose kept and the others replaced, in id order, by
    spirit cards nobody chose (a choice every seat saw): no hand tells what another seat put back."""
    spare = sorted(s.id for s in cards.spirits if s.id not in chosen)
    out: list[tuple[str, ...]] = []
    for hand in deal.spirit_hands:
        kept = [sid for sid in hand if sid in chosen]
        fill, spare = spare[:len(hand) - len(kept)], spare[len(hand) - len(kept):]
        out.append(tuple(sorted([*kept, *fill])))
    return tuple(out)


def read_record(data: Any, cards: CardSet) -> Game:
    """The finished game of :func:`record_json`, replayed with ``cards``; ProtocolError if it is none."""
    try:
        game = Game.from_json(data, cards)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError("malformed", f"the finished game does not replay ({exc})") from None
    if not game.over:
        raise ProtocolError("malformed", "the finished game is not over")
    return game
