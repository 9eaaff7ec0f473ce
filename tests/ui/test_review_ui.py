"""The game review in the replay viewer, driven by posted key and mouse events.

A stub engine (``review_stub.py``) stands in for the review so that these run in an instant; one test
runs the real background job on a short game in progress."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from harmonies.app import paint
from harmonies.app.replay import reviewer as reviewer_module
from harmonies.app.scenes import replay as replay_scene
from harmonies.app.scenes.menu import MenuScene
from harmonies.app.scenes.replay import ReplayScene
from harmonies.app.scenes.scoring import ScoringScene
from harmonies.app.smoke import played_game
from harmonies.rules import Game
from harmonies.session import MatchConfig

from review_stub import StubJob, stub_review
from ui_driver import Driver

Started = list[tuple[int, StubJob]]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Started:
    """The viewer's review jobs become stub jobs; the list holds (seat, job) of each one started."""
    jobs: Started = []

    class FakeJob:
        @staticmethod
        def start(setup: Any, commands: Any, seat: int, *, cards: Any = None, deal: Any = None, keep: Any = None,
                  log_folder: Any = None) -> StubJob:
            job = StubJob(stub_review(setup, commands, seat, cards, deal))
            jobs.append((seat, job))
            return job

    monkeypatch.setattr(reviewer_module, "ReviewJob", FakeJob)
    return jobs


def _viewer(app: Any, game: Game, names: tuple[str, ...], seat: int = 0, review: bool = False) -> Driver:
    app.scenes.reset(MenuScene(app))
    app.scenes.push(ReplayScene(app, game.setup, game.history, names, game.cards, seat, review))
    d = Driver(app)
    d.frames(2)
    return d


def _texts(monkeypatch: pytest.MonkeyPatch, d: Driver) -> list[str]:
    """Every text drawn in one frame."""
    seen: list[str] = []
    real = paint.text

    def record(surface: pygame.Surface, app_: Any, s: str, *args: Any, **kw: Any) -> Any:
        seen.append(s)
        return real(surface, app_, s, *args, **kw)

    monkeypatch.setattr(paint, "text", record)
    d.frames(1)
    monkeypatch.setattr(paint, "text", real)
    return seen


def _finish(d: Driver, viewer: ReplayScene) -> None:
    for _ in range(60):
        if not viewer.reviewer.running:
            return
        d.frames(1)
    raise AssertionError("the stub review did not finish")


@pytest.fixture(scope="module")
def solo_game() -> Game:
    return played_game(1, 0, seed=5, finish=True, level="easy")


