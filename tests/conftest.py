"""Suite-wide: which build the tests run on, and the tests only the pure-Python build can run."""

from __future__ import annotations

import pytest

from harmonies.compiled import COMPILED, build_name

BUILD = build_name()


def pytest_report_header() -> str:
    return f"harmonies build: {BUILD}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Every test of tests/golden is marked golden, for scripts/test's second, pure-Python pass.
    for item in items:
        if "golden" in item.path.parts:
            item.add_marker(pytest.mark.golden)
    # A test marked pure_python replaces a method of a compiled class to spy on it, which a compiled
    # class does not allow; scripts/test runs these once more with the pure build forced.
    if BUILD != COMPILED:
        return
    skip = pytest.mark.skip(reason="spies on a compiled method: runs in the pure-Python pass of scripts/test")
    for item in items:
        if item.get_closest_marker("pure_python") is not None:
            item.add_marker(skip)
