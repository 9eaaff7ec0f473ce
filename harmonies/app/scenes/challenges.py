"""The Challenges screen, from the menu: every solo challenge with its state (locked, open, met) and best
score, the chosen one's goal and deal, Play, and Reset challenges (asks first; bests and games stay).

The challenges come from ``assets/challenges.yaml`` (:mod:`harmonies.session.challenges_file`); the
progress from ``challenges.json`` in the data folder (:mod:`harmonies.persist.challenges`). A broken
challenges file or a damaged progress file is said in one line on this screen, never raised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from harmonies.persist.challenges import PROGRESS_NAME, Progress, read_progress, reset_progress
from harmonies.persist.lock import LockProblem
from harmonies.session import MatchConfig, Seat
from harmonies.session.challenges import Challenge, unlocked
from harmonies.session.challenges_file import ChallengeList as Challenges, ChallengesError, default_challenges
from harmonies.session.challenges_text import deal_text, goal_lines, title

from .. import paint
from ..input import Intent
from ..navigation import OpenPlay
from ..widgets import Button
from .challenges_list import ChallengeList, Entry
from .common import WidgetScene, draw_backdrop
from .confirm import Action, Dialog, Page
from .saving import confirm_replace

if TYPE_CHECKING:
    from ..look import Look
    from .saving import SavingServices

LIST_RECT = (30.0, 112.0, 560.0, 526.0)
DETAIL_RECT = (610.0, 112.0, 640.0, 526.0)
PLAY_RECT = (DETAIL_RECT[0] + DETAIL_RECT[2] - 300, 566.0, 276.0, 54.0)


def player_name(app: Look) -> str:
    """The first seat's name of the last game set up, else the default name of seat 1."""
    seats = app.settings.last_setup.get("seats")
    first = seats[0] if isinstance(seats, list) and seats and isinstance(seats[0], dict) else {}
    name = first.get("name") if first.get("kind", "human") == "human" else None
    name = "".join(ch for ch in name if ch.isprintable())[:24].strip() if isinstance(name, str) else ""
    return name or app.t("setup.default_name", n=1)


def challenge_config(app: Look, challenge: Challenge) -> MatchConfig:
    """The one human seat and the challenge's deal."""
    return MatchConfig((Seat(player_name(app)),), challenge.side, challenge.spirits, challenge.seed,
                       challenge=challenge.id)


