"""The pace on screen of a seat played by its controller (a computer level, a script): it thinks, then
plays one command at a time, animated.

At the "instant" speed the whole planned turn is played in one frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..settings import SPEED_TIMING

if TYPE_CHECKING:
    from .actions import PlayActions


def speed(sc: PlayActions) -> tuple[float, float]:
    """(seconds between a computer's commands, seconds a piece flies) at the speed in the settings."""
    return SPEED_TIMING.get(sc.app.settings.ai_speed, SPEED_TIMING["normal"])


class ComputerPace:
    """Releases the planned commands of the seat to move into the session at the chosen speed."""

    def __init__(self) -> None:
        self.wait = 0.0

    def step(self, sc: PlayActions, dt: float) -> None:
        """Let the seat to move plan, then play its next planned command once it is time."""
        session = sc.session
        state = session.poll_seat()
        delay, _ = speed(sc)
        if state == "started":
            self.wait = delay * 0.6
        if state != "ready":
            return
        if delay <= 0:
            seat = sc.game.current
            while not sc.game.over and sc.game.current == seat and session.play_seat():
                sc.pump()
            return
        if sc.anims.busy:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        session.play_seat()
        sc.pump()
        self.wait = delay
