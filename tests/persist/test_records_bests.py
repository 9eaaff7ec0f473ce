"""Personal bests: solo per configuration, table records per computer level, clearing them."""

from __future__ import annotations

from datetime import datetime, timezone

from harmonies.persist import Store
from harmonies.persist.bests import clear, new_solo_best, personal_bests
from harmonies.persist.index import FinishedIndex
from harmonies.persist.summary import CATEGORIES

from records_helpers import HUMAN, archive, bot, finished_game

# Solo games over three configurations: (side, spirits, seed).
SOLO = [("A", False, 1), ("A", False, 2), ("A", False, 3), ("B", False, 4), ("B", False, 5),
        ("A", True, 6), ("A", True, 7), ("B", True, 8)]


def test_solo_best_per_configuration(store: Store) -> None:
    for day, (side, spirits, seed) in enumerate(SOLO, start=1):
        archive(store, finished_game(1, side, spirits, seed), day, [HUMAN])
    index = FinishedIndex(store.dirs)
    games = index.games()
    expected: dict[tuple[str, str | None], tuple[int, int | None, str]] = {}
    for g in sorted(games, key=lambda g: g.sort_key):  # the first game to reach the best score holds it
        key = (g.side, g.spirit_ids[0])
        if key not in expected or g.top > expected[key][0]:
            expected[key] = (g.top, g.suns, g.file)
    bests = personal_bests(index)
    got = {(b.side, b.spirit): (b.score, b.suns, b.file) for b in bests.solo}
    assert got == expected
    assert ("A", None) in got and ("B", None) in got
    assert all(spirit is not None for side, spirit in got if spirit is not None)
    assert bests.levels == () and bests.averages == {}  # no table games


def test_new_solo_best_is_announced_only_when_beaten(store: Store) -> None:
    games = [finished_game(1, "A", False, seed) for seed in (1, 2, 3, 9, 10)]
    files = [archive(store, g, day, [HUMAN]).name for day, g in enumerate(games, start=1)]
    index = FinishedIndex(store.dirs)
    first = new_solo_best(index, files[0])
    assert first is not None and first.previous is None
    best_so_far = games[0].outcome.scores[0].total  # type: ignore[union-attr]
    for game, name in zip(games[1:], files[1:]):
        total = game.outcome.scores[0].total  # type: ignore[union-attr]
        news = new_solo_best(index, name)
        if total > best_so_far:
            assert news is not None and (news.score, news.previous) == (total, best_so_far)
            best_so_far = total
        else:
            assert news is None
    table = archive(store, finished_game(2, "A", False, 1), 20)
    assert new_solo_best(index, table.name) is None


def test_table_record_per_computer_level_and_category_averages(store: Store) -> None:
    played = [
        (finished_game(2, "A", False, 11), [HUMAN, bot("easy")]),
        (finished_game(2, "B", False, 12), [HUMAN, bot("hard")]),
        (finished_game(3, "A", True, 13), [HUMAN, bot("easy"), bot("hard")]),
        (finished_game(3, "A", False, 14), [HUMAN, bot("easy"), bot("easy", "Eve")]),
        (finished_game(2, "A", False, 15), [bot("medium"), bot("hard")]),           # no human: not counted
        (finished_game(2, "B", False, 16), [HUMAN, {"name": "Bea", "kind": "human", "level": "random"}]),
    ]
    for day, (game, seats) in enumerate(played, start=1):
        archive(store, game, day, seats)
    wins: dict[str, list[int]] = {}
    sums = [0.0] * (len(CATEGORIES) + 1)
    seats_counted = 0
    for game, seats in played:
        outcome = game.outcome
        assert outcome is not None
        humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
        if not humans:
            continue
        won = any(i in outcome.winners for i in humans)
        for level in {s["level"] for s in seats if s["kind"] == "computer"}:
            wins.setdefault(level, [0, 0])[0 if won else 1] += 1
        for i in humans:
            sheet = outcome.scores[i]
            for k, c in enumerate((*CATEGORIES, "total")):
                sums[k] += getattr(sheet, c)
            seats_counted += 1
    bests = personal_bests(FinishedIndex(store.dirs))
    assert {r.level: [r.wins, r.losses] for r in bests.levels} == wins
    assert [r.level for r in bests.levels] == ["easy", "hard"]  # weakest first
    assert sum(r.wins + r.losses for r in bests.levels if r.level == "easy") == 3  # two easy bots: one game
    assert bests.table_seats == seats_counted == 6
    for k, c in enumerate((*CATEGORIES, "total")):
        assert abs(bests.averages[c] - sums[k] / seats_counted) < 1e-9
    assert bests.solo == ()


def test_clearing_hides_earlier_games_and_deletes_none(store: Store) -> None:
    archive(store, finished_game(1, "A", False, 1), 1, [HUMAN])
    archive(store, finished_game(2, "A", False, 11), 2, [HUMAN, bot("easy")])
    index = FinishedIndex(store.dirs)
    assert personal_bests(index).solo and personal_bests(index).levels
    moment = clear(store.dirs, datetime(2026, 1, 5, tzinfo=timezone.utc))
    cleared = personal_bests(index)
    assert (cleared.solo, cleared.levels, cleared.averages, cleared.cleared) == ((), (), {}, moment)
    assert len(index.games()) == 2 and len(store.finished_games()) == 2
    later = archive(store, finished_game(1, "A", False, 2), 9, [HUMAN])
    index.refresh()
    after = personal_bests(index)
    assert [b.file for b in after.solo] == [later.name]
    news = new_solo_best(index, later.name)
    assert news is not None and news.previous is None  # the cleared game no longer counts


def test_unreadable_records_file_means_never_cleared(store: Store) -> None:
    archive(store, finished_game(1, "A", False, 1), 1, [HUMAN])
    (store.dirs.data / "records.json").write_text("{broken")
    bests = personal_bests(FinishedIndex(store.dirs))
    assert bests.cleared is None and len(bests.solo) == 1
