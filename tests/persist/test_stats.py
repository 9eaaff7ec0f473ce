"""The Statistics view's figures (persist/stats.py), read from an index of real finished games
(tests/data/stats_history: 40 solo games and 12 at a table) and checked against the games' own summaries."""

from __future__ import annotations

import shutil
import statistics
from collections import Counter
from pathlib import Path

import pytest

from harmonies.persist import Store
from harmonies.persist.bests import personal_bests
from harmonies.persist.index import FinishedIndex
from harmonies.persist.stats import (AVERAGED, HardAveragesError, StatsFilter, group_scores, hard_averages,
                                     load_hard_averages, read_stats, suns_counts)
from harmonies.persist.summary import CATEGORIES, FinishedSummary

HISTORY = Path(__file__).resolve().parents[1] / "data" / "stats_history"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> FinishedIndex:
    folder = tmp_path_factory.mktemp("history")
    shutil.copytree(HISTORY / "finished", folder / "finished")
    return FinishedIndex(Store(folder, durable=False).dirs)


def oldest_first(index: FinishedIndex) -> list[FinishedSummary]:
    return sorted(index.games(), key=lambda g: (g.sort_key, g.file))


def test_the_fixture_holds_the_history_its_script_describes(index: FinishedIndex) -> None:
    games = index.games()
    assert (len(games), sum(g.solo for g in games)) == (52, 40)
    assert index.problems == []


@pytest.mark.parametrize("which", [StatsFilter(), StatsFilter("A"), StatsFilter("B", True), StatsFilter(None, False)])
def test_the_solo_series_is_every_solo_score_in_time_order(index: FinishedIndex, which: StatsFilter) -> None:
    kept = [g for g in oldest_first(index) if g.solo and which.side in (None, g.side)
            and which.spirits in (None, g.spirits)]
    stats = read_stats(index, which)
    assert stats.solo.count == len(kept) > 0
    assert [g.mean for g in stats.solo.groups] == [g.top for g in kept]  # one group per game below the limit
    assert stats.solo.best == max(g.top for g in kept)
    assert stats.solo.mean == pytest.approx(statistics.fmean(g.top for g in kept))
    assert (stats.solo.since, stats.solo.until) == (kept[0].sort_key, kept[-1].sort_key)
    assert sum(stats.suns) == len(kept)
    assert {k: n for k, n in enumerate(stats.suns) if n} == Counter(g.suns for g in kept)


def test_the_best_line_rises_only_at_a_game_that_beats_every_one_before(index: FinishedIndex) -> None:
    groups = read_stats(index).solo.groups
    best = 0
    for g in groups:
        best = max(best, g.high)
        assert g.best == best


def test_averages_per_category_are_those_of_the_human_seats(index: FinishedIndex) -> None:
    stats = read_stats(index)
    for averages, solo in ((stats.solo_averages, True), (stats.table_averages, False)):
        seats = [(g, i) for g in index.games() if g.solo == solo for i, s in enumerate(g.seats) if s.kind == "human"]
        assert averages.seats == len(seats)
        for k, c in enumerate(CATEGORIES):
            assert averages.means[c] == pytest.approx(statistics.fmean(g.categories[i][k] for g, i in seats))
        assert averages.means["total"] == pytest.approx(statistics.fmean(g.totals[i] for g, i in seats))


def test_results_per_level_are_the_personal_bests_ones_and_follow_the_filter(index: FinishedIndex) -> None:
    assert read_stats(index).levels == personal_bests(index).levels  # no clear: the same games count
    expected: dict[str, list[int]] = {}
    for g in index.games():
        if not g.solo and g.side == "B":  # Ann, the one human, sits first
            for level in {s.level for s in g.seats if s.kind == "computer"}:
                expected.setdefault(level, [0, 0])[0 if 0 in g.winners else 1] += 1
    assert {r.level: [r.wins, r.losses] for r in read_stats(index, StatsFilter("B")).levels} == expected


def test_an_empty_index_gives_empty_figures(tmp_path: Path) -> None:
    stats = read_stats(FinishedIndex(Store(tmp_path, durable=False).dirs))
    assert stats.empty and stats.solo.count == 0 and stats.suns == () and stats.levels == ()
    assert stats.solo_averages.seats == stats.table_averages.seats == 0


def test_many_games_are_cut_into_groups_of_one_size_that_keep_every_game() -> None:
    scores = [(n * 37) % 150 for n in range(1000)]
    series = group_scores(scores, 200)
    assert len(series.groups) == 200
    assert [g.first for g in series.groups][:3] == [1, 6, 11] and series.groups[-1].last == 1000
    assert sum(g.last - g.first + 1 for g in series.groups) == 1000
    uneven = group_scores((scores * 2)[:1793], 200).groups
    assert len(uneven) == 200 and {g.last - g.first + 1 for g in uneven[:-1]} == {9} and uneven[-1].last == 1793
    assert all(g.low <= g.mean <= g.high for g in series.groups)
    assert series.groups[-1].best == series.best == max(scores)
    assert group_scores([70], 200).groups[0].first == group_scores([70], 200).groups[0].last == 1
    assert suns_counts([0, 2, 2, 5]) == (1, 0, 2, 0, 0, 1)


def test_the_bundled_hard_averages_cover_each_side_and_spirits_setting() -> None:
    table = load_hard_averages()
    assert set(table) == {(side, spirits) for side in "AB" for spirits in (False, True)}
    for means in table.values():
        assert means["total"] == pytest.approx(sum(means[c] for c in CATEGORIES), abs=0.5)
        assert means["total"] > 60  # the hard player: far above a random one
    assert all(means["spirit"] == 0 for (_, spirits), means in table.items() if not spirits)
    both, problem = hard_averages(StatsFilter())
    assert problem == "" and set(both) == set(AVERAGED)


@pytest.mark.parametrize("text, words", [
    ("A: [1, 2]\n", "'A': expected side A or B"),
    ("C:\n  no_spirits: {}\n", "'C': expected side A or B"),
    ("A:\n  no_spirits: {trees: 1}\n", "A.no_spirits: mountains is missing or not a number"),
    ("A:\n  none: {}\n", "A.none: expected no_spirits or spirits"),
    ("A: {no_spirits: {trees: 1\n", "line"),
    ("- 1\n", "expected a mapping of board sides"),
])
def test_a_wrong_hard_averages_file_is_one_line_naming_the_file_and_place(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "hard_averages.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HardAveragesError) as caught:
        load_hard_averages(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and words in message and "\n" not in message
    assert hard_averages(StatsFilter(), path) == ({}, message)


def test_a_missing_hard_averages_file_says_so(tmp_path: Path) -> None:
    means, problem = hard_averages(StatsFilter(), tmp_path / "none.yaml")
    assert means == {} and "cannot be read" in problem and "none.yaml" in problem
