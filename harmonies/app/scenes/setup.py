"""Choosing players, board side, spirits and seed; Enter starts with the defaults."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from harmonies import ai
from harmonies.rules import SEEDS
from harmonies.net import REMOTE
from harmonies.session import MatchConfig, Seat

from .. import keylist, paint
from ..navigation import OpenHost, OpenPlay
from ..widgets import Button, Choice, TextField
from ..look import Look
from ..scene import Navigation, Preferences
from .common import WidgetScene


def computer_levels() -> tuple[str, ...]:
    """Levels offered for computer seats: the AI package's kinds, easy to hard first."""
    kinds = list(ai.PLAYER_KINDS)
    preferred = [k for k in ("easy", "medium", "hard") if k in kinds]
    return tuple(preferred + [k for k in kinds if k not in preferred])


def remembered(data: dict[str, Any], levels: tuple[str, ...]) -> MatchConfig | None:
    """The configuration kept in the settings' ``last_setup`` (names as typed), or None if there is none.

    Anything that does not fit (a hand-edited settings file, a level no longer offered) falls back to
    the default of that one field.
    """
    raw = data.get("seats")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
        return None
    default_level = "medium" if "medium" in levels else levels[0]
    seats = []
    for seat in raw:
        seat = seat if isinstance(seat, dict) else {}
        name = seat.get("name")
        name = "".join(ch for ch in name if ch.isprintable())[:NAME_LEN] if isinstance(name, str) else ""
        kind = seat.get("kind") if seat.get("kind") in SEAT_KINDS else "human"
        level = seat.get("level") if seat.get("level") in levels else default_level
        seats.append(Seat(name, str(kind), str(level)))
    side = data.get("side") if data.get("side") in ("A", "B") else "A"
    spirits = data.get("spirits") if isinstance(data.get("spirits"), bool) else False
    return MatchConfig(tuple(seats), str(side), bool(spirits), None)


def to_remember(seats: list[dict[str, str]], count: int, side: str, spirits: bool) -> dict[str, Any]:
    """What the settings keep of a setup (the seed is not kept: each game gets a new one unless typed)."""
    return {"seats": [dict(seats[i]) for i in range(count)], "side": side, "spirits": spirits}


#: What plays a seat: the person at this screen, a computer level, or a friend on another computer.
SEAT_KINDS = ("human", "computer", REMOTE)

#: Longest seat name kept from the settings (the name field holds about this many).
NAME_LEN = 24


class SetupServices(Look, Navigation, Preferences, Protocol):
    """What the setup uses: the look, the game or table it opens, and the settings that remember the seats."""


