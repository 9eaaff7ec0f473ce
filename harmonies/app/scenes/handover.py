"""Hot-seat hand-over: a clear pause between two human players' turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import keylist, paint
from ..input import Intent
from ..scene import Scene
from ..widgets import OPEN_INTENTS

if TYPE_CHECKING:
    from ..scene import SceneServices


class HandoverScene(Scene):
    name = "handover"
    transparent = True

    def __init__(self, app: SceneServices, who: str, seat: int) -> None:
        super().__init__(app)
        self.who = who
        self.seat = seat
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    def next_frame(self) -> float | None:
        """The screen is still: its short grace period only changes what input does."""
        return None

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        # a short grace period so a click meant for the last turn does not skip this screen
        ready = self.t > 0.25
        intents = self.app.input.intents(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and ready or ready and intents & OPEN_INTENTS \
                or Intent.BACK in intents:
            self.app.scenes.pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        th = app.theme
        paint.veil(surface, 255)  # opaque: nothing of the last player's table (cards, spirits) shows through
        style = th.seats[self.seat % len(th.seats)]
        paint.panel(surface, app, (640 - 300, 220, 600, 260), th.c("panel"), radius=20, edge=style.colour, width=5,
                    shadow=True)
        pygame.draw.circle(surface, style.colour, app.vp.p(640, 268), app.vp.s(24))
        paint.text(surface, app, style.mark, (640, 269), 24, th.c("ink"), "center")
        title = app.t("play.handover_title", name=self.who)
        paint.text(surface, app, title, (640, 330), paint.fit_scaled(app, title, 30, 580, True), th.c("ink"), "center",
                   bold=True)
        # one line between the title and the button, or two a little smaller when the language runs longer
        body = keylist.say(app, "play.handover_body")
        px = 17 if paint.text_width(app, body, 17) <= 560 else 15
        height = paint.block_height(app, body, px, 560)
        paint.text_block(surface, app, body, (360, 376 - height / 2), px, th.c("ink_dim"), 560, align="center")
        paint.panel(surface, app, (640 - 110, 408, 220, 50), th.c("primary"), radius=20, shadow=True)
        paint.text(surface, app, app.t("play.handover_go"), (640, 433), 20, th.c("accent_ink"), "center", bold=True)
