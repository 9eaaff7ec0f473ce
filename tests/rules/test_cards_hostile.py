"""Hostile cards files: CardsError with file and line, a short message, bounded size and time."""

from __future__ import annotations

from pathlib import Path

import pytest

from harmonies.rules import CardsError, load_cards
from harmonies.rules import cards as cards_module
from harmonies.rules.cards import default_cards_path
from harmonies.rules.yamlfile import MAX_DEPTH

GOOD = default_cards_path().read_text(encoding="utf-8")
HEAD, BODY = GOOD.split("\nanimals:", 1)  # the header comment quotes the format; edits go to the cards


def _load(tmp_path: Path, text: str, cpu_limit: float | None = None) -> CardsError:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardsError) as caught:
        load_cards(path, cpu_limit=cpu_limit)
    message = str(caught.value)
    assert message.startswith(str(path)) and "\n" not in message and len(message) < 400
    return caught.value


def test_block_nesting_is_refused_at_its_line(tmp_path: Path) -> None:
    text = "animals:\n" + "".join("  " * i + "- \n" for i in range(MAX_DEPTH + 5)) + "spirits: []\n"
    error = _load(tmp_path, text)
    assert error.line == MAX_DEPTH + 1 and f"nested more than {MAX_DEPTH}" in error.problem


def test_a_megabyte_value_is_cut_short(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards_module, "MAX_BYTES", 2 * 2**20)
    error = _load(tmp_path, GOOD.replace("stripe: blue", "stripe: " + "b" * 1_000_000, 1))
    assert "stripe" in error.field and "…" in error.problem


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    error = _load(tmp_path, GOOD + "#" * cards_module.MAX_BYTES)
    assert error.line is None and "too large for a cards file" in error.problem


def test_aliases_cannot_multiply_the_work_past_the_cpu_limit(tmp_path: Path) -> None:
    cell = "{at: [0, 0], landscape: water, cube: true}"
    rows = [f"  - {{id: a0, name: A, track: [1], stripe: blue, pattern: &p [{cell}]}}"]
    rows += [f"  - {{id: a{i}, name: A, track: [1], stripe: blue, pattern: *p}}" for i in range(1, 200)]
    text = "animals:\n" + "\n".join(rows) + "\nspirits: []\n"
    error = _load(tmp_path, text, cpu_limit=0.0)
    assert error.line is not None and "CPU time" in error.problem
    (tmp_path / "ok.yaml").write_text(text, encoding="utf-8")
    assert len(load_cards(tmp_path / "ok.yaml").animals) == 200  # without a limit the same file loads


@pytest.mark.parametrize("junk", ['!!bool "maybe"', '!!int "abc"', "!!int 0x", "!!bool []"])
@pytest.mark.parametrize("where,field", [("cube: true}", ".cube"), ("track: [", "track[0]")])
def test_tagged_junk_in_a_boolean_or_number_field(tmp_path: Path, junk: str, where: str, field: str) -> None:
    junked = where.replace("true", junk) if "true" in where else f"{where}{junk}, "
    error = _load(tmp_path, HEAD + "\nanimals:" + BODY.replace(where, junked, 1))
    assert error.line is not None and error.field.endswith(field), str(error)
