"""Reviews kept beside finished games (harmonies/persist/reviews.py): read back as written, never into
the game's record, a damaged one set aside and made again, none left once its game is gone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harmonies.ai.review import METHOD, GameReview, TurnReview
from harmonies.ai.review_reasons import Reason
from harmonies.persist import Store
from harmonies.persist.identity import identity_of
from harmonies.persist.index import FinishedIndex
from harmonies.persist.reviews import Reviews, review_path
from harmonies.rules import EndTurn, TakeTokens

from records_helpers import archive, finished_game


def a_review(seat: int = 0) -> GameReview:
    turn = TurnReview(0, 0, 1, (TakeTokens(0), EndTurn()),
                      (TakeTokens(2), EndTurn()), 88.25, 91.5, 3.25, 1.125, "mistake",
                      (Reason("space", (("space", 3), ("played", 1))), Reason("row", (("row", "trees"), ("points", 2.5)))),
                      16)
    return GameReview(seat, (turn,), 1)


def kept(store: Store) -> tuple[Reviews, Path, str]:
    game = finished_game(1)
    path = archive(store, game, 1)
    return Reviews(store.dirs, durable=False), path, identity_of(game)


def test_a_review_is_read_back_as_written_beside_its_game(store: Store) -> None:
    reviews, path, identity = kept(store)
    before = path.read_bytes()
    written = reviews.save(path, identity, a_review())
    assert written == review_path(path, 0) and written.parent == path.parent
    assert path.read_bytes() == before  # never written into the game's record
    assert reviews.load(path, identity, 0) == a_review()
    doc = json.loads(written.read_text(encoding="utf-8"))
    assert (doc["harmonies"], doc["version"], doc["method"], doc["identity"]) == ("review", 1, METHOD, identity)
    # the index of finished games does not take the review for a game
    index = FinishedIndex(store.dirs)
    assert index.count() == 1 and index.problem_count() == 0


def test_another_seat_game_or_method_is_not_the_review_wanted(store: Store) -> None:
    reviews, path, identity = kept(store)
    reviews.save(path, identity, a_review())
    assert reviews.load(path, identity, 1) is None
    assert reviews.load(path, "0" * 64, 0) is None
    doc = json.loads(review_path(path, 0).read_text(encoding="utf-8"))
    doc["method"] = METHOD + 1
    review_path(path, 0).write_text(json.dumps(doc), encoding="utf-8")
    assert reviews.load(path, identity, 0) is None
    assert review_path(path, 0).exists() and not reviews.notes  # not damaged: made again and written over


def test_a_damaged_review_is_set_aside_and_made_again(store: Store) -> None:
    reviews, path, identity = kept(store)
    target = review_path(path, 0)
    for damage in ('{"harmonies": "review", "version": 1, "meta', '[1, 2]', '{"harmonies": "review", "version": 9}',
                   json.dumps({"harmonies": "review", "version": 1, "method": METHOD, "identity": identity,
                               "seat": 0, "of_turns": 1, "turns": [{"turn": "first"}]})):
        target.write_text(damage, encoding="utf-8")
        assert reviews.load(path, identity, 0) is None
        assert not target.exists()
    aside = sorted(p.name for p in path.parent.iterdir() if ".bad-" in p.name)
    assert len(aside) == 4 and all(name.startswith(target.stem) for name in aside)
    assert len(reviews.notes) == 4 and "turns[0].turn must be int" in reviews.notes[-1]
    assert reviews.save(path, identity, a_review()) == target
    assert reviews.load(path, identity, 0) == a_review()


def test_a_deleted_game_leaves_no_review_behind(store: Store) -> None:
    reviews, path, identity = kept(store)
    other = archive(store, finished_game(2), 2)
    reviews.save(path, identity, a_review(0))
    reviews.save(path, identity, a_review(1))
    path.unlink()
    assert reviews.prune() == 2
    assert not list(store.dirs.finished.glob("*.review"))
    # a review finished after its game went is not written
    assert reviews.save(path, identity, a_review()) is None and not review_path(path, 0).exists()
    # writing another game's review removes the orphans too
    reviews.save(other, identity_of(finished_game(2)), a_review())
    assert [p.name for p in store.dirs.finished.glob("*.review")] == [review_path(other, 0).name]


def test_an_unfinished_review_is_not_kept(store: Store) -> None:
    reviews, path, identity = kept(store)
    review = a_review()
    partial = GameReview(review.seat, review.turns, 5, complete=False)
    assert reviews.save(path, identity, partial) is None and not review_path(path, 0).exists()


def test_a_damaged_review_in_a_folder_another_window_holds_is_left_in_place(store: Store) -> None:
    from lock_holder import LockHolder

    reviews, path, identity = kept(store)
    reviews.save(path, identity, a_review())
    kept_at = review_path(path, 0)
    doc = json.loads(kept_at.read_text(encoding="utf-8"))
    doc["turns"][0]["loss"] = 1e308
    kept_at.write_text(json.dumps(doc), encoding="utf-8")
    with LockHolder(store.dirs.data):
        assert reviews.load(path, identity, 0) is None
    [note] = reviews.notes
    assert "turns[0].loss is 1e+308" in note and "left in place" in note
    assert kept_at.exists() and not list(kept_at.parent.glob("*.bad-*"))
    assert reviews.load(path, identity, 0) is None  # the folder free again: set aside now
    assert not kept_at.exists() and len(list(kept_at.parent.glob("*.bad-*"))) == 1


@pytest.mark.parametrize("where, value", [("loss", "1e308"), ("loss", "9" * 400), ("best_value", "-1e309"),
                                          ("param", "9" * 400), ("param", "1e308"), ("samples", "9" * 40)])
def test_a_kept_review_with_a_number_no_review_holds_is_set_aside_in_one_line(store: Store, where: str,
                                                                            value: str) -> None:
    reviews, path, identity = kept(store)
    reviews.save(path, identity, a_review())
    kept_at = review_path(path, 0)
    doc = json.loads(kept_at.read_text(encoding="utf-8"))
    if where == "param":
        doc["turns"][0]["reasons"][0]["params"]["space"] = "__VALUE__"
    else:
        doc["turns"][0][where] = "__VALUE__"
    kept_at.write_text(json.dumps(doc).replace('"__VALUE__"', value), encoding="utf-8")
    assert reviews.load(path, identity, 0) is None
    [note] = reviews.notes
    assert "\n" not in note and len(note) < 600 and str(kept_at) in note and "turns[0]" in note
    assert "reviewed again" in note and not kept_at.exists()
