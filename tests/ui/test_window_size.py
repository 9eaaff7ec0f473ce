"""``--size`` on the command line is clamped like the window size in settings.json."""

from __future__ import annotations

import pytest

from harmonies.app import parse_size
from harmonies.app.settings import MAX_WINDOW, MIN_WINDOW


def test_a_huge_size_is_clamped_to_the_largest_window() -> None:
    assert parse_size("100000x100000") == MAX_WINDOW


def test_a_tiny_size_is_raised_to_the_smallest_window() -> None:
    assert parse_size("10x10") == MIN_WINDOW


def test_a_size_in_range_is_kept() -> None:
    assert parse_size("1280X720") == (1280, 720)


@pytest.mark.parametrize("text", ["abc", "1280", "9" * 5000 + "x1", "-5x-5"])
def test_a_malformed_size_is_one_line_naming_the_option(text: str) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_size(text)
    message = str(stop.value)
    assert message.startswith("--size must look like 1280x720") and "\n" not in message and len(message) < 120
