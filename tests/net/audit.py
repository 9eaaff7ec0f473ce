"""The hidden-information audit: what a client received, checked against the game's real hidden parts.

A seat may see the boards, the cards face up, the hand, the spirits chosen, its own spirit offer and
the counts of what is hidden. It may never see the seed (a finished record carries 0 instead), the order of the pouch or of the animal
pile, or the spirit cards another seat was offered while that seat has not chosen (nor, after, the
one it put back). :func:`leaks` lists every way ``received`` breaks that, so a test asserts it is
empty and another that it is not for a host made to leak.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from harmonies.rules import COLOURS, Colour, Game

LABELS = {c.label: c.value for c in COLOURS}


def messages(received: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in received.split(b"\n") if line.strip()]


def leaks(received: bytes, game: Game, seat: int) -> list[str]:
    """How the bytes ``seat``'s client received from the host of the finished ``game`` tell more
    than that seat may know (an empty list: they do not)."""
    found: list[str] = []
    seed = game.setup.seed
    if seed is not None and str(seed).encode() in received:
        found.append("the seed")
    deal = game.state.deal
    assert deal is not None
    never_drawn = frozenset(deal.deck[:len(game.state.deck)])
    for n, msg in enumerate(messages(received)):
        where = f"message {n} ({msg.get('t')})"
        record = _record_of(msg)
        for path, value in _walk(msg):
            if path[-1:] == ("seed",) and value not in (None, 0):
                found.append(f"{where}: a seed at {'.'.join(path)}")
            if path[-1:] == ("deal",) and record is None:
                found.append(f"{where}: a deal at {'.'.join(path)}")
            if isinstance(value, list) and path[-3:] != ("record", "deal", "pouch"):
                found.extend(f"{where}: {why} at {'.'.join(path)}" for why in _order(value, never_drawn))
        for view in _views(msg):
            found.extend(f"{where}: {why}" for why in _spirits(view, seat, game))
        if record is not None:
            found.extend(f"{where}: {why}" for why in _record(record, game))
    return found


def _walk(value: Any) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every value inside ``value`` with its path of keys and indexes (iterative: views are deep)."""
    stack: list[tuple[tuple[str, ...], Any]] = [((), value)]
    while stack:
        path, v = stack.pop()
        yield path, v
        if isinstance(v, dict):
            stack.extend(((*path, str(k)), x) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend(((*path, str(i)), x) for i, x in enumerate(v) if isinstance(x, (dict, list)))


def _order(items: list[Any], never_drawn: frozenset[str]) -> list[str]:
    """A list that orders hidden things: more than three colours not in colour order (only the pouch
    holds more than three), or cards never drawn not in id order."""
    out = []
    if len(items) > 3 and all(isinstance(i, str) and i in LABELS for i in items):
        values = [LABELS[i] for i in items]
        if values != sorted(values):
            out.append(f"{len(items)} tokens in an order")
    hidden = [i for i in items if isinstance(i, str) and i in never_drawn]
    if len(hidden) > 1 and hidden != sorted(hidden):
        out.append(f"{len(hidden)} cards of the pile in an order")
    return out


def _views(msg: dict[str, Any]) -> list[dict[str, Any]]:
    state = msg.get("state") if msg.get("t") == "welcome" else msg
    view = state.get("view") if isinstance(state, dict) else None
    return [view] if isinstance(view, dict) else []


def _record_of(msg: dict[str, Any]) -> dict[str, Any] | None:
    state = msg.get("state") if msg.get("t") == "welcome" else msg
    record = state.get("record") if isinstance(state, dict) else None
    return record if isinstance(record, dict) else None


def _spirits(view: dict[str, Any], seat: int, game: Game) -> list[str]:
    """Another seat's undecided offer shown other than dealt again in id order from the cards this
    seat has not seen."""
    seats = view["seats"]
    seen = {*seats[seat]["spirit_choices"], *(s["spirit"] for s in seats if s["spirit"])}
    pool = sorted(s.id for s in game.cards.spirits if s.id not in seen)
    out = []
    for j, s in enumerate(seats):
        if j == seat or s["spirit"] or not s["spirit_choices"]:
            continue
        expected, pool = pool[:len(s["spirit_choices"])], pool[len(s["spirit_choices"]):]
        if s["spirit_choices"] != expected:
            out.append(f"seat {j}'s spirit offer {s['spirit_choices']}")
    return out


def _record(record: dict[str, Any], game: Game) -> list[str]:
    """The finished record's deal: what was never drawn in order, hands holding only the choice and
    cards nobody chose, in id order."""
    out = []
    deal = record["deal"]
    left = len(game.state.pouch)
    values = [Colour.parse(label).value for label in deal["pouch"][:left]]
    if values != sorted(values):
        out.append("the record's pouch in its order")
    chosen = {p.spirit for p in game.state.players}
    spare = sorted(s.id for s in game.cards.spirits if s.id not in chosen)
    for n, hand in enumerate(deal["spirits"]):
        kept = [sid for sid in hand if sid in chosen]
        fill, spare = spare[:len(hand) - len(kept)], spare[len(hand) - len(kept):]
        if sorted([*kept, *fill]) != hand:
            out.append(f"seat {n}'s spirit hand {hand} in the record")
    return out
