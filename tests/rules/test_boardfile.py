"""Board files: junk and what the rules forbid are refused with one line naming the file and the place."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from harmonies.rules import default_cards
from harmonies.rules.boardfile import BoardFileError, read_board
from harmonies.rules.jsontext import MAX_DEPTH
from harmonies.rules.tables import rules_data

CARDS = default_cards()
# A card with the longest track and one with the shortest, from the card data itself.
LONG = max(CARDS.animals, key=lambda c: c.cubes)
SHORT = min(CARDS.animals, key=lambda c: c.cubes)


def _board(**fields: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"side": "A", "cells": [[0, 0, ["blue"]], [0, 1, ["gray"]], [1, 0, ["yellow"]]]}
    doc.update(fields)
    return doc


def _refused(tmp_path: Path, doc: Any) -> str:
    path = tmp_path / "board.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    with pytest.raises(BoardFileError) as caught:
        read_board(path, CARDS)
    message = str(caught.value)
    assert message.startswith(f"{path}") and "\n" not in message and len(message) < 400
    return message


def _read(tmp_path: Path, doc: Any) -> Any:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return read_board(path, CARDS)


@pytest.mark.parametrize("bad_id", [["fennec_fox"], {"id": "fennec_fox"}, 7, None])
def test_an_id_that_is_not_text_names_the_place(tmp_path: Path, bad_id: Any) -> None:
    assert ": cards[0].id: a card id is text" in _refused(tmp_path, _board(cards=[{"id": bad_id}]))
    assert ": spirit.id: a card id is text" in _refused(tmp_path, _board(spirit={"id": bad_id}))


def test_deep_nesting_names_line_and_column(tmp_path: Path) -> None:
    text = '{"side": "A",\n "cells": ' + "[" * 2000 + "]" * 2000 + "}"
    message = _refused(tmp_path, text)
    assert f"board.json:2:{10 + MAX_DEPTH}: nested more than {MAX_DEPTH} levels deep" in message


def test_brackets_inside_text_do_not_count_as_nesting(tmp_path: Path) -> None:
    message = _refused(tmp_path, _board(cards=[{"id": "[" * 5000}]))
    assert "unknown animal card" in message and "nested" not in message


def test_a_number_over_the_digit_limit_names_the_line(tmp_path: Path) -> None:
    text = '{"side": "A",\n "cells": [[' + "1" * (sys.get_int_max_str_digits() + 1) + ", 0, []]]}"
    assert f"board.json:2:13: a number longer than {sys.get_int_max_str_digits()} digits" in _refused(tmp_path, text)


def test_a_huge_value_is_cut_short_in_the_message(tmp_path: Path) -> None:
    assert "…" in _refused(tmp_path, _board(side="x" * 1_000_000))


def test_the_same_card_twice_is_refused(tmp_path: Path) -> None:
    cards = [{"id": SHORT.id, "cubes_placed": 0}, {"id": LONG.id}, {"id": SHORT.id, "cubes_placed": 0}]
    assert f": cards[2]: {SHORT.id} is already listed as cards[0]" in _refused(tmp_path, _board(cards=cards))


def test_more_unfinished_cards_than_the_rules_allow_is_refused(tmp_path: Path) -> None:
    limit = rules_data().max_unfinished_cards
    ids = [c.id for c in CARDS.animals[: limit + 1]]
    message = _refused(tmp_path, _board(cards=[{"id": i} for i in ids]))
    assert f": cards: {limit + 1} unfinished cards" in message and f"at most {limit}" in message
    # An unplaced spirit counts as one more.
    spirit = CARDS.spirits[0].id
    assert "unfinished" in _refused(tmp_path, _board(cards=[{"id": i} for i in ids[:limit]], spirit={"id": spirit}))
    # At the limit, with the spirit placed on the board, it is fine.
    ok = _read(tmp_path, _board(cards=[{"id": i} for i in ids[:limit]], spirit={"id": spirit, "placed": True},
                                cubes=[[0, 0]]))
    assert len(ok.cards) == limit and ok.spirit_placed


def test_finished_cards_do_not_count_toward_the_limit(tmp_path: Path) -> None:
    limit = rules_data().max_unfinished_cards
    cells = [[0, r, ["blue"]] for r in range(5)] + [[1, r, ["blue"]] for r in range(4)]
    done = [{"id": c.id, "cubes_placed": c.cubes} for c in CARDS.animals if c.cubes == SHORT.cubes][:2]
    open_ = [{"id": c.id} for c in CARDS.animals if c.cubes != SHORT.cubes][:limit]
    cubes = [[q, r] for q, r, _ in cells][: SHORT.cubes * 2]
    board = _read(tmp_path, {"side": "A", "cells": cells, "cubes": cubes, "cards": done + open_})
    assert len(board.cards) == limit + 2


@pytest.mark.parametrize("placed", [-1, "track", True, 2.0])
def test_cubes_placed_beyond_the_track_or_not_a_count_is_refused(tmp_path: Path, placed: Any) -> None:
    value = LONG.cubes + 1 if placed == "track" else placed
    message = _refused(tmp_path, _board(cards=[{"id": LONG.id, "cubes_placed": value}]))
    assert f": cards[0].cubes_placed: must be 0 to {LONG.cubes} for {LONG.id}" in message


@pytest.mark.parametrize("cubes,cards,spirit", [
    ([[0, 0]], [], None),                                     # a cube no card accounts for
    ([], [(SHORT.id, 1)], None),                              # a card's cube missing from the board
    ([[0, 0]], [(SHORT.id, 2)], None),
    ([[0, 0]], [(SHORT.id, 1)], True),                        # the placed spirit's cube is missing too
])
def test_cubes_must_match_the_cards(tmp_path: Path, cubes: list[list[int]], cards: list[tuple[str, int]],
                                    spirit: bool | None) -> None:
    doc = _board(cubes=cubes, cards=[{"id": i, "cubes_placed": n} for i, n in cards])
    if spirit is not None:
        doc["spirit"] = {"id": CARDS.spirits[0].id, "placed": spirit}
    assert ": cubes: " in _refused(tmp_path, doc)


@pytest.mark.parametrize("entry", [[0, 0, 7], [0], [0, "0"], "0,0", [0.0, 0], [True, 0]])
def test_a_cube_entry_that_is_not_q_r_is_refused(tmp_path: Path, entry: Any) -> None:
    doc = _board(cubes=[entry], cards=[{"id": SHORT.id, "cubes_placed": 1}])
    assert ": cubes[0]: expected [q, r]" in _refused(tmp_path, doc)


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from harmonies.rules import boardfile

    monkeypatch.setattr(boardfile, "MAX_BYTES", 10)
    assert "too large for a board file" in _refused(tmp_path, _board())


def test_a_consistent_board_is_read(tmp_path: Path) -> None:
    doc = _board(cubes=[[0, 0], [0, 1]], cards=[{"id": SHORT.id, "cubes_placed": 1}, {"id": LONG.id}],
                 spirit={"id": CARDS.spirits[0].id, "placed": True})
    board = _read(tmp_path, doc)
    assert len(board.cubes) == 2 and [c.id for c, _ in board.cards] == [SHORT.id, LONG.id]
