"""The examples in the rules' docstrings run as tests, so what they show stays true."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import harmonies.rules

RULES = Path(harmonies.rules.__file__).resolve().parent
#: The rules modules whose docstrings hold examples (``>>>``).
WITH_EXAMPLES = sorted(
    "harmonies.rules" + ("" if p.stem == "__init__" else f".{p.stem}")
    for p in RULES.glob("*.py") if ">>>" in p.read_text(encoding="utf-8")
)


def test_the_package_docstring_has_examples() -> None:
    assert "harmonies.rules" in WITH_EXAMPLES


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=False)
    assert result.attempted > 0 and result.failed == 0, result
