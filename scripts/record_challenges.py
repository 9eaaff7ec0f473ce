"""Record a line of play meeting each challenge's goal (see ``scripts/record_challenges``).

Each recording is the rules' own ``Game.to_json()`` (setup and command log) with the hard player's seed
that played it, in ``tests/data/challenges/<id>.json``. ``--reuse DIR`` first looks through saved games
(``Game.to_json()`` files) in DIR for one of the deal that meets the goal, before playing any.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from harmonies.ai import HardPlayer, make_player, play_game
from harmonies.ai.base import Player
from harmonies.ai.turn_root import CandidateTurn
from harmonies.rules import Colour, Game
from harmonies.rules.cards import LANDSCAPES
from harmonies.session.challenges import Challenge, check_goal, goal_met
from harmonies.session.challenges_file import ChallengesError, challenges_path, load_challenges

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "challenges"


class NoBuildingPlayer(HardPlayer):
    """The hard player's planner without its look-ahead, keeping to the best turns that leave no building on
    the board (for a goal with ``no_building``, which the hard player itself never aims at)."""

    kind = "hard-no-building"

    def plan(self, game: Game, cands: list[CandidateTurn] | None = None) -> CandidateTurn:
        self.planner = self.modes[game.setup.solo][0]
        cands = cands or self.planner.candidates(game)
        for cand in cands:
            if not self._builds(game, cand):
                return cand
        # every good turn builds: the best one with its red tokens put down alone on empty cells instead
        for cand in cands:
            moved = self._reds_apart(game, cand)
            if moved is not None and not self._builds(game, moved):
                return moved
        return cands[0]

    def _builds(self, game: Game, cand: CandidateTurn) -> bool:
        trial = game.clone()
        for cmd in self.planner.commands(game, cand):
            if not trial.apply(cmd).ok:
                return True
        return any(stack in LANDSCAPES["building"] for stack in trial.player(game.current).stacks.values())

    def _reds_apart(self, game: Game, cand: CandidateTurn) -> CandidateTurn | None:
        used = {cell for _, cell in cand.tokens}
        stacks = game.stack_ids(game.current)
        free = [i for i, s in enumerate(stacks) if s == 0 and i not in used]
        tokens = []
        for colour, cell in cand.tokens:
            if colour == Colour.RED:
                if not free:
                    return None
                cell = free.pop()
            tokens.append((colour, cell))
        return replace(cand, tokens=tokens, cubes=[])


def player_for(challenge: Challenge, ai_seed: int) -> tuple[Player, str]:
    """The player that records ``challenge``, and its name in the recording."""
    if any(c.kind == "no_building" for c in challenge.goal):
        return NoBuildingPlayer(ai_seed), NoBuildingPlayer.kind
    return make_player("hard", ai_seed), "hard"


def recorded(challenge: Challenge) -> Game | None:
    """The stored line of play of ``challenge``, if there is one that still meets the goal."""
    path = OUT / f"{challenge.id}.json"
    if not path.exists():
        return None
    game = Game.from_json(json.loads(path.read_text())["game"])
    return game if goal_met(challenge, game) else None


def reused(challenge: Challenge, folder: Path | None) -> tuple[Game, int | None] | None:
    if folder is None:
        return None
    for path in sorted(folder.glob("*.json")):
        game = Game.from_json(json.loads(path.read_text()))
        if goal_met(challenge, game):
            return game, None
    return None


def summary(challenge: Challenge, game: Game) -> str:
    return ", ".join(f"{c.condition.kind} {c.value}{'' if c.met else ' (not met)'}" for c in check_goal(challenge, game))


def write(challenge: Challenge, game: Game, ai_seed: int | None, player: str = "hard") -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    doc = {"challenge": challenge.id, "player": player, "ai_seed": ai_seed, "game": game.to_json()}
    (OUT / f"{challenge.id}.json").write_text(json.dumps(doc, separators=(",", ":")) + "\n")


def rate(challenges: tuple[Challenge, ...], games: int, only: list[str] | None) -> int:
    """How often the weaker players meet each goal: a measure of the order from easy to hard."""
    for challenge in challenges:
        if only and challenge.id not in only:
            continue
        met = {kind: sum(goal_met(challenge, play_game(challenge.setup, [make_player(kind, seed)]))
                         for seed in range(1, games + 1)) for kind in ("random", "easy", "medium")}
        print(f"{challenge.number:>2} {challenge.id:<16} " + "  ".join(f"{k} {n}/{games}" for k, n in met.items()),
              flush=True)
    return 0


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tries", type=int, default=3, help="hard player seeds to try per challenge (default 3)")
    p.add_argument("--only", nargs="*", default=None, metavar="ID")
    p.add_argument("--reuse", type=Path, default=None, metavar="DIR")
    p.add_argument("--force", action="store_true", help="play again even where a recording still meets the goal")
    p.add_argument("--rate", type=int, default=0, metavar="N",
                   help="record nothing: print how many of N games the random, easy and medium players meet each goal in")
    args = p.parse_args(argv)
    try:
        challenges = load_challenges(challenges_path())
    except ChallengesError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.rate:
        return rate(challenges, args.rate, args.only)
    missing = 0
    for challenge in challenges:
        if args.only and challenge.id not in args.only:
            continue
        if not args.force and recorded(challenge) is not None:
            print(f"{challenge.id}: kept")
            continue
        found = reused(challenge, args.reuse)
        if found is not None:
            write(challenge, found[0], found[1], player_for(challenge, 0)[1])
            print(f"{challenge.id}: reused ({summary(challenge, found[0])})")
            continue
        for ai_seed in range(1, args.tries + 1):
            t0 = time.perf_counter()
            player, kind = player_for(challenge, ai_seed)
            game = play_game(challenge.setup, [player])
            took = time.perf_counter() - t0
            if goal_met(challenge, game):
                write(challenge, game, ai_seed, kind)
                print(f"{challenge.id}: met by hard seed {ai_seed} in {took:.0f} s ({summary(challenge, game)})")
                break
            print(f"{challenge.id}: hard seed {ai_seed} fell short ({summary(challenge, game)})", flush=True)
        else:
            missing += 1
            print(f"{challenge.id}: NOT MET in {args.tries} tries: lower the goal or change the deal")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
