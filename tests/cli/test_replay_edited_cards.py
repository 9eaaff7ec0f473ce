"""A cards file that adds a card (first, so every card after it moves) leaves every recorded game
replaying to the same scores: ``harmonies --cards F replay G`` with and without a 33rd animal, for
finished games and saves of 0.1.0 (no deal: dealt from the card list of their fingerprint) and of
today (their deal recorded); and a card a record uses that the file lacks gets one line naming it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harmonies.ai import make_player, take_turn
from harmonies.persist import document
from harmonies.rules import Game, GameSetup
from harmonies.rules.cards import default_cards_path

DATA = Path(__file__).resolve().parents[1] / "data"
OLD = sorted((DATA / "saves" / "0.1.0").glob("*.json")) + sorted((DATA / "deal").glob("*.json"))
HERON = """  - id: heron
    name: Heron
    track: [4, 9, 15]
    stripe: blue
    pattern:
      - {at: [0, 0], landscape: water, cube: true}
      - {at: [-1, 0], landscape: water}

"""


def _replay(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "harmonies", *argv], capture_output=True, text=True,
                          check=False, timeout=300)


def _cards(tmp_path: Path, edit: str) -> Path:
    text = default_cards_path().read_text(encoding="utf-8")
    if edit == "heron first":
        text = text.replace("animals:\n", "animals:\n" + HERON, 1)
    path = tmp_path / f"{edit.replace(' ', '-')}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _today(tmp_path: Path) -> list[Path]:
    """A finished game and a save written by this version (with their deal)."""
    out = []
    for name, setup, finish in (("today-finished", GameSetup(2, "B", True, seed=91), True),
                                ("today-save", GameSetup(1, "A", True, seed=92), False)):
        game = Game.new(setup)
        players = [make_player("easy", n) for n in range(setup.players)]
        for _ in range(200 if finish else 5):
            if game.over:
                break
            take_turn(players[game.current], game)
        doc = document.encode(game, {}, document.KIND_FINISHED if finish else document.KIND_SAVE)
        assert "deal" in doc["game"]
        path = tmp_path / f"{name}.json"
        path.write_text(document.dumps(doc), encoding="utf-8")
        out.append(path)
    return out


def _scores(run: subprocess.CompletedProcess[str]) -> list[tuple[str, object]]:
    assert run.returncode == 0, run.stderr
    return [(Path(r["file"]).name, r["scores"]) for r in map(json.loads, run.stdout.splitlines())]


@pytest.mark.slow
def test_a_33rd_animal_first_in_the_cards_file_changes_no_recorded_game(tmp_path: Path) -> None:
    files = [*map(str, OLD), *map(str, _today(tmp_path))]
    shipped = _scores(_replay("--cards", str(_cards(tmp_path, "shipped")), "replay", *files))
    edited = _scores(_replay("--cards", str(_cards(tmp_path, "heron first")), "replay", *files))
    assert len(shipped) == len(files) >= 8
    assert edited == shipped


@pytest.mark.slow
def test_a_card_the_file_no_longer_has_gets_one_line_naming_it(tmp_path: Path) -> None:
    today = _today(tmp_path)[0]
    deck = json.loads(today.read_text(encoding="utf-8"))["game"]["deal"]["deck"]
    text = default_cards_path().read_text(encoding="utf-8")
    start = text.index(f"  - id: {deck[0]}\n")
    end = text.index("  - id: ", start + 1)
    fewer = tmp_path / "fewer.yaml"
    fewer.write_text(text[:start] + text[end:], encoding="utf-8")
    run = _replay("--cards", str(fewer), "replay", str(today))
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and f"the deal names the animal card '{deck[0]}'" in lines[0], run.stderr
