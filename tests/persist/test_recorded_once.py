"""A game is recorded once: its identity (setup and command log) decides, not its file name (issue 42, points 2-3).

Archiving, rescuing and importing a game the archive holds adds nothing; the lookup is one query on
the index of finished games; records written before identities were stored are matched by their
setup and commands. A finished game whose archive meets a real full disk (``RLIMIT_FSIZE`` in a child
process) is archived once, with its real start time, as soon as a save works again, and its stale
autosave is never offered by Continue.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from harmonies.persist import Store, document
from harmonies.persist.identity import META_KEY, identity_of, identity_of_json
from harmonies.persist.index import INDEX_NAME, SCHEMA_VERSION, FinishedIndex
from harmonies.persist.share import import_finished
from harmonies.persist.store import archive_name
from harmonies.rules import Game

from lock_holder import ROOT
from records_helpers import HUMAN, bot, finished_game

OLD = ROOT / "tests" / "data" / "saves" / "0.1.0"


def seats(game: Game) -> list[dict[str, str]]:
    return [HUMAN] + [bot("easy")] * (game.setup.players - 1)


def test_the_identity_is_the_setup_and_the_command_log(tmp_path: Path) -> None:
    game = finished_game(3)
    store = Store(tmp_path)
    path = store.archive_finished(game, {"seats": seats(game)})
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["meta"][META_KEY] == identity_of(game) == identity_of_json(doc["game"])
    assert len(identity_of(game)) == 64
    shorter = Game.replay(game.setup, game.history[:-1], game.cards)
    assert identity_of(shorter) != identity_of(game)
    assert identity_of(finished_game(3, seed=2)) != identity_of(game)
    # key order and spacing in a file do not change it
    shuffled = {"commands": [dict(reversed(list(c.items()))) for c in doc["game"]["commands"]],
                "setup": dict(reversed(list(doc["game"]["setup"].items()))), "format": 1}
    assert identity_of_json(shuffled) == identity_of(game)
    with pytest.raises(ValueError):
        identity_of_json({"setup": {}, "commands": "none"})


def test_archiving_a_game_the_archive_holds_adds_nothing_whatever_its_start_time(tmp_path: Path) -> None:
    game = finished_game(2)
    store = Store(tmp_path)
    first = store.archive(game, {"seats": seats(game), "started": "2026-01-01T10:00:00+00:00"})
    again = Store(tmp_path).archive(game, {"seats": seats(game), "started": "2026-02-02T10:00:00+00:00"})
    assert first.fresh and not again.fresh and again.path == first.path
    assert list(store.dirs.finished.glob("*.json")) == [first.path]
    other = Store(tmp_path).archive(finished_game(2, seed=7), {"started": "2026-02-02T10:00:00+00:00"})
    assert other.fresh and len(list(store.dirs.finished.glob("*.json"))) == 2


def test_the_same_game_imported_under_forty_other_names_is_accepted_once(tmp_path: Path) -> None:
    game = finished_game(2)
    friend = tmp_path / "friend"
    friend.mkdir()
    text = document.dumps(document.encode(game, {"seats": seats(game)}, document.KIND_FINISHED))
    files = []
    for n in range(41):
        doc = json.loads(text)
        doc["meta"] = {"seats": [{"name": f"Ann {n}", "kind": "human"}, bot("easy", f"Bot {n}")],
                       "started": f"2025-03-{1 + n % 28:02d}T{n % 24:02d}:00:00+00:00"}
        doc["meta"][META_KEY] = "0" * 64  # a file's own claim is never trusted: the identity is computed
        path = friend / f"copy-{n:02d}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        files.append(path)
    data = tmp_path / "data"
    done = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(data), "import", *map(str, files)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 41 and "imported as" in lines[0]
    assert all("already in the archive as" in line for line in lines[1:])
    assert len(list((data / "finished").glob("*.json"))) == 1
    history = subprocess.run([sys.executable, "-m", "harmonies", "--data-dir", str(data), "history"],
                             cwd=ROOT, capture_output=True, text=True, timeout=120, check=True).stdout
    [easy] = [line for line in history.splitlines() if "against easy:" in line]
    assert sum(int(word) for word in easy.replace(",", " ").split() if word.isdigit()) == 1  # one game, not 41


def test_records_of_earlier_versions_are_matched_by_their_setup_and_commands(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    store.dirs.finished.mkdir(parents=True)
    old = OLD / "finished-3p-A.json"
    assert META_KEY not in json.loads(old.read_text(encoding="utf-8")).get("meta", {})
    (store.dirs.finished / old.name).write_bytes(old.read_bytes())
    game = store.load_finished(store.dirs.finished / old.name).game
    again = import_finished(store, old)
    assert not again.fresh and again.path == store.dirs.finished / old.name
    assert not store.archive(game, {"started": "2030-01-01T00:00:00+00:00"}).fresh
    assert len(list(store.dirs.finished.glob("*.json"))) == 1


def test_an_index_of_the_schema_before_identities_is_rebuilt_with_them(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = finished_game(1)
    store.archive_finished(game, {})
    FinishedIndex(store.dirs).count()          # the index as this version builds it
    index_path = tmp_path / INDEX_NAME
    with sqlite3.connect(index_path) as conn:  # what an earlier version left: another schema, no identity column
        conn.execute("UPDATE info SET value = '1' WHERE key = 'schema'")
        conn.execute("DROP INDEX games_by_identity")
        conn.execute("ALTER TABLE games DROP COLUMN identity")
    index = FinishedIndex(store.dirs)
    assert index.recorded_as(identity_of(game)) is not None and index.rebuilt
    with sqlite3.connect(index_path) as conn:
        assert conn.execute("SELECT value FROM info WHERE key = 'schema'").fetchone()[0] == str(SCHEMA_VERSION)


def test_finding_a_recorded_game_reads_no_record_when_the_index_is_up_to_date(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    games = [finished_game(p, seed=s) for p in (1, 2) for s in (1, 2, 3)]
    for n, game in enumerate(games):
        store.archive_finished(game, {"started": f"2026-01-{n + 1:02d}T10:00:00+00:00"})
    FinishedIndex(store.dirs).games()

    def no_reading(*args: object) -> None:
        raise AssertionError("a record was read")

    monkeypatch.setattr(FinishedIndex, "_read", no_reading)
    monkeypatch.setattr(document, "read_limited", no_reading)
    assert store.recorded(identity_of(games[4])) is not None
    assert store.recorded(identity_of(finished_game(3))) is None


# The child runs the two sessions of a player: an earlier one left the game in progress at three
# quarters (started at a known time); this one continues it, and the archive at its end meets a real
# full disk (a file-size limit below the record's size, set in the child only).
_FULL_DISK_CHILD = textwrap.dedent("""
    import json, resource, signal, sys
    from pathlib import Path
    from harmonies.ai import play_random_game
    from harmonies.persist import Store
    from harmonies.persist.lock import lock_folder
    from harmonies.rules import Game, GameSetup
    from harmonies.session import SaveSlot
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)       # a write over the limit fails with EFBIG instead
    data, rescue, mode = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    lock = lock_folder(data)                            # as the window holds its folder
    full = play_random_game(GameSetup(players=2, seed=11), 11)
    n = len(full.history)
    seats = {"seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "computer", "level": "easy"}]}
    earlier = Game.replay(full.setup, full.history[: n - 4], full.cards)
    Store(data).autosave(earlier, dict(seats, started="2021-03-04T05:06:07+00:00"))
    slot = SaveSlot(data)
    game, meta = slot.load_continue()
    meta = {"seats": meta["seats"]}                     # the play screen saves its seats only
    for cmd in full.history[n - 4: -1]:
        game.apply(cmd)
        slot.autosave(game, meta)
    hard = resource.getrlimit(resource.RLIMIT_FSIZE)[1]
    resource.setrlimit(resource.RLIMIT_FSIZE, (data.joinpath("autosave.json").stat().st_size, hard))
    game.apply(full.history[-1])
    slot.autosave(game, meta)
    full_disk = {"code": slot.problem and slot.problem.code, "unsaved": slot.unsaved,
                 "records": len(list(data.glob("finished/*.json"))), "has_current": slot.has_current(),
                 "continue": [g.current for g in slot.games()], "loaded": slot.load_continue() is not None,
                 "retry": slot.retry(), "autosave_left": data.joinpath("autosave.json").exists(),
                 "set_aside": [p.name for p in data.glob("autosave.superseded-*.json")]}
    resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))   # space again
    rescued = None
    if mode == "new game":
        rescued = str(slot.save_elsewhere(rescue).path)      # a rescue first, into another folder
        slot.begin_new()
        slot.autosave(Game.new(GameSetup(players=1, seed=3)), seats)
    else:
        slot.retry()                                    # what the menu does every two seconds
    print(json.dumps({"full_disk": full_disk, "rescued": rescued, "problem": slot.problem is not None,
                      "unsaved": slot.unsaved, "identity_of": game.to_json()}))
