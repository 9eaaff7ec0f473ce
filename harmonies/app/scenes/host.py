"""The host's waiting screen: a table with seats played on other computers, before play starts.

It shows the join code and the addresses to give friends, and each seat with who took it (or that
it waits); Start opens the play screen once every remote seat has been taken, Cancel stops hosting.
The table listens from the moment this screen opens until Cancel, or until the play screen it starts
leaves (the host listens only while it hosts), and is advertised on the local network meanwhile, so
"Join a game" at a friend's window finds it by itself.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from harmonies.net import PROTOCOL_VERSION, NetSession, SeatStatus, host_table, resume_table
from harmonies.net.addresses import EVERY_INTERFACE
from harmonies.net.discovery import Advert
from harmonies.session import Jobs, MatchConfig, Resume
from harmonies.session.errlog import log_folder

from .. import paint
from ..input import Intent
from ..navigation import OpenPlay
from ..netplay.watch import notice_line
from ..widgets import Button
from ..look import Look
from ..scene import Keeping, Navigation
from .common import POLL_EVERY, WidgetScene


#: The seats' rows: left edge, width, first row's top, distance between rows, height.
ROW_X, ROW_W, ROW_TOP, ROW_STEP, ROW_H = 250.0, 780.0, 300.0, 58.0, 48.0
#: The newest lines of what happened (joined, left) shown under the seats.
NOTICES_SHOWN = 2


def open_table(app: Keeping, start: MatchConfig | Resume, meta: dict[str, Any] | None, bind: str) -> NetSession:
    """The table, listening on ``bind``: a new one dealt for ``start``'s seats, or a hosted table resumed
    (its code, tokens and port from the save's ``meta``). ``OSError`` when it cannot listen."""
    jobs = Jobs(log_folder(app.data_dir))
    if isinstance(start, Resume):
        return resume_table(start, saves=app.saves, jobs=jobs, meta=meta, bind=bind)
    return host_table(start.deal(app.cards), start, saves=app.saves, jobs=jobs, bind=bind)


class HostServices(Look, Navigation, Keeping, Protocol):
    """What hosting a table uses: the look, the game it opens, and the saves, the data folder and the cards
    the table is dealt from and saved to."""


class HostScene(WidgetScene):
    name = "host"
    title_key = "net.host_title"
    #: Where the table listens and is advertised: every interface, since the player asked to host friends
    #: on other computers (the tests keep it to the loopback).
    listen_on = EVERY_INTERFACE
    advertise_on: tuple[str, ...] | None = None

    app: HostServices

    def __init__(self, app: HostServices, start: MatchConfig | Resume, meta: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        self.start_with = start
        self.problem: str | None = None
        self.session: NetSession | None = None
        self.advert: Advert | None = None
        self.notices: list[str] = []
        self._handed = False
        self._free = -1
        try:
            self.session = open_table(app, start, meta, self.listen_on)
        except OSError as err:
            self.problem = app.t("net.cannot_host", reason=err.strerror or str(err))
        t = app.t
        self.ui.add(Button((250, 630, 240, 54), lambda: t("net.cancel"), self.cancel, name="cancel"))
        self.ui.add(Button((790, 630, 240, 54), lambda: t("net.start"), self.start, enabled=self.ready,
                           primary=True, px=24, name="start"))

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        if self.session is not None and self.advert is None:
            host = next((s.name for s in self.session.config.seats if s.kind == "human"), "")
            self.advert = Advert(t_name(self.app, host), self.session.port, str(PROTOCOL_VERSION), self._open_seats(),
                                 interfaces=self.advertise_on)
            self._free = self._open_seats()

    def on_exit(self) -> None:
        if self.advert is not None:
            self.advert.close()
        if self.session is not None and not self._handed:
            self.session.close()

    # ------------------------------------------------------------------ what it shows
    def ready(self) -> bool:
        """Every seat played elsewhere has been taken by a friend: play can start."""
        return self.session is not None and self.session.all_joined

    def _open_seats(self) -> int:
        if self.session is None:
            return 0
        return sum(1 for st in self.session.seat_status() if st.kind == "remote" and not st.joined)

    def seat_line(self, st: SeatStatus) -> tuple[str, str]:
        """A seat's row: its name, and who plays it (joined, waiting, at this screen, a computer)."""
        t = self.app.t
        if st.kind == "computer":
            level = self.session.config.seats[st.seat].level if self.session is not None else ""
            return st.name, t("net.seat_computer", level=t(f"level.{level}", default=level.title()))
        if st.kind != "remote":
            return st.name, t("net.seat_here")
        if not st.joined:
            return t("net.seat_open"), t("net.seat_waiting")
        return st.name, t("net.seat_joined" if st.connected else "net.seat_away")

    # ------------------------------------------------------------------ actions
    def start(self) -> None:
        if not self.ready() or self.session is None:
            return
        self._handed = True
        if self.advert is not None:
            self.advert.close()
        start = self.start_with
        self.app.navigate.replace(OpenPlay(start, session=self.session))

    def cancel(self) -> None:
        self.app.scenes.pop()

    def on_enter_key(self) -> None:
        focused = self.ui.focused
        if focused is not None:
            focused.activate()
        elif self.ready():
            self.start()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if Intent.BACK in self.app.input.intents(event):
            self.cancel()
            return None
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        session = self.session
        if session is None:
            return
        before = (session.seat_status(), len(self.notices))
        session.pump()
        for notice in session.take_notices():
            line = notice_line(self.app.t, notice)
            if line:
                self.notices = (self.notices + [line])[-NOTICES_SHOWN:]
        free = self._open_seats()
        if self.advert is not None and free != self._free:
            self._free = free
            self.advert.update_free(free)
        if (session.seat_status(), len(self.notices)) != before:
            self.redraw()

    def wake_in(self) -> float | None:
        return POLL_EVERY if self.session is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, th = self.app, self.app.theme
        if self.session is None:
            paint.text_block(surface, app, self.problem or "", (250, 200), 20, th.c("danger"), 780, align="center")
            return
        session = self.session
        paint.text(surface, app, app.t("net.code_label"), (640, 112), 19, th.c("table_text_dim"), "center")
        paint.text(surface, app, session.code, (640, 152), 44, th.c("table_text"), "center", bold=True)
        addresses = " · ".join(session.addresses()) or "?"
        line = app.t("net.addresses", addresses=addresses)
        paint.text_block(surface, app, line, (190, 190), 18, th.c("table_text"), 900, align="center")
        hint = app.t("net.host_hint")
        paint.text_block(surface, app, hint, (190, 240), 16, th.c("table_text_dim"), 900, align="center")
        for k, st in enumerate(session.seat_status()):
            self._draw_seat(surface, k, st)
        y = ROW_TOP + len(session.config.seats) * ROW_STEP + 6
        for line in self.notices:
            paint.text(surface, app, line, (640, y), 16, th.c("notice"), "midtop")
            y += 24
        if self.advert is not None and self.advert.problem is not None:
            paint.text(surface, app, app.t("net.not_advertised"), (640, 604), 15, th.c("table_text_dim"), "center")

    def _draw_seat(self, surface: pygame.Surface, k: int, st: SeatStatus) -> None:
        app, th = self.app, self.app.theme
        y = ROW_TOP + k * ROW_STEP
        style = th.seats[st.seat % len(th.seats)]
        paint.panel(surface, app, (ROW_X, y, ROW_W, ROW_H), th.c("panel"), radius=14)
        pygame.draw.circle(surface, style.colour, app.vp.p(ROW_X + 28, y + ROW_H / 2), app.vp.s(14))
        paint.text(surface, app, style.mark, (ROW_X + 28, y + ROW_H / 2), 14, th.c("ink"), "center")
        name, how = self.seat_line(st)
        waiting = st.kind == "remote" and not (st.joined and st.connected)
        paint.text(surface, app, paint.ellipsize(app, name, 20, 330, True), (ROW_X + 56, y + ROW_H / 2), 20,
                   th.c("ink"), "midleft", bold=True)
        px = paint.fit_px(app, how, 18, ROW_W - 420)
        paint.text(surface, app, how, (ROW_X + ROW_W - 20, y + ROW_H / 2), px,
                   th.c("danger") if waiting else th.c("ink_dim"), "midright", bold=waiting)


def t_name(app: Look, host: str) -> str:
    """The table's name on the network: the host player's table."""
    return app.t("net.table_of", name=host) if host else app.t("net.table")
