"""Point tracks (issue 51, point 5): on every card, at the sizes cards are drawn, two neighbouring numbers'
circles or slots never touch, and each number fits its own (five-value tracks such as the Ladybug's ran
together as one string of digits)."""

from __future__ import annotations

from typing import Any

import pytest

from harmonies.app.cardart import GAP_R, track_slots


def spans(widths: list[int], room: float, r: float, slot: float) -> list[tuple[float, float]]:
    left = 100 - slot * len(widths) / 2
    centres, sizes = track_slots(widths, 100, room, left, slot, r)
    return [(c - w / 2, c + w / 2) for c, (w, _h) in zip(centres, sizes)]


@pytest.mark.parametrize("room", [72, 76, 90, 120, 160])
@pytest.mark.parametrize("digits", [[1, 1, 1, 2, 2], [1, 1, 2, 2, 2], [2, 2, 2], [1, 2, 2, 2]])
def test_numbers_never_run_together(room: float, digits: list[int]) -> None:
    widths = [7 * d for d in digits]                # the bold digits at the least size, about 7 px each
    slot = (room + 2) / len(widths)
    r = min(max(slot * 0.36, max(widths) / 1.7), slot * GAP_R)
    found = spans(widths, room, r, slot)
    for (a0, a1), (b0, b1) in zip(found, found[1:]):
        assert b0 - a1 >= 1, (found, room)          # a gap between two neighbours
    for (x0, x1), w in zip(found, widths):
        assert x1 - x0 >= w, (found, room)          # each number inside its own slot
    assert found[0][0] >= 100 - room / 2 - 1 and found[-1][1] <= 100 + room / 2 + 1


def test_a_number_that_fits_its_circle_keeps_equal_circles() -> None:
    found: Any = track_slots([7, 7, 7], 100, 90, 55, 30, 12)
    centres, sizes = found
    assert sizes == [(24, 24)] * 3 and centres == [70, 100, 130]
