"""Join a game hosted on another computer: the tables found on the local network, or a typed
address and join code; the join is made in the background and the seat is then played on the
ordinary play screen. A wrong address, a wrong code, a host that does not answer or plays another
version is one line on this screen, and nothing is lost: the fields keep what was typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from harmonies.net import PROTOCOL_VERSION, ClientEvent, Closed
from harmonies.net.discovery import Browser, FoundTable
from harmonies.session import Jobs
from harmonies.session.errlog import log_folder

from .. import paint
from ..input import Intent
from ..navigation import OpenPlay
from ..netplay.joining import AddressError, JoinAttempt, parse_address, reason_key
from ..netplay.keep import keeper
from ..netplay.remote import RemoteSession
from ..widgets import Button, TextField
from ..look import Look
from ..scene import Keeping, Navigation
from .common import POLL_EVERY, WidgetScene


#: The found tables' rows: how many are shown, where the first is, their step and size.
ROWS = 4
ROW_X, ROW_TOP, ROW_STEP, ROW_W, ROW_H = 190.0, 140.0, 54.0, 900.0, 46.0
#: The longest address and code a field takes.
ADDRESS_LEN = 60
CODE_LEN = 16
NAME_LEN = 24


class JoinServices(Look, Navigation, Keeping, Protocol):
    """What joining a table uses: the look, the game it opens, and the data folder (its log of the
    background jobs, and the joined game's copy kept in the Finished games)."""


class JoinScene(WidgetScene):
    name = "join"
    title_key = "join.title"
    #: The network interfaces looked on for tables: all of them (the tests keep it to the loopback).
    browse_on: tuple[str, ...] | None = None

    app: JoinServices

    def __init__(self, app: JoinServices) -> None:
        super().__init__(app)
        seats = app.settings.last_setup.get("seats") if isinstance(app.settings.last_setup, dict) else None
        first = seats[0] if isinstance(seats, list) and seats and isinstance(seats[0], dict) else {}
        name = first.get("name")
        self.player = name[:NAME_LEN] if isinstance(name, str) else ""
        self.address = ""
        self.code = ""
        self.line = ""
        self.line_bad = False
        self.attempt: JoinAttempt | None = None
        #: What the host sent after the welcome, before the seat's first view (handed to the session).
        self.early: list[ClientEvent] = []
        self.browser: Browser | None = None
        self._seen = -1
        self.found: tuple[FoundTable, ...] = ()
        t = app.t
        for k in range(ROWS):
            self.ui.add(Button((ROW_X, ROW_TOP + k * ROW_STEP, ROW_W, ROW_H), self._row_label(k), self._chooser(k),
                               enabled=self._row_joinable(k), visible=self._row_shown(k), px=19, name=f"table{k}"))
        self.ui.add(TextField((190, 400, 900, 46), lambda: t("join.name"), lambda: self.player,
                              self._setter("player"), placeholder=lambda: t("setup.default_name", n=1),
                              max_len=NAME_LEN, label_w=0.22, name="name"))
        self.ui.add(TextField((190, 460, 900, 46), lambda: t("join.address"), lambda: self.address,
                              self._setter("address"), placeholder=lambda: t("join.address_hint"),
                              max_len=ADDRESS_LEN, label_w=0.22, name="address"))
        self.ui.add(TextField((190, 520, 900, 46), lambda: t("join.code"), lambda: self.code,
                              self._setter("code"), placeholder=lambda: t("join.code_hint"), max_len=CODE_LEN,
                              label_w=0.22, name="code"))
        self.ui.add(Button((190, 630, 220, 54), lambda: t("join.back"), self.back, name="back"))
        self.ui.add(Button((830, 630, 260, 54), lambda: t("join.join"), self.join, primary=True, px=24,
                           enabled=lambda: self.attempt is None, name="join"))

    # ------------------------------------------------------------------ the found tables
    def _row_shown(self, k: int) -> Callable[[], bool]:
        return lambda: k < len(self.found)

    def _row_joinable(self, k: int) -> Callable[[], bool]:
        return lambda: k < len(self.found) and self.found[k].same_version(str(PROTOCOL_VERSION))

    def _row_label(self, k: int) -> Callable[[], str]:
        def label() -> str:
            if k >= len(self.found):
                return ""
            table = self.found[k]
            if not table.same_version(str(PROTOCOL_VERSION)):
                return self.app.t("join.other_version", table=table.name, version=table.version or "?")
            return self.app.t("join.found", table=table.name, address=table.address, n=table.free)
        return label

    def _chooser(self, k: int) -> Callable[[], None]:
        def choose() -> None:
            if k < len(self.found):
                self.address = self.found[k].address
                self.ui.focus = next(i for i, w in enumerate(self.ui.widgets) if getattr(w, "name", "") == "code")
                self.say(self.app.t("join.type_code"))
        return choose

    def _setter(self, field: str) -> Callable[[str], None]:
        def set_(value: str) -> None:
            setattr(self, field, value)
        return set_

    def say(self, line: str, bad: bool = False) -> None:
        self.line, self.line_bad = line, bad

    # ------------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        pygame.key.start_text_input()
        if self.browser is None:
            self.browser = Browser(self.browse_on)

    def on_resume(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        if self.attempt is not None:
            self.attempt.abandon()
            self.attempt = None

    # ------------------------------------------------------------------ actions
    def back(self) -> None:
        self.app.scenes.pop()

    def join(self) -> None:
        """Join the table at the typed address with the typed code (in the background)."""
        if self.attempt is not None:
            return
        try:
            address = parse_address(self.address)
        except AddressError as err:
            self.say(self.app.t(f"join.{err.key}"), bad=True)
            return
        code = self.code.strip()
        if not code:
            self.say(self.app.t("join.no_code"), bad=True)
            return
        name = self.player.strip() or self.app.t("setup.default_name", n=1)
        self.attempt = JoinAttempt(address, code, name)
        self.say(self.app.t("join.joining", address=f"{address.host}:{address.port}"))

    def on_enter_key(self) -> None:
        focused = self.ui.focused
        if isinstance(focused, Button):
            focused.activate()
        else:
            self.join()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if Intent.BACK in self.app.input.intents(event):
            self.back()
            return None
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        browser = self.browser
        if browser is not None and browser.changes != self._seen:
            self._seen = browser.changes
            self.found = browser.tables()[:ROWS]
            self.redraw()
        attempt = self.attempt
        if attempt is None or not attempt.done:
            return
        client = attempt.client
        if client is None:
            self.attempt = None
            self.redraw()
            self.say(self.app.t(f"join.{reason_key(attempt.reason or '')}",
                                address=f"{attempt.address.host}:{attempt.address.port}"), bad=True)
            return
        # joined: the seat's first view follows the welcome; what comes with it is kept for the session
        self.early += client.poll()
        view = client.view
        if view is None:
            if any(isinstance(ev, Closed) for ev in self.early):
                self.attempt, self.early = None, []
                client.close()
                self.say(self.app.t("join.failed_closed"), bad=True)
            return
        self.attempt = None
        session = RemoteSession(client, view, Jobs(log_folder(self.app.data_dir)), keep=keeper(self.app),
                                early=self.early)
        self.early = []
        self.app.navigate.replace(OpenPlay(session.config, session=session))

    def wake_in(self) -> float | None:
        return POLL_EVERY

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app, th = self.app, self.app.theme
        head = app.t("join.on_network")
        paint.text(surface, app, head, (ROW_X, 112), 19, th.c("table_text"), "midleft", bold=True)
        if not self.found:
            browser = self.browser
            words = app.t("join.none_found") if browser is None or browser.problem is None \
                else app.t("join.no_discovery")
            paint.text(surface, app, words, (640, ROW_TOP + 30), 17, th.c("table_text_dim"), "center")
        if self.line:
            colour = th.c("danger") if self.line_bad else th.c("table_text")
            px = paint.fit_px(app, self.line, 18, 1000, bold=self.line_bad, min_px=13)
            paint.text(surface, app, self.line, (640, 596), px, colour, "center", bold=self.line_bad)