""")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file-size limits")
@pytest.mark.parametrize("mode", ["new game", "menu retry"])
def test_a_finished_game_that_met_a_full_disk_is_archived_once_with_its_real_start(tmp_path: Path, mode: str) -> None:
    data, rescue = tmp_path / "data", tmp_path / "rescue"
    out = subprocess.run([sys.executable, "-c", _FULL_DISK_CHILD, str(data), str(rescue), mode], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    during = result["full_disk"]
    assert during["code"] == "EFBIG" and during["unsaved"] and during["records"] == 0
    assert not during["has_current"] and True not in during["continue"] and not during["loaded"]
    assert during["retry"] is False                        # the disk is still full: the notice stays
    # a rename needs no space: the stale autosave is set aside at once, so no later session continues it
    assert not during["autosave_left"] and len(during["set_aside"]) == 1
    assert not result["problem"] and not result["unsaved"]  # the folder works again: the notice goes
    game = Game.from_json(result["identity_of"])
    started = "2021-03-04T05:06:07+00:00"
    [record] = list((data / "finished").glob("*.json"))
    assert record.name == archive_name(game.setup, started)
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert doc["meta"]["started"] == started and doc["meta"][META_KEY] == identity_of(game)
    saved = Store(data).load_autosave()                    # the stale autosave: set aside, never continued
    assert saved is None if mode == "menu retry" else saved is not None and saved.game.setup != game.setup
    assert not list(data.glob("in-progress/*.json"))
    if mode == "new game":
        [kept] = list((rescue / "finished").glob("*.json"))
        assert str(kept) == result["rescued"] and kept.name == record.name   # its real start time there too
