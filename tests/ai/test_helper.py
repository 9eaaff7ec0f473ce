"""The hard player's helper process: it changes how fast a turn is planned, never which turn."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import pytest

from harmonies.ai import HardPlayer, take_turn
from harmonies.ai import helper as helper_mod
from harmonies.ai.helper import Helper
from harmonies.rules import CardSet, Command, Game, GameSetup
from harmonies.rules.cards import default_cards_path, load_cards
from harmonies.tuning.leaf_value import LearnedValue


@pytest.fixture(scope="module")
def helper() -> Iterator[Helper]:
    h = Helper()
    assert h.start(), h.failed
    yield h
    h.close()


def play(setup: GameSetup, turns: int, helper: Helper | None, cards: CardSet | None = None, **kw: Any) -> list[Command]:
    game = Game.new(setup, cards)
    seats = [HardPlayer(40 + i, helper=helper or False, **kw) for i in range(setup.players)]
    for _ in range(turns):
        take_turn(seats[game.current], game)
    return list(game.history)


@pytest.mark.slow
@pytest.mark.parametrize("players, side, spirits, stages", [
    (1, "A", False, ((3, 4),)),
    (2, "B", True, ((3, 4),)),
    # In stages, as hard plays solo: odd sample counts split both ways, a stage of one sample each.
    (1, "A", False, ((4, 1), (2, 3))),
])
def test_the_same_turns_are_played_with_and_without_the_helper(helper: Helper, players: int, side: str,
                                                             spirits: bool, stages: tuple[tuple[int, int], ...]) -> None:
    setup = GameSetup(players=players, side=side, spirits=spirits, seed=17)
    # Narrower than the shipped hard so the test stays quick; the same code paths.
    kw: dict[str, Any] = {"stages": stages, "beam": 3}
    before = helper.answers
    alone = play(setup, 3, None, **kw)
    helped = play(setup, 3, helper, **kw)
    assert helped == alone
    assert helper.failed is None
    assert helper.answers > before  # the helper really played samples


def test_each_card_set_reaches_the_helper_once_and_is_kept_apart(helper: Helper) -> None:
    setup = GameSetup(players=1, seed=3)
    kw: dict[str, Any] = {"width": 2, "samples": 2, "beam": 2}
    other = load_cards(default_cards_path())  # equal cards, another object: another token
    assert play(setup, 2, helper, other, **kw) == play(setup, 2, None, other, **kw)
    assert play(setup, 2, helper, **kw) == play(setup, 2, None, **kw)
    assert helper.failed is None


def test_a_learned_leaf_value_plays_the_same_turns_with_and_without_the_helper(helper: Helper) -> None:
    # The helper plays half of the samples: it must value their last turn by the same model.
    value = LearnedValue((("plan", 0.5), ("completed", 1.0), ("empty", 8.0), ("card_potential", -2.0)), 3.0)
    setup = GameSetup(players=1, seed=9)
    kw: dict[str, Any] = {"stages": ((3, 2), (2, 2)), "beam": 3, "value": value}
    alone = play(setup, 3, None, **kw)
    assert play(setup, 3, helper, **kw) == alone
    assert alone != play(setup, 3, None, stages=((3, 2), (2, 2)), beam=3)  # the value is really used
    assert helper.failed is None


class _BrokenPool:
    def submit(self, *args: Any) -> Future[Any]:
        f: Future[Any] = Future()
        f.set_exception(RuntimeError("gone"))
        return f

    def shutdown(self, **kw: Any) -> None:
        pass


def test_a_failed_helper_is_dropped_and_the_turn_planned_here(capsys: pytest.CaptureFixture[str]) -> None:
    broken = Helper()
    broken._pool = _BrokenPool()  # type: ignore[assignment]
    setup = GameSetup(players=1, seed=8)
    kw: dict[str, Any] = {"width": 2, "samples": 2, "beam": 2}
    assert play(setup, 2, broken, **kw) == play(setup, 2, None, **kw)
    assert broken.failed == "RuntimeError: gone"
    assert "helper process failed" in capsys.readouterr().err
    assert not broken.start()  # no second try


def test_a_helper_is_wanted_only_where_it_can_help(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.delenv("HARMONIES_AI_HELPER", raising=False)
    assert helper_mod.wanted()
    monkeypatch.setenv("HARMONIES_AI_HELPER", "0")
    assert not helper_mod.wanted()
    monkeypatch.delenv("HARMONIES_AI_HELPER")
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert not helper_mod.wanted()
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    # simulate --jobs plays in daemonic pool workers, which may not start processes
    monkeypatch.setattr(multiprocessing.current_process(), "daemon", True, raising=False)
    assert not helper_mod.wanted()
