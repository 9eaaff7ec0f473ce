"""challenges.yaml: the shipped file, and every kind of mistake answered by one line naming the file, the
line and the fault (the loader, and `harmonies challenges --check` with exit status 1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from harmonies.catalogue import Catalogue, available_languages
from harmonies.session.challenges import KINDS
from harmonies.session.challenges_file import ChallengesError, challenges_path, default_challenges, load_challenges

GOOD = """\
open_ahead: 2
challenges:
  - id: one
    seed: 7
    side: A
    spirits: false
    goal: {points: 50, river: 4}
  - id: two
    seed: 8
    side: B
    spirits: true
    goal:
      islands: 2
      spirit: 5
      complete: [bear, otter]
      without: [red, gray]
      no_building: true
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "challenges.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_file_has_twenty_or_more_challenges_in_order() -> None:
    challenges = default_challenges()
    assert len(challenges) >= 20
    assert [c.number for c in challenges] == list(range(1, len(challenges) + 1))
    assert len({c.id for c in challenges}) == len(challenges)
    assert 1 <= challenges.open_ahead < len(challenges)
    kinds = {cond.kind for c in challenges for cond in c.goal}
    assert len(kinds) >= 10, kinds  # a mix of goals, not twenty times "reach N points"


@pytest.mark.parametrize("language", available_languages())
def test_every_challenge_has_a_name_and_a_line_in_every_language(language: str) -> None:
    own = Catalogue.load(language).strings
    for c in default_challenges():
        for key in (c.name_key, c.text_key):
            assert key in own, f"{language}: {key}"
    for kind in KINDS:
        assert f"challenge.goal.{kind}" in own or any(k.startswith(f"challenge.goal.{kind}") for k in own), kind


def test_a_good_file_reads_every_kind_of_condition(tmp_path: Path) -> None:
    found = load_challenges(write(tmp_path, GOOD))
    assert [c.id for c in found] == ["one", "two"] and found.open_ahead == 2
    two = found[1]
    assert (two.seed, two.side, two.spirits) == (8, "B", True)
    assert {c.kind for c in two.goal} == {"islands", "spirit", "complete", "without", "no_building"}
    assert next(c for c in two.goal if c.kind == "complete").cards == ("bear", "otter")


BAD = [
    # (what to change in GOOD, the line the message must name, words it must hold)
    (("goal: {points: 50, river: 4}", "goal: {points: 50, rivers: 4}"), 7, "unknown field 'rivers'"),
    (("side: B", "side: C"), 10, "unknown side 'C'"),
    (("id: two", "id: one"), 8, "duplicate id 'one'"),
    (("id: two", "id: Two!"), 8, "bad id"),
    (("seed: 7", "seed: seven"), 4, "expected a whole number"),
    (("spirits: false", "spirits: no please"), 6, "expected true or false"),
    (("goal: {points: 50, river: 4}", "goal: {points: 0}"), 7, "must be at least 1"),
    (("goal: {points: 50, river: 4}", "goal: {}"), 7, "at least one condition"),
    (("islands: 2", "river: 2"), 13, "side A only"),
    (("goal: {points: 50, river: 4}", "goal: {islands: 3}"), 7, "side B only"),
    (("goal: {points: 50, river: 4}", "goal: {spirit: 3}"), 7, "without spirits"),
    (("complete: [bear, otter]", "complete: [bear, unicorn]"), 15, "unknown animal card 'unicorn'"),
    (("complete: [bear, otter]", "complete: [bear, bear]"), 15, "listed twice"),
    (("without: [red, gray]", "without: [purple]"), 16, "unknown colour 'purple'"),
    (("no_building: true", "no_building: false"), 17, "leave it out"),
    (("open_ahead: 2", "open_ahead: 0"), 1, "must be at least 1"),
    (("    goal: {points: 50, river: 4}", "    goal: {points: 50, river: 4"), 8, "not valid YAML"),
]


@pytest.mark.parametrize("change,line,words", BAD, ids=[b[2] for b in BAD])
def test_a_mistake_is_one_line_naming_the_file_the_line_and_the_fault(
        tmp_path: Path, change: tuple[str, str], line: int, words: str) -> None:
    old, new = change
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ChallengesError) as caught:
        load_challenges(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}:{line}: "), message
    assert words in message, message


@pytest.mark.parametrize("content,words", [
    (b"", "the file is empty"),
    (b"\xff\xfe not text", "not valid UTF-8"),
    (b"open_ahead: 1\n", "missing field 'challenges'"),
    (b"[1, 2]\n", "expected a mapping"),
])
def test_a_file_that_is_not_a_challenges_file_is_one_line(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "challenges.yaml"
    path.write_bytes(content)
    with pytest.raises(ChallengesError) as caught:
        load_challenges(path)
    assert str(caught.value).startswith(str(path)) and words in str(caught.value) and "\n" not in str(caught.value)


def test_a_missing_file_or_a_folder_is_one_line(tmp_path: Path) -> None:
    for path in (tmp_path / "nothing.yaml", tmp_path):
        with pytest.raises(ChallengesError, match="cannot read the file"):
            load_challenges(path)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "harmonies", "challenges", *args], capture_output=True, text=True,
                          timeout=120)


def test_the_command_line_check_gives_the_line_and_exit_status_1(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("side: B", "side: C"))
    done = run_cli("--check", str(path))
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [f"harmonies challenges: {path}:10: challenges[1] (two) side: "
                                                "unknown side 'C' (expected one of A, B)"]
    assert "Traceback" not in done.stderr


def test_the_command_line_check_passes_the_shipped_file_and_lists_the_challenges(tmp_path: Path) -> None:
    done = run_cli("--check", str(challenges_path()))
    assert done.returncode == 0 and "22 challenges" in done.stdout
    listed = run_cli("--data-dir", str(tmp_path))
    assert listed.returncode == 0
    lines = listed.stdout.strip().splitlines()
    assert len(lines) == len(default_challenges())
    assert "[open]" in lines[0] and "[locked]" in lines[-1]
