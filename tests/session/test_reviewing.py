"""A game review in the background (harmonies/session/reviewing.py): progress then the review from
another process, a cancel that ends it at once, a kept review read at once, and kept when done."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from harmonies.ai import play_random_game
from harmonies.ai.review import GameReview, TurnReview
from harmonies.ai.review_reasons import Reason
from harmonies.persist import Store
from harmonies.persist.identity import identity_of
from harmonies.persist.reviews import Reviews, review_path
from harmonies.rules import EndTurn, GameSetup
from harmonies.session.reviewing import Keep, ReviewJob, ReviewState


def first_turn() -> tuple[GameSetup, list]:  # type: ignore[type-arg]
    game = play_random_game(GameSetup(1, seed=8), seed=8)
    end = next(n for n, c in enumerate(game.history) if type(c) is EndTurn)
    return game.setup, list(game.history[: end + 1])


def watch(job: ReviewJob, seconds: float = 120.0) -> list[ReviewState]:
    seen: list[ReviewState] = []
    limit = time.monotonic() + seconds
    while time.monotonic() < limit:
        state = job.poll()
        if not seen or state != seen[-1]:
            seen.append(state)
        if state.finished:
            break
        job.wait(0.2)
    return seen


@pytest.mark.slow
def test_a_review_runs_in_another_process_with_its_progress(tmp_path: Path) -> None:
    setup, commands = first_turn()
    game = play_random_game(setup, seed=8)
    store = Store(tmp_path / "data", durable=False)
    path = store.archive_finished(game, {"seats": [{"name": "Ann", "kind": "human", "level": "random"}]})
    keep = Keep(Reviews(store.dirs, durable=False), path, identity_of(game))
    job = ReviewJob.start(setup, commands, 0, samples=2, keep=keep)
    seen = watch(job)
    final = seen[-1]
    assert final.error is None and final.result is not None and not final.stored
    assert (final.done, final.total) == (1, 1) and len(final.result.turns) == 1
    assert any(s.total == 1 and s.result is None for s in seen)  # "turn 0 of 1" before the review came
    assert review_path(path, 0).is_file()  # kept for next time ...
    again = ReviewJob.start(setup, commands, 0, samples=2, keep=keep)
    assert again.poll() == ReviewState(1, 1, final.result, stored=True)  # ... and read at once


def test_cancel_ends_the_process_at_once() -> None:
    setup, commands = first_turn()
    job = ReviewJob.start(setup, commands, 0, samples=2)
    job.cancel()
    state = job.poll()
    assert not state.finished and state.result is None
    assert job._process is not None and not job._process.is_alive()


def test_a_kept_review_needs_no_process(tmp_path: Path) -> None:
    game = play_random_game(GameSetup(1, seed=2), seed=2)
    store = Store(tmp_path / "data", durable=False)
    path = store.archive_finished(game, {})
    reviews = Reviews(store.dirs, durable=False)
    review = GameReview(0, (TurnReview(0, 0, 1, (EndTurn(),), (EndTurn(),), 50.0, 50.0, 0.0, 0.0, "best",
                                       (Reason("same"),), 2),), 1)
    reviews.save(path, identity_of(game), review)
    job = ReviewJob.start(game.setup, game.history, 0, keep=Keep(reviews, path, identity_of(game)))
    assert job.poll() == ReviewState(1, 1, review, stored=True) and job._process is None
    assert Keep.of(store.dirs, path, game).reviews.load(path, identity_of(game), 0) == review
