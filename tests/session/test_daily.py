"""The daily deal's set-up from the date alone, and its par worked out once (pygame-free)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from harmonies.persist.daily import DailyRecords
from harmonies.rules import Game
from harmonies.session import Jobs, MatchConfig, Resume
from harmonies.session.daily import deal_for, parse_day
from harmonies.session.match import DailyMark
from harmonies.session.par import ParKeeper, ParStopped, play_par

# Pinned: a failure here means every player's daily deal changed (the salt or the byte layout moved).
PINNED = {
    "2026-01-01": (7585296339258418776, "A", False),
    "2026-02-28": (9007389743770822545, "B", True),
    "2026-11-26": (6747137075832821169, "B", True),
    "2026-12-31": (4590339834151632850, "A", True),
    "2027-01-01": (2427210876544295157, "A", False),
    "2028-02-29": (8503397715401029454, "B", False),
}


@pytest.mark.parametrize("iso", sorted(PINNED))
def test_pinned_dates_keep_their_set_up(iso: str) -> None:
    deal = deal_for(date.fromisoformat(iso))
    assert (deal.seed, deal.side, deal.spirits) == PINNED[iso]


def test_two_runs_same_set_up_and_two_dates_differ() -> None:
    day = date(2026, 11, 26)
    assert deal_for(day) == deal_for(date(2026, 11, 26))
    seeds = {deal_for(date.fromordinal(day.toordinal() + i)).seed for i in range(60)}
    assert len(seeds) == 60
    kinds = {(deal_for(date.fromordinal(day.toordinal() + i)).side, deal_for(date.fromordinal(day.toordinal() + i)).spirits)
             for i in range(60)}
    assert len(kinds) == 4  # both sides, with and without spirits, all occur


def test_the_deal_is_solo_and_marked_daily() -> None:
    deal = deal_for(date(2026, 11, 26))
    config = deal.config("Ann", 2)
    game = config.deal()
    assert game.setup.players == 1 and game.setup.seed == deal.seed
    assert (game.setup.side, game.setup.spirits) == (deal.side, deal.spirits)
    meta = config.to_meta()
    assert meta["daily"] == {"date": "2026-11-26", "attempt": 2}
    resumed = Resume.from_saved(game, meta)
    assert resumed.config.daily == DailyMark("2026-11-26", 2)


@pytest.mark.parametrize("raw", [None, "2026-11-26", {"date": "26/11/2026", "attempt": 1}, {"date": "2026-11-26"},
                                 {"date": "2026-11-26", "attempt": 0}, {"date": "2026-11-26", "attempt": True}])
def test_a_broken_daily_mark_is_an_ordinary_game(raw: object) -> None:
    meta = {"seats": [{"name": "Ann"}], "daily": raw}
    assert MatchConfig.from_meta(meta, 1).daily is None


@pytest.mark.parametrize("text", ["2026-13-01", "26/11/2026", "2026-11-26x", "", "2025-12-31", "+2026-11-26"])
def test_a_bad_date_is_one_line(text: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_day(text)
    assert "\n" not in str(err.value) and str(err.value)


def test_par_is_worked_out_once_and_kept(tmp_path: Path) -> None:
    deal = deal_for(date(2026, 11, 26))
    records = DailyRecords(tmp_path)
    jobs = Jobs(None, workers=1)
    keeper = ParKeeper(records, jobs, level="random")
    assert keeper.par(deal.iso) is None
    keeper.ensure(deal)
    keeper.ensure(deal)  # already being worked out: not started twice
    assert keeper.wait(deal.iso, 120)
    par = keeper.par(deal.iso)
    assert par == play_par(deal, level="random")  # the same on every machine: seeded from the deal
    assert records.load().day(deal.iso).par == par
    # A new session finds it in the record and never plays the par game again.
    again = ParKeeper(DailyRecords(tmp_path), jobs, level="no-such-level-would-fail")
    again.ensure(deal)
    assert not again.working(deal.iso) and again.par(deal.iso) == par
    # And a second answer never replaces the first.
    records.set_par(deal.iso, par + 50)
    assert records.load().day(deal.iso).par == par
    jobs.close()


def test_par_is_played_on_observer_views(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    real = Game.observer_view

    def spy(self: Game) -> Game:
        seen.append(True)
        return real(self)

    monkeypatch.setattr(Game, "observer_view", spy)
    play_par(deal_for(date(2026, 11, 27)), level="easy")
    assert seen


def test_a_par_game_stops_when_asked() -> None:
    with pytest.raises(ParStopped):
        play_par(deal_for(date(2026, 11, 26)), level="random", stop=lambda: True)
