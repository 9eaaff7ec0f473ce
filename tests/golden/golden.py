"""Pinned playthroughs: seeded games and move counts whose text is stored under tests/golden/.

Two kinds of file, both written by ``scripts/regen_golden`` and compared byte for byte by the tests
beside this module:

* ``games/<case>.json``: one seeded game per :class:`GameCase`. Its seats are played by the computer
  players of ``harmonies.ai`` (seeded as ``harmonies simulate`` seeds them), the command log is
  replayed through ``Game.apply``, and the file holds the case, the deal its seed made (one line, in
  the deal JSON of saves), every command (one line, in the command JSON of saves) followed by its
  events (one indented line each), then the scores.
* ``counts.json``: for each position of :data:`POSITIONS` (built with ``Game.from_position``), the
  number of legal commands by kind, the token moves per colour in hand, the cube cells per card, and
  perft counts: the number of sequences of two and of three legal commands from the position.

Every line is ``json.dumps`` with sorted keys, so a file is stable text that diffs one command or
event at a time, and any change to the rules or the players shows as a changed line.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from harmonies.ai import HardPlayer, Player, RandomPlayer, make_player, take_turn
from harmonies.rules import (
    Colour, Command, Deal, Event, Game, GameSetup, Hex, Outcome, Position, Rejected, SeatPosition, Undone,
    command_from_json, command_to_json,
)
from harmonies.rules.saves import deal_json, read_deal_json

HERE = Path(__file__).resolve().parent
GAMES = HERE / "games"
COUNTS = HERE / "counts.json"

REGEN = "scripts/regen_golden"
ADVICE = (f"A speed change or a refactoring must leave the golden files byte-identical. Only for a deliberate "
          f"change of the rules or of the computer players, run {REGEN} and commit the files it rewrites "
          f"(it prints what changed).")


# ----------------------------------------------------------------------------- the games
@dataclass(frozen=True)
class GameCase:
    """A seeded game: seat ``n`` is played by a computer player of ``kinds[n]``.

    The first ``opening`` turns are played by random players instead (to reach a late position
    cheaply); ``turns`` cuts the game after that many turns in all (None: to its end).
    """

    name: str
    kinds: tuple[str, ...]
    seed: int
    side: str = "A"
    spirits: bool = False
    opening: int = 0
    turns: int | None = None

    @property
    def setup(self) -> GameSetup:
        return GameSetup(len(self.kinds), self.side, self.spirits, seed=self.seed)

    @property
    def path(self) -> Path:
        return GAMES / f"{self.name}.json"

    def about(self) -> dict[str, Any]:
        return {"kinds": list(self.kinds), "name": self.name, "opening": self.opening, "seed": self.seed,
                "side": self.side, "spirits": self.spirits, "turns": self.turns}


GAME_CASES: tuple[GameCase, ...] = (
    GameCase("random-1-A", ("random",), seed=101),
    GameCase("random-1-B-spirits", ("random",), seed=102, side="B", spirits=True),
    GameCase("random-2-A-spirits", ("random",) * 2, seed=201, spirits=True),
    GameCase("random-2-B", ("random",) * 2, seed=202, side="B"),
    GameCase("random-3-B-spirits", ("random",) * 3, seed=301, side="B", spirits=True),
    GameCase("random-4-A", ("random",) * 4, seed=401),
    GameCase("random-4-B-spirits", ("random",) * 4, seed=402, side="B", spirits=True),
    GameCase("easy-1-A-spirits", ("easy",), seed=11, spirits=True),
    GameCase("medium-1-B", ("medium",), seed=12, side="B"),
    GameCase("easy-medium-2-A-spirits", ("easy", "medium"), seed=21, spirits=True),
    GameCase("medium-easy-random-3-B", ("medium", "easy", "random"), seed=31, side="B"),
    # The hard player spends most of a solo game's time on its first turns: one game is cut after
    # its first turn, and another is opened by a random player and finished by the hard one.
    GameCase("hard-1-A-opening", ("hard",), seed=3, turns=1),
    GameCase("hard-1-B-ending", ("hard",), seed=4, side="B", opening=7),
)


def player_for(kind: str, seed: int) -> Player:
    """The player of ``kind``; the hard one without its helper process (it plays the same turns
    either way, and a test run starts no process)."""
    return HardPlayer(seed, helper=False) if kind == "hard" else make_player(kind, seed)


def play_case(case: GameCase) -> Game:
    """The game of ``case``, played by its players as ``harmonies simulate`` seeds them."""
    game = Game.new(case.setup)
    seats = [player_for(kind, case.seed * 8 + n) for n, kind in enumerate(case.kinds)]
    openers = [RandomPlayer(case.seed * 8 + n) for n in range(len(case.kinds))]
    turn = 0
    while not game.over and (case.turns is None or turn < case.turns):
        players = openers if turn < case.opening else seats
        take_turn(players[game.current], game)
        turn += 1
    return game


def _plain(value: Any) -> Any:
    """An event field as JSON: colours by id, cells and tuples as lists, commands and outcomes in
    their own JSON forms."""
    if isinstance(value, Colour):
        return value.label
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Outcome):
        return value.to_json()
    return value


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def event_json(event: Event) -> dict[str, Any]:
    """``{"event": "token_placed", "player": 0, "colour": "gray", ...}``: the event's kind and fields."""
    out: dict[str, Any] = {"event": _snake(type(event).__name__)}
    for name in (f.name for f in fields(event)):  # in declaration order, compiled or not
        value = getattr(event, name)
        out[name] = command_to_json(value) if isinstance(event, Undone) and name == "command" else _plain(value)
    return out


