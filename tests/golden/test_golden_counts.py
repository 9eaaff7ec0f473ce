"""Perft-style counts at ten fixed positions: legal commands, token moves and cube options.

The positions are built with ``Game.from_position`` (golden.POSITIONS); the counts, down to the
sequences of three legal commands, are stored in counts.json and compared byte for byte.
"""

from __future__ import annotations

import pytest

from golden import ADVICE, COUNTS, POSITIONS, describe, read_text, render_counts
from harmonies.rules import Game


def test_the_counts_at_the_fixed_positions_are_the_stored_ones() -> None:
    stored = read_text(COUNTS)
    report = describe(COUNTS, stored, render_counts())
    if report:
        pytest.fail(f"The legal moves at a fixed position changed.\n{report}\n{ADVICE}", pytrace=False)


def test_the_positions_cover_the_phases_they_are_named_for() -> None:
    games = {name: Game.from_position(pos) for name, pos in POSITIONS.items()}
    assert len(games) == 10
    assert games["spirit-choice-1-B-spirits"].spirit_choices
    assert games["tokens-in-hand-2-B"].hand and games["one-token-left-4-A-spirits"].took_card_this_turn
    assert games["cubes-placeable-2-A"].cube_options() and games["spirit-cube-2-B-spirits"].cube_options()
    assert games["solo-swap-1-A"].setup.solo and games["near-end-1-A-spirits"].setup.solo
    assert games["near-end-4-B"].pouch_size < 4
    assert {g.setup.side for g in games.values()} == {"A", "B"}
    assert {g.setup.players for g in games.values()} == {1, 2, 3, 4}