def test_v_starts_the_review_with_its_progress_then_marks_every_reviewed_heading(
        app: Any, started: Started, solo_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    d = _viewer(app, solo_game, ("Ann",))
    viewer = d.top
    assert viewer.reviewer.status == "idle"
    d.key(pygame.K_v)
    assert [seat for seat, _job in started] == [0]
    assert viewer.reviewer.running
    n = len(started[0][1].review.turns)
    shown = " ".join(_texts(monkeypatch, d))
    assert app.t("review_view.running", name="Ann", k=2, n=n) in shown or \
        app.t("review_view.running", name="Ann", k=3, n=n) in shown
    _finish(d, viewer)
    assert viewer.reviewer.status == "done"
    review = viewer.reviewer.review
    d.key(pygame.K_END)
    words = _texts(monkeypatch, d)
    # each heading on the page of a reviewed turn has its mark's word beside it
    page = [r for r in viewer.log.visible(viewer.log_rect()) if r.entry is None]
    marks = {t.step: t.mark for t in review.turns}
    expected = [app.t(f"review.mark.{marks[r.turn.first_step]}") for r in page if r.turn.first_step in marks]
    assert expected and all(words.count(w) >= expected.count(w) for w in expected)
    # and the summary: accuracy and the points lost
    assert app.t("review_view.title", name="Ann", accuracy=f"{review.accuracy:.0f}") in words  # English digits


def test_a_click_on_review_in_a_table_game_asks_whose_turns_and_esc_cancels_a_running_review(
        app: Any, started: Started) -> None:
    game = played_game(2, 0, seed=4, finish=True, level="easy")
    d = _viewer(app, game, ("Ann", "Bob"), seat=0)
    viewer = d.top
    d.press_widget("review")
    assert viewer.choosing and not started
    d.press_widget("seat1")                       # Bob's turns, by a click
    assert [seat for seat, _job in started] == [1] and viewer.reviewer.running
    d.key(pygame.K_ESCAPE)                        # stops the review, stays in the viewer
    assert started[0][1].cancelled and viewer.reviewer.status == "cancelled"
    assert d.top is viewer
    d.key(pygame.K_v)                             # by keys: V (the ring on the seat last reviewed), arrows, Enter
    assert viewer.choosing and viewer.choice_focus == 1
    d.key(pygame.K_RIGHT)
    assert viewer.choice_focus == 0
    d.key(pygame.K_LEFT)
    d.key(pygame.K_RETURN)
    assert [seat for seat, _job in started] == [1, 1]
    d.press_widget("cancel_review")               # Cancel by a click
    assert started[1][1].cancelled and not viewer.reviewer.running
    d.key(pygame.K_v)
    d.key(pygame.K_1)                             # a digit chooses the seat at once
    assert [seat for seat, _job in started] == [1, 1, 0]
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert d.top.name == "menu"


def test_selecting_a_costly_turn_shows_the_suggested_turn_as_ghosts_beside_the_played_one(
        app: Any, started: Started, solo_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    d = _viewer(app, solo_game, ("Ann",))
    viewer = d.top
    d.press_widget("review")
    _finish(d, viewer)
    review = viewer.reviewer.review
    costly = review.costliest(3)
    assert len(costly) == 3
    ghosts: list[tuple[Any, ...]] = []
    rings: list[tuple[Any, ...]] = []
    monkeypatch.setattr(replay_scene, "draw_suggested", lambda *a: ghosts.append(a[-1]))
    monkeypatch.setattr(replay_scene, "draw_played", lambda *a: rings.append(a[-1]))
    d.press_widget("costly1")                     # the second costliest, by a click
    assert viewer.replay.step == costly[1].step
    assert ghosts[-1] == costly[1].best and rings[-1] == costly[1].played
    d.key(pygame.K_1)                             # the costliest, by its key
    assert viewer.replay.step == costly[0].step and ghosts[-1] == costly[0].best
    words = _texts(monkeypatch, d)
    assert any(f"{costly[0].loss:.1f}" in w and f"{costly[0].stderr:.1f}" in w for w in words)  # loss ± error (English decimals)
    d.key(pygame.K_RIGHT)                         # inside the turn the ghosts stay
    ghosts.clear()
    d.frames(1)
    assert ghosts == [costly[0].best]
    d.key(pygame.K_HOME)                          # the start: the first turn's review
    ghosts.clear()
    d.frames(1)
    assert ghosts == [review.turns[0].best] and viewer.shown_review() == review.turns[0]


def test_the_detail_says_what_the_margin_means_where_there_is_room_and_leaves_it_out_at_large_text(
        app: Any, started: Started, solo_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    d = _viewer(app, solo_game, ("Ann",))
    d.press_widget("review")
    _finish(d, d.top)
    d.key(pygame.K_1)                             # the costliest turn: a loss with its ±
    margin, legend = app.t("review_view.margin"), app.t("review_view.legend")
    words = _texts(monkeypatch, d)
    assert any(w and margin.startswith(w) for w in words) and any(w and legend.startswith(w) for w in words)
    app.apply_settings(app.settings.with_(text_size=150))
    d.frames(1)
    words = _texts(monkeypatch, d)
    assert not any(w and margin.startswith(w) for w in words)   # no room at the size asked: left out first
    assert any(w and legend.startswith(w) for w in words)


def test_review_this_game_from_the_scoresheet_opens_the_viewer_with_the_review_started(
        app: Any, started: Started) -> None:
    game = played_game(2, 0, seed=9, finish=True, level="easy")
    config = MatchConfig.from_meta({"seats": [{"name": "Bot", "kind": "computer", "level": "easy"},
                                              {"name": "Ann", "kind": "human"}]}, 2, game.setup.side,
                                   game.setup.spirits)
    app.scenes.reset(MenuScene(app))
    app.scenes.push(ScoringScene(app, game, config, review=True))
    d = Driver(app)
    d.frames(2)
    d.press_widget("review")
    d.frames(2)
    viewer = d.top
    assert isinstance(viewer, ReplayScene)
    assert [seat for seat, _job in started] == [1]            # the human seat's turns
    assert viewer.reviewer.running or viewer.reviewer.status == "done"
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    assert d.top.name == "menu"         # back past the listed game's scoresheet, to where it was opened from
    app.scenes.push(ScoringScene(app, game, config, review=True))
    d.frames(2)
    d.key(pygame.K_v)                                         # the same by its key
    d.frames(2)
    assert isinstance(d.top, ReplayScene) and len(started) == 2


def test_a_kept_review_opens_at_once_from_the_finished_games_list(
        tmp_path: Path, started: Started) -> None:
    from harmonies.persist.identity import identity_of
    from harmonies.persist.reviews import Reviews

    from test_finished_ui import menu_with_finished_games

    d = menu_with_finished_games(tmp_path)
    try:
        d.press_widget("finished")
        assert d.top.indexing.wait(60)
        d.frames(1)
        d.key(pygame.K_r)
        viewer = d.top
        assert isinstance(viewer, ReplayScene) and viewer.reviewer.status == "idle"
        game = viewer.replay.game
        store = d.app.saves.store
        identity = identity_of(game)
        path = store.recorded(identity)
        kept = stub_review(game.setup, game.history, viewer.reviewer.seat, game.cards)
        Reviews(store.dirs, durable=False).save(path, identity, kept)
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_r)                         # opened again: the kept review is there at once
        viewer = d.top
        assert viewer.reviewer.status == "done" and not started
        assert viewer.reviewer.review is not None
        assert [t.loss for t in viewer.reviewer.review.turns] == [t.loss for t in kept.turns]
    finally:
        pygame.display.quit()


def test_a_kept_review_holding_1e308_is_set_aside_in_one_line_and_the_viewer_reviews_again(
        tmp_path: Path, started: Started, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from harmonies.persist.identity import identity_of
    from harmonies.persist.reviews import Reviews, review_path

    from test_finished_ui import menu_with_finished_games

    d = menu_with_finished_games(tmp_path)
    try:
        d.press_widget("finished")
        assert d.top.indexing.wait(60)
        d.frames(1)
        d.key(pygame.K_r)
        viewer = d.top
        game = viewer.replay.game
        store = d.app.saves.store
        identity = identity_of(game)
        path = store.recorded(identity)
        Reviews(store.dirs, durable=False).save(path, identity,
                                                stub_review(game.setup, game.history, viewer.reviewer.seat, game.cards))
        kept = review_path(path, viewer.reviewer.seat)
        doc = json.loads(kept.read_text(encoding="utf-8"))
        doc["turns"][0]["loss"] = 1e308
        kept.write_text(json.dumps(doc), encoding="utf-8")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_r)                         # opened again: the kept review is damaged
        viewer = d.top
        assert isinstance(viewer, ReplayScene)
        reopened = viewer.reviewer
        assert reopened.status == "idle" and reopened.review is None
        assert not kept.exists() and list(kept.parent.glob("*.bad-*.review"))
        [note] = [m for m in d.app.messages if str(kept) in m]
        assert "turns[0].loss is 1e+308" in note and "\n" not in note
        _texts(monkeypatch, d)                    # its frames draw
        d.key(pygame.K_v)                         # and the game is reviewed again
        if viewer.choosing:                       # a table game: whose turns (the chosen seat's)
            d.key(pygame.K_RETURN)
        _finish(d, viewer)
        assert [seat for seat, _ in started] == [viewer.reviewer.seat] and viewer.reviewer.status == "done"
    finally:
        pygame.display.quit()


@pytest.mark.slow
def test_the_real_review_job_runs_in_the_background_on_a_short_game(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer of a solo game in progress (one whole turn played) reviews it with the real engine in its
    own process, with few sampled futures so that it ends soon; the window keeps drawing meanwhile."""
    from harmonies.session.reviewing import ReviewJob

    class FewSamples:
        @staticmethod
        def start(*args: Any, **kw: Any) -> ReviewJob:
            return ReviewJob.start(*args, **kw, samples=2)

    monkeypatch.setattr(reviewer_module, "ReviewJob", FewSamples)
    game = played_game(1, 1, seed=5, level="easy")
    d = _viewer(app, game, ("Ann",))
    viewer = d.top
    d.key(pygame.K_v)
    frames = 0
    try:
        while viewer.reviewer.running:
            assert frames < 60 * 300, "the review did not end"
            d.frames(1)
            frames += 1
            pygame.time.wait(15)
        assert viewer.reviewer.status == "done", viewer.reviewer.error
        review = viewer.reviewer.review
        assert review is not None and [t.step for t in review.turns] == [0]
        assert viewer.reviewer.marks() == {0: review.turns[0].mark}
        assert frames > 1                               # it ran while the window went on
        d.key(pygame.K_HOME)
        assert viewer.shown_review() == review.turns[0]
    finally:
        viewer.reviewer.cancel()


def test_at_a_table_only_the_reviewed_seats_turns_show_a_review(app: Any, solo_game: Game) -> None:
    game = played_game(2, 0, seed=4, finish=True, level="easy")
    d = _viewer(app, game, ("Ann", "Bob"))
    viewer = d.top
    viewer.reviewer.show(stub_review(game.setup, game.history, 1, game.cards))
    starts = viewer.replay.log.starts
    ann = next(step for step, seat, _round in starts if seat == 0 and step > 0)
    bob = next(step for step, seat, _round in starts if seat == 1)
    viewer.go(ann)
    d.frames(1)
    assert viewer.shown_review() is None
    viewer.go(bob)
    d.frames(1)
    shown = viewer.shown_review()
    assert shown is not None and shown.step == bob


def test_a_failed_review_says_why_in_one_line_and_the_viewer_goes_on(
        app: Any, solo_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    from harmonies.session.reviewing import ReviewState

    class Broken:
        def poll(self) -> ReviewState:
            return ReviewState(0, 5, error="ValueError: the commands do not replay")

        def cancel(self) -> None:
            pass

    class FakeJob:
        @staticmethod
        def start(*args: Any, **kw: Any) -> Broken:
            return Broken()

    monkeypatch.setattr(reviewer_module, "ReviewJob", FakeJob)
    d = _viewer(app, solo_game, ("Ann",))
    viewer = d.top
    d.key(pygame.K_v)
    assert viewer.reviewer.status == "failed"
    words = _texts(monkeypatch, d)
    assert app.t("review_view.failed", name="Ann") in words
    assert any("the commands do not replay" in w for w in words)
    d.key(pygame.K_LEFT)                          # still steps through the game
    assert viewer.replay.step == viewer.replay.last - 1
