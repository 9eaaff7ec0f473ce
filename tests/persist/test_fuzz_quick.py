"""A few dozen trials of scripts/fuzz in-process: damaged files of every kind end accepted or refused.

The big run (thousands of trials, each bounded in time in a worker process) is ``scripts/fuzz``.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _fuzz_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("harmonies_fuzz", ROOT / "scripts" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


fuzz = _fuzz_module()
GOOD = fuzz.seeds()


@pytest.mark.parametrize("target", [t for t in fuzz.TARGETS if t not in ("cards", "cards-app")])
def test_damaged_files_are_accepted_or_refused(tmp_path: Path, target: str) -> None:
    rng = random.Random(target)
    kind = fuzz.KIND_OF[target]
    seen = set()
    # At least 6 trials, and more (up to 20) until one is refused: lenient loaders (settings) accept
    # most damage, so how many trials a refusal takes depends on the shape of the good file.
    for n in range(20):
        folder = tmp_path / str(n)
        folder.mkdir()
        data = fuzz.damage(kind, rng.choice(GOOD[kind]), rng)
        outcome, detail = fuzz.run_trial(target, data, folder)
        assert outcome in ("accepted", "refused"), detail
        seen.add(outcome)
        if n >= 5 and "refused" in seen:
            break
    assert "refused" in seen


def test_damaged_cards_files_are_accepted_or_refused(tmp_path: Path) -> None:
    rng = random.Random(3)
    for n, target in enumerate(["cards", "cards-app"] * 2):
        folder = tmp_path / str(n)
        folder.mkdir()
        outcome, detail = fuzz.run_trial(target, fuzz.damage("cards", GOOD["cards"][0], rng), folder)
        assert outcome in ("accepted", "refused"), detail


def test_a_crash_is_counted_as_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tool must see what it looks for: a loader that raises is a crash, not a refusal.
    def broken(self: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(fuzz.Store, "load_autosave", broken)
    outcome, detail = fuzz.run_trial("autosave", GOOD["save"][0], tmp_path)
    assert outcome == "crashed" and "KeyError" in detail
