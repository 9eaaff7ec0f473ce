"""``harmonies review FILE [--seat N] [--json]``: a game's review on the command line.

For each complete turn of the seat: the played turn and the hard player's best turn, readable, with
the seat's expected final score after each, the loss and its standard error, the mark and why; then
the summary (expected points lost, accuracy, the costliest turns). ``--json`` prints one JSON object
instead (:func:`harmonies.persist.reviews.review_to_json`, plus the file and whether the game is over).

A finished game, a game in progress (reviewed up to its last complete turn) or a bare game log are
accepted, written by this version or an earlier one. A file that cannot be read, is not a game, does
not replay, or holds no complete turn of the seat gets one line on stderr and exit status 1. A game
recorded in the data folder's ``finished/`` keeps its review beside it (:mod:`harmonies.persist.reviews`),
so a second run prints it at once.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .ai.review import GameReview, TurnReview, review_game, seat_turns
from .ai.review_text import mark_text, points_text, reasons_text, summary_text, turn_text
from .catalogue import Catalogue, english
from .persist import document
from .persist.identity import identity_of, recorded_identity
from .persist.paths import resolve_dirs
from .persist.reviews import Reviews, review_to_json
from .rules import CardSet, Game


class ReviewInputError(Exception):
    """What makes a file unreviewable, in one line (the file's name comes first)."""


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """The ``review`` command's options, added to ``harmonies``' command parser."""
    p = sub.add_parser("review", parents=[common], help="the hard player's turn-by-turn review of a game")
    p.add_argument("file", type=Path, help="a finished game, a save of a game in progress, or a game log")
    p.add_argument("--seat", type=int, default=None,
                   help="the seat to review, from 0 (default: the first human seat, else 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--samples", type=int, default=None, help="sampled futures per turn (default: the game's)")


def run(args: argparse.Namespace, cards: CardSet) -> int:
    """The review command: 0 when the review is printed, 1 for a file that cannot be reviewed."""
    path: Path = args.file
    try:
        game, meta, kind = _read(path, cards)
        seat = _seat(game, meta, args.seat, path)
        turns = seat_turns(Game.new(game.setup, game.cards, game.deal), game.history, seat)
        if not turns:
            raise ReviewInputError(f"{path}: seat {seat} has no complete turn to review yet")
        if args.samples is not None and args.samples < 2:
            raise ReviewInputError(f"--samples must be 2 or more, not {args.samples}")
    except ReviewInputError as e:
        print(f"harmonies review: {e}", file=sys.stderr)
        return 1
    keep = _keeper(args, path, game, meta)
    review = keep[0].load(path, keep[1], seat) if keep is not None and args.samples is None else None
    if review is None:
        review = review_game(game.setup, game.history, seat, cards=game.cards, deal=game.deal, samples=args.samples,
                             progress=_progress if sys.stderr.isatty() else None)
        if keep is not None and args.samples is None:
            keep[0].save(path, keep[1], review)
    for note in keep[0].notes if keep is not None else []:
        print(f"harmonies review: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps({"file": str(path), "kind": kind, "over": game.over, **review_to_json(review)},
                         ensure_ascii=False))
    else:
        _print(english(), review, game)
    return 0


def _read(path: Path, cards: CardSet) -> tuple[Game, dict[str, Any], str]:
    try:
        data = document.read_limited(path)
    except OSError as e:
        raise ReviewInputError(f"{path}: cannot read it ({e.strerror or e})") from None
    try:
        return document.decode(document.parse_json(data), cards)
    except document.SaveFormatError as e:
        raise ReviewInputError(f"{path}: {e}") from None
    except RecursionError:
        raise ReviewInputError(f"{path}: the file is nested too deeply to read") from None
    except Exception as e:  # decoding promises SaveFormatError; a surprise must still be one line
        raise ReviewInputError(f"{path}: it cannot be read ({type(e).__name__}: {e})"[:300]) from None


def _seat(game: Game, meta: dict[str, Any], asked: int | None, path: Path) -> int:
    players = game.setup.players
    if asked is not None:
        if not 0 <= asked < players:
            raise ReviewInputError(f"{path}: --seat must be 0 to {players - 1} for this {players}-player game, "
                                   f"not {asked}")
        return asked
    seats = meta.get("seats")
    if isinstance(seats, list):
        for n, seat in enumerate(seats[:players]):
            if isinstance(seat, dict) and seat.get("kind") == "human":
                return n
    return 0


def _keeper(args: argparse.Namespace, path: Path, game: Game, meta: dict[str, Any]) -> tuple[Reviews, str] | None:
    """Where the review is kept: only for a finished game recorded in the data folder's ``finished/``."""
    dirs = resolve_dirs(args.data_dir)
    try:
        inside = game.over and path.resolve().parent == dirs.finished.resolve()
    except OSError:
        return None
    if not inside:
        return None
    identity = recorded_identity({"meta": meta}) or identity_of(game)
    return Reviews(dirs), identity


def _progress(k: int, n: int) -> None:
    print(f"\rharmonies review: turn {k} of {n}", end="" if k < n else "\n", file=sys.stderr, flush=True)


def _print(cat: Catalogue, review: GameReview, game: Game) -> None:
    seat = review.seat
    state = "" if game.over else " (a game in progress: up to its last complete turn)"
    print(f"Review of seat {seat}{state}: each turn against the hard player's, in expected final points")
    for t in review.turns:
        _print_turn(cat, t)
    print()
    print(summary_text(cat, review))
    if any(t.stderr > 0 for t in review.turns):
        print(cat.t("review_view.margin"))   # what the ± of the turns above means
    costly = review.costliest(3)
    if costly:
        print("Costliest turns: " + ", ".join(f"turn {t.turn + 1} (round {t.round}, {points_text(cat, t.loss)})"
                                              for t in costly))


def _print_turn(cat: Catalogue, t: TurnReview) -> None:
    print()
    print(f"Turn {t.turn + 1}, round {t.round} (step {t.step}): {mark_text(cat, t.mark)}, "
          f"loss {t.loss:.1f} ± {t.stderr:.1f} ({t.samples} sampled futures)")
    print(f"  played: {turn_text(cat, t.played)}  → expected {t.played_value:.1f}")
    if not t.same:
        print(f"  best:   {turn_text(cat, t.best)}  → expected {t.best_value:.1f}")
    print(f"  {reasons_text(cat, t)}")
