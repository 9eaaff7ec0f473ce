"""What the play screen announces after a command: banners for a completed card, the last round and
the next turn, the hand-over screen between two human seats, and the pause before the scoresheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from harmonies.rules import CardCompleted, EndTriggered, Event, GameEnded, TurnStarted

from ..navigation import OpenHandover
from .sections import top_bar

if TYPE_CHECKING:
    from .actions import PlayActions


def announce(sc: PlayActions, events: tuple[Event, ...]) -> None:
    """Banners for what ``events`` say (no "last round" once the game is over)."""
    ended = any(isinstance(ev, GameEnded) for ev in events)
    for ev in events:
        if isinstance(ev, CardCompleted):
            sc.anims.banner(sc.app.t("play.card_done", name=sc.cardart.name(ev.card_id)), 1.6)
        elif isinstance(ev, EndTriggered) and not ended:
            sc.anims.banner(sc.app.t("play.last_round"), 2.6, "notice")
        elif isinstance(ev, TurnStarted):
            sc.view_seat = None
            sc.anims.banner(sc.turn_text(), 1.4, turn=True)
            if sc.table.end_warning and sc.at_screen(ev.player):
                sc.anims.banner(top_bar.end_warning_text(sc.app, sc.table), 2.6, "notice")
            if sc.at_screen(ev.player):
                sc.show_recent(ev.player)
            hand_over(sc, ev.player)
        elif isinstance(ev, GameEnded):
            sc.ending = 1.0 if not sc.demo else 1.5


def hand_over(sc: PlayActions, seat: int) -> None:
    """Between two different seats played at this screen, the hand-over screen hides the board until
    the next one is there."""
    if sc.at_screen(seat):
        if sum(sc.table.at_screen) >= 2 and sc.last_human is not None and sc.last_human != seat:
            sc.app.navigate.push(OpenHandover(sc.seat(seat).name, seat))
        sc.last_human = seat
