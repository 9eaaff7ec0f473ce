"""Fixtures of the saves tests (helpers that tests import live in saves_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harmonies.persist import Store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "data")
