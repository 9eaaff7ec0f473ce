"""``harmonies replay FILE...``: check saves and finished games by replaying them through the rules.

For each file, one JSON line on stdout, in the order given (:mod:`harmonies.batch`): the scores the
replay reaches (final scores, winners and (solo) suns for a finished game, the current scores for a
game in progress), or, for a file that cannot be read or does not replay, ``{"file", "error"}`` with
the reason, which also gets one line on stderr; the exit status is then 1. Files are only read
here, never moved.

Exit status: 0 all files replay; 1 some file does not; 2 bad arguments or a bad ``--cards`` file.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..batch import run_batch
from ..rules import USER_CARDS_SECONDS, CardSet, CardsError, Game, default_cards, load_cards
from . import document


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harmonies replay",
                                description="Check saved or finished games by replaying them; print their scores.")
    p.add_argument("--cards", metavar="PATH", help="cards file the games were played with")
    p.add_argument("--data-dir", metavar="DIR", help="accepted for symmetry with the other commands; unused")
    p.add_argument("files", nargs="+", metavar="FILE", help="save or finished-game files")
    return p


def report(game: Game, kind: str, path: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """What ``replay`` prints for one replayed game."""
    out: dict[str, Any] = {
        "file": str(path),
        "kind": kind,
        "setup": game.to_json()["setup"],
        "commands": len(game.history),
        "over": game.over,
        "round": game.round,
    }
    seats = meta.get("seats")
    if isinstance(seats, list):
        out["names"] = [s.get("name") if isinstance(s, dict) else None for s in seats]
    if game.outcome is not None:
        outcome = game.outcome.to_json()
        out["scores"] = outcome["scores"]
        out["winners"] = outcome["winners"]
        out["tiebreak"] = outcome["tiebreak"]
        if "suns" in outcome:
            out["suns"] = outcome["suns"]
    else:
        out["current"] = game.current
        out["scores"] = [game.score(i).to_json() for i in range(game.setup.players)]
    return out


def replay_file(path: Path, cards: CardSet) -> dict[str, Any]:
    """Replay one file; ``SaveFormatError`` (or ``OSError``) says why it does not."""
    data = document.read_limited(path)
    game, meta, kind = document.decode(document.parse_json(data), cards)
    return report(game, kind, path, meta)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the replay command. ``argv`` may start with the top-level options and the word ``replay``,
    as ``harmonies.cli`` passes it on whole."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(args_list)
    files: list[str] = args.files
    if files[0] == "replay" and len(files) > 1:
        files = files[1:]
    try:
        cards = load_cards(args.cards, cpu_limit=USER_CARDS_SECONDS) if args.cards else default_cards()
    except CardsError as e:
        print(f"harmonies replay: {e}", file=sys.stderr)
        return 2
    return run_batch("replay", [Path(name) for name in files], lambda path: replay_file(path, cards), _failure)


def _failure(path: Path, exc: Exception) -> str:
    """Why a file does not replay, starting with its name."""
    if isinstance(exc, document.SaveFormatError):
        return f"{path}: {exc}"
    if isinstance(exc, OSError):
        return f"{path}: cannot read it ({exc.strerror or exc})"
    return f"{path}: does not replay ({type(exc).__name__}: {exc})"


if __name__ == "__main__":
    sys.exit(main())
