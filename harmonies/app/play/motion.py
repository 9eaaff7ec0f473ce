"""The rules' events turned into flights (where each moved thing comes from and lands) and sounds.

Pure layout arithmetic over a :class:`~harmonies.session.Played`; the scene adds the flyers to its
animator. Nothing here decides a rule: it only reads what the events say happened.
"""

from __future__ import annotations

from collections.abc import Callable

from harmonies.rules import (
    CardTaken, CubePlaced, DisplayRefilled, Event, GameEnded, PlaceCube, PlaceToken, SoloSwapped, SpaceRefilled,
    SpiritChosen, TokenPlaced, TokensDiscarded, TokensTaken, TurnStarted,
)
from harmonies.session import Played

from ..tokens import cname
from .anim import CardSprite, CubeSprite, Flyer, TokenSprite
from .layout import PlayLayout, centre
from .places import Cell, Cube, HandToken, HeldCard, Slot, Space

Point = tuple[float, float]
Hex = tuple[int, int]
#: Where a cell of a seat's board is drawn now.
CellPos = Callable[[int, Hex], Point]
#: Where a card of a seat is drawn now (above the shown board, or on the seat's panel).
HeldPos = Callable[[int, str], Point]
#: The sound of each kind of event that has one.
SOUNDS: dict[type, str] = {TokenPlaced: "place", TokensTaken: "take", CardTaken: "card", CubePlaced: "cube",
                           TurnStarted: "turn", SoloSwapped: "card", SpiritChosen: "card"}


def sound_of(events: tuple[Event, ...]) -> str | None:
    """The sound of a command: that of its first event that has one."""
    return next((SOUNDS[type(ev)] for ev in events if type(ev) in SOUNDS), None)


def source_of(played: Played, layout: PlayLayout, held_before: HeldPos, slot: int | None = None) -> Point | None:
    """Where the moved piece sat before the command (a token in the tray's ``slot``, a held card's cube)."""
    cmd = played.command
    if isinstance(cmd, PlaceToken) and slot is not None and slot < len(layout.hand_slots):
        return layout.hand_slots[slot]
    if isinstance(cmd, PlaceToken) and cmd.colour in played.before.hand:
        return layout.hand_slots[played.before.hand.index(cmd.colour)]
    if isinstance(cmd, PlaceCube):
        return held_before(played.before.view.seat, cmd.card_id)
    return None


def flyers_for(played: Played, layout: PlayLayout, dur: float, src: Point | None, cell_pos: CellPos,
               held_pos: HeldPos) -> list[Flyer]:
    """The flights that show ``played``'s events, each ``dur`` seconds long.

    A turn that ends the game shows no refill: nobody takes from the central board or the display again."""
    out: list[Flyer] = []
    ended = any(isinstance(ev, GameEnded) for ev in played.events)
    for ev in played.events:
        if ended and isinstance(ev, (SpaceRefilled, DisplayRefilled)):
            continue
        out += _flights(ev, played, layout, dur, src, cell_pos, held_pos)
    return out


def _flights(ev: Event, played: Played, L: PlayLayout, dur: float, src: Point | None, cell_pos: CellPos,
             held_pos: HeldPos) -> list[Flyer]:
    if isinstance(ev, TokensTaken):
        return [Flyer(TokenSprite(cname(colour)), L.space_token_pos(ev.space, i), L.hand_slots[i], dur, 0.04 * i,
                      HandToken(i), (0.6, 1.0)) for i, colour in enumerate(ev.colours)]
    if isinstance(ev, TokenPlaced) and not played.dropped:
        return [Flyer(TokenSprite(cname(ev.colour)), src or L.hand_slots[0], cell_pos(ev.player, ev.cell), dur,
                      0.0, Cell(ev.player, ev.cell))]
    if isinstance(ev, CubePlaced) and not played.dropped:
        return [Flyer(CubeSprite(ev.card_id, ev.spirit), src or centre(L.held_panel), cell_pos(ev.player, ev.cell),
                      dur, 0.0, Cube(ev.player, ev.cell))]
    if isinstance(ev, CardTaken):
        if 0 <= ev.slot < len(L.slots):
            return [Flyer(CardSprite(ev.card_id), centre(L.slots[ev.slot]), held_pos(ev.player, ev.card_id), dur,
                          0.0, HeldCard(ev.player, ev.card_id), (1.0, 1.05))]
        return []
    if isinstance(ev, (DisplayRefilled, SoloSwapped)):
        cid = ev.card_id if isinstance(ev, DisplayRefilled) else ev.drawn
        if cid and 0 <= ev.slot < len(L.slots):
            return [Flyer(CardSprite(cid), centre(L.deck_rect), centre(L.slots[ev.slot]), dur, dur * 0.5,
                          Slot(ev.slot), (0.4, 1.0))]
        return []
    if isinstance(ev, TokensDiscarded):
        return _discarded(ev, played, L, dur)
    if isinstance(ev, SpaceRefilled):
        return [Flyer(TokenSprite(cname(colour)), L.pouch_pos, L.space_token_pos(ev.space, i), dur,
                      dur * 0.3 + 0.05 * i, Space(ev.space), (0.5, 1.0)) for i, colour in enumerate(ev.colours)]
    return []


def _discarded(ev: TokensDiscarded, played: Played, L: PlayLayout, dur: float) -> list[Flyer]:
    """Solo: the tokens left on the central board go back to the box."""
    spots = [(sp, i) for sp, space in enumerate(played.before.central) for i in range(len(space))]
    out: list[Flyer] = []
    for k, colour in enumerate(ev.colours):
        sp, i = spots[k] if k < len(spots) else (0, 0)
        src = L.space_token_pos(sp, i)
        out.append(Flyer(TokenSprite(cname(colour)), src, (src[0] - 30, -40), dur * 1.2, 0.03 * k, None, (0.6, 0.3)))
    return out