class SetupScene(WidgetScene):
    name = "setup"
    title_key = "setup.title"

    app: SetupServices

    def __init__(self, app: SetupServices, config: MatchConfig | None = None) -> None:
        super().__init__(app)
        self.levels = computer_levels()
        default_level = "medium" if "medium" in self.levels else self.levels[0]
        self.count = 2
        self.seats: list[dict[str, str]] = [
            {"name": "", "kind": "human" if i == 0 else "computer", "level": default_level} for i in range(4)
        ]
        self.side = "A"
        self.spirits = False
        self.seed = ""
        if config is None:
            config = remembered(app.settings.last_setup, self.levels)
        if config is not None:
            self.count = len(config.seats)
            for i, s in enumerate(config.seats):
                self.seats[i] = {"name": s.name, "kind": s.kind, "level": s.level}
            self.side, self.spirits = config.side, config.spirits
            self.seed = "" if config.seed is None else str(config.seed)
        self._build()

    def _build(self) -> None:
        t = self.app.t
        ui = self.ui
        ui.add(Choice((190, 104, 420, 46), lambda: t("setup.players"), [1, 2, 3, 4], lambda: self.count,
                      self._set_count, lambda n: str(n), label_w=0.42, name="players"))
        for i in range(4):
            y = 180 + i * 64

            def vis(i: int = i) -> bool:
                return i < self.count

            def is_cpu(i: int = i) -> bool:
                return i < self.count and self.seats[i]["kind"] == "computer"

            ui.add(TextField((280, y, 290, 46), lambda: "", self._getter(i, "name"), self._setter(i, "name"),
                             placeholder=self._placeholder(i), visible=vis, name=f"name{i}"))
            ui.add(Choice((590, y, 230, 46), lambda: "", list(SEAT_KINDS), self._getter(i, "kind"),
                          self._setter(i, "kind"), lambda v: t("net.remote_seat" if v == REMOTE else f"setup.{v}"),
                          visible=vis, label_w=0.0, name=f"kind{i}"))
            ui.add(Choice((840, y, 250, 46), lambda: "", list(self.levels), self._getter(i, "level"),
                          self._setter(i, "level"), lambda v: t(f"level.{v}", default=str(v).title()),
                          visible=is_cpu, label_w=0.0, name=f"level{i}"))
        ui.add(Choice((190, 450, 430, 46), lambda: t("setup.side"), ["A", "B"], lambda: self.side,
                      lambda v: setattr(self, "side", v), lambda v: t(f"setup.side_{v.lower()}"), label_w=0.46,
                      name="side"))
        ui.add(Choice((660, 450, 430, 46), lambda: t("setup.spirits"), [False, True], lambda: self.spirits,
                      lambda v: setattr(self, "spirits", v), lambda v: t("setup.switch_on" if v else "setup.switch_off"),
                      label_w=0.6, name="spirits"))
        # as wide as the two rows above it: a 19-digit seed keeps a readable size
        ui.add(TextField((190, 514, 900, 46), lambda: t("setup.seed"), lambda: self.seed,
                         lambda v: setattr(self, "seed", v), placeholder=lambda: t("setup.seed_hint"), max_len=19,
                         digits=True, label_w=0.22, name="seed"))
        ui.add(Button((190, 604, 220, 54), lambda: t("setup.back"), lambda: self.app.scenes.pop(), name="back"))
        ui.add(Button((830, 604, 260, 54), lambda: t("setup.start"), self.start, primary=True, px=24, name="start"))

    def _getter(self, i: int, field: str) -> Callable[[], str]:
        return lambda: self.seats[i][field]

    def _setter(self, i: int, field: str) -> Callable[[Any], None]:
        def set_(value: Any) -> None:
            self.seats[i][field] = str(value)
        return set_

    def _placeholder(self, i: int) -> Callable[[], str]:
        return lambda: self._default_name(i)

    def _set_count(self, n: int) -> None:
        self.count = n

    def _default_name(self, i: int) -> str:
        return self.app.t("setup.default_name", n=i + 1)

    def config(self) -> MatchConfig:
        seats = tuple(
            Seat(self.seats[i]["name"].strip() or self._default_name(i), self.seats[i]["kind"], self.seats[i]["level"])
            for i in range(self.count)
        )
        # a seed as long as a game may have (new games draw theirs from 2^63 values), so any game's seed
        # can be typed back; a larger number is no seed, and the game gets a new one
        seed = int(self.seed) if self.seed.isdigit() and int(self.seed) in SEEDS else None
        return MatchConfig(seats, self.side, self.spirits, seed)

    def start(self) -> None:
        memory = to_remember(self.seats, self.count, self.side, self.spirits)
        if memory != self.app.settings.last_setup:
            self.app.apply_settings(self.app.settings.with_(last_setup=memory))
        config = self.config()
        # a seat played on another computer: the table is hosted, and waits for the friends first
        self.app.navigate.replace(OpenHost(config) if any(s.kind == REMOTE for s in config.seats) else OpenPlay(config))

    def on_enter_key(self) -> None:
        focused = self.ui.focused
        if focused is not None and isinstance(focused, Button):
            focused.activate()
        else:
            self.start()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return super().handle_event(event)

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_resume(self) -> None:
        pygame.key.start_text_input()  # a dialog over this scene (window close) may have stopped it

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        app = self.app
        th = app.theme
        for i in range(self.count):
            y = 180 + i * 64
            seat = th.seats[i % len(th.seats)]
            pygame.draw.circle(surface, seat.colour, app.vp.p(206, y + 23), app.vp.s(13))
            paint.text(surface, app, seat.mark, (206, y + 23), 14, th.c("ink"), "center")
            paint.text(surface, app, app.t("setup.seat", n=i + 1), (228, y + 23), 19, th.c("table_text"), "midleft")
        paint.text(surface, app, keylist.say(app, "setup.hint"), (640, 690), 16, th.c("table_text_dim"), "center")