class ChallengesScene(WidgetScene):
    name = "challenges"
    title_key = "challenge.title"

    app: SavingServices  # the progress is in the data folder; a new game asks first what it replaces

    def __init__(self, app: SavingServices) -> None:
        super().__init__(app)
        #: One line for the player: the file or the progress that could not be used, a reset that failed.
        self.notice = ""
        try:
            self.challenges = default_challenges()
        except ChallengesError as exc:
            self.challenges = Challenges((), 1)
            self.notice = app.t("challenge.broken", reason=str(exc))
        self.progress = Progress({})
        self.reload()
        t = app.t
        self.list = ChallengeList(LIST_RECT, self.entries, self.play)
        self.ui.add(self.list)
        self.ui.add(Button(PLAY_RECT, lambda: t("challenge.play"), self.play, enabled=self.can_play, primary=True,
                           name="play"))
        self.ui.add(Button((30, 656, 320, 50), lambda: t("challenge.reset"), self.ask_reset,
                           enabled=lambda: bool(self.progress.results), px=20, name="reset"))
        self.ui.add(Button((1250 - 240, 656, 240, 50), lambda: t("challenge.back"), lambda: app.scenes.pop(),
                           name="back"))
        self.ui.focus = 0
        first_open = next((i for i, e in enumerate(self.entries()) if e.open and not e.result.done), 0)
        self.list.choose(first_open)

    # ------------------------------------------------------------------ data
    def reload(self) -> None:
        store = self.app.saves.store
        if store is None:
            return
        self.progress, problem = read_progress(store.dirs)
        problem = problem or self.app.saves.take_notice(PROGRESS_NAME)  # set aside when the records were rebuilt
        if problem is not None:
            self.notice = problem

    def entries(self) -> list[Entry]:
        done = self.progress.done_count([c.id for c in self.challenges])
        ahead = self.challenges.open_ahead
        return [Entry(c, self.progress.of(c.id), unlocked(c.number, done, ahead)) for c in self.challenges]

    def can_play(self) -> bool:
        entry = self.list.chosen()
        return entry is not None and (entry.open or entry.result.done)

    def on_resume(self) -> None:
        self.reload()

    # ------------------------------------------------------------------ actions
    def play(self) -> None:
        """Play the chosen challenge (asks first when a game in progress would be replaced)."""
        entry = self.list.chosen()
        if entry is None or not self.can_play():
            return
        config = challenge_config(self.app, entry.challenge)
        confirm_replace(self.app, "new", lambda: self.app.navigate.push(OpenPlay(config)))

    def ask_reset(self) -> None:
        t = self.app.t
        page = Page(t("challenge.reset_title"), [t("challenge.reset_body")],
                    [Action(t("challenge.reset_yes"), self._reset, name="yes"),
                     Action(t("challenge.reset_no"), lambda: self.app.scenes.pop(), primary=True, name="no")],
                    focus=1)
        self.app.scenes.push(Dialog(self.app, page, "reset_challenges"))

    def _reset(self) -> None:
        self.app.scenes.pop()
        store = self.app.saves.store
        if store is None:
            return
        try:
            reset_progress(store.dirs)
        except (OSError, LockProblem) as exc:
            self.notice = self.app.t("challenge.reset_failed", reason=getattr(exc, "strerror", None) or str(exc))
        self.reload()
        self.list.choose(0)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if Intent.BACK in self.app.input.intents(event):
            self.app.scenes.pop()
            return None
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        draw_backdrop(surface, app)
        self.draw_title(surface, 46)
        rows = self.entries()
        done = sum(1 for e in rows if e.result.done)
        paint.text(surface, app, app.t("challenge.progress", done=done, total=len(rows)), (640, 88), 17,
                   th.c("table_text_dim"), "center")
        self._detail(surface, self.list.chosen())
        # the bottom line between the buttons: what went wrong, else the keys
        line, colour = (self.notice, th.c("notice")) if self.notice else (app.t("challenge.keys"), th.c("table_text_dim"))
        px = paint.fit_px(app, line, 15, 620, min_px=11)
        paint.text(surface, app, paint.ellipsize(app, line, px, 620), (680, 681), px, colour, "center")
        self.ui.draw(surface, app)

    def _detail(self, surface: pygame.Surface, entry: Entry | None) -> None:
        app, th = self.app, self.app.theme
        x, y, w, h = DETAIL_RECT
        paint.panel(surface, app, DETAIL_RECT, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
        if entry is None:
            return
        c, cat = entry.challenge, app.catalogue
        room = w - 48
        head = title(cat, c)
        px = paint.fit_px(app, head, 26, room, bold=True, min_px=18)
        paint.text(surface, app, paint.ellipsize(app, head, px, room, True), (x + 24, y + 34), px, th.c("ink"),
                   "midleft", bold=True)
        yy = self._wrapped(surface, app.t(c.text_key), x + 24, y + 64, room, 17, th.c("ink_dim"))
        yy = self._head(surface, app.t("challenge.goal_head"), x + 24, yy + 16)
        for line in goal_lines(cat, c):
            paint.text(surface, app, "•", (x + 30, yy + 11), 17, th.c("accent"), "center", bold=True)
            yy = self._wrapped(surface, line, x + 44, yy, room - 20, 18, th.c("ink")) + 4
        yy = self._head(surface, app.t("challenge.deal_head"), x + 24, yy + 12)
        yy = self._wrapped(surface, deal_text(cat, c), x + 24, yy, room, 17, th.c("ink"))
        self._record(surface, entry, x + 24, max(yy + 20, PLAY_RECT[1] - 60), room)

    def _record(self, surface: pygame.Surface, entry: Entry, x: float, y: float, room: float) -> None:
        app, th = self.app, self.app.theme
        r = entry.result
        if not entry.open and not r.done:
            done = self.progress.done_count([c.id for c in self.challenges])
            more = entry.challenge.number - self.challenges.open_ahead - done
            text, colour = app.t("challenge.locked_why", n=max(1, more)), th.c("ink_dim")
        elif r.played:
            text, colour = app.t("challenge.played", n=r.played, score=r.best), th.c("ink")
        else:
            text, colour = app.t("challenge.never"), th.c("ink_dim")
        if r.done:
            text = "✓ " + app.t("challenge.state_done") + " · " + text
        self._wrapped(surface, text, x, y, room - PLAY_RECT[2] - 10, 16, colour, bold=r.done)

    def _head(self, surface: pygame.Surface, text: str, x: float, y: float) -> float:
        paint.text(surface, self.app, text, (x, y), 15, self.app.theme.c("ink_dim"), "topleft", bold=True)
        return y + 26

    def _wrapped(self, surface: pygame.Surface, text: str, x: float, y: float, room: float, px: float,
                 colour: pygame.Color, bold: bool = False) -> float:
        """``text`` wrapped to ``room`` from (x, y); returns where the next line goes."""
        vp = self.app.vp
        lines = paint.wrap_lines(self.app.fonts.font(vp.fs(px), bold), text, vp.s(room))
        for line in lines:
            paint.text(surface, self.app, line, (x, y), px, colour, "topleft", bold=bold)
            y += vp.tv(px) * 1.32
        return y
