"""Rewrite the golden files of tests/golden/ and print what changed.

For a deliberate change of the rules or of the computer players only: a speed change or a
refactoring must leave every golden file byte-identical (``scripts/test tests/golden`` says so).
Each game of ``GAME_CASES`` is played again and each count of ``POSITIONS`` taken again; a file
whose text differs is rewritten, and for each the first differing line (which command or event,
which position) is printed, with a game's scores before and after. Files of cases no longer listed
are removed.

``--check`` writes nothing and exits 1 if any file would change; ``--out DIR`` writes the files
under DIR instead (to compare two runs, for instance with another PYTHONHASHSEED).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("golden", ROOT / "tests" / "golden" / "golden.py")
assert _spec is not None and _spec.loader is not None
golden = importlib.util.module_from_spec(_spec)
sys.modules["golden"] = golden
_spec.loader.exec_module(golden)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/regen_golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file would change")
    parser.add_argument("--out", type=Path, help="write the files under this folder instead of tests/golden")
    args = parser.parse_args(argv)
    texts: dict[Path, str] = {}
    for case in golden.GAME_CASES:
        game = golden.play_case(case)
        texts[case.path] = golden.render_game(case, game.history, game.deal)
    texts[golden.COUNTS] = golden.render_counts()

    changed = 0
    for path, now in texts.items():
        shown = path.relative_to(ROOT)
        if not path.exists():
            print(f"{shown}: new")
            changed += 1
        else:
            report = golden.describe(shown, golden.read_text(path), now)
            if not report:
                continue
            print(report)
            changed += 1
        if not args.check and args.out is None:
            golden.write_text(path, now)
    stale = sorted(set(golden.GAMES.glob("*.json")) - set(texts))
    for path in stale:
        print(f"{path.relative_to(ROOT)}: no longer a case, removed")
        if not args.check and args.out is None:
            path.unlink()
    changed += len(stale)
    if args.out is not None and not args.check:  # a full set, changed or not, to compare whole folders
        for path, now in texts.items():
            golden.write_text(args.out / path.relative_to(golden.HERE), now)
    print(f"{len(texts)} golden files, {changed} {'differ' if args.check else 'changed'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
