"""A custom cards file that fails to load falls back to the bundled cards, with a message naming file and line."""

from __future__ import annotations

from pathlib import Path

from harmonies.persist import load_cards_or_default
from harmonies.rules import default_cards
from harmonies.rules.cards import default_cards_path


def test_no_path_gives_the_bundled_cards() -> None:
    assert load_cards_or_default(None) == (default_cards(), None)


def test_a_good_custom_file_is_used(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(default_cards_path().read_text(encoding="utf-8"), encoding="utf-8")
    cards, warning = load_cards_or_default(path)
    assert warning is None and cards is not default_cards() and cards.ids == default_cards().ids


def test_a_yaml_mistake_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    lines = default_cards_path().read_text(encoding="utf-8").splitlines()
    first_id = next(i for i, line in enumerate(lines) if line.strip().startswith("- id:"))
    lines.insert(first_id + 1, "    : : [unclosed")
    path.write_text("\n".join(lines), encoding="utf-8")
    cards, warning = load_cards_or_default(path)
    assert cards is default_cards()
    assert warning is not None and f"{path}:" in warning and "bundled cards" in warning
    line = int(warning.split(f"{path}:")[1].split(":")[0])
    assert abs(line - (first_id + 2)) <= 1


def test_a_missing_file(tmp_path: Path) -> None:
    cards, warning = load_cards_or_default(tmp_path / "nope.yaml")
    assert cards is default_cards() and warning is not None and "nope.yaml" in warning