def _line(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def render_game(case: GameCase, commands: Sequence[Command], deal: Deal | None) -> str:
    """The golden text of ``case`` whose deal is ``deal`` and command log ``commands``: each command
    replayed through ``Game.apply`` on a new game of the case's setup set out from the deal, with the
    events it returns."""
    game = Game.new(case.setup, deal=deal)
    if game.deal is None:
        raise ValueError(f"{case.name}: the game has no deal to pin")
    lines = ["{", f'"about": {_line("A pinned playthrough. Written by " + REGEN + "; do not edit.")},',
             f'"case": {_line(case.about())},', f'"deal": {_line(deal_json(game.deal))},', '"log": [']
    log: list[str] = []
    for n, cmd in enumerate(commands):
        result = game.apply(cmd)
        if isinstance(result, Rejected):
            raise ValueError(f"{case.name}: command {n} {command_to_json(cmd)} is refused: {result}")
        log.append(_line(command_to_json(cmd)))
        log += ["  " + _line(event_json(ev)) for ev in result.events]
    lines += [line + "," for line in log[:-1]] + log[-1:]
    lines += ["],", f'"final": {_line(final(game))}', "}"]
    return "\n".join(lines) + "\n"


def final(game: Game) -> dict[str, Any]:
    """Where the game stands at its end (or where it was cut): each seat's score, and the outcome."""
    outcome = game.outcome
    return {
        "commands": len(game.history),
        "end_reason": game.end_reason,
        "over": game.over,
        "scores": [game.score(n).total for n in range(game.setup.players)],
        "suns": outcome.suns.total if outcome is not None and outcome.suns is not None else None,
        "winners": list(outcome.winners) if outcome is not None else None,
    }


def stored_deal(text: str) -> Deal:
    """The deal of a golden game file."""
    return read_deal_json(json.loads(text)["deal"])


def stored_commands(text: str) -> list[Command]:
    """The command log of a golden game file (its unindented lines under "log")."""
    data = json.loads(text)
    return [command_from_json(entry) for entry in data["log"] if "do" in entry]


# ----------------------------------------------------------------------------- the counts
_LETTERS = {"B": Colour.BLUE, "G": Colour.GRAY, "N": Colour.BROWN, "E": Colour.GREEN, "Y": Colour.YELLOW,
            "R": Colour.RED}


def tokens(letters: str) -> tuple[Colour, ...]:
    """Colours by letter: B blue, G gray, N brown, E green, Y yellow, R red (``"GGR"``)."""
    return tuple(_LETTERS[c] for c in letters)


def stacks(text: str) -> dict[Hex, tuple[Colour, ...]]:
    """A board as ``"q,r=STACK ..."``, each stack bottom to top in the letters of :func:`tokens`."""
    board: dict[Hex, tuple[Colour, ...]] = {}
    for item in text.split():
        cell, stack = item.split("=")
        q, r = cell.split(",")
        board[(int(q), int(r))] = tokens(stack)
    return board


# Ten positions of different phases; what each leaves out (None) is dealt from its setup's seed.
# The boards are those of seeded games of medium players at the point each name says.
POSITIONS: dict[str, Position] = {
    # the first turn of a game: every space, card and token dealt
    "start-2-A": Position(GameSetup(2, "A", False, seed=10)),
    # solo with spirits, first turn: the spirit choice comes before anything else
    "spirit-choice-1-B-spirits": Position(GameSetup(1, "B", True, seed=11)),
    "start-of-turn-3-A": Position(
        GameSetup(3, "A", False, seed=1), current=0, round=4, seats=(
            SeatPosition(board=stacks("0,0=NE 0,1=Y 0,2=Y 0,3=B 0,4=Y 1,1=B 1,2=B 1,3=Y"),
                         cubes={(0, 3): "flamingo", (1, 1): "flamingo"},
                         held={"flamingo": 2, "meerkat": 0, "boar": 0}),
            SeatPosition(board=stacks("0,0=N 0,1=B 0,2=B 1,0=RR 1,1=Y 1,2=B 2,1=G 2,2=G"),
                         cubes={(1, 1): "raccoon"}, held={"raccoon": 1, "peacock": 0, "crow": 0}),
            SeatPosition(board=stacks("0,0=NNE 0,1=Y 0,2=B 0,3=G 1,0=E 1,2=B 1,3=G"),
                         cubes={(1, 2): "ray"}, held={"ray": 1, "fish": 0, "fennec_fox": 0}),
        )),
    # three tokens in hand, a card may still be taken
    "tokens-in-hand-2-B": Position(
        GameSetup(2, "B", False, seed=2), current=0, round=5, hand=tokens("GNY"), taken_space=0, seats=(
            SeatPosition(board=stacks("0,0=NNE 0,1=N 0,2=B 0,3=E 1,0=GR 1,1=G 1,2=G 2,0=GG"),
                         cubes={(0, 2): "ray", (1, 0): "squirrel"},
                         held={"squirrel": 1, "ray": 1, "peacock": 0, "falcon": 0}),
            SeatPosition(board=stacks("0,0=R 0,1=B 0,2=Y 1,0=B 1,1=Y 1,2=B 2,1=GR 2,2=Y 3,0=G 3,1=GR"),
                         cubes={(0, 1): "flamingo", (1, 2): "flamingo", (2, 1): "shrew"},
                         held={"flamingo": 2, "shrew": 1, "rabbit": 0, "lizard": 0}),
        )),
    # spirits at a table of four: the last token in hand, the card taken, one spirit cube placed
    "one-token-left-4-A-spirits": Position(
        GameSetup(4, "A", True, seed=3), current=2, round=4, hand=tokens("R"), taken_space=0, took_card=True,
        seats=(
            SeatPosition(board=stacks("0,0=NNE 0,1=GR 0,2=B 0,3=B 1,1=GR 1,2=G 1,3=B 2,2=G"),
                         cubes={(0, 2): "duck", (1, 2): "penguin"},
                         held={"penguin": 1, "duck": 1, "fennec_fox": 0}, spirit="crane"),
            SeatPosition(board=stacks("0,0=NE 0,1=B 0,2=N 0,4=Y 1,0=B 1,1=G 1,3=Y 2,-1=NNE 2,0=B"),
                         cubes={(0, 1): "alligator"}, held={"peacock": 0, "alligator": 1, "ray": 0}, spirit="owl"),
            SeatPosition(board=stacks("0,0=Y 0,1=Y 0,2=NNE 0,3=G 1,0=B 1,1=B 1,2=G 2,0=Y 3,1=Y"),
                         cubes={(0, 1): "butterfly"}, held={"ladybug": 0, "shrew": 0, "frog": 0, "raccoon": 0},
                         spirit="butterfly", spirit_placed=True),
            SeatPosition(board=stacks("0,0=NE 0,1=Y 0,2=GG 0,3=G 1,0=Y 1,2=B 2,-1=N"),
                         held={"macaque": 0, "bee": 0, "fish": 0}, spirit="ram"),
        )),
    # a start of turn late in a game, with cubes of several cards placeable
    "cubes-placeable-2-A": Position(
        GameSetup(2, "A", False, seed=4), current=1, round=10, seats=(
            SeatPosition(board=stacks("0,0=Y 0,1=Y 0,2=B 0,3=E 0,4=GG 1,0=B 1,1=B 1,3=Y 2,-1=B 2,0=RR 2,1=NNE "
                                      "2,2=Y 2,3=B 3,-1=B 3,0=B 3,1=GG 3,2=GGG 4,-2=NNE 4,0=B 4,1=B 4,2=B"),
                         cubes={(0, 1): "raccoon", (1, 0): "flamingo", (1, 3): "alpaca", (2, 2): "alpaca",
                                (2, 3): "flamingo", (3, 1): "macaque"},
                         held={"raccoon": 1, "flamingo": 2, "macaque": 1, "wolf": 0}, completed=("alpaca",)),
            SeatPosition(board=stacks("0,0=GGG 0,1=GG 0,2=B 0,4=NE 1,0=E 1,1=GG 1,2=G 1,3=Y 2,-1=NE 2,0=RR "
                                      "2,2=G 2,3=NE 3,-1=NE 3,0=NR 3,1=Y 3,2=Y 4,-2=Y 4,-1=NE 4,2=N"),
                         cubes={(1, 0): "bear", (2, -1): "boar", (3, -1): "boar", (4, -1): "boar"},
                         held={"penguin": 0, "bear": 1, "fennec_fox": 0, "arctic_fox": 0}, completed=("boar",)),
        )),
    # solo, the three tokens placed and no card taken (four held): the swap or the end of the turn
    "solo-swap-1-A": Position(
        GameSetup(1, "A", False, seed=5), current=0, round=5, taken_space=2, seats=(
            SeatPosition(board=stacks("0,0=Y 0,1=Y 0,2=GG 0,3=GG 0,4=E 1,0=B 1,1=B 1,2=Y 2,-1=B 2,1=Y 3,-1=NE "
                                      "3,0=N"),
                         cubes={(1, 0): "flamingo"}, held={"flamingo": 1, "macaw": 0, "macaque": 0, "boar": 0}),
        )),
    # side B with spirits: two tokens in hand, the spirit's cube placeable
    "spirit-cube-2-B-spirits": Position(
        GameSetup(2, "B", True, seed=6), current=0, round=9, hand=tokens("BY"), taken_space=2, seats=(
            SeatPosition(board=stacks("0,0=NE 0,1=Y 0,2=E 1,0=E 1,1=E 1,2=NE 2,-1=NNE 2,0=E 2,1=E 3,-1=B 3,0=B "
                                      "3,1=B 4,-2=G 4,-1=GR 4,0=B 5,-2=G 5,-1=RR 5,0=B 6,-1=B"),
                         cubes={(0, 0): "koala", (0, 1): "ladybug", (1, 2): "koala", (3, -1): "otter",
                                (3, 0): "otter", (3, 1): "otter", (4, -1): "peacock", (5, -1): "peacock"},
                         held={"koala": 2, "peacock": 2, "ladybug": 1}, completed=("otter",), spirit="owl"),
            SeatPosition(board=stacks("0,0=NE 0,1=GR 0,2=GG 1,0=Y 1,2=GG 2,-1=RR 2,0=B 2,2=NNE 3,-1=G 3,0=G "
                                      "3,1=Y 4,-2=G 4,-1=B 4,0=G 4,1=Y 5,0=B 6,-1=B"),
                         cubes={(3, -1): "penguin", (3, 0): "penguin", (4, 0): "penguin"},
                         held={"rabbit": 0, "bear": 0, "alpaca": 0}, completed=("penguin",), spirit="dragonfly"),
        )),
    # the last round of four on side B: three tokens left in the pouch, two in hand
    "near-end-4-B": Position(
        GameSetup(4, "B", False, seed=7), current=2, round=9, hand=tokens("BB"), taken_space=4,
        central=(tokens("RBN"), tokens("BGE"), tokens("NYB"), tokens("GEB"), ()),
        display=("bat", "koala", "wolf", "bear", "alligator"), pouch=tokens("REB"),
        deck=("squirrel", "rabbit", "peacock", "frog", "duck", "crow", "bee", "alpaca", "fish"),
        seats=(
            SeatPosition(board=stacks("0,0=Y 0,1=Y 0,2=RR 0,3=R 1,0=GGG 1,1=G 1,2=B 2,-1=NE 2,0=G 2,1=G 2,2=N "
                                      "3,-1=Y 3,0=GGG 3,1=Y 4,-2=NE 4,-1=NE 4,0=Y 5,-1=NE"),
                         cubes={(1, 0): "falcon", (1, 1): "fennec_fox", (1, 2): "ray", (2, 0): "fennec_fox",
                                (2, 1): "fennec_fox", (3, -1): "arctic_fox", (3, 0): "falcon", (4, 0): "panther"},
                         held={"ray": 1, "arctic_fox": 1, "panther": 1}, completed=("fennec_fox", "falcon")),
            SeatPosition(board=stacks("0,0=NE 0,1=B 0,2=B 0,3=NE 1,0=B 1,1=NE 1,2=B 2,-1=GG 2,0=NR 2,1=NE "
                                      "3,-1=B 3,0=NR 3,1=NE 4,-2=Y 4,-1=Y 4,0=B 4,1=G 5,-2=B 6,-2=B"),
                         cubes={(0, 0): "macaw", (0, 3): "macaw", (1, 1): "macaw", (2, 0): "hedgehog",
                                (2, 1): "boar", (3, -1): "flamingo", (3, 0): "hedgehog", (3, 1): "boar",
                                (5, -2): "flamingo"},
                         held={"boar": 2, "kingfisher": 0, "flamingo": 2}, completed=("macaw", "hedgehog")),
            SeatPosition(board=stacks("0,0=NNE 0,1=Y 0,2=Y 0,3=R 1,0=GR 1,1=GR 1,2=E 2,-1=RR 2,0=Y 2,1=B "
                                      "2,2=NNE 3,-1=G 3,0=E 3,1=Y 4,-2=G 4,-1=Y 4,0=E 5,-1=Y"),
                         cubes={(0, 2): "ladybug", (1, 0): "shrew", (1, 1): "shrew", (2, 0): "ladybug",
                                (4, -2): "meerkat", (4, -1): "ladybug", (5, -1): "ladybug"},
                         held={"meerkat": 1, "ladybug": 4, "shrew": 2, "lizard": 0}),
            SeatPosition(board=stacks("0,0=Y 0,1=GR 0,2=E 0,3=Y 1,0=NR 1,1=E 1,2=Y 2,-1=NR 2,0=B 2,2=N 3,-1=G "
                                      "3,0=B 3,1=B 4,-2=B 4,-1=B 4,0=Y 4,1=Y 5,-2=G 5,-1=GG 6,-3=B"),
                         cubes={(2, 0): "otter", (3, -1): "penguin", (4, 0): "raccoon", (5, -2): "penguin"},
                         held={"otter": 1, "penguin": 2, "raccoon": 1, "macaque": 0}),
        )),
    # the last solo turn with spirits: the board almost full, 48 tokens out of the game
    "near-end-1-A-spirits": Position(
        GameSetup(1, "A", True, seed=8), current=0, round=9, hand=tokens("EYG"), taken_space=1, discarded=48,
        central=(tokens("NEG"), (), tokens("NBB")), display=("penguin", "panther", "squirrel"),
        seats=(
            SeatPosition(board=stacks("0,0=Y 0,1=G 0,2=E 0,3=RR 0,4=GG 1,0=G 1,1=NR 1,2=Y 1,3=G 2,-1=Y 2,1=NR "
                                      "2,2=G 3,-1=NR 3,0=Y 3,1=B 3,2=Y 4,-1=B 4,0=B 4,1=Y"),
                         cubes={(0, 1): "meerkat", (1, 0): "meerkat", (1, 2): "crow", (1, 3): "meerkat",
                                (3, 0): "crow", (3, 1): "duck", (4, -1): "duck", (4, 1): "butterfly"},
                         held={"meerkat": 3, "peacock": 0, "duck": 2}, completed=("crow",), spirit="butterfly",
                         spirit_placed=True),
        )),
}


def count(game: Game) -> dict[str, Any]:
    """The perft counts of ``game``'s position: legal commands (by kind), token moves per colour in
    hand (and over the hand, a token of a colour twice counting twice), cube cells per card, and the
    sequences of two and of three legal commands from it."""
    legal = game.legal_commands()
    hand = Counter(game.hand)
    token_moves = {colour.label: len(game.token_moves(colour)) for colour in sorted(hand)}
    cubes = {card: len(cells) for card, cells in sorted(game.cube_options().items())}
    return {
        "legal": len(legal),
        "by_kind": dict(sorted(Counter(command_to_json(c)["do"] for c in legal).items())),
        "token_moves": token_moves,
        "token_moves_over_hand": sum(token_moves[c.label] * n for c, n in hand.items()),
        "cube_options": cubes,
        "cube_cells": sum(cubes.values()),
        "perft_2": perft(game, 2),
        "perft_3": perft(game, 3),
    }


def perft(game: Game, depth: int) -> int:
    """The number of sequences of ``depth`` legal commands from ``game``'s position (each played
    through ``Game.apply`` on a copy, which must accept it)."""
    legal = game.legal_commands()
    if depth == 1:
        return len(legal)
    total = 0
    for cmd in legal:
        trial = game.clone()
        result = trial.apply(cmd)
        if not result.ok:
            raise ValueError(f"a listed command is refused: {command_to_json(cmd)} {result}")
        total += perft(trial, depth - 1)
    return total


def render_counts() -> str:
    """The golden text of the counts: one line per position of :data:`POSITIONS`."""
    lines = ["{", f'"about": {_line("Perft counts at fixed positions. Written by " + REGEN + "; do not edit.")},',
             '"positions": {']
    rows = [f"{_line(name)}: {_line(count(Game.from_position(pos)))}" for name, pos in POSITIONS.items()]
    lines += [row + "," for row in rows[:-1]] + rows[-1:]
    lines += ["}", "}"]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- comparing
def read_text(path: Path) -> str:
    """A golden file's text, exactly as stored (no newline translation)."""
    return path.read_bytes().decode("utf-8")


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def first_difference(stored: str, now: str) -> tuple[int, str, str] | None:
    """The first line (1-based) where ``stored`` and ``now`` differ, with both lines ("" past the end)."""
    old, new = stored.splitlines(), now.splitlines()
    for n in range(max(len(old), len(new))):
        a = old[n] if n < len(old) else ""
        b = new[n] if n < len(new) else ""
        if a != b:
            return n + 1, a, b
    if stored != now:  # the same lines, other line ends
        return len(old), "(line ends differ)", ""
    return None


def _place(text: str, line: int) -> str:
    """What line ``line`` of a golden file is: a game's header, command, event or scores, or a position."""
    lines = text.splitlines()[:line]
    here = lines[-1] if lines else ""
    if here.startswith('"'):
        head = here.split(":", 1)[0].strip('"')
        known = {"about": "the header", "case": "the case", "deal": "the deal", "final": "the final scores"}
        return known.get(head, "the layout" if head in ("log", "positions") else f"position {head}")
    commands = sum(1 for x in lines if x.startswith("{\""))  # commands unindented, events indented
    if here.startswith("{\""):
        return f"command {commands - 1} of the log"
    if here.startswith("  {"):
        return f"an event of command {commands - 1}"
    return "the layout"


def _scores(text: str) -> str:
    try:
        return str(json.loads(text)["final"]["scores"])
    except (ValueError, KeyError, TypeError):
        return "(unreadable)"


def describe(path: Path, stored: str, now: str) -> str:
    """Where ``now`` first departs from the stored text of ``path``, and (for a game) both scores;
    "" when they are the same."""
    diff = first_difference(stored, now)
    if diff is None:
        return ""
    line, a, b = diff
    out = [f"{path}: line {line}, {_place(stored, line)}, is the first that differs",
           f"  stored: {a.strip()}", f"  now:    {b.strip()}"]
    if path.parent.name == GAMES.name:
        out.append(f"  scores stored {_scores(stored)}, now {_scores(now)}")
    return "\n".join(out)
