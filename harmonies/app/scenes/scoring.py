"""The final scoresheet, laid out like the paper pad."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from harmonies.net import REMOTE
from harmonies.persist.bests import NewBest, new_best_of_latest
from harmonies.persist.daily import DayRecord
from harmonies.persist.index import FinishedIndex
from harmonies.rules import Game
from harmonies.session import MatchConfig, screen_seats

from .. import paint
from ..input import Intent
from ..cardart import CardArt
from ..look import Look
from ..navigation import OpenHost, OpenMenu, OpenPlay, OpenReplay
from ..scene import Closing, Keeping, Navigation, Telling
from ..tokens import TokenArt
from ..widgets import Button
from .challenges_verdict import Verdict, draw_verdict, verdict_of
from .common import WidgetScene, draw_backdrop
from .daily_start import back_to_daily, daily_service
from .final_boards import draw_boards
from ..finale import Finale, best_line, ending_of
from .saving import banner_lines, confirm_leave, confirm_replace, fit_folder
from .scoring_solo import draw_daily, draw_news, draw_suns, suns_height

_LANDSCAPES = ("trees", "mountains", "fields", "buildings", "water")
#: How far a column's numbers stand in from the rule on their right.
NUMBER_INSET = 18.0


class ScoringServices(Look, Navigation, Keeping, Telling, Closing, Protocol):
    """What the scoresheet uses: the look, the screens it opens (again, replay, menu), the records the game
    went into (bests, the daily, a challenge), the finale's sounds, and closing the demo's window."""


class ScoringScene(WidgetScene):
    name = "scoring"
    #: Seconds the demo shows the sheet before closing (``--exit-when-done``).
    exit_after = 4.0

    app: ScoringServices

    def __init__(self, app: ScoringServices, game: Game, config: MatchConfig, demo: bool = False,
                 exit_when_done: bool = False, review: bool = False) -> None:
        super().__init__(app)
        self.game = game
        self.config = config
        self.demo = demo
        self.exit_when_done = exit_when_done
        self.t = 0.0
        self.cardart = CardArt(self.app, game.cards, TokenArt(self.app.theme))
        #: True when a finished game is looked at again from the list (then the only button is Back).
        self.review = review
        #: The solo best this game has just beaten (or set), announced under the suns.
        self.news: NewBest | None = None
        #: A challenge game's goal checked (and, once just finished, recorded), shown under the suns.
        self.verdict: Verdict | None = None
        #: Whether the final boards are shown instead of the sheet (the Boards button, or B).
        self.show_boards = False
        self.art = TokenArt(app.theme)
        #: After a daily game: the day as recorded with this result (its par, the tries left).
        self.daily: DayRecord | None = None
        #: The moment the game ends, over the sheet, while it plays (never when a game is looked at again).
        self.finale: Finale | None = None

    def on_enter(self) -> None:
        t = self.app.t
        self.verdict = None if self.demo else verdict_of(self.app, self.game, self.config, record=not self.review)
        boards = Button((0, 656, 240, 50), lambda: t("score.show_sheet" if self.show_boards else "score.show_boards"),
                        self.toggle_boards, name="boards")
        study = Button((0, 656, 240, 50), lambda: t("review_view.from_scoresheet"), self.review_game, name="review")
        if self.review:
            self.ui.add(Button((640 - 380, 656, 240, 50), lambda: t("score.back"), self.to_menu, primary=True,
                               name="back"))
            boards.rect = (640 - 120, 656, 240, 50)
            study.rect = (640 + 140, 656, 240, 50)
            self.ui.add(boards)
            self.ui.add(study)
            self.ui.focus = 0
            return
        self.news = self._solo_news()
        self.daily = self._daily_result()
        self.finale = Finale(self.app, ending_of(self.app, self.game, self._names(), best_line(self.app, self.news)))
        self.ui.add(Button((640 - 510, 656, 240, 50), lambda: t("score.play_again"), self.play_again, primary=True,
                           name="again"))
        self.ui.add(Button((640 - 250, 656, 240, 50), lambda: t("score.menu"), self.to_menu, name="menu"))
        boards.rect = (640 + 10, 656, 240, 50)
        study.rect = (640 + 270, 656, 240, 50)
        self.ui.add(boards)
        self.ui.add(study)
        self.ui.focus = 0

    def _solo_news(self) -> NewBest | None:
        """Whether this solo game, just archived, beat the best of its configuration."""
        store = self.app.saves.store
        if self.demo or store is None or not self.game.setup.solo:
            return None
        try:
            return new_best_of_latest(FinishedIndex(store.dirs, store.cards), self.game.setup)
        except Exception:  # the bests are a bonus: a broken index must not spoil the scoresheet
            return None

    def _daily_result(self) -> DayRecord | None:
        """This daily game's day as recorded: written with the game's archive (the scoresheet only reads it),
        or, without a data folder, recorded here in memory (once: the scoresheet opens once at a game's end)."""
        mark, outcome = self.config.daily, self.game.outcome
        if mark is None or self.demo or outcome is None:
            return None
        service = daily_service(self.app)
        if self.app.saves.store is not None:
            recorded = self.app.saves.recorded_for(self.game)
            return service.recorded(mark, recorded.problem if recorded is not None else None)
        suns = outcome.suns.total if outcome.suns is not None else None
        return service.finish(mark, outcome.scores[0].total, suns)

    @property
    def outcome(self) -> Any:
        return self.game.outcome

    def play_again(self) -> None:
        """Another game with the same seats; asks first only if a game in progress would be replaced."""
        confirm_replace(self.app, "again", self._play_again)

    def _play_again(self) -> None:
        if self.config.daily is not None:
            back_to_daily(self.app)  # another try is counted there, if the day has one left
            return
        if any(seat.kind == REMOTE for seat in self.config.seats):
            # friends on other computers: a new table is hosted here, and they join it
            self.app.navigate.replace(OpenHost(self.config))
            return
        self.app.navigate.replace(OpenPlay(self.config, self.demo, self.exit_when_done))

    def to_menu(self) -> None:
        """Back to the menu (to the list, in review); asks first if this game could not be archived."""
        if self.review:
            self.app.scenes.pop()
            return
        confirm_leave(self.app, "finished", self._to_menu)

    def _to_menu(self) -> None:
        self.app.navigate.reset(OpenMenu())

    def review_game(self) -> None:
        """The game in the replay viewer with the review of a human seat's turns started (the first human's)."""
        game = self.game
        seat = next(iter(screen_seats(self.config.seats)), 0) if self.config else 0
        self.app.navigate.push(OpenReplay(game.setup, game.history, tuple(self._names()), game.cards, seat, True,
                                          deal=game.deal))

    def toggle_boards(self) -> None:
        self.show_boards = not self.show_boards

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.finale is not None:
            taken = self.finale.handle(event, self.app.input.intents(event), self.ui.widgets)
            self.finale = None if self.finale.done else self.finale
            if taken:
                return None
        if Intent.BACK in self.app.input.intents(event):
            self.to_menu()
            return None
        if Intent.FINAL_BOARDS in self.app.input.intents(event):
            self.toggle_boards()
            return None
        if Intent.REVIEW in self.app.input.intents(event):
            self.review_game()
            return None
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.finale is not None:
            self.finale.update(dt)
            if self.finale.done:
                self.finale = None
                self.redraw()
            return                  # the demo's time on the sheet starts once the finale is over
        self.t += dt
        if self.exit_when_done and self.t > self.exit_after:
            self.app.quit()

    def next_frame(self) -> float | None:
        """Every frame while the finale plays."""
        return 0.0 if self.finale is not None else super().next_frame()

    def wake_in(self) -> float | None:
        """The demo's sheet closes the window after a while."""
        return max(0.0, self.exit_after - self.t) + 0.01 if self.exit_when_done else None

    # ------------------------------------------------------------------ the sheet
    def rows(self) -> list[tuple[str, str, Any]]:
        """(kind, label, per-player cell function) for each line of the sheet."""
        app = self.app
        out: list[tuple[str, str, Any]] = []
        water = "score.water_river" if self.game.shape.water == "river" else "score.water_islands"
        for key in _LANDSCAPES:
            out.append(("value", app.t(water if key == "water" else f"score.{key}"), key))
        out.append(("subtotal", app.t("score.landscapes"), "landscapes"))
        n_cards = max((len(s.cards) for s in self.outcome.scores), default=0)
        for k in range(n_cards):
            out.append(("card", "", k))
        out.append(("subtotal", app.t("score.animals"), "animals"))
        if self.game.setup.spirits:
            out.append(("spirit", app.t("score.spirit"), "spirit"))
        out.append(("total", app.t("score.total"), "total"))
        out.append(("small", app.t("score.cubes_placed"), "cubes"))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        draw_backdrop(surface, app)
        if self.show_boards:
            draw_boards(surface, app, self.art, self.game, self._names(), (30, 20, 1220, 616))
            self._save_banner(surface)
            self.ui.draw(surface, app)
            return
        oc = self.outcome
        n = self.game.setup.players
        solo = n == 1
        label_w = 230.0
        col_w = 220.0 if n <= 2 else 180.0
        sheet_w = label_w + n * col_w + 30
        sheet_x = 640 - sheet_w / 2 - (150 if solo else 0)
        rows = self.rows()
        row_h = min(30.0, (560 - 16 - 110) / len(rows))   # leaves room for the verdict and buttons
        sheet_y, sheet_h = 16.0, 64 + 46 + row_h * len(rows)
        paint.panel(surface, app, (sheet_x, sheet_y, sheet_w, sheet_h), th.c("panel"), radius=10,
                    edge=th.c("panel_edge"), shadow=True)
        paint.text(surface, app, app.t("score.title"), (sheet_x + 18, sheet_y + 12), 24, th.c("ink"), bold=True)
        x0 = sheet_x + 15 + label_w
        head_y = sheet_y + 50
        for w in oc.winners if not solo else ():
            # the winner's column tinted, like a circled name on the pad
            paint.panel(surface, app, (x0 + col_w * w + 3, head_y - 2, col_w - 6, 40 + row_h * len(rows) + 2),
                        th.c("button_hover"), radius=8, edge=th.c("accent"), width=2)
        for i in range(n):
            cx = x0 + col_w * (i + 0.5)
            style = th.seats[i % len(th.seats)]
            pygame.draw.circle(surface, style.colour, app.vp.p(cx - col_w / 2 + 18, head_y + 16), app.vp.s(10))
            pygame.draw.circle(surface, th.c("ink"), app.vp.p(cx - col_w / 2 + 18, head_y + 16), app.vp.s(10),
                               max(1, app.vp.s(1)))
            paint.text(surface, app, style.mark, (cx - col_w / 2 + 18, head_y + 16.5), 11, th.c("ink"), "center")
            name = self.config.seats[i].name if self.config else f"{i + 1}"
            won = i in oc.winners and not solo
            label = ("★ " if won else "") + name
            px = paint.fit_px(app, label, 18, col_w - 40, True, min_px=13)
            paint.text(surface, app, paint.ellipsize(app, label, px, col_w - 40, True), (cx - col_w / 2 + 34, head_y + 16),
                       px, th.c("ink"), "midleft", bold=True)
        y = head_y + 40
        for kind, label, key in rows:
            self._row(surface, kind, label, key, sheet_x, y, sheet_w, label_w, x0, col_w, row_h)
            y += row_h
        # vertical rules between columns, like the pad
        for i in range(n + 1):
            x = x0 + col_w * i
            pygame.draw.line(surface, th.c("panel_edge"), app.vp.p(x, head_y), app.vp.p(x, y), max(1, app.vp.s(1)))
        self._verdict(surface, sheet_x, sheet_w, sheet_y + sheet_h + 12)
        self._save_banner(surface)
        if solo and oc.suns is not None:
            # the panels under the suns move down by what the suns' words add to their panel
            down = max(0.0, 120 + suns_height(app, oc.suns) + 16 - 436)
            draw_suns(surface, app, self.game, oc.suns, oc.scores[0].total, sheet_x + sheet_w + 30, 120)
            if self.verdict is not None:
                # above the failed-archive banner while it shows
                room = 150 if app.saves.problem is not None and app.saves.unsaved else 206
                draw_verdict(surface, app, self.verdict, (sheet_x + sheet_w + 30, 436 + down, 300, room - down))
            if self.news is not None:
                draw_news(surface, app, self.news, self.game, self.cardart, sheet_x + sheet_w + 30,
                          440 + down if self.verdict is None else 10)
            if self.daily is not None and self.config.daily is not None:
                draw_daily(surface, app, self.config.daily.day, self.daily, oc.scores[0].total, sheet_x + sheet_w + 30,
                           (548 if self.news is not None else 440) + down)
        self.ui.draw(surface, app)
        if self.finale is not None:
            unsaved = app.saves.problem is not None and app.saves.unsaved
            self.finale.draw(surface, 586 if unsaved else 640)
            self._save_banner(surface)

    def _save_banner(self, surface: pygame.Surface) -> None:
        """While this game could not be archived: what failed and why, and the folder, above the buttons."""
        app, th = self.app, self.app.theme
        problem = app.saves.problem
        if problem is None or not app.saves.unsaved:
            return
        pad, max_w = 16.0, 760.0
        first = banner_lines(app, problem, max_w)[0]
        second = fit_folder(app, "save.finished_where", problem.folder, 13, max_w)
        first = paint.ellipsize(app, first, 15, max_w, True)
        w = max(paint.text_width(app, first, 15, True), paint.text_width(app, second, 13)) + 2 * pad
        x, y = 640 - w / 2, 594.0
        paint.panel(surface, app, (x, y, w, 46), th.c("danger"), radius=12, shadow=True)
        paint.text(surface, app, first, (x + pad, y + 13), 15, th.c("table_text"), "midleft", bold=True)
        paint.text(surface, app, second, (x + pad, y + 33), 13, th.c("table_text"), "midleft")

    def _row(self, surface: pygame.Surface, kind: str, label: str, key: Any, sx: float, y: float, sw: float,
             label_w: float, x0: float, col_w: float, h: float) -> None:
        app, th = self.app, self.app.theme
        oc = self.outcome
        n = len(oc.scores)
        bold = kind in ("subtotal", "total")
        if kind in ("subtotal", "total"):
            # the band ends at the last column's rule, inside the sheet's margin
            tint = th.c("board") if kind == "subtotal" else th.c("notice")
            paint.panel(surface, app, (sx + 8, y + 1, x0 + col_w * n - sx - 8, h - 2), tint, radius=5)
        pygame.draw.line(surface, th.c("panel_edge"), app.vp.p(sx + 12, y + h), app.vp.p(sx + sw - 12, y + h),
                         max(1, app.vp.s(1)))
        px = min(18.0, h * 0.58) if kind != "total" else min(21.0, h * 0.68)
        if kind == "card":
            label = app.t("score.animal_n", n=key + 1)
        # the label stays in its column (a long one, such as "Nature's Spirit" in Italian, shrinks, then is cut)
        room = x0 - sx - 30
        lpx = paint.fit_px(app, label, px if kind != "small" else px * 0.85, room, bold, min_px=11)
        paint.text(surface, app, paint.ellipsize(app, label, lpx, room, bold), (sx + 20, y + h / 2), lpx,
                   th.c("ink") if kind != "small" else th.c("ink_dim"), "midleft", bold=bold)
        for i in range(n):
            sheet = oc.scores[i]
            cx = x0 + col_w * (i + 0.5)
            if kind == "card":
                items = list(sheet.cards.items())
                if key < len(items):
                    cid, pts = items[key]
                    name = self.cardart.name(cid) if self.cardart else cid
                    paint.text(surface, app, name, (cx - col_w / 2 + 10, y + h / 2),
                               paint.fit_px(app, name, px * 0.85, col_w - 60), th.c("ink_dim"), "midleft")
                    paint.text(surface, app, str(pts), (cx + col_w / 2 - NUMBER_INSET, y + h / 2), px, th.c("ink"), "midright")
                continue
            if kind == "spirit":
                spirit = self.game.player(i).spirit
                if spirit and self.cardart:
                    name = self.cardart.name(spirit)
                    paint.text(surface, app, name, (cx - col_w / 2 + 10, y + h / 2),
                               paint.fit_px(app, name, px * 0.85, col_w - 60), th.c("ink_dim"), "midleft")
                paint.text(surface, app, str(sheet.spirit), (cx + col_w / 2 - NUMBER_INSET, y + h / 2), px, th.c("ink"), "midright")
                continue
            value = oc.animal_cubes[i] if key == "cubes" else getattr(sheet, key)
            colour = th.c("ink_dim") if kind == "small" else th.c("ink")
            paint.text(surface, app, str(value), (cx + col_w / 2 - NUMBER_INSET, y + h / 2), px if kind != "small" else px * 0.85,
                       colour, "midright", bold=bold)

    def _names(self) -> list[str]:
        if self.config:
            return [s.name for s in self.config.seats]
        return [str(i + 1) for i in range(self.game.setup.players)]

    def _verdict(self, surface: pygame.Surface, sx: float, sw: float, y: float) -> None:
        app, th = self.app, self.app.theme
        oc = self.outcome
        names = [s.name for s in self.config.seats] if self.config else [str(i + 1) for i in range(len(oc.scores))]
        if len(oc.scores) == 1:
            return  # the suns panel says it all
        if len(oc.winners) == 1:
            text = app.t("score.winner", name=names[oc.winners[0]])
        else:
            text = app.t("score.winners", names=", ".join(names[i] for i in oc.winners))
        paint.text(surface, app, text, (640, y + 4), 22, th.c("table_text"), "midtop", bold=True)
        best = max(s.total for s in oc.scores)
        tied = [i for i, s in enumerate(oc.scores) if s.total == best]
        if oc.tiebreak and len(oc.winners) == 1:
            w = oc.winners[0]
            line = app.t("score.tiebreak", name=names[w], n=oc.animal_cubes[w])
        elif len(tied) > 1 and len(oc.winners) > 1:
            line = app.t("score.tiebreak_shared")
        else:
            return
        paint.text(surface, app, line, (640, y + 34), 15, th.c("table_text_dim"), "midtop")
