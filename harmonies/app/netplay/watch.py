"""What the play screen shows of a table played over the network, at the host's window and at a
joined one: the seat to move played elsewhere ("NAME plays on another computer"), a seat away
("waiting for NAME"), who joined, left or came back, and at the host the button that hands a seat
that is away to a computer player. It reads the session only (the host's :class:`NetSession` or a
joined seat's :class:`~.remote.RemoteSession`); the words come from the catalogue's ``net`` section.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from harmonies.net import Closed, NetNotice, NetSession, SeatStatus
from harmonies.session import PlaySession

from .remote import RemoteSession

#: The computer level that plays a seat handed to the computer while its player is away.
STAND_IN_LEVEL = "medium"

Say = Callable[[str], None]
Words = Callable[..., str]


@dataclass(frozen=True)
class TableState:
    """Who is where at a networked table, at one moment."""

    seats: tuple[SeatStatus, ...]
    waiting_for: str | None


class NetWatch:
    """The network side of one play screen (see the module's words)."""

    def __init__(self, session: NetSession | RemoteSession) -> None:
        self.session = session
        self._closed_told = False
        self._rejoins_told = 0

    @staticmethod
    def of(session: PlaySession) -> NetWatch | None:
        """The watch for a session played over the network; None for a table at one screen."""
        if isinstance(session, (NetSession, RemoteSession)):
            return NetWatch(session)
        return None

    @property
    def hosting(self) -> bool:
        return isinstance(self.session, NetSession)

    def state(self) -> TableState:
        s = self.session
        if isinstance(s, NetSession):
            return TableState(s.seat_status(), s.waiting_for)
        return TableState(s.status, s.waiting_for)

    def turn_line(self, t: Words) -> str | None:
        """The top bar's words while the seat to move is played on another computer, else None."""
        s = self.session
        game = s.game
        if game.over or s.at_screen(game.current):
            return None
        state = self.state()
        if state.waiting_for is not None:
            return t("net.waiting_for", name=state.waiting_for)
        status = next((st for st in state.seats if st.seat == game.current), None)
        name = s.config.seats[game.current].name
        if status is not None and status.kind == "computer":
            return None                        # a computer seat at the host: its own "thinking…"
        if status is not None and status.stand_in is not None:
            return t("net.stand_in_plays", name=name)
        return t("net.plays_elsewhere", name=name)

    def can_hand_over(self) -> bool:
        """At the host: the seat to move is played elsewhere and its player is away."""
        s = self.session
        if not isinstance(s, NetSession) or s.game.over:
            return False
        seat = s.game.current
        return not s.at_screen(seat) and any(st.seat == seat and st.kind == "remote" and not st.connected
                                             and st.stand_in is None for st in s.seat_status())

    def hand_over(self) -> None:
        """A computer player takes the seat that is awaited, until its player rejoins."""
        if self.can_hand_over():
            assert isinstance(self.session, NetSession)
            self.session.hand_to_computer(self.session.game.current, STAND_IN_LEVEL)

    def tick(self, t: Words, say: Say, pump: Callable[[], object]) -> bool:
        """Take the network's news (each said in a line; ``pump``: the screen's look at the session's
        outcomes, which takes a joined seat's reports in); True when the screen must be drawn again."""
        s = self.session
        if isinstance(s, NetSession):
            s.pump()
            notices = s.take_notices()
            for notice in notices:
                line = notice_line(t, notice)
                if line:
                    say(line)
            return bool(notices)
        before = (s.status, s.waiting_for, s.closed, s.rejoining)
        pump()
        if s.rejoined != self._rejoins_told:
            self._rejoins_told = s.rejoined
            self._closed_told = False
            say(t("net.rejoined"))
        if s.closed is not None and not self._closed_told and s.record is None:
            self._closed_told = True
            if s.rejoining:
                say(t("net.rejoining"))
            else:
                say(t(CLOSED_LINES.get(s.closed.reason, "net.closed_lost")))
        if s.closed is not None and self._closed_told and not s.rejoining and s.closed.rejoinable:
            # the tries ran out: said once more, as a line that stays
            s.closed = Closed("lost", s.closed.line, False)
            say(t("net.closed_lost"))
        return before != (s.status, s.waiting_for, s.closed, s.rejoining)


#: The line for each reason a joined seat's connection ends ("lost"'s for the rest).
CLOSED_LINES = {"host_closed": "net.closed_host_closed", "lost": "net.closed_lost",
                "replaced": "net.closed_replaced"}


def notice_line(t: Words, notice: NetNotice) -> str:
    """The line said at the host for a seat that joined, left or came back (a refused join says nothing
    on the play screen: it changed nothing)."""
    if notice.kind in ("joined", "left", "rejoined"):
        return t(f"net.notice_{notice.kind}", name=notice.name)
    return ""
