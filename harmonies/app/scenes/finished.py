"""Finished games, from the menu: the list of every game played to its end, and the personal bests.

Opening a game shows its scoresheet (:class:`ScoringScene` in review). The list and the bests come from
the index of the data folder's archive (:mod:`harmonies.persist.index`): the screen opens on the index
as it is, reads only the page it shows, and brings the index up to date in the background
(:class:`~harmonies.session.indexing.Indexing`), saying ``Indexing finished games: k of n`` and
re-reading its page as batches land. Clearing the bests asks first and deletes no game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import pygame

from harmonies.persist.bests import Bests, clear, personal_bests
from harmonies.persist.index import FinishedIndex
from harmonies.persist.lock import LockProblem
from harmonies.persist.share import ShareError, export_finished
from harmonies.persist.summary import CATEGORIES, FinishedSummary
from harmonies.rules import Game
from harmonies.session import MatchConfig, screen_seats
from harmonies.session.errlog import log_folder
from harmonies.session.indexing import Indexing

from .. import paint
from ..input import Intent
from ..navigation import OpenReplay, OpenScoring, OpenStats
from ..widgets import Button, Choice
from ..look import Look
from ..scene import Keeping, Navigation
from .common import POLL_EVERY, WidgetScene, draw_backdrop
from .confirm import Action, Dialog, Page
from .finished_list import GameList, Row, Skipped, when_text


LIST_RECT = (30.0, 112.0, 870.0, 526.0)
BESTS_RECT = (916.0, 112.0, 334.0, 526.0)
#: Where the bests' lines end: above the Statistics and Clear bests buttons.
BESTS_END = 524.0
SORTS = ("date", "score")
#: While the index is brought up to date, the page on screen is read again at most this often (seconds).
RELOAD_EVERY = 0.25


class FinishedServices(Look, Navigation, Keeping, Protocol):
    """What the finished games use: the look, the screens they open (replay, scoresheet, stats) and the data
    folder the games are kept in."""


class FinishedScene(WidgetScene):
    name = "finished"
    title_key = "finished.title"

    app: FinishedServices

    def __init__(self, app: FinishedServices) -> None:
        super().__init__(app)
        store = app.saves.store
        self.index = FinishedIndex(store.dirs, store.cards, auto_refresh=False) if store is not None else None
        self.sort = "date"
        self.notice = ""
        self.bests: Bests | None = None
        #: How many games the index lists, and how many entries it skipped (the rows after the games).
        self.counts = (0, 0)
        self.indexing: Indexing | None = None
        self._shown_progress: tuple[int, int] | None = None  # the indexing progress last looked at
        self._seen = 0
        self._since_reload = 0.0
        self.list = GameList(LIST_RECT, self._count, self._rows, self.open_game)
        t = app.t
        self.ui.add(self.list)
        self.ui.add(Choice((30, 656, 380, 50), lambda: t("finished.sort"), list(SORTS), lambda: self.sort,
                           self.set_sort, lambda v: t(f"finished.sort_{v}"), label_w=0.45, name="sort"))
        self.ui.add(Button((BESTS_RECT[0] + 27, 526, 280, 44), lambda: t("stats.open"), self.open_stats, px=18,
                           name="stats"))
        self.ui.add(Button((BESTS_RECT[0] + 27, 580, 280, 44), lambda: t("finished.clear"), self.ask_clear,
                           enabled=lambda: bool(self.bests and (self.bests.solo or self.bests.levels)), px=18,
                           name="clear"))
        self.ui.add(Button((1250 - 240, 656, 240, 50), lambda: t("finished.back"), lambda: app.scenes.pop(),
                           name="back"))
        self.ui.add(Button((430, 656, 240, 50), lambda: t("finished.export"), self.ask_export,
                           enabled=lambda: self.list.chosen() is not None, name="export"))
        self.ui.add(Button((690, 656, 240, 50), lambda: t("replay.open"), self.open_replay,
                           enabled=lambda: self.list.chosen() is not None, name="replay"))
        self.ui.focus = 0
        self.reload(bests=False)  # the bests are counted by the indexing, off this thread
        self.reindex()

    # ------------------------------------------------------------------ data
    def _count(self) -> int:
        if self.index is None:
            return 0
        self.counts = (self.index.count(), self.index.problem_count())
        return sum(self.counts)

    def _rows(self, offset: int, limit: int) -> Sequence[Row]:
        """Rows ``offset`` on: the games in the chosen order, then the skipped entries by name."""
        if self.index is None:
            return []
        games = self.counts[0]
        rows: list[Row] = []
        if offset < games:
            rows.extend(self.index.page(offset, min(limit, games - offset), self.sort))
        if len(rows) < limit:
            skipped = self.index.problem_page(max(0, offset - games), limit - len(rows))
            rows.extend(Skipped.of(line) for line in skipped)
        return rows

    def reindex(self) -> None:
        """Bring the index up to date in the background (unless that is already under way)."""
        if self.index is not None and (self.indexing is None or self.indexing.finished):
            self.indexing = Indexing(self.index, log_folder(self.app.data_dir))

    @property
    def indexing_progress(self) -> tuple[int, int] | None:
        """(files indexed, files to index) while the index is being brought up to date and has files to read."""
        if self.indexing is None or self.indexing.finished:
            return None
        progress = self.indexing.progress
        return progress if progress is not None and progress[1] else None

    def reload(self, bests: bool = True) -> None:
        """Read the count and the page on screen again from the index (and the bests, with ``bests``)."""
        if self.index is None:
            return
        try:
            self.list.reload()
            if bests:
                self.bests = personal_bests(self.index)
        except Exception as exc:  # a list that cannot be read is said in one line, never a crash
            self.notice = self.app.t("finished.list_failed", reason=str(exc))

    def update(self, dt: float) -> None:
        super().update(dt)
        indexing = self.indexing
        if indexing is None:
            return
        self._since_reload += dt
        self._take_index(indexing)
        progress = self.indexing_progress
        if progress != self._shown_progress:
            self._shown_progress = progress
            self.redraw()

    def wake_in(self) -> float | None:
        """While the index is brought up to date, its progress and its batches are looked for."""
        return POLL_EVERY if self.indexing is not None and not self.indexing.finished else None

    def _take_index(self, indexing: Indexing) -> None:
        """Show what the refresh has brought since the last look (the list, the bests, its problem)."""
        version = indexing.version
        if version == self._seen:
            return
        self.redraw()
        if indexing.bests is not None:
            self.bests = indexing.bests
        if indexing.finished:
            # the refresh has ended: the whole list and what went wrong (the bests came with it)
            self._seen = version
            self.reload(bests=False)
            if indexing.error is not None:
                self.notice = self.app.t("finished.list_failed", reason=indexing.error)
        elif self._since_reload >= RELOAD_EVERY:
            # a batch has landed: the page on screen fills as the index does
            self._seen = version
            self._since_reload = 0.0
            self.reload(bests=False)

    def on_exit(self) -> None:
        if self.indexing is not None:
            self.indexing.stop()  # what it committed stays; the next opening goes on from there
        super().on_exit()

    def set_sort(self, sort: str) -> None:
        self.sort = sort
        self.list.selected = 0
        self.reload()
        self.list.choose(0)

    def _load(self, game: FinishedSummary) -> tuple[Game, MatchConfig] | None:
        """The finished game and its seats; None (and one line saying why) if it cannot be read."""
        store = self.app.saves.store
        if store is None:
            return None
        try:
            saved = store.load_finished(store.dirs.finished / game.file)
        except Exception as exc:  # LoadProblem: the file was set aside, its message says where
            self.notice = self.app.t("finished.open_failed", reason=str(exc))
            self.reindex()  # the index drops the file set aside
            return None
        setup = saved.game.setup
        return saved.game, MatchConfig.from_meta(saved.meta, setup.players, setup.side, setup.spirits)

    def open_game(self, game: FinishedSummary) -> None:
        loaded = self._load(game)
        if loaded is not None:
            self.app.navigate.push(OpenScoring(loaded[0], loaded[1], review=True))

    def open_replay(self) -> None:
        """The chosen game in the replay viewer (the Replay button, or R)."""
        chosen = self.list.chosen()
        if chosen is None:
            return
        loaded = self._load(chosen)
        if loaded is not None:
            game, config = loaded
            names = tuple(seat.name for seat in config.seats)
            human = next(iter(screen_seats(config.seats)), 0)
            self.app.navigate.push(OpenReplay(game.setup, game.history, names, game.cards, human, deal=game.deal))

    def open_stats(self) -> None:
        """The Statistics view (its button, or S)."""
        self.app.navigate.push(OpenStats())

    def ask_export(self) -> None:
        """Ask where to copy the chosen game; then say where it went (or why not, and ask again)."""
        game = self.list.chosen()
        if game is None or self.index is None:
            return
        t = self.app.t
        dialog = Dialog(self.app, Page("", [], []), "export")

        def export() -> None:
            typed = dialog.text.strip()
            store = self.app.saves.store
            if not typed or store is None:
                return
            try:
                path = export_finished(store, game.file, Path(typed).expanduser())
            except (ShareError, OSError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self._export_page(dialog, game, typed, t("finished.export_failed", reason=reason), export)
                return
            dialog.show(Page(t("finished.export_done_title"), [t("finished.export_done", path=str(path))],
                             [Action(t("finished.back"), dialog.close, primary=True, name="ok")]))

        self.app.scenes.push(dialog)
        self._export_page(dialog, game, str(Path.home()), "", export)

    def _export_page(self, dialog: Dialog, game: FinishedSummary, folder: str, error: str,
                     export: Callable[[], None]) -> None:
        t = self.app.t
        dialog.show(Page(t("finished.export_title"), [t("finished.export_body", file=game.file)], [
            Action(t("finished.export_go"), export, primary=True, name="save"),
            Action(t("finished.back"), dialog.close, name="back"),
        ], field=folder, error=error))

    def ask_clear(self) -> None:
        t = self.app.t
        page = Page(t("finished.clear_title"), [t("finished.clear_body")],
                    [Action(t("finished.clear_yes"), self._clear, name="yes"),
                     Action(t("finished.clear_no"), lambda: self.app.scenes.pop(), primary=True, name="no")], focus=1)
        self.app.scenes.push(Dialog(self.app, page, "clear_bests"))

    def _clear(self) -> None:
        self.app.scenes.pop()
        if self.index is None:
            return
        try:
            clear(self.index.dirs)
        except (OSError, LockProblem) as exc:
            self.notice = self.app.t("finished.clear_failed", reason=getattr(exc, "strerror", None) or str(exc))
        self.reload()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if Intent.BACK in self.app.input.intents(event):
            self.app.scenes.pop()
            return None
        if Intent.REPLAY in self.app.input.intents(event):
            self.open_replay()
            return None
        if Intent.STATS in self.app.input.intents(event):
            self.open_stats()
            return None
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        draw_backdrop(surface, app)
        self.draw_title(surface)
        self._bests(surface)
        self.ui.draw(surface, app)
        progress = self.indexing_progress
        line, warn = self.top_line()
        paint.text(surface, app, paint.ellipsize(app, line, 16, 1220), (640, 94), 16,
                   th.c("notice") if warn else th.c("table_text_dim"), "center")
        if progress is not None:
            self._progress_bar(surface, progress)
        if not self.list.total and progress is None:
            x, _, w, _ = LIST_RECT
            paint.text_block(surface, app, app.t("finished.empty"), (x + 30, 340), 20, th.c("ink_dim"), w - 60,
                             align="center")

    def top_line(self) -> tuple[str, bool]:
        """The line over the list, and whether it warns: the indexing's progress, else the last problem,
        else how many entries were skipped (their rows end the list), else the count and the keys."""
        t = self.app.t
        progress = self.indexing_progress
        if progress is not None:
            return t("finished.indexing", k=progress[0], n=progress[1]), False
        if self.notice:
            return self.notice, True
        if self.counts[1]:
            return t("finished.skipped", n=self.counts[1]), True
        return t("finished.count", n=self.counts[0]) + " · " + t("finished.keys"), False

    def _progress_bar(self, surface: pygame.Surface, progress: tuple[int, int]) -> None:
        """A thin bar under the list's head: how much of the indexing is done."""
        th = self.app.theme
        x, y, w, _ = LIST_RECT
        done, total = progress
        paint.panel(surface, self.app, (x + 12, y - 8, w - 24, 4), th.c("panel_edge"), radius=2)
        if done:
            paint.panel(surface, self.app, (x + 12, y - 8, (w - 24) * min(1.0, done / total), 4), th.c("accent"),
                        radius=2)

    def _bests(self, surface: pygame.Surface) -> None:
        app, th = self.app, self.app.theme
        x, y, w, h = BESTS_RECT
        paint.panel(surface, app, BESTS_RECT, th.c("panel"), radius=12, edge=th.c("panel_edge"), shadow=True)
        title = app.t("finished.bests")
        paint.text(surface, app, title, (x + 18, y + 14), paint.fit_scaled(app, title, 22, w - 36, True), th.c("ink"),
                   bold=True)
        yy = y + 50
        b = self.bests
        if b is not None and b.cleared:
            paint.text(surface, app, app.t("finished.bests_since", when=when_text(app, b.cleared)), (x + 18, yy), 14,
                       th.c("ink_dim"))
            yy += 22
        for line, bold in self._best_lines(b):
            if yy + paint.block_height(app, line, 15, w - 36, bold, 1.3) > BESTS_END:
                break   # what does not fit whole above the buttons is left for the Statistics view
            yy += paint.text_block(surface, app, line, (x + 18, yy), 15, th.c("ink"), w - 36, bold=bold, line=1.3)
            yy += 4 if bold else 1

    def _best_lines(self, b: Bests | None) -> list[tuple[str, bool]]:
        t = self.app.t
        counting = self.indexing is not None and not self.indexing.finished
        if counting and (b is None or (self.indexing_progress is not None and not (b.solo or b.levels or b.averages))):
            return [(t("finished.bests_indexing"), False)]  # not "no game yet": the games are being counted
        if b is None or not (b.solo or b.levels or b.averages):
            return [(t("finished.bests_none"), False)]
        lines: list[tuple[str, bool]] = []
        if b.solo:
            lines.append((t("finished.bests_solo"), True))
            for s in b.solo:
                spirit = t(f"spirit.{s.spirit}", default=s.spirit) if s.spirit else t("finished.no_spirit")
                lines.append((t("finished.bests_config", side=s.side, spirit=spirit, score=s.score,
                                suns=t("finished.suns", n=s.suns or 0)), False))
        if b.levels:
            lines.append((t("finished.bests_table"), True))
            for r in b.levels:
                level = t(f"level.{r.level}", default=r.level)
                lines.append((t("finished.bests_level", level=level, wins=r.wins, losses=r.losses), False))
        if b.averages:
            lines.append((t("finished.bests_average", n=b.table_seats), True))
            parts = [f"{t(f'score.{c}')} {b.averages[c]:.1f}" for c in (*CATEGORIES, "total")]
            for k in range(0, len(parts), 2):
                lines.append(("  ·  ".join(parts[k:k + 2]), False))
        return lines
