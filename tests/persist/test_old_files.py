"""Saves and finished games written by earlier versions keep loading (tests/data/saves/<version>/)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harmonies.persist import Store
from harmonies.persist.index import FinishedIndex
from harmonies.persist.share import import_finished

OLD = Path(__file__).resolve().parents[1] / "data" / "saves"
VERSIONS = sorted(p for p in OLD.iterdir() if p.is_dir())
FINISHED = sorted(p for v in VERSIONS for p in v.glob("*.json") if "autosave" not in p.name)
SAVES = sorted(p for v in VERSIONS for p in v.glob("autosave*.json"))


def test_there_are_old_files_to_check() -> None:
    assert VERSIONS and len(FINISHED) >= 3 and SAVES


@pytest.mark.parametrize("save", SAVES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_old_game_in_progress_continues(tmp_path: Path, save: Path) -> None:
    store = Store(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    shutil.copy(save, store.autosave_path)
    loaded = store.load_autosave()
    assert loaded is not None and not loaded.game.over
    assert loaded.game.taken_tokens_this_turn  # mid-turn, as it was saved
    assert loaded.meta["seats"][0]["name"] == "Ann"
    assert loaded.game.legal_commands()


@pytest.mark.parametrize("old", FINISHED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_old_finished_game_loads_lists_and_imports(tmp_path: Path, old: Path) -> None:
    archive = Store(tmp_path / "as-archived")
    archive.dirs.finished.mkdir(parents=True)
    shutil.copy(old, archive.dirs.finished / old.name)
    game, meta = archive.load_finished(archive.dirs.finished / old.name)
    assert game.over
    [listed] = FinishedIndex(archive.dirs).games()
    assert listed.totals == tuple(s.total for s in game.outcome.scores)  # type: ignore[union-attr]
    imported = import_finished(Store(tmp_path / "imported"), old)
    assert imported.fresh
    again, _ = Store(tmp_path / "imported").load_finished(imported.path)
    assert again.to_json() == game.to_json()
