"""A save that fails for real is reported with its folder and the system's reason, then retried (SaveSlot)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from harmonies.session import SaveSlot
from harmonies.persist import Store
from harmonies.rules import Game, GameSetup

# Run in a child: a file-size limit of a few hundred bytes would also stop pytest's own writes.
_SIZE_LIMIT_CHILD = textwrap.dedent("""
    import json, resource, signal, sys
    from pathlib import Path
    from harmonies.session import SaveSlot
    from harmonies.rules import Game, GameSetup
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)       # a write over the limit fails with EFBIG instead
    slot = SaveSlot(Path(sys.argv[1]))
    game = Game.new(GameSetup(players=2, seed=3))
    resource.setrlimit(resource.RLIMIT_FSIZE, (200, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    slot.autosave(game, {})
    p = slot.problem
    print(json.dumps({"code": p and p.code, "folder": p and str(p.folder), "reason": p and p.reason,
                      "unsaved": slot.unsaved}))
""")


def _game() -> Game:
    game = Game.new(GameSetup(players=2, seed=3))
    assert game.apply(game.legal_commands()[0]).ok
    return game


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file-size limits")
def test_a_file_size_limit_is_reported_with_the_folder_and_reason(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", _SIZE_LIMIT_CHILD, str(tmp_path / "data")], capture_output=True,
                         text=True, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert result["code"] == "EFBIG" and result["folder"] == str(tmp_path / "data")
    assert result["reason"] and result["unsaved"] is True
    assert not (tmp_path / "data" / "autosave.json").exists()


def test_a_failed_save_is_retried_by_the_next_one(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    slot = SaveSlot(folder)
    assert slot.problem is None
    folder.rename(tmp_path / "away")
    folder.write_text("a file where the data folder was", encoding="utf-8")
    game = _game()
    slot.autosave(game, {})
    assert slot.problem is not None and slot.problem.folder == folder and slot.unsaved
    assert slot.has_current()                             # kept in memory: Continue still has it
    loaded = slot.load_continue()
    assert loaded is not None and loaded[0].to_json() == game.to_json()
    folder.unlink()
    slot.autosave(game, {})
    assert slot.problem is None and not slot.unsaved
    saved = Store(folder).load_autosave()
    assert saved is not None and saved.game.to_json() == game.to_json()


def test_a_new_game_never_overwrites_a_game_it_could_not_keep(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    slot = SaveSlot(folder)
    old = _game()
    slot.autosave(old, {})
    (folder / "in-progress").write_text("a file where the folder goes", encoding="utf-8")
    slot.begin_new()
    slot.autosave(Game.new(GameSetup(players=2, seed=9)), {})
    assert slot.problem is not None and slot.unsaved      # said, not silently overwritten
    saved = Store(folder).load_autosave()
    assert saved is not None and saved.game.to_json() == old.to_json()
