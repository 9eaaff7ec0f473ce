"""What the other seats just did, on show for the human seat whose turn starts: their summaries, worded,
and how long they stay (a few seconds, or until the seat's first action: the player's setting)."""

from __future__ import annotations

from collections.abc import Sequence

from harmonies.session.recap import SeatRecap

#: Seconds the summaries stay before they fade, and how long the fade takes.
SHOW_SECONDS = 7.0
FADE_SECONDS = 0.8


class Recent:
    """The summaries on show (none at first)."""

    def __init__(self) -> None:
        self.recaps: tuple[SeatRecap, ...] = ()
        self.lines: tuple[str, ...] = ()
        self.left = 0.0
        self.keep = False

    def show(self, recaps: Sequence[SeatRecap], lines: Sequence[str], keep: bool) -> None:
        """Put these summaries on show; ``keep``: until :meth:`acted` rather than for a few seconds."""
        self.recaps, self.lines = tuple(recaps), tuple(lines)
        self.left = SHOW_SECONDS
        self.keep = keep

    def clear(self) -> None:
        self.recaps, self.lines, self.left = (), (), 0.0

    def acted(self) -> None:
        """The seat to move did something: kept summaries go (fading ones fade on their own)."""
        if self.keep:
            self.clear()

    def tick(self, dt: float) -> None:
        if self.recaps and not self.keep:
            self.left -= dt
            if self.left <= 0:
                self.clear()

    @property
    def alpha(self) -> int:
        """How opaque the summaries are now (0: not on show)."""
        if not self.recaps:
            return 0
        if self.keep:
            return 255
        return int(255 * max(0.0, min(1.0, self.left / FADE_SECONDS)))
